// A refusal consumes no roll, at the platform level: the table takes back the rolls of an action the module refused,
// so even a module that rolls before refusing leaves a log that verifies.
import {
  advance,
  commitmentOf,
  FairDice,
  FAIR_SCHEME,
  LOG_FORMAT,
  RecordingDice,
  replayed,
  resultOf,
  scripted,
  seededDice,
  startTable,
  verifyLog,
  type Dice,
  type GameLog,
  type LogEntry,
  type Table,
} from '@dicehall/shared';
import { rollsThenRefuses } from './broken/rolls-then-refuses';

const SEED = 'ab'.repeat(32);
const FAIR = { gameId: 'rewind', clientSeed: '' };

/** Plays roll-3, roll-3 (refused: one die left), roll-1, then stops both seats, through the table. */
function play(source: Dice) {
  const dice = new RecordingDice(source);
  const start = startTable(rollsThenRefuses, {}, 2, dice);
  if (!start.ok) throw new Error(start.message);
  let table: Table = start.table;
  const entries: LogEntry[] = [start.entry];
  const counts: number[] = [];
  const codes: string[] = [];
  for (const [seat, action] of [
    [0, { type: 'roll', dice: 3 }],
    [1, { type: 'stop' }],
    [0, { type: 'roll', dice: 3 }],
    [0, { type: 'roll', dice: 1 }],
  ] as const) {
    const step = advance(rollsThenRefuses, table, seat, 'action', action, dice);
    counts.push(dice.count);
    if (!step.ok) {
      codes.push(step.code);
      continue;
    }
    entries.push(step.entry);
    table = step.table;
  }
  const log: GameLog = {
    format: LOG_FORMAT,
    game: rollsThenRefuses.id,
    rules: 1,
    gameId: FAIR.gameId,
    options: {},
    seats: 2,
    players: ['A', 'B'],
    fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(SEED), clientSeed: '', serverSeed: SEED },
    entries,
    result: resultOf(rollsThenRefuses, table),
  };
  return { counts, codes, log, entries };
}

describe('advance rewinds the dice of a refused action', () => {
  it('a module that rolls then refuses: the refusal leaves the roll count and the fair roller where they were', () => {
    const fair = new FairDice(SEED, FAIR);
    const { counts, codes, log, entries } = play(fair);
    expect(codes).toEqual(['too-many']);
    // Setup deals 2; the first roll-3 takes 3 (5); the refused roll-3 takes none; roll-1 takes 1 (6).
    expect(counts).toEqual([5, 5, 5, 6]);
    expect(fair.position).toBe(6);
    expect(entries.flatMap((e) => e.rolls).map((r) => r.index)).toEqual([0, 1, 2, 3, 4, 5]);
    expect(log.result).not.toBeNull();
    expect(
      verifyLog(JSON.parse(JSON.stringify(log)), (id) => (id === rollsThenRefuses.id ? rollsThenRefuses : undefined)),
    ).toMatchObject({ ok: true, rollsChecked: 6 });
  });

  it('without a source that can step back, the gap stays and the log fails verification (what the rewind prevents)', () => {
    const fair = new FairDice(SEED, FAIR);
    const plain: Dice = { roll: (sides) => fair.roll(sides) };
    const { counts, log } = play(plain);
    expect(counts).toEqual([5, 5, 8, 9]);
    const verdict = verifyLog(log, (id) => (id === rollsThenRefuses.id ? rollsThenRefuses : undefined));
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join(' ')).toMatch(/roll #5 is numbered 8/);
  });

  it.each([
    ['seededDice', () => seededDice(42)],
    ['scripted', () => scripted([1, 2, 3, 4, 5, 6, 1, 2])],
    ['replayed', () => replayed([1, 2, 3, 4, 5, 6, 1, 2].map((value, index) => ({ index, sides: 6, value })))],
    ['FairDice', () => new FairDice(SEED, FAIR)],
  ])('%s seeks back to roll the same dice again', (_name, make) => {
    const a = make();
    const first = [a.roll(6), a.roll(6), a.roll(6)];
    a.seek(1);
    expect(a.position).toBe(1);
    const again = [a.roll(6), a.roll(6), a.roll(6), a.roll(6)];
    expect(again.slice(0, 2)).toEqual(first.slice(1));
    const fresh = make();
    fresh.roll(6);
    expect(again).toEqual([fresh.roll(6), fresh.roll(6), fresh.roll(6), fresh.roll(6)]);
    expect(() => a.seek(a.position + 1)).toThrow(RangeError);
  });
});
