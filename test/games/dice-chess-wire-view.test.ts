// Dice Chess views on the wire (GameModule.wireView, issue #18): the server leaves out what a client works out from
// the rest (the board's text, the totals, the home squares, the quiet limit and, under rules 2, the progress moves,
// C7), who is to act (from the phase, the turn and the confirmations), and the last move as the seq of the log line
// that says it; the client puts it back. Over random games of both placements and both rules versions, for every
// seat and a spectator at every step, the view put back equals the module's own view exactly, and the wire form is
// smaller.
import { LineMissing, noLines, pick, seededDice, type Seat } from '@dicehall/shared';
import { Lines } from '../helpers/lines';
import {
  diceChess,
  viewFromWire,
  viewToWire,
  type DiceChessState,
  type DiceChessView,
} from '../../shared/src/games/dice-chess';
import { sized } from '../helpers/size';

const GAMES = sized(20, 300, 'WIRE_VIEW_GAMES');
const LEFT_OUT = ['notation', 'diceOnBoard', 'boardTotals', 'capturedTotals', 'homeSquares', 'quietLimit'] as const;

describe.each([
  [2, 'random'],
  [2, 'arrange'],
  [1, 'random'],
] as const)('Dice Chess wire views, rules %i, %s placement', (rules, placement) => {
  const m = diceChess.rulesFor!(rules)!;

  it(`over ${GAMES} random games every view put back from its wire form equals the view (C7 progress moves included)`, () => {
    let views = 0;
    let progressSeen = 0;
    let wholeBytes = 0;
    let wireBytes = 0;
    let moves = 0;
    let pointed = 0;
    for (let g = 0; g < GAMES; g++) {
      const dice = seededDice(4100 + g);
      const choose = seededDice(8800 + g);
      const start = m.setup(m.options.parse({ placement }), 2, dice);
      let state: DiceChessState = start.state;
      const lines = new Lines(m, start.events);
      for (let ply = 0; m.result(state) === null && ply < 400; ply++) {
        for (const seat of [null, 0, 1] as (Seat | null)[]) {
          const view = m.view(state, seat);
          const wire = m.wireView!.toWire(state, view, lines.window) as Partial<DiceChessView> & { lastMove?: unknown };
          for (const k of [...LEFT_OUT, 'toAct'] as const) expect(wire[k]).toBeUndefined();
          // Rules 2 derive the progress moves from each die's furthest rank; rules 1 send them (a side's mark).
          if (rules === 2) expect(wire.progressMoves).toBeUndefined();
          else expect(wire.progressMoves).toEqual(view.progressMoves);
          // Through JSON, as it travels, and in the key order viewOf writes.
          const back = viewFromWire(JSON.parse(JSON.stringify(wire)), lines.all);
          expect(JSON.stringify(back)).toBe(JSON.stringify(view));
          // Without lines (a full document) the last move travels whole and reads the same.
          const whole = JSON.parse(JSON.stringify(m.wireView!.toWire(state, view, [])));
          expect(JSON.stringify(viewFromWire(whole, noLines))).toBe(JSON.stringify(view));
          // A whole view (fields present) reads as itself.
          expect(viewFromWire(view)).toEqual(view);
          if (view.lastMove) {
            moves++;
            if (typeof wire.lastMove === 'number') {
              pointed++;
              expect(() => viewFromWire(JSON.parse(JSON.stringify(wire)), noLines)).toThrow(LineMissing);
            }
          }
          views++;
          if (view.progressMoves.length > 0) progressSeen++;
          wholeBytes += JSON.stringify(view).length;
          wireBytes += JSON.stringify(wire).length;
        }
        const seat = m.toAct(state)[0]!;
        const step = m.apply(state, seat, pick(choose, m.legalActions(state, seat)), dice);
        if (!step.ok) throw new Error(step.code);
        state = step.state;
        lines.action(seat, step.events, state);
      }
    }
    // The move travels once, in its line: the last move is always the latest line's (a pass line says no move).
    expect(pointed).toBeGreaterThan(moves * 0.95);
    expect(views).toBeGreaterThan(GAMES * 30);
    expect(progressSeen).toBeGreaterThan(views / 4);
    // Whole views (first states) shrink by the left-out fields; rules 2 also by every progress list.
    expect(wireBytes).toBeLessThan(wholeBytes * (rules === 2 ? 0.83 : 0.9));
  });
});

it('the module sends the wire form under rules 2 and keeps the C7 reading of a die that has been further back', () => {
  // A first-seat die on b5 that once reached rank 6 (furthest 6): stepping to rank 6 is no progress, to rank 7 is.
  const wire = {
    phase: 'play',
    turn: 0,
    board: [
      { square: 'b5', owner: 0, value: 1, furthest: 6 },
      { square: 'h8', owner: 1, value: 6, furthest: 8 },
    ],
    captured: [[], []],
  };
  const v = viewFromWire(wire);
  expect(v.progressMoves).not.toContain('b5-b6');
  expect(v.notation.split('/')).toHaveLength(8);
  const fresh = viewFromWire({ ...wire, board: [{ ...wire.board[0], furthest: 5 }, wire.board[1]] });
  expect(fresh.progressMoves).toContain('b5-b6');
  expect(viewToWire).toBe(diceChess.wireView!.toWire);
});
