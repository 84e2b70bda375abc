// Dice Chess rules: one test per rule and per ruling C1–C7, table-driven moves on notated positions, a pinned perft.
import { scripted, type Dice } from '@dicehall/shared';
import {
  diceChess,
  formatBoard,
  homeSquares,
  positionState,
  squareName,
  type DiceChessAction,
  type DiceChessEvent,
  type DiceChessState,
  type DiceChessView,
} from '@dicehall/shared/dice-chess';

const E = '........';
/** A play position from rank rows 8→1 (board notation), `turn` to move. */
const pos = (rows: string[], turn = 0, extra: Parameters<typeof positionState>[2] = {}) =>
  positionState(rows.join('/'), turn, extra);
const mv = (from: string, to: string): DiceChessAction => ({ type: 'move', from, to });
const noDice: Dice = {
  roll: () => {
    throw new Error('no roll expected');
  },
};

function play(state: DiceChessState, seat: number, action: DiceChessAction, dice: Dice = noDice) {
  const step = diceChess.apply(state, seat, action, dice);
  if (!step.ok) throw new Error(`${step.code}: ${step.message}`);
  return step;
}

/** Plays moves "a1-b1" in turn order from `state`. */
/** Whether a ply's first event (a move or a capture) made progress (C7); captures always do. */
function effectiveOf(e: DiceChessEvent | undefined): boolean {
  if (e?.type === 'move') return e.effective;
  if (e?.type === 'capture') return true;
  throw new Error(`not a ply: ${e?.type}`);
}

function line(state: DiceChessState, moves: string[], dice: Dice = noDice) {
  let s = state;
  const events: DiceChessEvent[] = [];
  for (const m of moves) {
    const [from, to] = m.split(/[-x]/);
    const step = play(s, s.turn, mv(from, to), dice);
    s = step.state;
    events.push(...step.events);
  }
  return { state: s, events };
}

/** A reach table where the named squares' dice have reached the given progress; every other die where it stands. */
function reachWith(...set: [string, number][]): number[] {
  const r = new Array<number>(64).fill(0);
  for (const [sq, p] of set) r[(Number(sq[1]) - 1) * 8 + sq.charCodeAt(0) - 97] = p;
  return r;
}

const view = (s: DiceChessState, seat: number | null) => diceChess.view(s, seat) as DiceChessView;
const targets = (s: DiceChessState, seat: number, from: string) =>
  diceChess
    .legalActions(s, seat)
    .flatMap((a) => (a.type === 'move' && a.from === from ? [a.to] : []))
    .sort();

const W = [1, 2, 3, 4, 5, 6, 1, 2, 3, 4, 5, 6, 6, 5, 4, 3];
const B = [6, 6, 1, 1, 2, 2, 3, 3, 4, 4, 5, 5, 6, 1, 2, 3];

function setup(rolls: number[], placement: 'arrange' | 'random' = 'arrange') {
  const dice = scripted(rolls);
  const step = diceChess.setup(diceChess.options.parse({ placement }), 2, dice);
  if (!step.ok) throw new Error('setup');
  return { ...step, remaining: dice.remaining() };
}

function arranged(rolloff = [6, 1]) {
  let s = setup([...W, ...B, ...rolloff]).state;
  const ident = Array.from({ length: 16 }, (_, i) => i);
  s = play(s, 0, { type: 'arrange', order: ident }).state;
  return play(s, 1, { type: 'arrange', order: ident }).state;
}

describe('dice-chess module', () => {
  it('is listed for two seats with a pitch', () => {
    expect(diceChess).toMatchObject({ id: 'dice-chess', name: 'Dice Chess', listed: true, seats: { min: 2, max: 2 } });
    expect(diceChess.pitch.length).toBeGreaterThan(80);
  });

  it('defaults to secret arrangement and accepts random placement only as the other option', () => {
    expect(diceChess.options.parse({})).toEqual({ placement: 'arrange' });
    expect(diceChess.options.parse({ placement: 'random' })).toEqual({ placement: 'random' });
    expect(diceChess.options.safeParse({ placement: 'mirror' }).success).toBe(false);
    expect(diceChess.options.safeParse({ placement: 'random', extra: 1 }).success).toBe(false);
  });

  it.each([
    [{ type: 'move', from: 'b2', to: 'b3' }, true],
    [{ type: 'arrange', order: [15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2, 1, 0] }, true],
    [{ type: 'move', from: 'i2', to: 'b3' }, false],
    [{ type: 'move', from: 'b0', to: 'b1' }, false],
    [{ type: 'move', from: 'B2', to: 'b3' }, false],
    [{ type: 'move', from: 'b2 ', to: 'b3' }, false],
    [{ type: 'move', from: 'b2', to: 'b3', reroll: 6 }, false],
    [{ type: 'move', from: 'b2' }, false],
    [{ type: 'arrange', order: [0, 1, 2] }, false],
    [{ type: 'arrange', order: [...Array(16).keys()].map((i) => i + 0.5) }, false],
    [{ type: 'arrange', order: [...Array(15).keys(), 16] }, false],
    [{ type: 'pass' }, false],
    ['b2-b3', false],
  ])('the action schema parses %j: %s', (input, ok) => {
    expect(diceChess.action.safeParse(input).success).toBe(ok);
  });
});

