// Polywars rulings of 2026-11-27 (rules 2): W8, every game ends (Kill the King's and Capture the Flag's cycle
// limits), and W9, the source's auras in full (a carrier drops its flag to take another it tags; a flag passes to a
// friendly die by tagging). Scripted positions; rules 1 keeps its own behaviour for archived games.
import { scripted, type Dice } from '@dicehall/shared';
import { actionLabel } from '../../client/src/games/polywars/text';
import type { Snapshot } from '../../client/src/net/store';
import {
  polywars,
  setupState,
  type Flag,
  type PolywarsAction,
  type PolywarsOptions,
  type PolywarsState,
  type PwDie,
} from '@dicehall/shared/polywars';

const NO_ROLLS: Dice = scripted([]);

interface Spec {
  owner: number;
  sides: number;
  value: number;
  x: number;
  y: number;
  aura?: PwDie['aura'];
  alive?: boolean;
}

/** A battle under way: the first seat of `order` to act in its `turnPhase`, no terrain. */
function battle(options: PolywarsOptions, seats: number, specs: Spec[], extra: Partial<PolywarsState> = {}) {
  const s = setupState(options, seats);
  const dice: PwDie[] = specs.map((d, id) => ({
    id,
    owner: d.owner,
    sides: d.sides,
    value: d.value,
    x: d.x,
    y: d.y,
    alive: d.alive ?? true,
    aura: d.aura ?? null,
  }));
  return {
    ...s,
    terrain: [],
    dice,
    phase: 'turns',
    cycle: 1,
    order: Array.from({ length: seats }, (_, i) => i),
    turnIndex: 0,
    turnPhase: 'attack',
    lastBids: Array(seats).fill(0),
    ...extra,
  } as PolywarsState;
}

function play(s: PolywarsState, seat: number, a: PolywarsAction, dice: Dice = NO_ROLLS): PolywarsState {
  const r = polywars.apply(s, seat, a, dice);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.state;
}

function refusal(s: PolywarsState, seat: number, a: PolywarsAction): string {
  const r = polywars.apply(s, seat, a, NO_ROLLS);
  return r.ok ? 'accepted' : r.code;
}

const events = (s: PolywarsState, seat: number, a: PolywarsAction) => {
  const r = polywars.apply(s, seat, a, NO_ROLLS);
  if (!r.ok) throw new Error(r.message);
  return r.events.map((e) => e.type);
};

/** Every player in turn ends their three phases until the game is over. */
function endCycles(s: PolywarsState): PolywarsState {
  for (let n = 0; !polywars.result(s); n++) {
    if (n > 200) throw new Error('no end');
    s = play(s, polywars.toAct(s)[0]!, { type: 'done' });
  }
  return s;
}

