// Dice Siege under D8 (2026-11-27): the table decisions the module made in play, now rulings. Elves and Riders from
// the round after their last box, Halflings as 2–6 only, damage beyond an attacker's boxes lost, the tuned special
// attacks (Battering Ram 14, Wyvern's Fire 18), and the race's leavers and fallen strongholds. Scripted dice.
import { scripted, type Dice } from '@dicehall/shared';
import {
  diceSiege,
  emptyPlan,
  LINES,
  ranking,
  TRACKS,
  type Plan,
  type SiegeState,
  type Track,
} from '@dicehall/shared/dice-siege';

/** A sheet (or a race of `seats`) in round `round`, waiting for its first roll. */
function at(
  spec: { round?: number; seats?: number; tracks?: Partial<Record<Track, number>>; hits?: Record<string, number> } = {},
) {
  const seats = spec.seats ?? 1;
  const setup = diceSiege.setup({ mode: 'normal', seats }, seats, scripted([]));
  if (!setup.ok) throw new Error('setup');
  const s = setup.state;
  s.round = spec.round ?? 1;
  for (const sh of s.sheets) {
    Object.assign(sh.tracks, spec.tracks ?? {});
    for (const a of sh.attackers) a.hits = spec.hits?.[a.id] ?? 0;
    sh.elves = sh.tracks.elves >= TRACKS.elves;
    sh.riders = sh.tracks.riders >= TRACKS.riders;
  }
  return s;
}

function ok(state: SiegeState, action: unknown, dice: Dice = scripted([]), seat = 0) {
  const parsed = diceSiege.action.safeParse(action);
  if (!parsed.success) throw new Error(`bad action ${JSON.stringify(action)}`);
  const step = diceSiege.apply(state, seat, parsed.data, dice);
  if (!step.ok) throw new Error(`${step.code}: ${step.message}`);
  return step;
}

function refused(state: SiegeState, action: unknown, seat = 0) {
  const parsed = diceSiege.action.safeParse(action);
  if (!parsed.success) throw new Error(`bad action ${JSON.stringify(action)}`);
  const before = JSON.stringify(state);
  const step = diceSiege.apply(state, seat, parsed.data, scripted([]));
  expect(JSON.stringify(state)).toBe(before);
  return step.ok ? 'accepted' : step.code;
}

const rolled = (state: SiegeState, faces: number[], seat = 0) =>
  ok(state, { type: 'roll', hold: [] }, scripted(faces), seat).state;
const plan = (dice: Plan['dice'][number][], more: Partial<Plan> = {}): Plan => ({
  ...emptyPlan(dice.length),
  dice,
  ...more,
});
const hit = (target: string, n: number) => ({ target, n, summon: false });
const NONE = [null, null, null, null, null] as const;