describe('C1 board and C2 setup', () => {
  it('C1 the first seat starts on ranks 1–2 and the second on ranks 7–8', () => {
    const s = arranged();
    const dice = view(s, null).board;
    expect(dice).toHaveLength(32);
    for (const d of dice) expect(d.owner === 0 ? ['1', '2'] : ['7', '8']).toContain(d.square[1]);
    expect(dice.filter((d) => d.owner === 0)).toHaveLength(16);
  });

  it.each([
    [0, 'd3', 'd4', 'forward'],
    [0, 'd3', 'd2', 'back'],
    [0, 'd3', 'e3', 'sideways'],
    [1, 'd6', 'd5', 'forward'],
    [1, 'd6', 'd7', 'back'],
    [1, 'd6', 'c6', 'sideways'],
  ])('C1 forward is toward the other home ranks: seat %i %s-%s is %s', (seat, from, to, direction) => {
    const s = pos([E, E, '...c....', E, E, '...3....', E, E], seat);
    expect(play(s, seat, mv(from, to)).events[0]).toMatchObject({
      type: 'move',
      direction,
      effective: direction === 'forward',
    });
  });

  it('C2 the server rolls sixteen d6 for each seat and publishes the values', () => {
    const { events, state, remaining } = setup([...W, ...B, 6, 1]);
    expect(remaining).toBe(0);
    expect(events.slice(0, 2)).toEqual([
      { type: 'rolled', seat: 0, values: W },
      { type: 'rolled', seat: 1, values: B },
    ]);
    expect(state.phase).toBe('arrange');
    expect(view(state, null).rolled).toEqual([W, B]);
  });

  it('C2 both seats arrange at the same time; play waits for both confirmations', () => {
    let s = setup([...W, ...B, 6, 1]).state;
    expect(diceChess.toAct(s)).toEqual([0, 1]);
    const step = play(s, 1, { type: 'arrange', order: [...Array(16).keys()] });
    expect(step.events).toEqual([{ type: 'arranged', seat: 1 }]);
    s = step.state;
    expect(diceChess.toAct(s)).toEqual([0]);
    expect(s.phase).toBe('arrange');
    expect(view(s, null).confirmed).toEqual([false, true]);
    s = play(s, 0, { type: 'arrange', order: [...Array(16).keys()] }).state;
    expect(s.phase).toBe('play');
    expect(diceChess.toAct(s)).toEqual([0]);
  });

  it('C2 an arrangement fills the home squares back rank a→h, then front rank a→h', () => {
    let s = setup([...W, ...B, 6, 1]).state;
    const reversed = [...Array(16).keys()].reverse();
    s = play(s, 0, { type: 'arrange', order: reversed }).state;
    const step = play(s, 1, { type: 'arrange', order: [...Array(16).keys()] });
    const board = step.state.board;
    expect(homeSquares(0).map(squareName)).toEqual(
      [...'abcdefgh'].map((f) => `${f}1`).concat([...'abcdefgh'].map((f) => `${f}2`)),
    );
    expect(homeSquares(1).map(squareName)).toEqual(
      [...'abcdefgh'].map((f) => `${f}8`).concat([...'abcdefgh'].map((f) => `${f}7`)),
    );
    expect(homeSquares(0).map((sq) => board[sq])).toEqual([...W].reverse());
    expect(homeSquares(1).map((sq) => -board[sq])).toEqual(B);
    expect(formatBoard(board)).toBe('ffaabbcc/ddeefabc/......../......../......../......../21654321/34566543');
    expect(step.events[1]).toEqual({
      type: 'revealed',
      placement: 'arranged',
      homes: [[...W].reverse(), B],
      board: formatBoard(board),
    });
  });

  it.each([
    ['a repeated index', [0, 0, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15]],
    ['a missing index', [1, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 14]],
  ])('C2 refuses an arrangement with %s', (_name, order) => {
    const s = setup([...W, ...B, 6, 1]).state;
    expect(diceChess.apply(s, 0, { type: 'arrange', order }, noDice)).toMatchObject({
      ok: false,
      code: 'bad-arrangement',
    });
  });

  it('C2 a seat confirms once', () => {
    const s = play(setup([...W, ...B, 6, 1]).state, 0, { type: 'arrange', order: [...Array(16).keys()] }).state;
    expect(diceChess.apply(s, 0, { type: 'arrange', order: [...Array(16).keys()] }, noDice)).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
    expect(diceChess.legalActions(s, 0)).toEqual([]);
  });

  it('C2 during the arrangement the only listed action is the representative "keep the rolled order"', () => {
    const s = setup([...W, ...B, 6, 1]).state;
    expect(diceChess.legalActions(s, 0)).toEqual([{ type: 'arrange', order: [...Array(16).keys()] }]);
    expect(diceChess.legalActions(s, 1)).toEqual([{ type: 'arrange', order: [...Array(16).keys()] }]);
  });

  it('C2 the other seat and spectators see no pending arrangement; its own seat sees it', () => {
    let s = setup([...W, ...B, 6, 1]).state;
    const order = [...Array(16).keys()].reverse();
    s = play(s, 0, { type: 'arrange', order }).state;
    expect(view(s, 0).arrangement).toEqual([...W].reverse());
    for (const viewer of [1, null]) {
      const v = view(s, viewer);
      expect(v.arrangement).toBeNull();
      expect(v.board).toEqual([]);
      expect(v.notation).toBe(Array(8).fill(E).join('/'));
    }
  });

  it('C2 random placement skips the arrangement and shuffles each side with the dice (Fisher–Yates, d16 down to d2)', () => {
    // roll(k) = k keeps every die in place: the board then shows the rolled order.
    const keep = [16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2];
    const { state, events, remaining } = setup([...W, ...B, 6, 1, ...keep, ...keep], 'random');
    expect(remaining).toBe(0);
    expect(state.phase).toBe('play');
    expect(diceChess.toAct(state)).toEqual([0]);
    expect(homeSquares(0).map((sq) => state.board[sq])).toEqual(W);
    expect(homeSquares(1).map((sq) => -state.board[sq])).toEqual(B);
    expect(events.map((e) => e.type)).toEqual(['rolled', 'rolled', 'roll-off', 'revealed']);
    expect(events[3]).toMatchObject({ placement: 'random' });
    // roll(k) = 1 swaps each last die with the first: a different board, the same dice.
    const ones = Array(15).fill(1);
    const other = setup([...W, ...B, 6, 1, ...ones, ...ones], 'random').state;
    const home0 = homeSquares(0).map((sq) => other.board[sq]);
    expect(home0).not.toEqual(W);
    expect([...home0].sort()).toEqual([...W].sort());
    expect(home0).toEqual([
      W[1],
      W[2],
      W[3],
      W[4],
      W[5],
      W[6],
      W[7],
      W[8],
      W[9],
      W[10],
      W[11],
      W[12],
      W[13],
      W[14],
      W[15],
      W[0],
    ]);
  });
});