describe('W8 every game ends', () => {
  const KING = { scenario: 'kill-the-king' as const, budget: 60 };
  const CTF = { scenario: 'capture-the-flag' as const, budget: 60 };
  /** Kill the King for three on the last cycle; leaders' and other dice's values as given. */
  const lastCycle = (values: number[][], out: number[] = [], rules?: 1 | 2) => {
    const specs: Spec[] = values.flatMap((vs, seat) =>
      vs.map((value, i) => ({
        owner: seat,
        sides: 20,
        value,
        x: 200 + 600 * seat + 60 * i,
        y: 300 + 400 * i,
        aura: i === 0 ? ('leadership' as const) : null,
        alive: !out.includes(seat),
      })),
    );
    const inGame = values.map((_, seat) => !out.includes(seat));
    const s = battle(KING, values.length, specs, {
      cycle: 30,
      inGame,
      eliminated: out.length ? [out] : [],
      order: inGame.flatMap((on, seat) => (on ? [seat] : [])),
    });
    return rules ? { ...s, rules } : s;
  };

  it('W8 Kill the King ends after its cycle limit: 30 cycles by default, a room option of 1 to 100', () => {
    const parse = (o: object) => polywars.options.safeParse({ scenario: 'kill-the-king', ...o });
    for (const [given, limit] of [
      [undefined, 30],
      [0, 30],
      [1, 1],
      [100, 100],
    ] as const) {
      const parsed = parse(given === undefined ? {} : { cycleLimit: given });
      if (!parsed.success) throw new Error(parsed.error.message);
      expect(setupState(parsed.data, 2).cycleLimit).toBe(limit);
    }
    expect(parse({ cycleLimit: 101 }).success).toBe(false);
    expect(parse({ cycleLimit: -1 }).success).toBe(false);
    // The 29th cycle's last turn starts the 30th; the 30th's ends the game.
    const before = { ...lastCycle([[20], [8]]), cycle: 29 };
    let s = before;
    for (let i = 0; i < 6; i++) s = play(s, polywars.toAct(s)[0]!, { type: 'done' });
    expect([s.phase, s.cycle, polywars.result(s)]).toEqual(['bid', 30, null]);
    expect(polywars.result(endCycles(lastCycle([[20], [8]])))).toMatchObject({ winners: [0], reason: 'cycle-limit' });
  });

  it('W8 at the limit the highest total of dice values on the field wins', () => {
    const s = endCycles(lastCycle([[6, 6], [20], [9]]));
    expect(polywars.result(s)).toMatchObject({ winners: [1], draw: false, reason: 'cycle-limit' });
  });

  it('W8 a tie at the top shares the win, and a player eliminated before the limit loses', () => {
    const three = endCycles(lastCycle([[10, 5], [20], [15, 5]]));
    expect(polywars.result(three)).toMatchObject({ winners: [1, 2], draw: false, reason: 'cycle-limit' });
    // Seat 1 lost its leader earlier; seats 0 and 2 are level at 15: they share the win, seat 1 does not draw.
    const s = endCycles(lastCycle([[10, 5], [20], [15]], [1]));
    expect(polywars.result(s)).toMatchObject({ winners: [0, 2], draw: false, reason: 'cycle-limit' });
    // Rules 1 (archived games) called that a draw for everyone.
    const old = endCycles(lastCycle([[10, 5], [20], [15]], [1], 1));
    expect(polywars.result(old)).toMatchObject({ winners: [], draw: true, reason: 'cycle-limit' });
  });

  it('W8 a whole table level at the limit is a draw', () => {
    const s = endCycles(lastCycle([[12, 3], [15], [7, 8]]));
    expect(polywars.result(s)).toMatchObject({ winners: [], draw: true, reason: 'cycle-limit' });
  });

  it('W8 Capture the Flag is offered for 2 to 6 players and is a draw after 30 cycles without a capture', () => {
    for (const seats of [2, 3, 4, 5, 6]) {
      const parsed = polywars.options.safeParse({ scenario: 'capture-the-flag', seats });
      if (!parsed.success) throw new Error(parsed.error.message);
      expect(polywars.seatsFor?.(parsed.data)).toBe(seats);
      expect(setupState(parsed.data, seats)).toMatchObject({ cycleLimit: 30, zones: expect.any(Array) });
      expect(setupState(parsed.data, seats).zones).toHaveLength(seats);
    }
    expect(polywars.options.safeParse({ scenario: 'capture-the-flag', seats: 7 }).success).toBe(false);
    const flags: Flag[] = [
      { owner: 0, x: 250, y: 700, carrier: null },
      { owner: 1, x: 1750, y: 700, carrier: null },
    ];
    const s = battle(
      CTF,
      2,
      [
        { owner: 0, sides: 20, value: 20, x: 600, y: 700 },
        { owner: 1, sides: 6, value: 1, x: 1400, y: 700 },
      ],
      { cycle: 30, flags, bases: flags.map((f) => ({ x: f.x, y: f.y })) },
    );
    // However uneven the forces: no capture, no winner.
    expect(polywars.result(endCycles(s))).toMatchObject({
      winners: [],
      draw: true,
      reason: 'cycle-limit',
      summary: 'No flag was captured in 30 cycles: a draw',
    });
  });
});

