// Dice Siege properties over seeded games: the round bound, no mutation, every listed action accepted,
// bookkeeping invariants, and a log that replays the game.
import {
  advance,
  LOG_FORMAT,
  pick,
  RecordingDice,
  replayLog,
  resultOf,
  scripted,
  seededDice,
  seededKeyedDice,
  startTable,
  type Dice,
  type GameLog,
  type LogEntry,
  type Table,
} from '@dicehall/shared';
import {
  diceSiege,
  isAlive,
  legalActions,
  roundBound,
  totalBoxes,
  TRACKS,
  TRACK_IDS,
  type SiegeAction,
  type SiegeState,
} from '@dicehall/shared/dice-siege';
import { policyAction } from '@dicehall/shared/dice-siege';

/** A fresh sheet with both extra dice unlocked. */
function at8(): SiegeState {
  const s = diceSiege.setup({ mode: 'normal', seats: 1 }, 1, scripted([])).state;
  s.sheets[0].tracks.extra1 = 3;
  s.sheets[0].tracks.extra2 = 3;
  s.sheets[0].diceCount = 8;
  return s;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

type Chooser = 'random' | 'policy';
const choose = (s: SiegeState, seat: number, how: Chooser, bot: Dice): SiegeAction =>
  how === 'policy' ? policyAction(s, seat) : pick(bot, legalActions(s, seat));

function books(s: SiegeState) {
  for (const sh of s.sheets) {
    check(sh.damage >= 0 && sh.damage <= totalBoxes(s), 'damage within the stronghold');
    check(
      sh.attackers.every((a) => a.hits >= 0 && a.hits <= a.boxes),
      'hits within boxes',
    );
    check(
      TRACK_IDS.every((t) => sh.tracks[t] >= 0 && sh.tracks[t] <= TRACKS[t]),
      'tracks within their boxes',
    );
    check(sh.tray.length === 0 || sh.tray.length === sh.diceCount, "the tray holds the round's dice");
    check(sh.diceCount >= 6 && sh.diceCount <= 8, 'six to eight dice');
    check(sh.phase !== 'won' || sh.attackers.every((a) => !isAlive(a)), 'a won siege has no attacker left');
    check(sh.phase !== 'lost' || sh.damage === totalBoxes(s), 'a lost siege has no box left');
  }
}

/** Plays a seeded game through the table, checking everything on every step. */
function play(seed: number, seats: number, how: Chooser[], opts: { freeze: boolean; everyAction: boolean }) {
  const dice = new RecordingDice(seededKeyedDice(seed));
  const bot = seededDice(seed ^ 0x5eed);
  const start = startTable(diceSiege, { mode: seed % 2 ? 'epic' : 'normal' }, seats, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table as Table<SiegeState>;
  const entries: LogEntry[] = [start.entry];
  const bound = roundBound(table.state);
  for (let n = 0; !resultOf(diceSiege, table); n++) {
    check(table.state.round <= bound, `seed ${seed}: past the bound of ${bound} rounds`);
    const toAct = diceSiege.toAct(table.state);
    check(toAct.length > 0, 'nobody to act');
    const seat = toAct[n % toAct.length];
    const legal = legalActions(table.state, seat);
    check(legal.length > 0, 'a seat to act without a legal action');
    if (opts.everyAction) {
      // Every listed action is accepted (on a throwaway dice source).
      for (const a of legal)
        check(
          diceSiege.apply(table.state, seat, a, seededKeyedDice(n)).ok,
          `seed ${seed}: a listed action was refused: ${JSON.stringify(a)}`,
        );
    }
    const before = JSON.stringify(table.state);
    if (opts.freeze) deepFreeze(table.state);
    const step = advance(diceSiege, table, seat, 'action', choose(table.state, seat, how[seat], bot), dice);
    if (!step.ok) throw new Error(`seed ${seed}: ${step.code} ${step.message}`);
    check(JSON.stringify(table.state) === before, `seed ${seed}: apply changed its input`);
    table = step.table as Table<SiegeState>;
    entries.push(step.entry);
    books(table.state);
  }
  return { table, entries };
}

describe('dice-siege properties', () => {
  it('D2 every game ends within its round bound; nothing mutates; the books balance', () => {
    let longest = 0;
    const outcomes = new Set<string>();
    for (let seed = 0; seed < 120; seed++) {
      const how: Chooser[] =
        seed % 8 === 0
          ? ['policy']
          : seed % 8 === 1
            ? ['random', 'policy']
            : seed % 8 === 2
              ? ['random', 'random', 'random']
              : ['random'];
      const { table } = play(seed, how.length, how, { freeze: seed % 3 === 0, everyAction: false });
      expect(table.state.round).toBeLessThanOrEqual(roundBound(table.state));
      longest = Math.max(longest, table.state.round);
      for (const sh of table.state.sheets) outcomes.add(sh.phase);
    }
    expect([...outcomes].sort()).toEqual(['lost', 'won']);
    expect(longest).toBeLessThan(roundBound({ levels: [28, 38, 20], lines: new Array(10) }));
  });

  it('every action legalActions lists is accepted by apply', () => {
    for (let seed = 1000; seed < 1012; seed++)
      play(seed, seed % 3 === 0 ? 2 : 1, ['random', 'random'], { freeze: false, everyAction: true });
  });

  it('replaying the log reproduces every game, solo and race', () => {
    for (let seed = 2000; seed < 2030; seed++) {
      const seats = 1 + (seed % 3);
      const how: Chooser[] = Array.from({ length: seats }, (_, s) => (s === 0 && seed % 2 ? 'policy' : 'random'));
      const { table, entries } = play(seed, seats, how, { freeze: false, everyAction: false });
      const log: GameLog = {
        format: LOG_FORMAT,
        game: 'dice-siege',
        gameId: `test-${seed}`,
        options: { mode: seed % 2 ? 'epic' : 'normal' },
        seats,
        players: ['Ana', 'Ben', 'Cy'].slice(0, seats),
        fair: { scheme: 'test', commitment: '', clientSeed: '', serverSeed: null },
        entries: JSON.parse(JSON.stringify(entries)),
        result: resultOf(diceSiege, table),
      };
      const replay = replayLog(log, (id) => (id === 'dice-siege' ? diceSiege : undefined));
      if (!replay.ok) throw new Error(replay.problem);
      expect(JSON.stringify(replay.table.state)).toBe(JSON.stringify(table.state));
      expect(resultOf(replay.module, replay.table)).toEqual(log.result);
      // Every roll of the game is keyed.
      expect(entries.flatMap((e) => e.rolls).every((r) => typeof r.key === 'string')).toBe(true);
    }
  });

  it('pins the legal action counts: one first roll, every hold set but all, and the plans', () => {
    const fresh = diceSiege.setup({ mode: 'normal', seats: 1 }, 1, scripted([])).state;
    expect(legalActions(fresh, 0)).toEqual([{ type: 'roll', hold: [] }]);
    const roll = (s: SiegeState, faces: number[], hold: number[] = []) => {
      const step = diceSiege.apply(s, 0, { type: 'roll', hold }, scripted(faces));
      if (!step.ok) throw new Error(step.message);
      return step.state;
    };
    // 2^6 - 1 hold sets, the plain plan (an archer on the Goblins) and the empty plan.
    let s = roll(fresh, [2, 3, 4, 5, 6, 1]);
    expect(legalActions(s, 0)).toHaveLength(63 + 2);
    expect(legalActions(s, 0).filter((a) => a.type === 'plan')).toContainEqual(
      expect.objectContaining({ hits: [{ target: 'l1.0', n: 1, summon: false }] }),
    );
    s = roll(roll(s, [1, 1, 1], [0, 1, 2]), [1, 1, 1], [0, 1, 2]);
    // After the third roll only plans: the plain one (an archer, and three 1's circle a tier-3 special) and the empty one.
    expect(legalActions(s, 0)).toHaveLength(2);
    expect(legalActions(s, 0)[0]).toMatchObject({
      type: 'plan',
      unlock: 'repurpose-rubble',
      hits: [{ target: 'l1.0', n: 1 }],
    });
    // With nothing to use, the plain plan is the empty one, listed once.
    const idle = roll(roll(roll(fresh, [3, 4, 5, 1, 3, 4]), [1], [0, 1, 2, 3, 4]), [1], [0, 1, 2, 3, 4]);
    expect(legalActions(idle, 0)).toEqual([
      { type: 'plan', dice: Array(6).fill(null), pairs: [], unlock: null, specials: [], heroicLine: null, hits: [] },
    ]);
    const eight = at8();
    expect(legalActions(roll(eight, [1, 2, 3, 4, 5, 6, 1, 2]), 0).filter((a) => a.type === 'roll')).toHaveLength(255);
  });

  it('refuses malformed actions before the rules see them', () => {
    for (const bad of [
      { type: 'roll' },
      { type: 'roll', hold: [8] },
      { type: 'roll', hold: [-1] },
      { type: 'plan' },
      { type: 'plan', dice: ['cannons'] },
      { type: 'plan', dice: [], hits: [{ target: 'l1.0', n: 0 }] },
      { type: 'plan', dice: [], hits: [{ target: 'x', n: 1 }] },
      { type: 'plan', dice: [], specials: ['fireball'] },
      { type: 'roll', hold: [], extra: 1 },
    ])
      expect(diceSiege.action.safeParse(bad).success).toBe(false);
    expect(diceSiege.options.safeParse({ mode: 'hard' }).success).toBe(false);
    expect(diceSiege.options.safeParse({}).data).toEqual({ mode: 'normal', seats: 1 });
  });

  it('no view differs by who asks, but for naming the asker: every sheet is public', () => {
    const { table } = play(7, 2, ['random', 'random'], { freeze: false, everyAction: false });
    const strip = (v: unknown) => JSON.stringify({ ...(v as object), you: null });
    expect(strip(diceSiege.view(table.state, 0))).toBe(strip(diceSiege.view(table.state, null)));
    expect(strip(diceSiege.view(table.state, 1))).toBe(strip(diceSiege.view(table.state, null)));
  });
});