describe('C3 first move', () => {
  it('C3 each seat rolls a d6, the higher moves first, and both rolls are in the log', () => {
    const { state, events } = setup([...W, ...B, 2, 5]);
    expect(events[2]).toEqual({ type: 'roll-off', round: 1, rolls: [2, 5], first: 1 });
    expect(state.first).toBe(1);
    let s = play(state, 0, { type: 'arrange', order: [...Array(16).keys()] }).state;
    s = play(s, 1, { type: 'arrange', order: [...Array(16).keys()] }).state;
    expect(diceChess.toAct(s)).toEqual([1]);
    expect(diceChess.apply(s, 0, mv('a2', 'a3'), noDice)).toMatchObject({ ok: false, code: 'not-your-turn' });
  });

  it('C3 a tied roll-off is rolled again', () => {
    const { state, events, remaining } = setup([...W, ...B, 4, 4, 3, 3, 6, 1]);
    expect(remaining).toBe(0);
    expect(events.filter((e) => e.type === 'roll-off')).toEqual([
      { type: 'roll-off', round: 1, rolls: [4, 4], first: null },
      { type: 'roll-off', round: 2, rolls: [3, 3], first: null },
      { type: 'roll-off', round: 3, rolls: [6, 1], first: 0 },
    ]);
    expect(state.first).toBe(0);
  });
});

