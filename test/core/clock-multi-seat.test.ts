// Clocks at tables of more than two seats (issue #16): the module declares what a timeout does — Polywars
// eliminates the player through its multi-seat `resign` hook, a game may skip instead — driven by a fake clock.
import {
  advance,
  GameClock,
  LOG_FORMAT,
  pick,
  RecordingDice,
  refuse,
  replayLog,
  seededDice,
  startTable,
  timeable,
  type GameLog,
  type GameModule,
  type LogEntry,
  type Table,
} from '@dicehall/shared';
import { polywars, type PolywarsState } from '@dicehall/shared/polywars';

const KING = { scenario: 'kill-the-king' as const, budget: 12, cycleLimit: 3 };

function fakeTime(start = 5_000_000) {
  let t = start;
  return {
    now: () => t,
    pass: (ms: number) => {
      t += ms;
    },
  };
}

/** A Kill the King table of `seats` played by seeded random legal actions, the clock told of every move. */
function timedKing(
  seats: number,
  clock: GameClock | null,
  until: (t: Table<PolywarsState>) => boolean,
  pass = () => {},
) {
  const dice = new RecordingDice(seededDice(seats * 41));
  const bot = seededDice(seats * 13);
  const start = startTable(polywars, { ...KING, seats }, seats, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table;
  const entries: LogEntry[] = [start.entry];
  while (!until(table) && polywars.result(table.state) === null) {
    const seat = polywars.toAct(table.state)[0];
    pass();
    const step = advance(polywars, table, seat, 'action', pick(bot, polywars.legalActions(table.state, seat)), dice);
    if (!step.ok) throw new Error(step.message);
    table = step.table;
    entries.push(step.entry);
    clock?.moved(seat, polywars.toAct(table.state));
  }
  return { table, entries, dice };
}

describe('which tables can be timed', () => {
  it('two seats always; more only for a module that declares a timeout policy with its hook', () => {
    const bare: GameModule = { ...polywars, timeoutPolicy: undefined };
    expect(timeable(bare, 2)).toBe(true);
    expect(timeable(bare, 3)).toBe(false);
    expect(polywars.timeoutPolicy).toBe('eliminate');
    expect(timeable(polywars, 6)).toBe(true);
    // A declared policy without its hook is no policy.
    expect(timeable({ ...polywars, timeoutPolicy: 'skip' }, 3)).toBe(false);
    expect(timeable({ ...polywars, resign: undefined }, 3)).toBe(false);
  });
});

describe('Polywars: a fallen clock at three or more seats eliminates that player', () => {
  it('W5 a chess clock falls during the turns: only that player leaves, the others play on, the log replays', () => {
    const time = fakeTime();
    const control = { mode: 'chess', baseSeconds: 60, incrementSeconds: 1 } as const;
    const clock = new GameClock(control, 3, [0, 1, 2], time.now);
    // Every move takes 200 ms of the mover's time (three seats think at once in the secret steps).
    const { table, entries, dice } = timedKing(
      3,
      clock,
      (t) => t.state.phase === 'turns',
      () => time.pass(200),
    );
    const seat = polywars.toAct(table.state)[0];
    expect(clock.snapshot.running).toEqual([seat]);
    time.pass(clock.nextExpiry()! - 1);
    expect(clock.expired()).toEqual([]);
    time.pass(1);
    expect(clock.expired()).toEqual([seat]);

    const out = advance(polywars, table, seat, 'timeout', undefined, dice);
    if (!out.ok) throw new Error(out.message);
    expect(out.table.ended).toBeNull();
    expect(polywars.result(out.table.state)).toBeNull();
    expect(out.table.state.inGame.filter(Boolean)).toHaveLength(2);
    expect(out.table.state.inGame[seat]).toBe(false);
    expect(out.entry).toMatchObject({ kind: 'timeout', seat });
    expect(out.entry.events[0]).toEqual({ type: 'timeout', seat });
    expect(out.entry.events.some((e) => e.type === 'eliminated')).toBe(true);
    const next = polywars.toAct(out.table.state);
    expect(next).not.toContain(seat);
    expect(next).toHaveLength(1);

    // The room then tells the clock: the next player's clock runs, the eliminated one's never again.
    clock.moved(seat, next);
    expect(clock.snapshot.running).toEqual(next);
    time.pass(5_000);
    expect(clock.expired()).toEqual([]);

    const log: GameLog = {
      format: LOG_FORMAT,
      game: 'polywars',
      rules: polywars.rulesVersion,
      gameId: 'timeout3',
      options: { ...KING, seats: 3 },
      seats: 3,
      players: ['A', 'B', 'C'],
      fair: { scheme: 'test', commitment: 'none', clientSeed: '', serverSeed: null },
      entries: [...entries, out.entry],
      result: null,
    };
    const replay = replayLog(JSON.parse(JSON.stringify(log)), (id) => (id === 'polywars' ? polywars : undefined));
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.table.state).toEqual(out.table.state);
  });

  it('W5 in a secret step every awaited clock runs at once; the one that falls is eliminated and the others still answer', () => {
    const time = fakeTime();
    const clock = new GameClock({ mode: 'turn', turnSeconds: 30 }, 4, [0, 1, 2, 3], time.now);
    const { table, dice } = timedKing(
      4,
      clock,
      (t) => t.state.phase === 'bid',
      () => time.pass(100),
    );
    expect(polywars.toAct(table.state).sort()).toEqual([0, 1, 2, 3]);
    expect(clock.snapshot.running.slice().sort()).toEqual([0, 1, 2, 3]);
    // Seats 0, 1 and 3 bid at once after 10 s; seat 2 never does.
    time.pass(10_000);
    let t = table;
    for (const seat of [0, 1, 3]) {
      const step = advance(polywars, t, seat, 'action', { type: 'bid', points: 1 }, dice);
      if (!step.ok) throw new Error(step.message);
      t = step.table;
      clock.moved(seat, polywars.toAct(t.state));
    }
    expect(clock.snapshot.running).toEqual([2]);
    expect(clock.remaining()[2]).toBe(20_000);
    time.pass(20_000);
    expect(clock.expired()).toEqual([2]);
    const out = advance(polywars, t, 2, 'timeout', undefined, dice);
    if (!out.ok) throw new Error(out.message);
    expect(out.table.ended).toBeNull();
    expect(out.table.state.inGame).toEqual([true, true, false, true]);
    // The bids are in from everyone left: the game moved on past the secret step.
    expect(out.table.state.phase).not.toBe('bid');
  });

  it('at two seats a timeout still loses the game to the opponent', () => {
    const { table, dice } = timedKing(2, null, (t) => t.state.phase === 'turns');
    const out = advance(polywars, table, 1, 'timeout', undefined, dice);
    if (!out.ok) throw new Error(out.message);
    expect(out.table.ended).toMatchObject({ winners: [0], reason: 'timeout' });
  });

  it('a timeout of a seat already out is refused and changes nothing', () => {
    const { table, dice } = timedKing(3, null, (t) => t.state.phase === 'turns');
    const out = advance(polywars, table, 1, 'timeout', undefined, dice);
    if (!out.ok) throw new Error(out.message);
    expect(advance(polywars, out.table, 1, 'timeout', undefined, dice)).toMatchObject({
      ok: false,
      code: 'not-in-game',
    });
  });
});

