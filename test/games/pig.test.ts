// Pig, the example game of docs/new-game.md: its four rules (P1–P4) with scripted dice, and its refusals.
import {
  advance,
  pig,
  RecordingDice,
  resultOf,
  scripted,
  startTable,
  type PigState,
  type Table,
} from '@dicehall/shared';

type Move = [seat: number, type: 'roll' | 'hold'];

/** A two-seat table (target 20 unless given) after `moves`, the dice scripted to `values`. */
function play(values: number[], moves: Move[], target = 20) {
  const dice = new RecordingDice(scripted(values));
  const start = startTable(pig, { target }, 2, dice);
  if (!start.ok) throw new Error(start.message);
  let table: Table<unknown> = start.table;
  for (const [seat, type] of moves) {
    const step = advance(pig, table, seat, 'action', { type }, dice);
    if (!step.ok) throw new Error(`${seat} ${type}: ${step.message}`);
    table = step.table;
  }
  return { table, state: table.state as PigState, dice };
}

describe('pig', () => {
  it('P1 a roll of 2 to 6 adds to the turn total; reaching the target wins at once', () => {
    const { state, table } = play(
      [6, 5],
      [
        [0, 'roll'],
        [0, 'roll'],
      ],
      10,
    );
    expect(state.scores).toEqual([11, 0]);
    expect(resultOf(pig, table)).toMatchObject({ winners: [0], draw: false, reason: 'reached-target' });
    expect(pig.toAct(state)).toEqual([]);
  });

  it('P2 a 1 loses the turn total and passes the turn', () => {
    const { state } = play(
      [6, 1],
      [
        [0, 'roll'],
        [0, 'roll'],
      ],
    );
    expect([state.scores, state.turnTotal, state.turn]).toEqual([[0, 0], 0, 1]);
  });

  it('P3 a hold banks the turn total and passes; holding before a roll is refused and changes nothing', () => {
    const { state, table, dice } = play(
      [4, 3],
      [
        [0, 'roll'],
        [0, 'roll'],
        [0, 'hold'],
      ],
    );
    expect([state.scores, state.turn]).toEqual([[7, 0], 1]);
    expect(pig.legalActions(state, 1)).toEqual([{ type: 'roll' }]);
    const refused = advance(pig, table, 1, 'action', { type: 'hold' }, dice);
    expect(refused).toMatchObject({ ok: false, code: 'nothing-to-hold' });
  });

  it.each([
    [2, { winners: [], draw: true, reason: 'equal-scores', summary: 'Draw at 16' }],
    [3, { winners: [0], draw: false, reason: 'higher-score', summary: 'Higher score, 24 to 16' }],
  ])('P4 after eight turns each (seat 0 banks %i a turn, seat 1 banks 2), the higher score wins', (mine, expected) => {
    const dice: number[] = [];
    const moves: Move[] = [];
    for (let t = 0; t < 8; t++) {
      dice.push(mine, 2);
      moves.push([0, 'roll'], [0, 'hold'], [1, 'roll'], [1, 'hold']);
    }
    const { table } = play(dice, moves, 100);
    expect(resultOf(pig, table)).toEqual(expected);
  });

  it('refuses a move out of turn and changes nothing', () => {
    const { table, dice } = play([], []);
    expect(advance(pig, table, 1, 'action', { type: 'roll' }, dice)).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
    expect(table.state).toMatchObject({ turn: 0, turnTotal: 0 });
  });
});