describe('C4 moves', () => {
  // Each position has a die of the other side far away so that it is a game in progress.
  it.each([
    [
      'a 3 steps one square forward, back, left or right',
      ['.......a', E, E, E, '...3....', E, E, E],
      0,
      'd4',
      ['c4', 'd3', 'd5', 'e4'],
    ],
    ['a 2 in the corner', ['.......a', E, E, E, E, E, E, '2.......'], 0, 'a1', ['a2', 'b1']],
    ['a 5 never steps diagonally', ['.......a', E, E, E, '...5....', E, E, E], 0, 'd4', ['c4', 'd3', 'd5', 'e4']],
    [
      'a 6 may also step diagonally',
      ['.......a', E, E, E, '...6....', E, E, E],
      0,
      'd4',
      ['c3', 'c4', 'c5', 'd3', 'd5', 'e3', 'e4', 'e5'],
    ],
    [
      'a 1 moves one or two squares straight',
      ['.......a', E, E, E, '...1....', E, E, E],
      0,
      'd4',
      ['b4', 'c4', 'd2', 'd3', 'd5', 'd6', 'e4', 'f4'],
    ],
    ['a 1 on the edge', ['.......a', E, E, E, E, E, E, '1.......'], 0, 'a1', ['a2', 'a3', 'b1', 'c1']],
    [
      'a 1 never passes over a die',
      ['.......a', E, E, '...2....', '...1.b..', E, E, E],
      0,
      'd4',
      ['b4', 'c4', 'd2', 'd3', 'e4'],
    ],
    [
      'a 1 takes a 1 one or two squares away, not past one',
      ['.......a', E, '...a....', E, '.a.1....', '...a....', E, E],
      0,
      'd4',
      ['b4', 'c4', 'd3', 'd5', 'd6', 'e4', 'f4'],
    ],
    [
      'a 1 cannot take a 2 two squares away',
      ['.......a', E, '...b....', E, '...1....', E, E, E],
      0,
      'd4',
      ['b4', 'c4', 'd2', 'd3', 'd5', 'e4', 'f4'],
    ],
    ['no die moves onto its own side', ['.......a', E, E, '...5....', '...44...', E, E, E], 0, 'd4', ['c4', 'd3']],
    [
      'a 6 never steps diagonally onto its own side',
      ['.......a', E, E, E, '...6....', '..2.....', E, E],
      0,
      'd4',
      ['c4', 'c5', 'd3', 'd5', 'e3', 'e4', 'e5'],
    ],
    [
      'the second seat moves the same way',
      [E, E, E, '...c....', E, E, E, '1.......'],
      1,
      'd5',
      ['c5', 'd4', 'd6', 'e5'],
    ],
    [
      'a second-seat 6 steps diagonally',
      [E, E, E, '...f....', E, E, E, '1.......'],
      1,
      'd5',
      ['c4', 'c5', 'c6', 'd4', 'd6', 'e4', 'e5', 'e6'],
    ],
  ])('C4 %s', (_name, rows, seat, from, expected) => {
    expect(targets(pos(rows, seat), seat, from)).toEqual(expected);
  });

  it('C4 one die moves per turn, then the turn passes', () => {
    const s = pos(['.......a', E, E, E, '...3....', E, E, '3.......']);
    const next = play(s, 0, mv('d4', 'd5')).state;
    expect(formatBoard(next.board)).toBe(['.......a', E, E, '...3....', E, E, E, '3.......'].join('/'));
    expect(diceChess.toAct(next)).toEqual([1]);
    expect(diceChess.apply(next, 0, mv('a1', 'a2'), noDice)).toMatchObject({ ok: false, code: 'not-your-turn' });
  });

  it.each([
    ['a 3 two squares', 'c4', 'a4'],
    ['a 3 diagonally', 'c4', 'd5'],
    ['onto its own die', 'b2', 'b3'],
    ['from an empty square', 'e1', 'e2'],
    ['an enemy die', 'h8', 'h7'],
    ['a 1 over its own die', 'b3', 'b1'],
    ['a 1 over an enemy die', 'e4', 'e6'],
    ['a 1 three squares', 'b3', 'b6'],
    ['a 1 diagonally', 'b3', 'a4'],
    ['a 1 like a knight', 'b3', 'a5'],
    ['a die onto its own square', 'c4', 'c4'],
  ])('C4 refuses %s as an illegal move', (_name, from, to) => {
    const s = pos(['.......a', E, E, '..a.a...', '..3.1...', '.1......', '.2......', E]);
    expect(diceChess.apply(s, 0, mv('e4', 'e5'), scripted([1])).ok).toBe(true);
    const r = diceChess.apply(s, 0, mv(from, to), noDice);
    expect(r).toMatchObject({ ok: false, code: 'illegal-move' });
    if (!r.ok) expect(r.message).toMatch(/\.$/);
  });
});

