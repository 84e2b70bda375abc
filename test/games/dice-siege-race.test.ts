// Dice Siege's race (D7): every player gets the same dice by key (round, roll, slot), decides alone, and
// the rounds move in lockstep; logs of races verify roll by roll from the revealed seed.
import {
  advance,
  commitmentOf,
  FairDice,
  fairKeyedRoll,
  FAIR_SCHEME,
  getGame,
  LOG_FORMAT,
  RecordingDice,
  resultOf,
  scripted,
  startTable,
  verifyLog,
  type GameLog,
  type LogEntry,
  type Roll,
  type Table,
} from '@dicehall/shared';
import {
  diceSiege,
  legalActions,
  plainPlan,
  ranking,
  rollKey,
  type SiegeAction,
  type SiegeState,
} from '@dicehall/shared/dice-siege';
import { policyAction } from '@dicehall/shared/dice-siege';

const SEED = `${'c0ffee'.repeat(10)}abcd`;
const inputs = { gameId: 'race0123456789ab', clientSeed: 'ana:ben' };

type Chooser = (state: SiegeState, seat: number) => SiegeAction;
const strong: Chooser = (s, seat) => policyAction(s, seat);
/** A different player: takes the first roll, rerolls everything but the 6's once, then uses the plain plan. */
const plain: Chooser = (s, seat) => {
  const sh = s.sheets[seat];
  if (sh.attempt === 0) return { type: 'roll', hold: [] };
  if (sh.attempt === 1) {
    const hold = sh.tray.flatMap((v, i) => (v === 6 ? [i] : []));
    if (hold.length < sh.tray.length) return { type: 'roll', hold };
  }
  return plainPlan(s, seat);
};

interface Played {
  table: Table<SiegeState>;
  entries: LogEntry[];
  rollsBySeat: Roll[][];
  trace: string[][];
}

/** Plays a race to the end through the table: seats act in seat order within each round. */
function race(choosers: Chooser[], seed = SEED, gameId = inputs.gameId): Played {
  const dice = new RecordingDice(new FairDice(seed, { ...inputs, gameId }));
  const start = startTable(diceSiege, { mode: 'normal' }, choosers.length, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table as Table<SiegeState>;
  const entries: LogEntry[] = [start.entry];
  const rollsBySeat: Roll[][] = choosers.map(() => []);
  const trace: string[][] = choosers.map(() => []);
  for (let n = 0; !resultOf(diceSiege, table); n++) {
    if (n > 5000) throw new Error('the race did not end');
    const seat = diceSiege.toAct(table.state)[0];
    const step = advance(diceSiege, table, seat, 'action', choosers[seat](table.state, seat), dice);
    if (!step.ok) throw new Error(`${step.code}: ${step.message}`);
    table = step.table as Table<SiegeState>;
    entries.push(step.entry);
    rollsBySeat[seat].push(...step.entry.rolls);
    // What happened to each seat: its events, whichever entry carries them (a round's end, and a special
    // attack after it, arrive with the last plan of the round), and its sheet after each of its rolls
    // (a plan may leave it waiting for the others, which a solo game never does).
    for (let s = 0; s < choosers.length; s++) {
      for (const { seat: owner, ...e } of step.entry.events) if (owner === s) trace[s].push(JSON.stringify(e));
    }
    if (step.entry.rolls.length > 0) trace[seat].push(JSON.stringify(table.state.sheets[seat]));
  }
  return { table, entries, rollsBySeat, trace };
}

function logOf(p: Played, seats: number, gameId = inputs.gameId): GameLog {
  return {
    format: LOG_FORMAT,
    game: 'dice-siege',
    gameId,
    options: { mode: 'normal' },
    seats,
    players: ['Ana', 'Ben', 'Cy'].slice(0, seats),
    fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(SEED), clientSeed: inputs.clientSeed, serverSeed: SEED },
    entries: JSON.parse(JSON.stringify(p.entries)),
    result: resultOf(diceSiege, p.table),
  };
}

