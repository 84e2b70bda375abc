// The table reducer with more than two seats: a resignation eliminates only the resigning player when the module
// has a `resign` hook, the log replays it, and two-seat tables and modules without the hook keep the old ending.
import {
  advance,
  getGame,
  LOG_FORMAT,
  pick,
  RecordingDice,
  replayLog,
  seatCount,
  seededDice,
  startTable,
  type GameLog,
  type LogEntry,
  type Table,
} from '@dicehall/shared';
import { polywars, type PolywarsState } from '@dicehall/shared/polywars';

const KING = { scenario: 'kill-the-king' as const, budget: 12, cycleLimit: 3 };

/** A table of `seats` Kill the King played by seeded random legal actions until `until` holds. */
function playTo(seats: number, until: (t: Table<PolywarsState>) => boolean) {
  const dice = new RecordingDice(seededDice(seats * 31));
  const bot = seededDice(seats * 17);
  const start = startTable(polywars, { ...KING, seats }, seats, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table;
  const entries: LogEntry[] = [start.entry];
  while (!until(table) && polywars.result(table.state) === null) {
    const seat = polywars.toAct(table.state)[0];
    const step = advance(polywars, table, seat, 'action', pick(bot, polywars.legalActions(table.state, seat)), dice);
    if (!step.ok) throw new Error(step.message);
    table = step.table;
    entries.push(step.entry);
  }
  return { table, entries, dice };
}

describe('resigning at a table of more than two seats', () => {
  it('eliminates only the resigning player; the others play on, and the log replays', () => {
    const { table, entries, dice } = playTo(3, (t) => t.state.phase === 'turns');
    const resigned = advance(polywars, table, 1, 'resign', undefined, dice);
    if (!resigned.ok) throw new Error(resigned.message);
    expect(resigned.table.ended).toBeNull();
    expect(polywars.result(resigned.table.state)).toBeNull();
    expect(resigned.table.state.inGame).toEqual([true, false, true]);
    expect(resigned.table.state.dice.filter((d) => d.owner === 1 && d.alive)).toHaveLength(0);
    expect(resigned.entry.events[0]).toEqual({ type: 'resign', seat: 1 });
    expect(resigned.entry.events.some((e) => e.type === 'eliminated')).toBe(true);
    expect(polywars.toAct(resigned.table.state)).not.toContain(1);

    // Resigning twice is refused and changes nothing; the last of two remaining players resigning ends the game.
    const again = advance(polywars, resigned.table, 1, 'resign', undefined, dice);
    expect(again.ok).toBe(false);
    if (!again.ok) expect(again.code).toBe('not-in-game');
    const last = advance(polywars, resigned.table, 0, 'resign', undefined, dice);
    if (!last.ok) throw new Error(last.message);
    expect(polywars.result(last.table.state)?.winners).toEqual([2]);

    const log: GameLog = {
      format: LOG_FORMAT,
      game: 'polywars',
      rules: polywars.rulesVersion,
      gameId: 'resign3',
      options: { ...KING, seats: 3 },
      seats: 3,
      players: ['A', 'B', 'C'],
      fair: { scheme: 'test', commitment: 'none', clientSeed: '', serverSeed: null },
      entries: [...entries, resigned.entry, last.entry],
      result: polywars.result(last.table.state),
    };
    const replay = replayLog(JSON.parse(JSON.stringify(log)), (id) => (id === 'polywars' ? polywars : undefined));
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.table.state).toEqual(last.table.state);
  });

  it('resigning during a secret step (bids) lets the others go on', () => {
    const { table, dice } = playTo(4, (t) => t.state.phase === 'bid');
    const step = advance(polywars, table, 3, 'resign', undefined, dice);
    if (!step.ok) throw new Error(step.message);
    expect(step.table.ended).toBeNull();
    expect(polywars.toAct(step.table.state).sort()).toEqual([0, 1, 2]);
  });

  it('at two seats the table still gives the win to the other player', () => {
    const { table, dice } = playTo(2, (t) => t.state.phase === 'turns');
    const step = advance(polywars, table, 0, 'resign', undefined, dice);
    if (!step.ok) throw new Error(step.message);
    expect(step.table.ended).toMatchObject({ winners: [1], reason: 'resigned' });
  });

  it("a module without the hook gives a resignation's win to everyone else", () => {
    const highRoll = getGame('high-roll')!;
    const start = startTable(highRoll, {}, 2, new RecordingDice(seededDice(1)));
    if (!start.ok) throw new Error(start.message);
    const step = advance(highRoll, start.table, 1, 'resign', undefined, new RecordingDice(seededDice(2)));
    if (!step.ok) throw new Error(step.message);
    expect(step.table.ended?.winners).toEqual([0]);
  });
});

describe('room size from options', () => {
  it("Polywars seats what the options say, the scenario's most without it, and refuses a count the scenario does not take", () => {
    const parse = (o: unknown) => polywars.options.safeParse(o);
    expect(seatCount(polywars, parse({ scenario: 'kill-the-king', seats: 3 }).data!)).toBe(3);
    expect(seatCount(polywars, parse({ scenario: 'kill-the-king' }).data!)).toBe(6);
    expect(seatCount(polywars, parse({ scenario: 'rescue-mission' }).data!)).toBe(2);
    const bad = parse({ scenario: 'snipe-hunt', seats: 3 });
    expect(bad.success).toBe(false);
    expect(bad.error?.issues[0].message).toBe('Snipe Hunt is for 2 players');
    expect(parse({ scenario: 'kill-the-king', seats: 7 }).success).toBe(false);
  });

  it("Polywars options: 0 for the budget or the cycle limit means the scenario's own (the room form's default)", () => {
    const parsed = polywars.options.safeParse({ scenario: 'rescue-mission', budget: 0, cycleLimit: 0 });
    expect(parsed.success).toBe(true);
    const state = polywars.setup(parsed.data!, 2, seededDice(1)).state;
    expect([state.budget, state.cycleLimit]).toEqual([30, 12]);
    expect(polywars.options.safeParse({ scenario: 'kill-the-king', cycleLimit: -1 }).success).toBe(false);
  });

  it('a module without seatsFor seats its maximum', () => {
    expect(seatCount(getGame('shields')!, {})).toBe(2);
  });
});