describe('C5 capture', () => {
  const rows = ['.......a', E, E, '...c....', '..b3d...', E, E, E];

  it.each([
    ['an equal value', 'd5', true],
    ['a lower value', 'c4', true],
    ['a higher value', 'e4', false],
  ])('C5 a 3 moving onto %s on %s: captures = %s', (_name, to, ok) => {
    const r = diceChess.apply(pos(rows), 0, mv('d4', to), scripted([2]));
    expect(r.ok).toBe(ok);
    if (!r.ok)
      expect(r).toMatchObject({
        code: 'illegal-move',
        message: 'A 3 cannot capture a 4: a capture needs an equal or higher value.',
      });
  });

  it('C5 capture rerolls the capturing die, which stays on the captured square', () => {
    const dice = scripted([6]);
    const { state, events } = play(pos(rows), 0, mv('d4', 'c4'), dice);
    expect(dice.remaining()).toBe(0);
    expect(formatBoard(state.board)).toBe(['.......a', E, E, '...c....', '..6.d...', E, E, E].join('/'));
    expect(events[0]).toEqual({
      type: 'capture',
      seat: 0,
      from: 'd4',
      to: 'c4',
      value: 3,
      captured: 2,
      reroll: 6,
      notation: 'd4xc4=6',
    });
  });

  it('C5 the captured die is kept by the capturer with its value', () => {
    const first = play(pos(rows), 0, mv('d4', 'd5'), scripted([1])).state;
    expect(first.captured).toEqual([[3], []]);
    expect(view(first, null)).toMatchObject({ captured: [[3], []], capturedTotals: [3, 0], diceOnBoard: [1, 3] });
    const second = play(
      pos(['.......a', E, E, '...1d...', E, E, E, '1.......'], 1),
      1,
      mv('e5', 'd5'),
      scripted([4]),
    ).state;
    expect(second.captured).toEqual([[], [1]]);
    expect(view(second, 0)).toMatchObject({ captured: [[], [1]], capturedTotals: [0, 1], diceOnBoard: [1, 2] });
  });

  it('C5 a 1 captures two squares away across an empty square, and is rerolled there', () => {
    const { state, events } = play(
      pos(['.......a', E, '...a....', E, '...1....', E, E, E]),
      0,
      mv('d4', 'd6'),
      scripted([3]),
    );
    expect(events[0]).toMatchObject({ type: 'capture', notation: 'd4xd6=3', captured: 1 });
    expect(formatBoard(state.board)).toBe(['.......a', E, '...3....', E, E, E, E, E].join('/'));
  });

  it('C5 a 6 captures diagonally whatever it meets', () => {
    const { events } = play(pos(['.......a', E, E, '....f...', '...6....', E, E, E]), 0, mv('d4', 'e5'), scripted([2]));
    expect(events[0]).toMatchObject({ type: 'capture', value: 6, captured: 6, reroll: 2 });
  });
});

describe('C6 no legal move', () => {
  // The second seat's only die, a 1 in the corner, is walled in by 2s it cannot take.
  const walled = ['a2......', '2.......', E, E, E, E, E, '.......3'];

  it('C6 a player with no legal move passes, automatically, and the turn comes back', () => {
    const { state, events } = play(pos(walled), 0, mv('h1', 'g1'));
    expect(events.map((e) => e.type)).toEqual(['move', 'pass']);
    expect(events[1]).toEqual({ type: 'pass', seat: 1 });
    expect(diceChess.toAct(state)).toEqual([0]);
    expect(diceChess.legalActions(state, 1)).toEqual([]);
    expect(state.quiet).toBe(2);
  });

  it('C6 a position whose side to move is walled in passes at once', () => {
    const s = positionState(walled.join('/'), 1);
    expect(diceChess.toAct(s)).toEqual([0]);
    expect(s.quiet).toBe(1);
  });
});