describe('W9 auras: exchanging a flag, passing a flag', () => {
  const CTF = { scenario: 'capture-the-flag' as const, budget: 60 };
  const BASES = [
    { x: 250, y: 700 },
    { x: 1750, y: 200 },
    { x: 1750, y: 1200 },
  ];
  /** Capture the Flag for three, seat 0 in its Movement Phase; flags on their bases unless given. */
  const field = (specs: Spec[], flags: Partial<Flag>[] = []) =>
    battle(CTF, 3, specs, {
      turnPhase: 'move',
      bases: BASES.map((b) => ({ ...b })),
      flags: BASES.map((b, owner) => ({ owner, ...b, carrier: null, ...flags[owner] })),
    });
  const ENEMIES: Spec[] = [
    { owner: 1, sides: 6, value: 6, x: 1700, y: 300 },
    { owner: 2, sides: 6, value: 6, x: 1700, y: 1100 },
  ];
  const tags = (s: PolywarsState, seat = 0) => polywars.legalActions(s, seat).filter((a) => a.type === 'tag');

  /** Die 0 carries seat 1's flag; seat 2's flag lies at (1150, 700). */
  const exchange = (rules?: 1 | 2) => {
    const s = field(
      [{ owner: 0, sides: 6, value: 6, x: 1000, y: 700, aura: 'flag' }, ...ENEMIES],
      [{}, { x: 1000, y: 700, carrier: 0 }, { x: 1150, y: 700 }],
    );
    return rules ? { ...s, rules } : s;
  };

  it('W9 a die carrying a flag may drop it to take another flag it tags (listed, and accepted)', () => {
    const s = play(exchange(), 0, { type: 'step', die: 0, x: 1080, y: 700 });
    // Carrying a flag, the die does not pick up the other by itself: the player chooses.
    expect(s.flags[2]!.carrier).toBeNull();
    expect(tags(s)).toEqual([{ type: 'tag', die: 0, flag: 2 }]);
    expect(events(s, 0, { type: 'tag', die: 0, flag: 2 })).toEqual(['flag-dropped', 'flag-tagged']);
    const t = play(s, 0, { type: 'tag', die: 0, flag: 2 });
    expect(t.flags[1]).toEqual({ owner: 1, x: 1080, y: 700, carrier: null });
    expect(t.flags[2]).toEqual({ owner: 2, x: 1080, y: 700, carrier: 0 });
    expect(t.dice[0]!.aura).toBe('flag');
    // One tag a step: the flag just dropped is not taken back until the die ends another step near it.
    expect(tags(t)).toEqual([]);
    expect(refusal(t, 0, { type: 'tag', die: 0, flag: 1 })).toBe('cannot-tag');
    const u = play(t, 0, { type: 'step', die: 0, x: 1120, y: 700 });
    expect(tags(u)).toEqual([{ type: 'tag', die: 0, flag: 1 }]);
    // Carried on, the new flag moves with its die.
    expect(u.flags[2]).toMatchObject({ x: 1120, y: 700, carrier: 0 });
  });

  it('W9 a flag passes to a friendly die that ends a step within R of its carrier', () => {
    const s = field(
      [
        { owner: 0, sides: 6, value: 6, x: 1000, y: 700, aura: 'flag' },
        { owner: 0, sides: 6, value: 6, x: 1000, y: 880 },
        ...ENEMIES,
      ],
      [{}, { x: 1000, y: 700, carrier: 0 }],
    );
    // Die 1 has not stepped: no tag yet.
    expect(tags(s)).toEqual([]);
    expect(refusal(s, 0, { type: 'tag', die: 1, flag: 1 })).toBe('cannot-tag');
    const near = play(s, 0, { type: 'step', die: 1, x: 1000, y: 790 });
    expect(tags(near)).toEqual([{ type: 'tag', die: 1, flag: 1 }]);
    expect(events(near, 0, { type: 'tag', die: 1, flag: 1 })).toEqual(['flag-passed']);
    const t = play(near, 0, { type: 'tag', die: 1, flag: 1 });
    expect(t.flags[1]).toEqual({ owner: 1, x: 1000, y: 790, carrier: 1 });
    expect([t.dice[0]!.aura, t.dice[1]!.aura]).toEqual([null, 'flag']);
    expect(polywars.describe({ type: 'flag-passed', flag: 1, from: 0, die: 1, seat: 0 }, ['A', 'B', 'C'])).toBe(
      "A passes B's flag from die 0 to die 1",
    );
  });

  it('W9 the board offers both in words, among its buttons', () => {
    const label = (st: PolywarsState, a: PolywarsAction) =>
      actionLabel(a, { view: polywars.view(st, 0), seats: ['Ana', 'Ben', 'Cy'], mySeat: 0 } as unknown as Snapshot);
    const swap = play(exchange(), 0, { type: 'step', die: 0, x: 1080, y: 700 });
    // The die's own name is the board's (dieName); the flags are named by their owners.
    expect(tags(swap).map((a) => label(swap, a))).toEqual([
      expect.stringMatching(/drops Ben's flag to take Cy's flag$/),
    ]);
    const s = field(
      [
        { owner: 0, sides: 6, value: 6, x: 1000, y: 700, aura: 'flag' },
        { owner: 0, sides: 4, value: 3, x: 1000, y: 880 },
        ...ENEMIES,
      ],
      [{}, { x: 1000, y: 700, carrier: 0 }],
    );
    const pass = play(s, 0, { type: 'step', die: 1, x: 1000, y: 790 });
    expect(tags(pass).map((a) => label(pass, a))).toEqual([
      expect.stringMatching(/^Pass Ben's flag from .*d6.* to .*d4.*$/),
    ]);
  });

  it('W9 a flag passed to a die within R of its own base is brought home: the win', () => {
    const s = field(
      [
        { owner: 0, sides: 6, value: 6, x: 370, y: 700, aura: 'flag' },
        { owner: 0, sides: 6, value: 6, x: 300, y: 830 },
        ...ENEMIES,
      ],
      [{}, { x: 370, y: 700, carrier: 0 }],
    );
    const t = play(play(s, 0, { type: 'step', die: 1, x: 300, y: 740 }), 0, { type: 'tag', die: 1, flag: 1 });
    expect(polywars.result(t)).toMatchObject({ winners: [0], reason: 'flag-captured' });
  });

  it('W9 no tag of one’s own flag, of a flag an enemy carries, out of reach, or outside a move', () => {
    const s = field(
      [
        { owner: 0, sides: 6, value: 6, x: 1000, y: 700 },
        { owner: 1, sides: 6, value: 6, x: 1000, y: 520, aura: 'flag' },
        { owner: 2, sides: 6, value: 6, x: 1700, y: 1100 },
      ],
      [{ x: 1000, y: 880 }, {}, { x: 1000, y: 520, carrier: 1 }],
    );
    const t = play(s, 0, { type: 'step', die: 0, x: 1000, y: 610 });
    expect(t.flags.map((f) => f.carrier)).toEqual([null, null, 1]);
    expect(tags(t)).toEqual([]);
    expect(refusal(t, 0, { type: 'tag', die: 0, flag: 2 })).toBe('cannot-tag'); // an enemy carries it
    expect(refusal(t, 0, { type: 'tag', die: 0, flag: 1 })).toBe('cannot-tag'); // lies on its base, far off
    const own = play(s, 0, { type: 'step', die: 0, x: 1000, y: 790 });
    expect(refusal(own, 0, { type: 'tag', die: 0, flag: 0 })).toBe('cannot-tag'); // one's own flag
    expect(refusal({ ...exchange(), turnPhase: 'action' }, 0, { type: 'tag', die: 0, flag: 2 })).toBe('cannot-tag');
  });

  it('W9 rules 1 (archived games) neither lists nor accepts a tag', () => {
    const s = play(exchange(1), 0, { type: 'step', die: 0, x: 1080, y: 700 });
    expect(tags(s)).toEqual([]);
    expect(refusal(s, 0, { type: 'tag', die: 0, flag: 2 })).toBe('cannot-tag');
    const again = play(exchange(), 0, { type: 'step', die: 0, x: 1080, y: 700 });
    expect(refusal(again, 0, { type: 'tag', die: 0, flag: 2 })).toBe('accepted');
  });
});
