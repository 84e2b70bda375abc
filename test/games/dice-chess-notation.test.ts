// Dice Chess notation: the board notation and the move notation, round trips and rejections.
import fc from 'fast-check';
import { formatBoard, formatMove, parseBoard, parseMove, squareIndex, squareName } from '@dicehall/shared/dice-chess';

describe('board notation', () => {
  it('reads the documented example', () => {
    const board = parseBoard('......../......../......../...e..../...3..../......../......../........');
    expect(board[squareIndex('d4')]).toBe(3);
    expect(board[squareIndex('d5')]).toBe(-5);
    expect(board.filter((c) => c !== 0)).toHaveLength(2);
  });

  it('writes ranks 8 to 1, files a to h, the first seat as digits and the second as letters', () => {
    const board = new Array(64).fill(0);
    board[squareIndex('a1')] = 1;
    board[squareIndex('h1')] = 6;
    board[squareIndex('a8')] = -1;
    board[squareIndex('h8')] = -6;
    board[squareIndex('e4')] = -2;
    expect(formatBoard(board)).toBe('a......f/......../......../......../....b.../......../......../1......6');
  });

  it('round-trips every board: format then parse', () => {
    fc.assert(
      fc.property(fc.array(fc.integer({ min: -6, max: 6 }), { minLength: 64, maxLength: 64 }), (cells) => {
        expect(parseBoard(formatBoard(cells))).toEqual(cells);
      }),
      { numRuns: 200 },
    );
  });

  it('round-trips every notation: parse then format', () => {
    const rank = fc.array(fc.constantFrom(...'.123456abcdef'), { minLength: 8, maxLength: 8 }).map((cs) => cs.join(''));
    fc.assert(
      fc.property(fc.array(rank, { minLength: 8, maxLength: 8 }), (ranks) => {
        const text = ranks.join('/');
        expect(formatBoard(parseBoard(text))).toBe(text);
      }),
      { numRuns: 200 },
    );
  });

  it.each([
    ['seven ranks', '......../......../......../......../......../......../........'],
    ['a rank of nine squares', '........./......../......../......../......../......../......../........'],
    ['chess FEN empty counts', '8/8/8/8/8/8/8/8'],
    ['a 7', '......7./......../......../......../......../......../......../........'],
    ['a 0', '0......./......../......../......../......../......../......../........'],
    ['a g', 'g......./......../......../......../......../......../......../........'],
    ['an upper-case letter', 'A......./......../......../......../......../......../......../........'],
  ])('refuses %s', (_name, text) => {
    expect(() => parseBoard(text)).toThrow(RangeError);
  });
});

describe('squares', () => {
  it('names and indexes agree on all 64 squares, a1 = 0 and h8 = 63', () => {
    for (let i = 0; i < 64; i++) expect(squareIndex(squareName(i))).toBe(i);
    expect([squareName(0), squareName(7), squareName(8), squareName(63)]).toEqual(['a1', 'h1', 'a2', 'h8']);
  });

  it.each(['a0', 'a9', 'i1', 'A1', 'a10', '', ' a1'])('"%s" is not a square', (name) => {
    expect(squareIndex(name)).toBe(-1);
  });
});

describe('move notation', () => {
  it.each([
    ['b2-b3', { from: 'b2', to: 'b3', capture: false }],
    ['c4xc5', { from: 'c4', to: 'c5', capture: true }],
    ['c4xc5=4', { from: 'c4', to: 'c5', capture: true, reroll: 4 }],
    ['h8-h6', { from: 'h8', to: 'h6', capture: false }],
  ])('%s round-trips', (text, move) => {
    expect(parseMove(text)).toEqual(move);
    expect(formatMove(move)).toBe(text);
  });

  it.each(['b2-b3=4', 'b2xb2', 'i1-a1', 'b2b3', 'c4xc5=7', 'c4xc5=', 'B2-B3', 'b2 - b3'])(
    '"%s" is not a move',
    (text) => {
      expect(parseMove(text)).toBeNull();
    },
  );
});