describe('C7 ending', () => {
  it('C7 capturing the last enemy die wins by annihilation', () => {
    const { state, events } = play(
      pos([E, E, E, '...b....', '...3....', E, E, '1.......']),
      0,
      mv('d4', 'd5'),
      scripted([4]),
    );
    expect(state.phase).toBe('over');
    expect(diceChess.toAct(state)).toEqual([]);
    expect(diceChess.result(state)).toMatchObject({ winners: [0], draw: false, reason: 'annihilation' });
    expect(events[1]).toMatchObject({ type: 'end', reason: 'annihilation', winners: [0] });
    expect(diceChess.apply(state, 1, mv('a1', 'a2'), noDice)).toMatchObject({ ok: false, code: 'game-over' });
  });

  const shuffle = ['a1-b1', 'h8-g8', 'b1-a1', 'g8-h8', 'a1-b1', 'h8-g8'];

  it('C7 six plies without an effective play end the game; the higher board total wins', () => {
    const s = pos(['.......b', E, E, E, E, E, E, '5.......']);
    const five = line(s, shuffle.slice(0, 5)).state;
    expect(five.quiet).toBe(5);
    expect(five.result).toBeNull();
    const { state, events } = line(five, shuffle.slice(5));
    expect(state.phase).toBe('over');
    expect(diceChess.result(state)).toMatchObject({ winners: [0], draw: false, reason: 'no-effective-play' });
    expect(diceChess.result(state)?.summary).toContain('5 to 2');
    expect(events.at(-1)).toMatchObject({ type: 'end', decidedBy: 'board', boardTotals: [5, 2] });
    // The end line says what the totals count: pips (the log's summary keeps its recorded words).
    expect(diceChess.describeResult!(state.result!, ['Ana', 'Ben'])).toBe(
      'Ana wins — six turns without progress; more pips on the board, 5 to 2',
    );
  });

  it('C7 equal board totals: the higher captured total wins', () => {
    const s = pos(['.......c', E, E, E, E, E, E, '3.......'], 0, { captured: [[2], [1, 2]] });
    const { state } = line(s, shuffle);
    expect(diceChess.result(state)).toMatchObject({ winners: [1], draw: false, reason: 'no-effective-play' });
    expect(state.result?.summary).toContain('more captured, 2 to 3');
    expect(diceChess.describeResult!(state.result!, ['Ana', 'Ben'])).toBe(
      'Ben wins — six turns without progress; the board is level at 3 pips, more pips captured, 2 to 3',
    );
  });

  it('C7 equal board and captured totals: a draw', () => {
    const s = pos(['.......c', E, E, E, E, E, E, '3.......'], 0, { captured: [[4], [4]] });
    const { state, events } = line(s, shuffle);
    expect(diceChess.result(state)).toMatchObject({ winners: [], draw: true, reason: 'no-effective-play' });
    expect(events.at(-1)).toMatchObject({ type: 'end', decidedBy: 'draw' });
  });

  it('C7 a capture is an effective play and resets the count', () => {
    const s = pos(['.......a', E, E, '...b....', '...3....', E, E, '1.......'], 0, { quiet: 4 });
    const { state } = play(s, 0, mv('d4', 'd5'), scripted([2]));
    expect(state.quiet).toBe(0);
  });

  it('C7 a forward move onto new ground is an effective play and resets the count', () => {
    const s = line(pos(['.......b', E, E, E, E, E, E, '5.......']), shuffle.slice(0, 4)).state;
    expect(s.quiet).toBe(4);
    const { state, events } = play(s, 0, mv('a1', 'a2'));
    expect(events[0]).toMatchObject({ direction: 'forward', effective: true });
    expect(state.quiet).toBe(0);
  });

  it('C7 stepping back and forth again is no effective play, so the game still ends (finiteness reading)', () => {
    // Read literally, each return to a2 and h7 would be a forward move and the game could never end.
    const s = pos(['.......c', E, E, E, E, E, E, '3.......']);
    const moves = ['a1-a2', 'h8-h7', 'a2-a1', 'h7-h8', 'a1-a2', 'h8-h7', 'a2-a1', 'h7-h8'];
    let st = s;
    const quiet: number[] = [];
    const effective: boolean[] = [];
    for (const m of moves) {
      const step = line(st, [m]);
      st = step.state;
      quiet.push(st.quiet);
      effective.push(effectiveOf(step.events[0]));
    }
    expect(effective).toEqual([true, true, false, false, false, false, false, false]);
    expect(quiet).toEqual([0, 0, 1, 2, 3, 4, 5, 6]);
    expect(st.phase).toBe('over');
    expect(st.ply).toBe(8);
  });

  it('C7 same die back then forward again over ranks it held: no progress', () => {
    // The 3 goes a1-a2 (new ground), back to a1, then a2 again: it has stood on rank 2 before.
    const s = pos(['.......c', E, E, E, E, E, '.......4', '3.......']);
    const { state, events } = line(s, ['a1-a2', 'h8-g8', 'a2-a1', 'g8-h8', 'a1-a2']);
    expect(events.map(effectiveOf)).toEqual([true, false, false, false, false]);
    expect(events[4]).toMatchObject({ direction: 'forward', effective: false, reached: 2 });
    expect(state.quiet).toBe(4);
    expect(diceChess.describe(events[4], ['Ana', 'Ben'])).toBe(
      'Ana a1-a2: a 3 moves forward, but this die has stood on rank 2 before: no progress',
    );
  });

  it('C7 another die onto new ground after a retreat: progress (the per-side reading of rules 1 said no)', () => {
    // The 4 on h2 steps back to h1 (the side's advancement falls by one); then the 3 on a1 reaches
    // rank 2 for the first time. Under the amended C7 that is progress; under rules 1 it only won back
    // the side's old high-water mark.
    const rows = ['.......c', E, E, E, E, E, '.......4', '3.......'];
    const moves = ['h2-h1', 'h8-g8', 'a1-a2'];
    const now = line(pos(rows), moves);
    expect(now.events.map(effectiveOf)).toEqual([false, false, true]);
    expect(now.state.quiet).toBe(0);
    expect(diceChess.describe(now.events[2], ['Ana', 'Ben'])).toBe(
      'Ana a1-a2: a 3 moves forward onto new ground: progress',
    );
    const before = line(pos(rows, 0, { rules: 1 }), moves);
    expect(before.events.map(effectiveOf)).toEqual([false, false, false]);
    expect(before.state.quiet).toBe(3);
  });

  it('C7 a capture is always progress, even a backward one onto ground the die has held', () => {
    // The 5 on d5 has reached rank 5 (progress 4); it captures backward on d4, a rank it stood on before.
    const s = pos(['.......a', E, E, '...5....', '...b....', E, E, E], 0, { quiet: 4, reach: reachWith(['d5', 4]) });
    const { state, events } = play(s, 0, mv('d5', 'd4'), scripted([2]));
    expect(events[0]).toMatchObject({ type: 'capture', captured: 2 });
    expect(state.quiet).toBe(0);
  });

  it('C7 the count and the moves that would be progress are shown in the view, to spectators too', () => {
    const s = line(pos(['.......b', E, E, E, E, E, '5.......', E]), ['a2-a1', 'h8-g8']).state;
    const v = view(s, null);
    expect(v).toMatchObject({ quiet: 2, quietLimit: 6, turn: 0 });
    // The 5 on a1 has stood on rank 2: a1-a2 is no progress; a1-b1 neither.
    expect(v.progressMoves).toEqual([]);
    expect(v.board.find((d) => d.square === 'a1')).toMatchObject({ furthest: 2 });
    const w = view(line(s, ['a1-a2', 'g8-h8']).state, 1);
    expect(w.progressMoves).toEqual(['a2-a3']);
    expect(view(line(s, ['a1-a2', 'g8-h8']).state, null).progressMoves).toEqual(['a2-a3']);
  });

  it('C7 rules 1 (the first reading, kept for old logs): a capture re-bases both high-water marks', () => {
    // The first seat's 2 on d5 is far advanced (mark 4); once it is taken, b1-b2 is new ground again.
    const s = pos(['.......a', E, '...c....', '...2....', E, E, E, '3.......'], 0, { rules: 1 });
    expect(s.marks).toEqual([4, 2]);
    const after = line(s, ['a1-b1', 'd6-d5'], scripted([5])).state;
    expect(after.marks).toEqual([0, 3]);
    const { events, state } = play(after, 0, mv('b1', 'b2'));
    expect(events[0]).toMatchObject({ direction: 'forward', effective: true });
    expect(state.quiet).toBe(0);
  });

  it('C7 a pass counts toward the six plies', () => {
    const walled = ['a2......', '2.......', E, E, E, E, E, '.......3'];
    const { state } = line(pos(walled), ['h1-g1', 'g1-h1', 'h1-g1']);
    expect(state.phase).toBe('over');
    expect(state.ply).toBe(6);
    expect(diceChess.result(state)).toMatchObject({ winners: [0], reason: 'no-effective-play' });
  });

  it('C7 the view shows the count of turns without progress', () => {
    const s = line(pos(['.......b', E, E, E, E, E, E, '5.......']), shuffle.slice(0, 3)).state;
    expect(view(s, null)).toMatchObject({ quiet: 3, quietLimit: 6, boardTotals: [5, 2], turn: 1 });
  });
});