describe('D7 the race', () => {
  it('D7 two players given the same seed and the same choices get identical sheets', () => {
    const p = race([strong, strong]);
    expect(p.trace[0]).toEqual(p.trace[1]);
    expect(p.table.state.sheets[0]).toEqual(p.table.state.sheets[1]);
    // And the same as a solo game with that seed: a race is a solo game each.
    const solo = race([strong]);
    expect(solo.table.state.sheets[0]).toEqual(p.table.state.sheets[0]);
    expect(resultOf(diceSiege, p.table)).toMatchObject({ winners: [0, 1], reason: 'race' });
  });

  it("D7 different choices never change the other player's dice", () => {
    const alone = race([strong]);
    for (const others of [[plain], [plain, strong]]) {
      const p = race([strong, ...others]);
      // Seat 0 rolls exactly as it did alone, and its sheet goes through the same states.
      expect(p.rollsBySeat[0].map(({ key, value }) => [key, value])).toEqual(
        alone.rollsBySeat[0].map(({ key, value }) => [key, value]),
      );
      expect(p.trace[0]).toEqual(alone.trace[0]);
      // Whoever rolls a key gets the seed's number for that key.
      const byKey = new Map<string, number>();
      for (const r of p.rollsBySeat.flat()) {
        expect(r.value).toBe(fairKeyedRoll(SEED, inputs, r.key!, 6));
        if (byKey.has(r.key!)) expect(byKey.get(r.key!)).toBe(r.value);
        byKey.set(r.key!, r.value);
      }
      // The players did choose differently, and shared keys were actually rolled by both.
      expect(p.trace[1]).not.toEqual(p.trace[0]);
      const keys1 = new Set(p.rollsBySeat[1].map((r) => r.key));
      expect(p.rollsBySeat[0].filter((r) => keys1.has(r.key)).length).toBeGreaterThan(10);
    }
  });

  it('D7 the derived rolls: the key names round, roll and slot, and only they decide the number', () => {
    expect(rollKey(3, 2, 7)).toBe('siege.r3.a2.s7');
    const a = new FairDice(SEED, inputs);
    const b = new FairDice(SEED, inputs);
    // b rolls a lot first, in sequence and by other keys: the keyed number does not move.
    for (let i = 0; i < 50; i++) b.roll(6);
    b.rollKeyed(6, rollKey(3, 1, 0));
    expect(b.rollKeyed(6, rollKey(3, 2, 7))).toBe(a.rollKeyed(6, rollKey(3, 2, 7)));
    const faces = new Set(
      Array.from({ length: 60 }, (_, i) => a.rollKeyed(6, rollKey(1 + (i % 10), 1 + (i % 3), i % 8))),
    );
    expect(faces.size).toBe(6);
  });

  it('D7 every log of a race verifies, and a changed roll does not', () => {
    for (const [choosers, gameId] of [
      [[strong], 'solo-0000000001'],
      [[strong, plain], 'race-0000000002'],
      [[plain, strong, plain], 'race-0000000003'],
    ] as const) {
      const p = race([...choosers], SEED, gameId);
      const log = logOf(p, choosers.length, gameId);
      const verdict = verifyLog(log, getGame);
      expect(verdict.problems).toEqual([]);
      expect(verdict.rollsChecked).toBe(p.entries.flatMap((e) => e.rolls).length);
      const tampered: GameLog = JSON.parse(JSON.stringify(log));
      const r = tampered.entries.find((e) => e.rolls.length > 0)!.rolls[0];
      r.value = (r.value % 6) + 1;
      expect(verifyLog(tampered, getGame).ok).toBe(false);
      const rekeyed: GameLog = JSON.parse(JSON.stringify(log));
      rekeyed.entries.find((e) => e.rolls.length > 0)!.rolls[0].key = 'siege.r99.a1.s0';
      expect(verifyLog(rekeyed, getGame).ok).toBe(false);
    }
  });

  it('D7 rounds move in lockstep: a player who has sent the plan waits for the others', () => {
    const setup = diceSiege.setup({ mode: 'normal', seats: 2 }, 2, scripted([]));
    let s = setup.state;
    expect(diceSiege.toAct(s)).toEqual([0, 1]);
    for (const seat of [0, 1]) {
      const step = diceSiege.apply(s, seat, { type: 'roll', hold: [] }, scripted([1, 1, 1, 1, 1, 1]));
      if (!step.ok) throw new Error(step.message);
      s = step.state;
    }
    const done = diceSiege.apply(s, 0, plainPlan(s, 0), scripted([]));
    if (!done.ok) throw new Error(done.message);
    expect(diceSiege.toAct(done.state)).toEqual([1]);
    expect(legalActions(done.state, 0)).toEqual([]);
    expect(diceSiege.apply(done.state, 0, { type: 'roll', hold: [] }, scripted([1, 1, 1, 1, 1, 1]))).toMatchObject({
      ok: false,
      code: 'not-your-turn',
    });
    const both = diceSiege.apply(done.state, 1, plainPlan(done.state, 1), scripted([]));
    if (!both.ok) throw new Error(both.message);
    expect(both.state.round).toBe(2);
    expect(diceSiege.toAct(both.state)).toEqual([0, 1]);
  });

  it('D7 ranking: a won siege first, then more boxes left, then fewer rounds to win or more survived', () => {
    const s = diceSiege.setup({ mode: 'normal', seats: 5 }, 5, scripted([])).state;
    const set = (seat: number, phase: 'won' | 'lost', damage: number, endRound: number) =>
      Object.assign(s.sheets[seat], { phase, damage, endRound });
    set(0, 'lost', 86, 9);
    set(1, 'won', 40, 12);
    set(2, 'won', 30, 13);
    set(3, 'won', 30, 11);
    set(4, 'lost', 86, 12);
    expect(ranking(s)).toEqual([3, 2, 1, 4, 0]);
    expect(diceSiege.result(s)).toMatchObject({ winners: [3], reason: 'race' });
    set(2, 'won', 30, 11);
    expect(diceSiege.result(s)).toMatchObject({ winners: [2, 3] });
  });

  it('D7 seats: one to eight', () => {
    expect(diceSiege.seats).toEqual({ min: 1, max: 8 });
    const d = new RecordingDice(scripted([]));
    expect(startTable(diceSiege, {}, 9, d)).toMatchObject({ ok: false, code: 'bad-seats' });
    expect(startTable(diceSiege, {}, 8, d)).toMatchObject({ ok: true });
  });
});