describe('D8 table decisions made in play, now ruled', () => {
  it('D8 Elves completed in a round help from the next round, not in that round', () => {
    const s = rolled(at({ tracks: { elves: 3 } }), [6, 5, 1, 1, 1, 1]);
    expect(refused(s, plan(['box-elves', 'elves', null, null, null, null]))).toBe('ability-closed');
    const done = ok(s, plan(['box-elves', null, null, null, null, null]));
    expect(done.state.sheets[0].tracks.elves).toBe(4);
    const next = rolled(done.state, [5, 1, 1, 1, 1, 1]);
    expect(refused(next, plan(['elves', ...NONE]))).toBe('accepted');
  });

  it('D8 Riders completed in a round help from the next round, not in that round', () => {
    const s = rolled(at({ tracks: { riders: 3 } }), [6, 3, 1, 1, 1, 1]);
    expect(refused(s, plan(['box-riders', 'riders', null, null, null, null]))).toBe('ability-closed');
    const done = ok(s, plan(['box-riders', null, null, null, null, null]));
    const next = rolled(done.state, [3, 1, 1, 1, 1, 1]);
    expect(refused(next, plan(['riders', ...NONE]))).toBe('accepted');
  });

  it.each([1, 7])('D8 Halflings stand for 2 to 6 only: a pair as %i is refused', (as) => {
    const pair = (n: number) => plan(Array(6).fill(null), { pairs: [{ dice: [0, 1], as: n, use: null }] });
    expect(diceSiege.action.safeParse(pair(as)).success).toBe(false);
    for (const n of [2, 3, 4, 5, 6]) expect(diceSiege.action.safeParse(pair(n)).success).toBe(true);
    // Two 1's as a 2 serve the Archers.
    const s = rolled(at({ round: 2 }), [1, 1, 2, 1, 3, 5]);
    const archers = plan([null, null, 'archers', null, null, null], {
      pairs: [{ dice: [0, 1], as: 2, use: 'archers' }],
      hits: [hit('l2.0', 2)],
    });
    expect(refused(s, archers)).toBe('accepted');
  });

  it('D8 damage beyond the boxes an attacker has left is lost, never carried to another', () => {
    // Round 1: Goblins (7 boxes) with 5 checked; six 2's for the Archers deal 6.
    const s = rolled(at({ hits: { 'l1.0': 5 } }), [2, 2, 2, 2, 2, 2]);
    const archers = Array(6).fill('archers');
    expect(refused(s, plan(archers, { hits: [hit('l1.0', 3)] }))).toBe('overkill');
    // Orcs have not entered: the 4 left over has nowhere to go.
    expect(refused(s, plan(archers, { hits: [hit('l1.0', 2), hit('l2.0', 4)] }))).toBe('not-entered');
    const step = ok(s, plan(archers, { hits: [hit('l1.0', 2)] }));
    expect(step.events.find((e) => e.type === 'plan')).toMatchObject({ damage: 6, placed: 2 });
    // Next round the Orcs enter whole; nothing of the 6 remains.
    const next = step.state.sheets[0];
    expect(next.attackers.find((a) => a.id === 'l1.0')!.hits).toBe(7);
    expect(next.attackers.find((a) => a.id === 'l2.0')!.hits).toBe(0);
    expect(JSON.stringify(step.state)).not.toMatch(/"(spare|excess|leftover)"/);
  });

  it("D8 the special attacks strike with the tuned damages: Battering Ram 14, Wyvern's Fire 18", () => {
    expect(LINES.filter((l) => 'special' in l).map((l) => [l.line, 'special' in l && l.special])).toEqual([
      [4, { kind: 'battering-ram', damage: 14 }],
      [8, { kind: 'wyverns-fire', damage: 18 }],
    ]);
    // Round 7 (Trolls) played with nothing: Trolls 5, then round 8 is Wyvern's Fire alone, 18 boxes.
    const s = rolled(
      at({ round: 7, hits: { 'l1.0': 7, 'l2.0': 8, 'l3.0': 6, 'l5.0': 12, 'l6.0': 7, 'l6.1': 8 } }),
      [1, 1, 1, 1, 1, 1],
    );
    const step = ok(s, plan(Array(6).fill(null)));
    expect(step.events.filter((e) => e.type === 'special-attack')).toEqual([
      { type: 'special-attack', round: 8, kind: 'wyverns-fire', damage: 18 },
    ]);
    expect(step.state.sheets[0].damage).toBe(5 + 18);
    const ram = ok(
      rolled(at({ round: 3, hits: { 'l1.0': 7, 'l2.0': 8 } }), [1, 1, 1, 1, 1, 1]),
      plan(Array(6).fill(null)),
    );
    expect(ram.events.filter((e) => e.type === 'special-attack')).toEqual([
      { type: 'special-attack', round: 4, kind: 'battering-ram', damage: 14 },
    ]);
    expect(ram.state.sheets[0].damage).toBe(5 + 14);
  });

  it('D8 in a race a player who leaves ranks last, and the others play on', () => {
    const s = at({ seats: 3 });
    const left = diceSiege.resign!(s, 1, scripted([]));
    if (!left.ok) throw new Error(left.message);
    expect(diceSiege.toAct(left.state)).toEqual([0, 2]);
    expect(diceSiege.result(left.state)).toBeNull();
    // Even against a stronghold that fell later, the one who left is last.
    const end = left.state;
    Object.assign(end.sheets[0], { phase: 'lost', damage: 86, endRound: 5 });
    Object.assign(end.sheets[2], { phase: 'lost', damage: 86, endRound: 3 });
    expect(ranking(end)).toEqual([0, 2, 1]);
    expect(diceSiege.result(end)).toMatchObject({ winners: [0], reason: 'race' });
  });

  it('D8 a race in which every stronghold fell is ranked by rounds survived, a tie shared', () => {
    const s = at({ seats: 4 });
    const fell = (seat: number, endRound: number) =>
      Object.assign(s.sheets[seat], { phase: 'lost', damage: 86, endRound });
    fell(0, 9);
    fell(1, 12);
    fell(2, 7);
    fell(3, 10);
    expect(ranking(s)).toEqual([1, 3, 0, 2]);
    expect(diceSiege.result(s)).toMatchObject({
      winners: [1],
      draw: false,
      reason: 'race',
      summary: 'Lasted longest, to round 12',
    });
    const names = ['Ana', 'Ben', 'Cat', 'Dan'];
    expect(diceSiege.describeResult!(diceSiege.result(s)!, names)).toBe(
      'Every stronghold fell — Ben lasted longest, to round 12, and wins the race',
    );
    fell(3, 12);
    expect(diceSiege.result(s)).toMatchObject({ winners: [1, 3] });
    expect(diceSiege.describeResult!(diceSiege.result(s)!, names)).toBe(
      'Every stronghold fell — Ben and Dan lasted longest, to round 12, and share first place',
    );
  });
});