describe('refusals', () => {
  it.each([
    ['a move during the arrangement', 'arrange', 0, mv('a2', 'a3'), 'wrong-phase'],
    ['an arrangement during play', 'play', 0, { type: 'arrange', order: [...Array(16).keys()] }, 'wrong-phase'],
    ['a move out of turn', 'play', 1, mv('a7', 'a6'), 'not-your-turn'],
    ['a seat that is not at the table', 'play', 2, mv('a2', 'a3'), 'not-your-turn'],
  ] as const)('refuses %s', (_name, phase, seat, action, code) => {
    const s = phase === 'arrange' ? setup([...W, ...B, 6, 1]).state : arranged();
    const before = JSON.stringify(s);
    expect(diceChess.apply(s, seat, action as DiceChessAction, noDice)).toMatchObject({ ok: false, code });
    expect(JSON.stringify(s)).toBe(before);
  });

  it('lists no actions for a seat that is not to act', () => {
    const s = arranged();
    expect(diceChess.legalActions(s, 1)).toEqual([]);
    expect(diceChess.legalActions(s, 0).length).toBeGreaterThan(0);
  });
});

describe('describe', () => {
  const names = ['Ana', 'Ben'];
  it.each<[DiceChessEvent, string]>([
    [{ type: 'rolled', seat: 0, values: W }, `Ana rolls sixteen dice: ${W.join(' ')}`],
    [
      { type: 'roll-off', round: 1, rolls: [4, 4], first: null },
      'Roll-off for the first move: Ana 4, Ben 4; a tie, so both roll again',
    ],
    [
      { type: 'roll-off', round: 2, rolls: [2, 5], first: 1 },
      'Roll-off for the first move: Ana 2, Ben 5; Ben moves first',
    ],
    [{ type: 'arranged', seat: 1 }, 'Ben has confirmed an arrangement'],
    [{ type: 'revealed', placement: 'arranged', homes: [W, B], board: '' }, 'Both arrangements are revealed'],
    [
      { type: 'revealed', placement: 'random', homes: [W, B], board: '' },
      'The dice are placed at random on the home ranks',
    ],
    [
      {
        type: 'move',
        seat: 0,
        from: 'b2',
        to: 'b3',
        value: 4,
        direction: 'forward',
        diagonal: false,
        effective: true,
        notation: 'b2-b3',
      },
      'Ana b2-b3: a 4 moves forward',
    ],
    [
      {
        type: 'move',
        seat: 1,
        from: 'c7',
        to: 'd6',
        value: 6,
        direction: 'forward',
        diagonal: true,
        effective: false,
        notation: 'c7-d6',
      },
      "Ben c7-d6: a 6 moves diagonally forward, not past its side's furthest advance, so no progress",
    ],
    [
      {
        type: 'move',
        seat: 1,
        from: 'c7',
        to: 'd6',
        value: 6,
        direction: 'forward',
        diagonal: true,
        effective: false,
        reached: 5,
        notation: 'c7-d6',
      },
      'Ben c7-d6: a 6 moves diagonally forward, but this die has stood on rank 5 before: no progress',
    ],
    [
      {
        type: 'move',
        seat: 0,
        from: 'b3',
        to: 'b2',
        value: 2,
        direction: 'back',
        diagonal: false,
        effective: false,
        reached: 3,
        notation: 'b3-b2',
      },
      'Ana b3-b2: a 2 moves back',
    ],
    [
      { type: 'capture', seat: 0, from: 'c4', to: 'c5', value: 5, captured: 3, reroll: 2, notation: 'c4xc5=2' },
      'Ana c4xc5=2: captures a 3 with a 5, rerolls 2',
    ],
    [{ type: 'pass', seat: 1 }, 'Ben has no legal move and passes'],
    [
      {
        type: 'end',
        reason: 'annihilation',
        winners: [1],
        draw: false,
        decidedBy: null,
        boardTotals: [0, 9],
        capturedTotals: [40, 50],
      },
      'Ben wins: Ana has no dice left on the board',
    ],
    [
      {
        type: 'end',
        reason: 'no-effective-play',
        winners: [0],
        draw: false,
        decidedBy: 'board',
        boardTotals: [41, 37],
        capturedTotals: [1, 2],
      },
      'Six turns without progress: Ana wins on board totals, 41 to 37',
    ],
    [
      {
        type: 'end',
        reason: 'no-effective-play',
        winners: [1],
        draw: false,
        decidedBy: 'captured',
        boardTotals: [30, 30],
        capturedTotals: [1, 2],
      },
      'Six turns without progress: board totals tie at 30, Ben wins on captured totals, 1 to 2',
    ],
    [
      {
        type: 'end',
        reason: 'no-effective-play',
        winners: [],
        draw: true,
        decidedBy: 'draw',
        boardTotals: [30, 30],
        capturedTotals: [2, 2],
      },
      'Six turns without progress: board totals tie at 30 and captured totals at 2, so the game is a draw',
    ],
  ])('describes %j', (event, sentence) => {
    expect(diceChess.describe(event, names)).toBe(sentence);
  });
});