describe('the skip policy', () => {
  // A counter game for three: seats take turns adding 1; a skipped seat adds nothing and play passes on.
  interface Count {
    total: number;
    turn: number;
    skipped: number[];
  }
  const counter: GameModule<Count> = {
    ...(polywars as unknown as GameModule<Count>),
    id: 'counter',
    seats: { min: 2, max: 3 },
    setup: () => ({ ok: true, state: { total: 0, turn: 0, skipped: [] }, events: [] }),
    toAct: (s) => (s.total >= 5 ? [] : [s.turn]),
    legalActions: (s, seat) => (seat === s.turn ? [{ type: 'add' }] : []),
    apply: (s, seat) =>
      seat === s.turn
        ? { ok: true, state: { ...s, total: s.total + 1, turn: (s.turn + 1) % 3 }, events: [] }
        : refuse('not-your-turn', ''),
    result: (s) => (s.total >= 5 ? { winners: [0], draw: false, reason: 'count', summary: '' } : null),
    resign: undefined,
    timeoutPolicy: 'skip',
    skip: (s, seat) =>
      seat === s.turn
        ? {
            ok: true,
            state: { ...s, turn: (s.turn + 1) % 3, skipped: [...s.skipped, seat] },
            events: [{ type: 'skipped', seat }],
          }
        : refuse('not-your-turn', 'Only the player to act can be skipped.'),
  };

  it("passes the fallen seat's turn through the module's skip hook; the game goes on", () => {
    expect(timeable(counter, 3)).toBe(true);
    const dice = new RecordingDice(seededDice(1));
    const start = startTable(counter, {}, 3, dice);
    if (!start.ok) throw new Error(start.message);
    const out = advance(counter, start.table, 0, 'timeout', undefined, dice);
    if (!out.ok) throw new Error(out.message);
    expect(out.table.ended).toBeNull();
    expect(out.table.state).toEqual({ total: 0, turn: 1, skipped: [0] });
    expect(out.entry.events).toEqual([
      { type: 'timeout', seat: 0 },
      { type: 'skipped', seat: 0 },
    ]);
    expect(advance(counter, out.table, 0, 'timeout', undefined, dice)).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
  });
});