describe('perft (pinned legal-move counts, scripted rerolls)', () => {
  function perft(s: DiceChessState, depth: number, dice: Dice): number {
    if (depth === 0) return 1;
    const seat = diceChess.toAct(s)[0];
    if (seat === undefined) return 0;
    let n = 0;
    for (const a of diceChess.legalActions(s, seat)) {
      const step = diceChess.apply(s, seat, a, dice);
      if (!step.ok) throw new Error(step.message);
      n += perft(step.state, depth - 1, dice);
    }
    return n;
  }
  const rerolls = () => scripted(Array.from({ length: 5000 }, (_, i) => (i % 6) + 1));

  // By hand: a1's 1 has a2, a3, b1, c1 (4); b2's 6 has its 8 neighbours but a1 (7); d4's 3 takes
  // d5 or steps to d3, c4, e4 (4): 15. After a1-a2 the second seat has d5: c5, d6, e5 (3) and
  // e7: e6, e8, d7, f7 (4): 7.
  const small = ['........', '....c...', E, '...b....', '...3....', E, '.6......', '1.......'];

  it.each([
    [1, 15, 1],
    [2, 105, 1],
    [3, 1491, 50],
  ])('a small position at depth %i: %i leaves, %i rerolls', (depth, leaves, rolls) => {
    const dice = rerolls();
    expect(perft(pos(small), depth, dice)).toBe(leaves);
    expect(5000 - dice.remaining()).toBe(rolls);
  });

  it('a small position: the reply count after a1-a2 is 7', () => {
    expect(diceChess.legalActions(play(pos(small), 0, mv('a1', 'a2')).state, 1)).toHaveLength(7);
  });

  // By hand: the first seat's front rank 4 6 3 1 6 6 2 1 gives 8 steps forward, 6 diagonal steps
  // from the three 6s and 2 runs from the two 1s (16); the second seat's front rank has no 6 and a
  // 1 on b7 (9 replies each, untouched by the first move): 144.
  const opening = 'accbdbbc/daebebed/......../......../......../......../46316621/34154323';
  it.each([
    [1, 16],
    [2, 144],
    [3, 3049],
  ])('the opening position at depth %i: %i leaves', (depth, leaves) => {
    expect(perft(pos(opening.split('/')), depth, rerolls())).toBe(leaves);
  });
});
