// Polywars rules W1–W7 with scripted dice: forces, placement, the cycle, combat, zap back, movement, powers, Kill the King.
import { scripted, type Dice } from '@dicehall/shared';
import {
  DIE_TYPES,
  leave,
  polywars,
  setupState,
  stepsFor,
  type PolywarsAction,
  type PolywarsState,
  type PwDie,
} from '@dicehall/shared/polywars';

const NO_ROLLS: Dice = scripted([]);
const OPTS = { scenario: 'kill-the-king' as const, budget: 60 };

interface Spec {
  owner: number;
  sides: number;
  value: number;
  x: number;
  y: number;
  leader?: boolean;
  immune?: boolean;
}

/** A battle already under way: seat 0 to act in its Attack Phase, no terrain unless given. */
function battle(specs: Spec[], extra: Partial<PolywarsState> = {}): PolywarsState {
  const seats = Math.max(2, ...specs.map((d) => d.owner + 1));
  const s = setupState(OPTS, seats);
  const dice: PwDie[] = specs.map((d, id) => ({
    id,
    owner: d.owner,
    sides: d.sides,
    value: d.value,
    x: d.x,
    y: d.y,
    alive: true,
    aura: d.leader ? 'leadership' : d.immune ? 'immunity' : null,
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
  };
}

function play(s: PolywarsState, seat: number, a: PolywarsAction, dice: Dice = NO_ROLLS): PolywarsState {
  const r = polywars.apply(s, seat, a, dice);
  if (!r.ok) throw new Error(`${r.code}: ${r.message}`);
  return r.state;
}

function refusal(s: PolywarsState, seat: number, a: PolywarsAction, dice: Dice = NO_ROLLS): string {
  const r = polywars.apply(s, seat, a, dice);
  return r.ok ? 'accepted' : r.code;
}

const eventsOf = (s: PolywarsState, seat: number, a: PolywarsAction, dice: Dice = NO_ROLLS) => {
  const r = polywars.apply(s, seat, a, dice);
  if (!r.ok) throw new Error(r.message);
  return r.events;
};

// Two kings far apart, so nothing in the tests reaches them by accident.
const KINGS: Spec[] = [
  { owner: 0, sides: 20, value: 20, x: 100, y: 100, leader: true },
  { owner: 1, sides: 20, value: 20, x: 1900, y: 1300, leader: true },
];

describe('W1 space', () => {
  test.each([
    [2, 24, 3.5],
    [4, 18, 30],
    [6, 16, 32],
    [8, 16, 32],
    [10, 17, 34],
    [12, 18, 36],
    [20, 20, 40],
    [100, 45, 90],
  ])('W1 a d%i has footprint radius %i and height %d (hundredths of R)', (sides, r, h) => {
    expect(DIE_TYPES[sides].radius).toBe(r);
    expect(DIE_TYPES[sides].height).toBe(h);
  });

  it('W1 the default field is 20 × 14 R', () => {
    expect(setupState(OPTS, 2).field).toEqual({ width: 2000, height: 1400 });
  });
});

describe('W2 range and attacks', () => {
  const base = (targetX: number, value = 6): PolywarsState =>
    battle([
      ...KINGS,
      { owner: 0, sides: 6, value, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 6, x: targetX, y: 700 },
    ]);

  it('W2 side-to-side at range 0: a target one halo away (d = R) is hit without a zap', () => {
    const ev = eventsOf(base(500 + 100 + 16), 0, { type: 'attack', die: 2, target: 3 }, scripted([2]));
    expect(ev[0]).toMatchObject({
      type: 'attack',
      zap: false,
      range: 0,
      command: 2,
      against: 6,
      outcome: 'successful',
    });
  });

  it('W2 a target just beyond one halo is range 1: a zap against value − 1', () => {
    const s = play(base(500 + 100 + 17), 0, { type: 'attack', die: 2, target: 3 }, scripted([2]));
    expect(s.pendingZap).toEqual({ attacker: 2, target: 3, damage: 2, cost: 1 });
  });

  it("W2 a zap needs range below the attacker's value", () => {
    // d = 416 → range 4: a 5 may zap, a 4 may not.
    expect(refusal(base(500 + 416 + 16, 4), 0, { type: 'attack', die: 2, target: 3 }, scripted([1]))).toBe(
      'out-of-range',
    );
    expect(refusal(base(500 + 416 + 16, 5), 0, { type: 'attack', die: 2, target: 3 }, scripted([1]))).toBe('accepted');
  });

  it('W2 a zap needs line of sight: a die in between blocks, a die off the line does not', () => {
    const s = battle([
      ...KINGS,
      { owner: 0, sides: 6, value: 6, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 6, x: 800, y: 700 },
      { owner: 1, sides: 4, value: 1, x: 650, y: 705 },
    ]);
    expect(refusal(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([1]))).toBe('no-line-of-sight');
    s.dice[4].y = 740;
    expect(refusal(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([1]))).toBe('accepted');
  });

  it('W2 terrain taller than both dice blocks a zap', () => {
    const s = battle([
      ...KINGS,
      { owner: 0, sides: 6, value: 6, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 6, x: 800, y: 700 },
    ]);
    s.terrain = [
      {
        height: 50,
        points: [
          { x: 640, y: 600 },
          { x: 660, y: 600 },
          { x: 660, y: 800 },
          { x: 640, y: 800 },
        ],
      },
    ];
    expect(refusal(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([1]))).toBe('no-line-of-sight');
    s.terrain[0].height = 32;
    expect(refusal(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([1]))).toBe('accepted');
  });

  it('W2 friendly dice are not targets', () => {
    const s = battle([
      ...KINGS,
      { owner: 0, sides: 6, value: 6, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 6, x: 540, y: 700 },
    ]);
    expect(refusal(s, 0, { type: 'attack', die: 2, target: 3 })).toBe('friendly');
  });
});

describe('W3 combat', () => {
  const close = (attacker: number, target: number) =>
    battle([
      ...KINGS,
      { owner: 0, sides: 8, value: attacker, x: 500, y: 700 },
      { owner: 1, sides: 8, value: target, x: 560, y: 700 },
    ]);

  it("W3 perfect attack: command die equals the attacker's value, the target is destroyed", () => {
    const s = play(close(5, 8), 0, { type: 'attack', die: 2, target: 3 }, scripted([5]));
    expect(s.dice[3].alive).toBe(false);
    expect(s.dice[2].value).toBe(5);
  });

  it('W3 successful attack: a lower command die deals its value in damage', () => {
    const s = play(close(5, 8), 0, { type: 'attack', die: 2, target: 3 }, scripted([3]));
    expect(s.dice[3].value).toBe(5);
    expect(s.dice[2].value).toBe(5);
    const killed = play(close(5, 3), 0, { type: 'attack', die: 2, target: 3 }, scripted([4]));
    expect(killed.dice[3].alive).toBe(false);
  });

  it('W3 failed attack: a higher command die costs the attacker 1 and spares the target', () => {
    const s = play(close(5, 8), 0, { type: 'attack', die: 2, target: 3 }, scripted([7]));
    expect(s.dice[3].value).toBe(8);
    expect(s.dice[2].value).toBe(4);
    const fell = play(close(1, 8), 0, { type: 'attack', die: 2, target: 3 }, scripted([2]));
    expect(fell.dice[2].alive).toBe(false);
  });

  it('W3 each die attacks at most once per Attack Phase', () => {
    const s = play(close(5, 8), 0, { type: 'attack', die: 2, target: 3 }, scripted([3]));
    expect(refusal(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([3]))).toBe('already-attacked');
  });

  // Zap at range 2 (d = 216 → range 2) with an 8: the command die is compared with 8 − 2 = 6.
  const zap = (attacker = 8, target = 8) =>
    battle([
      ...KINGS,
      { owner: 0, sides: 8, value: attacker, x: 500, y: 700 },
      { owner: 1, sides: 8, value: target, x: 500 + 216 + 16, y: 700 },
    ]);

  it('W3 zap back after a successful zap: the attacker splits the cost as it chooses', () => {
    const s = play(zap(), 0, { type: 'attack', die: 2, target: 3 }, scripted([4]));
    expect(s.pendingZap).toEqual({ attacker: 2, target: 3, damage: 4, cost: 2 });
    expect(polywars.legalActions(s, 0)).toEqual([
      { type: 'zap-back', absorb: 0 },
      { type: 'zap-back', absorb: 1 },
      { type: 'zap-back', absorb: 2 },
    ]);
    expect(refusal(s, 0, { type: 'done' })).toBe('zap-back-first');
    const allOnDamage = play(s, 0, { type: 'zap-back', absorb: 0 });
    expect([allOnDamage.dice[2].value, allOnDamage.dice[3].value]).toEqual([8, 6]);
    const split = play(s, 0, { type: 'zap-back', absorb: 1 });
    expect([split.dice[2].value, split.dice[3].value]).toEqual([7, 5]);
    const allOnAttacker = play(s, 0, { type: 'zap-back', absorb: 2 });
    expect([allOnAttacker.dice[2].value, allOnAttacker.dice[3].value]).toEqual([6, 4]);
    expect(refusal(s, 0, { type: 'zap-back', absorb: 3 })).toBe('bad-split');
  });

  it('W3 zap back cannot cut the damage below nothing: the rest falls on the attacker', () => {
    const s = play(zap(), 0, { type: 'attack', die: 2, target: 3 }, scripted([1]));
    expect(refusal(s, 0, { type: 'zap-back', absorb: 0 })).toBe('bad-split');
    expect(
      play(s, 0, { type: 'zap-back', absorb: 1 })
        .dice.map((d) => d.value)
        .slice(2),
    ).toEqual([7, 8]);
  });

  it('W3 after a perfect zap the attacker pays the whole zap back cost', () => {
    const s = play(zap(), 0, { type: 'attack', die: 2, target: 3 }, scripted([6]));
    expect(s.dice[3].alive).toBe(false);
    expect(s.dice[2].value).toBe(6);
    expect(s.pendingZap).toBeNull();
    // Range is below the value, so a perfect zap leaves the attacker at 1 at the least.
    const least = play(zap(3), 0, { type: 'attack', die: 2, target: 3 }, scripted([1]));
    expect([least.dice[3].alive, least.dice[2].value]).toEqual([false, 1]);
  });

  it('W3 a failed zap costs 1 and no zap back', () => {
    const s = play(zap(), 0, { type: 'attack', die: 2, target: 3 }, scripted([7]));
    expect([s.dice[2].value, s.dice[3].value]).toEqual([7, 8]);
    expect(s.pendingZap).toBeNull();
  });

  it('W3 a coin (d2) attacks with a d2 command die: heads 2, tails 1', () => {
    const s = battle([
      ...KINGS,
      { owner: 0, sides: 2, value: 2, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 6, x: 560, y: 700 },
    ]);
    expect(play(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([2])).dice[3].alive).toBe(false);
    expect(play(s, 0, { type: 'attack', die: 2, target: 3 }, scripted([1])).dice[3].value).toBe(5);
  });
});

describe('W3 powers (Action Phase)', () => {
  const inAction = (specs: Spec[]) => battle([...KINGS, ...specs], { turnPhase: 'action' });

  it('W3 Damage Field: 1 damage to every die in side-to-side range, friend or foe; the coin pays 1', () => {
    const s = inAction([
      { owner: 0, sides: 2, value: 2, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 3, x: 560, y: 700 },
      { owner: 0, sides: 6, value: 1, x: 440, y: 700 },
      { owner: 1, sides: 6, value: 6, x: 800, y: 700 },
    ]);
    const t = play(s, 0, { type: 'damage-field', die: 2 });
    expect(t.dice.slice(2).map((d) => [d.alive, d.value])).toEqual([
      [true, 1],
      [true, 2],
      [false, 0],
      [true, 6],
    ]);
    expect(t.turnIndex).toBe(1); // one power, then the turn passes
    s.dice[2].value = 1;
    expect(play(s, 0, { type: 'damage-field', die: 2 }).dice[2].alive).toBe(false);
  });

  it('W3 Damage Field with nothing in reach is legal and listed: the coin pays 1 and nothing else changes', () => {
    // The source sets no condition on the field ("any and all die within STSA range"), so apply accepts it and
    // legalActions lists it; an immune die in reach counts as nothing in reach.
    const s = inAction([
      { owner: 0, sides: 2, value: 2, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 3, x: 560, y: 700, immune: true },
      { owner: 1, sides: 6, value: 6, x: 900, y: 700 },
    ]);
    expect(polywars.legalActions(s, 0)).toContainEqual({ type: 'damage-field', die: 2 });
    const t = play(s, 0, { type: 'damage-field', die: 2 });
    expect(t.dice.slice(2).map((d) => [d.alive, d.value])).toEqual([
      [true, 1],
      [true, 3],
      [true, 6],
    ]);
    expect(t.turnIndex).toBe(1);
    const far = inAction([{ owner: 0, sides: 2, value: 1, x: 500, y: 700 }]);
    expect(polywars.legalActions(far, 0)).toContainEqual({ type: 'damage-field', die: 2 });
    expect(play(far, 0, { type: 'damage-field', die: 2 }).dice[2].alive).toBe(false);
  });

  it('W3 Super Speed: another movement phase for the d4, refused at value 1', () => {
    const s = inAction([{ owner: 0, sides: 4, value: 3, x: 500, y: 700 }]);
    let t = play(s, 0, { type: 'super-speed', die: 2 });
    expect([t.turnPhase, t.speedDie, t.dice[2].value]).toEqual(['speed', 2, 2]);
    for (let i = 1; i <= 3; i++) t = play(t, 0, { type: 'step', die: 2, x: 500 + 100 * i, y: 700 });
    expect(refusal(t, 0, { type: 'step', die: 2, x: 900, y: 700 })).toBe('cannot-step');
    expect(refusal(t, 0, { type: 'step', die: 0, x: 150, y: 100 })).toBe('cannot-step');
    expect(play(t, 0, { type: 'done' }).turnIndex).toBe(1);
    s.dice[2].value = 1;
    expect(refusal(s, 0, { type: 'super-speed', die: 2 })).toBe('no-power');
  });

  it('W3 Healer: 3 points in all to dice in range, never itself, never above the maximum; pays 1', () => {
    const s = inAction([
      { owner: 0, sides: 8, value: 4, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 2, x: 560, y: 700 },
      { owner: 1, sides: 6, value: 4, x: 440, y: 700 },
    ]);
    const t = play(s, 0, {
      type: 'healer',
      die: 2,
      targets: [
        { die: 3, points: 2 },
        { die: 4, points: 1 },
      ],
    });
    expect(t.dice.slice(2).map((d) => d.value)).toEqual([3, 4, 5]);
    expect(
      refusal(s, 0, {
        type: 'healer',
        die: 2,
        targets: [
          { die: 3, points: 2 },
          { die: 4, points: 2 },
        ],
      }),
    ).toBe('bad-targets');
    expect(refusal(s, 0, { type: 'healer', die: 2, targets: [{ die: 2, points: 1 }] })).toBe('bad-targets');
    expect(refusal(s, 0, { type: 'healer', die: 2, targets: [{ die: 4, points: 3 }] })).toBe('bad-targets'); // 4 + 3 > 6
    s.dice[2].value = 1;
    const last = play(s, 0, { type: 'healer', die: 2, targets: [{ die: 3, points: 3 }] });
    expect([last.dice[2].alive, last.dice[3].value]).toEqual([false, 5]);
  });

  it('W3 Mutation: chosen dice in range are rerolled; rolling the same value destroys; the d10 pays 1', () => {
    const s = inAction([
      { owner: 0, sides: 10, value: 5, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 4, x: 560, y: 700 },
      { owner: 1, sides: 8, value: 3, x: 440, y: 700 },
      { owner: 1, sides: 6, value: 3, x: 900, y: 700 },
    ]);
    const t = play(s, 0, { type: 'mutation', die: 2, targets: [4, 3] }, scripted([4, 7])); // id order: die 3 rolls 4, die 4 rolls 7
    expect(t.dice.slice(2).map((d) => [d.alive, d.value])).toEqual([
      [true, 4],
      [false, 4],
      [true, 7],
      [true, 3],
    ]);
    expect(refusal(s, 0, { type: 'mutation', die: 2, targets: [5] }, scripted([1]))).toBe('bad-targets');
  });

  it('W3 Teleportation: lands within side-to-side range of a friendly die, clear of others; refused at value 1', () => {
    const s = inAction([
      { owner: 0, sides: 12, value: 6, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 6, x: 1500, y: 700 },
    ]);
    const t = play(s, 0, { type: 'teleportation', die: 2, x: 1600, y: 700 });
    expect([t.dice[2].x, t.dice[2].y, t.dice[2].value]).toEqual([1600, 700, 5]);
    expect(refusal(s, 0, { type: 'teleportation', die: 2, x: 1700, y: 700 })).toBe('bad-target'); // 184 from the friend's rim
    expect(refusal(s, 0, { type: 'teleportation', die: 2, x: 1520, y: 700 })).toBe('bad-target'); // on it
    s.dice[2].value = 1;
    expect(refusal(s, 0, { type: 'teleportation', die: 2, x: 1600, y: 700 })).toBe('no-power');
  });

  it('W3 powers belong to their die type and only in the Action Phase', () => {
    const s = inAction([{ owner: 0, sides: 6, value: 6, x: 500, y: 700 }]);
    expect(refusal(s, 0, { type: 'super-speed', die: 2 })).toBe('no-power');
    const early = battle([...KINGS, { owner: 0, sides: 4, value: 3, x: 500, y: 700 }]);
    expect(refusal(early, 0, { type: 'super-speed', die: 2 })).toBe('wrong-phase');
  });

  it('W7 Immunity: an immune die is spared by powers and cannot use its own', () => {
    const s = inAction([
      { owner: 0, sides: 2, value: 2, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 3, x: 560, y: 700, immune: true },
      { owner: 0, sides: 4, value: 3, x: 800, y: 700, immune: true },
    ]);
    expect(play(s, 0, { type: 'damage-field', die: 2 }).dice[3].value).toBe(3);
    expect(refusal(s, 0, { type: 'super-speed', die: 4 })).toBe('no-power');
  });
});

describe('W4 movement', () => {
  test.each([
    [2, 3],
    [4, 3],
    [6, 2],
    [12, 2],
    [19, 2],
    [20, 1],
    [99, 1],
    [100, 0],
  ])('W4 a d%i takes %i steps', (sides, n) => {
    expect(stepsFor(sides)).toBe(n);
  });

  const moving = (specs: Spec[]) => battle([...KINGS, ...specs], { turnPhase: 'move' });

  it('W4 a d6 takes two steps of up to R, then no more', () => {
    let s = moving([{ owner: 0, sides: 6, value: 6, x: 500, y: 700 }]);
    s = play(s, 0, { type: 'step', die: 2, x: 600, y: 700 });
    s = play(s, 0, { type: 'step', die: 2, x: 660, y: 780 });
    expect(refusal(s, 0, { type: 'step', die: 2, x: 700, y: 780 })).toBe('cannot-step');
  });

  it('W4 a die moves once per phase: when another die moves, the first is done', () => {
    let s = moving([
      { owner: 0, sides: 6, value: 6, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 6, x: 500, y: 900 },
    ]);
    s = play(s, 0, { type: 'step', die: 2, x: 600, y: 700 });
    s = play(s, 0, { type: 'step', die: 3, x: 600, y: 900 });
    expect(refusal(s, 0, { type: 'step', die: 2, x: 650, y: 700 })).toBe('cannot-step');
    expect(refusal(s, 0, { type: 'step', die: 0, x: 150, y: 100 })).toBe('accepted');
  });

  it('W4 a d100 cannot move; steps are refused with the reason', () => {
    const s = moving([
      { owner: 0, sides: 100, value: 50, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 6, x: 620, y: 700 },
    ]);
    expect(refusal(s, 0, { type: 'step', die: 2, x: 510, y: 700 })).toBe('cannot-step');
    expect(refusal(s, 0, { type: 'step', die: 3, x: 721, y: 700 })).toBe('too-far');
    expect(refusal(s, 0, { type: 'step', die: 3, x: 560, y: 700 })).toBe('overlap'); // 60 apart, radii 45 + 16
    expect(refusal(s, 0, { type: 'step', die: 3, x: 561, y: 700 })).toBe('accepted');
    expect(refusal(s, 1, { type: 'step', die: 3, x: 820, y: 700 })).toBe('not-your-turn');
    expect(refusal(s, 0, { type: 'step', die: 1, x: 1880, y: 1300 })).toBe('not-your-die');
  });

  it('W4 steps are refused outside the Movement Phase', () => {
    const s = battle([...KINGS, { owner: 0, sides: 6, value: 6, x: 500, y: 700 }]);
    expect(refusal(s, 0, { type: 'step', die: 2, x: 550, y: 700 })).toBe('wrong-phase');
  });

  it('W4 terrain: a d6 climbs a 0.25 R hill, not a 0.38 R rock; a d20 climbs the rock', () => {
    const sq = (h: number) => ({
      height: h,
      points: [
        { x: 580, y: 600 },
        { x: 700, y: 600 },
        { x: 700, y: 800 },
        { x: 580, y: 800 },
      ],
    });
    const s = moving([
      { owner: 0, sides: 6, value: 6, x: 500, y: 700 },
      { owner: 0, sides: 20, value: 6, x: 500, y: 750 },
    ]);
    expect(refusal({ ...s, terrain: [sq(25)] }, 0, { type: 'step', die: 2, x: 600, y: 700 })).toBe('accepted');
    expect(refusal({ ...s, terrain: [sq(38)] }, 0, { type: 'step', die: 2, x: 600, y: 700 })).toBe('too-tall');
    expect(refusal({ ...s, terrain: [sq(38)] }, 0, { type: 'step', die: 3, x: 600, y: 750 })).toBe('accepted');
  });
});

describe('W5 the cycle', () => {
  /** Two placed forces, ready to bid: seat 0 has a king d20 and a d6, seat 1 a king d20 and a d8. */
  function deployed(seats = 2): PolywarsState {
    let s = polywars.setup(OPTS, seats, NO_ROLLS).state;
    const forces = [
      [20, 6],
      [20, 8],
      [20, 4],
    ].slice(0, seats);
    forces.forEach((f, seat) => {
      s = play(
        s,
        seat,
        { type: 'build', dice: f },
        scripted(seat === seats - 1 ? forces.flat().map((n) => Math.max(1, n - 3)) : []),
      );
    });
    for (let seat = 0; seat < seats; seat++) {
      const a = polywars.legalActions(s, seat)[0];
      s = play(s, seat, a);
    }
    return s;
  }

  it('W5 bids are secret until all are in, then the highest bid goes first', () => {
    let s = deployed();
    expect(s.phase).toBe('bid');
    s = play(s, 0, { type: 'bid', points: 1 });
    expect(JSON.stringify(polywars.view(s, 1))).not.toContain('"bid":1');
    expect((polywars.view(s, 0) as any).mine.bid).toBe(1);
    s = play(s, 1, { type: 'bid', points: 2 });
    expect(s.order).toEqual([1, 0]);
    expect(s.lastBids).toEqual([1, 2]);
  });

  it('W5 tied bids roll off with a d6, high first; a tie in the roll-off rolls again', () => {
    let s = deployed(3);
    s = play(s, 0, { type: 'bid', points: 2 });
    s = play(s, 1, { type: 'bid', points: 2 });
    s = play(s, 2, { type: 'bid', points: 2 }, scripted([4, 4, 2, 3, 5]));
    // Rolls 4, 4, 2: seats 0 and 1 tie on 4 and roll again, 3 and 5: seat 1, seat 0, then seat 2.
    expect(s.order).toEqual([1, 0, 2]);
  });

  it('W5 healing: leftover points, +1 to distinct dice below their maximum, secret until all confirm', () => {
    let s = deployed();
    s.dice[1].value = 2; // seat 0's d6
    s.dice[0].value = 18; // seat 0's king
    s = play(s, 0, { type: 'bid', points: 1 });
    s = play(s, 1, { type: 'bid', points: 3 }); // no points left: seat 1 is not asked
    expect(s.phase).toBe('heal');
    expect(polywars.toAct(s)).toEqual([0]);
    expect(refusal(s, 0, { type: 'heal', dice: [1, 1] })).toBe('bad-heal');
    expect(refusal(s, 0, { type: 'heal', dice: [2] })).toBe('bad-heal'); // not one's own
    expect(refusal(s, 0, { type: 'heal', dice: [0, 1, 1] })).toBe('bad-heal');
    const t = play(s, 0, { type: 'heal', dice: [0, 1] });
    expect([t.dice[0].value, t.dice[1].value]).toEqual([19, 3]);
    expect(t.phase).toBe('turns');
    expect(polywars.toAct(t)).toEqual([1]);
  });

  it('W5 a healing point never lifts a die above its maximum', () => {
    let s = deployed();
    s.dice[0].value = 20; // seat 0's king at its maximum
    s.dice[1].value = 2;
    s = play(s, 0, { type: 'bid', points: 1 });
    s = play(s, 1, { type: 'bid', points: 3 });
    expect(refusal(s, 0, { type: 'heal', dice: [0] })).toBe('bad-heal');
    expect(polywars.legalActions(s, 0).every((a) => a.type === 'heal' && !a.dice.includes(0))).toBe(true);
    s = deployed();
    s.dice[1].value = 6;
    s.dice[0].value = 20;
    s = play(s, 0, { type: 'bid', points: 0 });
    // Seat 0 has nothing to heal, so it is not asked either: the turns begin at once.
    s = play(s, 1, { type: 'bid', points: 3 });
    expect(s.phase).toBe('turns');
  });

  it('W5 legal healing choices list each set of dice once (one point: the most damaged set is a single die)', () => {
    for (const [bid, hurtDice] of [
      [2, [1]],
      [1, [0, 1]],
      [0, [0, 1]],
      [2, [0, 1]],
    ] as [number, number[]][]) {
      let s = deployed();
      s.dice[0].value = hurtDice.includes(0) ? 18 : 20;
      s.dice[1].value = hurtDice.includes(1) ? 2 : 6;
      s = play(s, 0, { type: 'bid', points: bid });
      s = play(s, 1, { type: 'bid', points: 3 });
      const sets = polywars.legalActions(s, 0).map((a) => (a.type === 'heal' ? a.dice.join() : a.type));
      expect(sets.length).toBeGreaterThan(1);
      expect(new Set(sets).size).toBe(sets.length);
      expect(sets).toContain('');
      for (const d of hurtDice) expect(sets).toContain(String(d));
    }
  });

  it('W5 turns run Attack, Movement, Action for each player in bid order, then a new cycle', () => {
    let s = deployed();
    s.dice.forEach((d) => {
      d.value = d.sides;
    });
    s = play(s, 0, { type: 'bid', points: 3 });
    s = play(s, 1, { type: 'bid', points: 0 }, scripted([]));
    expect([s.phase, s.order]).toEqual(['turns', [0, 1]]);
    const phases: string[] = [];
    for (let i = 0; i < 6; i++) {
      phases.push(`${polywars.toAct(s)[0]}:${s.turnPhase}`);
      s = play(s, polywars.toAct(s)[0], { type: 'done' });
    }
    expect(phases).toEqual(['0:attack', '0:move', '0:action', '1:attack', '1:move', '1:action']);
    expect([s.phase, s.cycle]).toEqual(['bid', 2]);
  });

  it('W5 W8 the game ends after the cycle limit (Kill the King): the higher total on the field wins', () => {
    let s = deployed();
    s = { ...s, cycleLimit: 1 };
    s.dice.forEach((d) => {
      d.value = d.sides;
    });
    s.dice[1].value = 1; // seat 0: 20 + 1, seat 1: 20 + 8
    s = play(s, 0, { type: 'bid', points: 3 });
    s = play(s, 1, { type: 'bid', points: 3 }, scripted([6, 1]));
    for (let i = 0; i < 6; i++) s = play(s, polywars.toAct(s)[0], { type: 'done' });
    expect(polywars.result(s)).toMatchObject({ winners: [1], draw: false, reason: 'cycle-limit' });
    expect(polywars.toAct(s)).toEqual([]);
  });
});

describe('W6 forces and placement', () => {
  it('W6 a force keeps to the budget, the allowed dice and the dice limit', () => {
    const s = polywars.setup({ ...OPTS, budget: 30 }, 2, NO_ROLLS).state;
    expect(refusal(s, 0, { type: 'build', dice: [20, 12] })).toBe('bad-force');
    expect(refusal(s, 0, { type: 'build', dice: [20, 10] })).toBe('accepted');
    expect(refusal(s, 0, { type: 'build', dice: [20, 3] })).toBe('bad-force');
    expect(
      refusal(polywars.setup({ ...OPTS, budget: 300 }, 2, NO_ROLLS).state, 0, {
        type: 'build',
        dice: Array(20).fill(2).concat([2]),
      } as any),
    ).toBe('bad-force');
  });

  it('W6 forces are secret until all have built; then the server rolls every die before placement', () => {
    let s = polywars.setup(OPTS, 2, NO_ROLLS).state;
    s = play(s, 0, { type: 'build', dice: [20, 6, 4] });
    for (const v of [polywars.view(s, 1), polywars.view(s, null)]) expect(JSON.stringify(v)).not.toMatch(/\[20,6,4\]/);
    expect((polywars.view(s, 0) as any).mine.force).toEqual([20, 6, 4]);
    const r = polywars.apply(s, 1, { type: 'build', dice: [12, 8] }, scripted([17, 5, 2, 11, 8]));
    if (!r.ok) throw new Error(r.message);
    expect(r.state.dice.map((d) => [d.owner, d.sides, d.value])).toEqual([
      [0, 20, 17],
      [0, 6, 5],
      [0, 4, 2],
      [1, 12, 11],
      [1, 8, 8],
    ]);
    expect(r.state.phase).toBe('place');
  });

  it("W6 placement: in one's zone, no overlaps, the rest within 2 range units of the leader; secret until all placed", () => {
    let s = polywars.setup(OPTS, 2, NO_ROLLS).state;
    s = play(s, 0, { type: 'build', dice: [20, 6] });
    s = play(s, 1, { type: 'build', dice: [20, 6] }, scripted([20, 6, 20, 6]));
    // Seat 0's zone is x 0–5 R.
    expect(
      refusal(s, 0, {
        type: 'place',
        leader: 0,
        at: [
          { x: 250, y: 700 },
          { x: 250 + 216, y: 700 },
        ],
      }),
    ).toBe('accepted');
    expect(
      refusal(s, 0, {
        type: 'place',
        leader: 0,
        at: [
          { x: 250, y: 700 },
          { x: 250 + 217, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    expect(
      refusal(s, 0, {
        type: 'place',
        leader: 0,
        at: [
          { x: 250, y: 700 },
          { x: 270, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    expect(
      refusal(s, 0, {
        type: 'place',
        leader: 0,
        at: [
          { x: 490, y: 700 },
          { x: 400, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    expect(
      refusal(s, 0, {
        type: 'place',
        leader: 2,
        at: [
          { x: 250, y: 700 },
          { x: 300, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    s = play(s, 0, {
      type: 'place',
      leader: 1,
      at: [
        { x: 250, y: 700 },
        { x: 400, y: 700 },
      ],
    });
    for (const v of [polywars.view(s, 1), polywars.view(s, null)] as any[]) {
      expect(JSON.stringify(v)).not.toContain('"x":400');
      expect(v.dice.every((d: PwDie) => d.x === null && d.aura === null)).toBe(true);
      expect(v.mine.placement).toBeNull();
    }
    expect((polywars.view(s, 0) as any).mine.placement.leader).toBe(1);
    s = play(s, 1, polywars.legalActions(s, 1)[0]);
    expect(s.phase).toBe('bid');
    expect([s.dice[0].x, s.dice[1].x, s.dice[1].aura, s.dice[0].aura]).toEqual([250, 400, 'leadership', null]);
  });
});

describe('W7 Kill the King', () => {
  const three = (): PolywarsState =>
    battle([
      { owner: 0, sides: 20, value: 20, x: 100, y: 100, leader: true },
      { owner: 1, sides: 6, value: 2, x: 160, y: 100, leader: true },
      { owner: 2, sides: 20, value: 20, x: 1900, y: 1300, leader: true },
      { owner: 1, sides: 8, value: 8, x: 1000, y: 700 },
    ]);

  it('W7 destroying a leader eliminates its player: their dice leave, the others play on', () => {
    const s = play(three(), 0, { type: 'attack', die: 0, target: 1 }, scripted([5]));
    expect(s.inGame).toEqual([true, false, true]);
    expect(s.dice[3].alive).toBe(false);
    expect(s.eliminated).toEqual([[1]]);
    expect(polywars.result(s)).toBeNull();
  });

  it('W7 the last leader standing wins', () => {
    let s = play(three(), 0, { type: 'attack', die: 0, target: 1 }, scripted([5]));
    s.dice[2].value = 1;
    s.dice[2].x = 100 + 60;
    s.dice[2].y = 160;
    s.attacked = [];
    s = play(s, 0, { type: 'attack', die: 0, target: 2 }, scripted([20]));
    expect(polywars.result(s)).toMatchObject({ winners: [0], reason: 'last-leader' });
  });

  it('W7 a player whose own failed attack kills their leader is out, and the turn passes', () => {
    const s = battle([
      { owner: 0, sides: 6, value: 1, x: 100, y: 100, leader: true },
      { owner: 1, sides: 6, value: 6, x: 150, y: 100, leader: true },
      { owner: 2, sides: 20, value: 20, x: 1900, y: 1300, leader: true },
    ]);
    const t = play(s, 0, { type: 'attack', die: 0, target: 1 }, scripted([4]));
    expect(t.inGame).toEqual([false, true, true]);
    expect(polywars.toAct(t)).toEqual([1]);
  });

  it('W7 conceding eliminates only that player; in a two-player game the other wins', () => {
    const s = three();
    const t = play(s, 0, { type: 'concede' });
    expect([t.inGame, polywars.toAct(t)]).toEqual([[false, true, true], [1]]);
    const off = leave(t, 2, NO_ROLLS);
    if (!off.ok) throw new Error(off.message);
    expect(polywars.result(off.state)).toMatchObject({ winners: [1] });
  });

  it('W7 a player leaving during a secret step does not hold the others up', () => {
    let s = polywars.setup(OPTS, 3, NO_ROLLS).state;
    s = play(s, 0, { type: 'build', dice: [20] });
    s = play(s, 1, { type: 'build', dice: [12] });
    const r = leave(s, 2, scripted([9, 4]));
    if (!r.ok) throw new Error(r.message);
    expect([r.state.phase, r.state.dice.map((d) => d.value)]).toEqual(['place', [9, 4]]);
  });
});

describe('W7 Capture the Flag', () => {
  const BASES = [
    { x: 250, y: 700 },
    { x: 1750, y: 700 },
  ];
  /** A CTF battle: bases at both ends, flags where given (default: on their bases). */
  const ctf = (
    specs: Spec[],
    flags = [
      { owner: 0, ...BASES[0], carrier: null as number | null },
      { owner: 1, ...BASES[1], carrier: null as number | null },
    ],
  ) =>
    battle(specs, {
      scenario: 'capture-the-flag',
      bases: BASES.map((b) => ({ ...b })),
      flags: flags.map((f) => ({ ...f })),
      turnPhase: 'move',
    });

  it("W7 placement: a base in one's zone, dice within 2 range units of it; the flags start on the bases", () => {
    let s = polywars.setup({ scenario: 'capture-the-flag', budget: 60 }, 2, NO_ROLLS).state;
    s = play(s, 0, { type: 'build', dice: [20, 6] });
    s = play(s, 1, { type: 'build', dice: [20, 6] }, scripted([20, 6, 20, 6]));
    expect(
      refusal(s, 0, {
        type: 'place',
        leader: 0,
        at: [
          { x: 250, y: 700 },
          { x: 300, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    expect(
      refusal(s, 0, {
        type: 'place',
        base: { x: 600, y: 700 },
        at: [
          { x: 250, y: 700 },
          { x: 300, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    expect(
      refusal(s, 0, {
        type: 'place',
        base: { x: 100, y: 700 },
        at: [
          { x: 100, y: 700 },
          { x: 100 + 216, y: 700 },
        ],
      }),
    ).toBe('accepted');
    expect(
      refusal(s, 0, {
        type: 'place',
        base: { x: 100, y: 700 },
        at: [
          { x: 100, y: 700 },
          { x: 100 + 221, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    s = play(s, 0, {
      type: 'place',
      base: { x: 100, y: 700 },
      at: [
        { x: 100, y: 700 },
        { x: 300, y: 700 },
      ],
    });
    expect(JSON.stringify(polywars.view(s, 1))).not.toContain('"x":100');
    s = play(s, 1, polywars.legalActions(s, 1)[0]);
    expect(s.bases[0]).toEqual({ x: 100, y: 700 });
    expect(s.flags).toEqual([
      { owner: 0, x: 100, y: 700, carrier: null },
      { owner: 1, ...s.bases[1]!, carrier: null },
    ]);
  });

  it("W7 tagging: an enemy die ending a step within R of a flag picks it up; an owner's die does not", () => {
    const s = ctf([
      { owner: 0, sides: 6, value: 6, x: 1550, y: 700 },
      { owner: 1, sides: 6, value: 6, x: 1700, y: 850 },
    ]);
    const t = play(s, 0, { type: 'step', die: 0, x: 1650, y: 700 });
    expect(t.flags[1].carrier).toBe(0);
    expect(t.dice[0].aura).toBe('flag');
    const u = play({ ...s, turnIndex: 1, order: [0, 1] }, 1, { type: 'step', die: 1, x: 1730, y: 770 });
    expect([u.flags[1].carrier, u.dice[1].aura]).toEqual([null, null]);
  });

  it("W7 a carried flag moves with its die; bringing it within R of one's own base wins", () => {
    const s = ctf(
      [
        { owner: 0, sides: 4, value: 4, x: 450, y: 700 },
        { owner: 1, sides: 6, value: 6, x: 1700, y: 900 },
      ],
      [
        { owner: 0, ...BASES[0], carrier: null },
        { owner: 1, x: 450, y: 700, carrier: 0 },
      ],
    );
    s.dice[0].aura = 'flag';
    let t = play(s, 0, { type: 'step', die: 0, x: 400, y: 700 });
    expect([t.flags[1].x, polywars.result(t)]).toEqual([400, null]);
    t = play(t, 0, { type: 'step', die: 0, x: 350, y: 700 });
    expect(polywars.result(t)).toMatchObject({ winners: [0], reason: 'flag-captured' });
  });

  it('W7 a destroyed carrier drops the flag where it fell and respawns on its base with a new roll', () => {
    const s = ctf(
      [
        { owner: 1, sides: 8, value: 8, x: 1000, y: 700 },
        { owner: 0, sides: 6, value: 2, x: 1060, y: 700 },
      ],
      [
        { owner: 0, ...BASES[0], carrier: null },
        { owner: 1, x: 1060, y: 700, carrier: 1 },
      ],
    );
    s.dice[1].aura = 'flag';
    const t = play(
      { ...s, turnPhase: 'attack', order: [1, 0] },
      1,
      { type: 'attack', die: 0, target: 1 },
      scripted([3, 5]),
    );
    expect(t.flags[1]).toEqual({ owner: 1, x: 1060, y: 700, carrier: null });
    expect(t.dice[1]).toMatchObject({ alive: true, value: 5, x: 250, y: 700, aura: null });
  });

  it('W7 W8 a carrier may drop the flag; the cycle limit without a capture is a draw', () => {
    const s = ctf(
      [
        { owner: 0, sides: 6, value: 6, x: 1000, y: 700 },
        { owner: 1, sides: 6, value: 6, x: 1700, y: 900 },
      ],
      [
        { owner: 0, ...BASES[0], carrier: null },
        { owner: 1, x: 1000, y: 700, carrier: 0 },
      ],
    );
    s.dice[0].aura = 'flag';
    expect(polywars.legalActions(s, 0)).toContainEqual({ type: 'drop', die: 0 });
    let t = play(s, 0, { type: 'drop', die: 0 });
    expect([t.flags[1].carrier, t.dice[0].aura]).toEqual([null, null]);
    expect(refusal(t, 0, { type: 'drop', die: 0 })).toBe('no-flag');
    t = { ...t, cycleLimit: 1 };
    while (!polywars.result(t)) t = play(t, polywars.toAct(t)[0], { type: 'done' });
    expect(polywars.result(t)).toMatchObject({ draw: true, winners: [], reason: 'cycle-limit' });
  });
});

describe('W7 Rescue Mission', () => {
  const RM = { scenario: 'rescue-mission' as const, budget: 20 };

  /** Builds (Defenders d20; Rescuers d12 hostage + d20 + d8, all at face value) and deploys the Defenders. */
  function defended(): PolywarsState {
    let s = polywars.setup(RM, 2, NO_ROLLS).state;
    s = play(s, 0, { type: 'build', dice: [20] });
    s = play(s, 1, { type: 'build', dice: [12, 20, 8] }, scripted([20, 12, 20, 8]));
    return play(s, 0, { type: 'place', base: { x: 500, y: 700 }, at: [{ x: 700, y: 700 }] });
  }

  it("W7 the Rescuers field twice the Defenders' sides", () => {
    let s = polywars.setup(RM, 2, NO_ROLLS).state;
    expect(refusal(s, 0, { type: 'build', dice: [20, 2] })).toBe('bad-force');
    s = play(s, 0, { type: 'build', dice: [20] });
    expect(refusal(s, 1, { type: 'build', dice: [20, 20, 2] })).toBe('bad-force');
    expect(refusal(s, 1, { type: 'build', dice: [20, 20] }, scripted([5, 5, 5]))).toBe('accepted');
  });

  it("W7 the Defenders deploy first: the Rescuers' first die sits frozen with the Immunity Aura on their base", () => {
    const s = defended();
    expect(polywars.toAct(s)).toEqual([1]);
    expect(s.dice[1]).toMatchObject({ owner: 1, sides: 12, x: 500, y: 700, aura: 'immunity' });
    expect(s.frozen).toBe(1);
    expect(s.dice[0]).toMatchObject({ x: 700, y: 700 });
  });

  it("W7 the Rescuers' base lies 5 to 10 range units from the Defenders'; their dice within 2 of it", () => {
    const s = defended();
    const at = (bx: number) => [
      { x: 500, y: 700 },
      { x: bx, y: 700 },
      { x: bx + 50, y: 700 },
    ];
    expect(refusal(s, 1, { type: 'place', base: { x: 999, y: 700 }, at: at(999) })).toBe('bad-placement');
    expect(refusal(s, 1, { type: 'place', base: { x: 1501, y: 700 }, at: at(1501) })).toBe('bad-placement');
    expect(refusal(s, 1, { type: 'place', base: { x: 1000, y: 700 }, at: at(1000) })).toBe('accepted');
    expect(
      refusal(s, 1, {
        type: 'place',
        base: { x: 1000, y: 700 },
        at: [
          { x: 510, y: 700 },
          { x: 1000, y: 700 },
          { x: 1050, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    const t = play(s, 1, { type: 'place', base: { x: 1500, y: 700 }, at: at(1500) });
    expect([t.phase, t.bases]).toEqual([
      'bid',
      [
        { x: 500, y: 700 },
        { x: 1500, y: 700 },
      ],
    ]);
  });

  const hostage = (frozen: boolean) =>
    battle(
      [
        { owner: 0, sides: 20, value: 20, x: 600, y: 700 },
        { owner: 1, sides: 12, value: 12, x: 500, y: 700, immune: true },
        { owner: 1, sides: 6, value: 6, x: 500, y: 900 },
      ],
      {
        scenario: 'rescue-mission',
        bases: [
          { x: 500, y: 700 },
          { x: 1200, y: 700 },
        ],
        frozen: frozen ? 1 : null,
        order: [1, 0],
      },
    );

  it('W7 the frozen hostage neither moves nor attacks, and the Defenders may not attack it', () => {
    const s = hostage(true);
    expect(refusal(s, 1, { type: 'attack', die: 1, target: 0 }, scripted([1]))).toBe('frozen');
    expect(refusal({ ...s, turnPhase: 'move' }, 1, { type: 'step', die: 1, x: 520, y: 700 })).toBe('cannot-step');
    expect(refusal({ ...s, order: [0, 1] }, 0, { type: 'attack', die: 0, target: 1 }, scripted([1]))).toBe('frozen');
    expect(refusal({ ...hostage(false), order: [0, 1] }, 0, { type: 'attack', die: 0, target: 1 }, scripted([1]))).toBe(
      'accepted',
    );
  });

  it("W7 a Rescuer ending a step within R of the hostage frees it; the hostage at the Rescuers' base wins", () => {
    let s: PolywarsState = { ...hostage(true), turnPhase: 'move' };
    s = play(s, 1, { type: 'step', die: 2, x: 500, y: 801 });
    expect(s.frozen).toBe(1);
    s = play(s, 1, { type: 'step', die: 2, x: 500, y: 800 });
    expect(s.frozen).toBeNull();
    s = {
      ...s,
      bases: [
        { x: 500, y: 700 },
        { x: 500, y: 500 },
      ],
    };
    s = play(s, 1, { type: 'step', die: 1, x: 500, y: 600 });
    expect(polywars.result(s)).toMatchObject({ winners: [1], reason: 'rescued' });
  });

  it("W7 the hostage destroyed, or 12 cycles held, is the Defenders' win", () => {
    const s = { ...hostage(false), order: [0, 1] };
    s.dice[1].value = 2;
    expect(polywars.result(play(s, 0, { type: 'attack', die: 0, target: 1 }, scripted([5])))).toMatchObject({
      winners: [0],
      reason: 'hostage-lost',
    });
    let t: PolywarsState = { ...hostage(true), cycleLimit: 1 };
    while (!polywars.result(t)) t = play(t, polywars.toAct(t)[0], { type: 'done' });
    expect(polywars.result(t)).toMatchObject({ winners: [0], reason: 'held-out' });
  });

  it('W7 a two-player scenario in a larger room: the extra seats sit out from the start', () => {
    const s = polywars.setup(RM, 3, NO_ROLLS).state;
    expect([s.inGame, polywars.toAct(s)]).toEqual([
      [true, true, false],
      [0, 1],
    ]);
  });
});

describe('W7 Attack on Tokyo', () => {
  const TK = { scenario: 'attack-on-tokyo' as const };

  it('W7 only the Defenders build; they place Tokyo and their dice within 3 range units; the Rage takes one at least 8 R away', () => {
    let s = polywars.setup(TK, 2, NO_ROLLS).state;
    expect(polywars.toAct(s)).toEqual([0]);
    expect(refusal(s, 0, { type: 'build', dice: [20, 20, 20, 2] })).toBe('bad-force'); // 62 > 60
    s = play(s, 0, { type: 'build', dice: [20, 6] }, scripted([7, 3]));
    expect(
      refusal(s, 0, {
        type: 'place',
        base: { x: 400, y: 700 },
        at: [
          { x: 400, y: 700 },
          { x: 400 + 316, y: 700 },
        ],
      }),
    ).toBe('accepted');
    expect(
      refusal(s, 0, {
        type: 'place',
        base: { x: 300, y: 700 },
        at: [
          { x: 300, y: 700 },
          { x: 300 + 317, y: 700 },
        ],
      }),
    ).toBe('bad-placement');
    s = play(s, 0, {
      type: 'place',
      base: { x: 400, y: 700 },
      at: [
        { x: 400, y: 700 },
        { x: 600, y: 700 },
      ],
    });
    expect(polywars.toAct(s)).toEqual([1]);
    expect(refusal(s, 1, { type: 'unleash', die: 0, x: 1199, y: 700 })).toBe('bad-placement');
    s = play(s, 1, { type: 'unleash', die: 0, x: 1200, y: 700 });
    expect(s.dice[0]).toMatchObject({ owner: 1, value: 20, aura: 'rage', x: 1200, y: 700 });
    expect(s.phase).toBe('bid');
  });

  const tokyo = (rageValue = 20) =>
    battle(
      [
        { owner: 1, sides: 20, value: rageValue, x: 700, y: 700 },
        { owner: 0, sides: 8, value: 8, x: 760, y: 700 },
        { owner: 0, sides: 6, value: 6, x: 400, y: 1200 },
      ],
      { scenario: 'attack-on-tokyo', bases: [{ x: 400, y: 700 }, null], order: [1, 0] },
    );
  const raging = (rageValue = 20) => {
    const s = tokyo(rageValue);
    s.dice[0].aura = 'rage';
    return s;
  };

  it('W7 the Rage die must attack when it can', () => {
    const s = raging();
    expect(refusal(s, 1, { type: 'done' })).toBe('must-attack');
    expect(polywars.legalActions(s, 1)).not.toContainEqual({ type: 'done' });
    const t = play(s, 1, { type: 'attack', die: 0, target: 1 }, scripted([2]));
    expect(refusal(t, 1, { type: 'done' })).toBe('accepted');
  });

  it('W7 every Rage step must bring it closer to Tokyo; within R of Tokyo it wins', () => {
    let s: PolywarsState = { ...raging(), turnPhase: 'move' };
    s.dice[1].y = 900;
    expect(refusal(s, 1, { type: 'step', die: 0, x: 700, y: 780 })).toBe('rage-must-advance');
    s = play(s, 1, { type: 'step', die: 0, x: 600, y: 700 });
    expect(polywars.result(s)).toBeNull();
    s = { ...s, turnPhase: 'speed', speedDie: 0, stepsTaken: 0, mover: null };
    s = play(s, 1, { type: 'step', die: 0, x: 500, y: 700 });
    expect(polywars.result(s)).toMatchObject({ winners: [1], reason: 'tokyo-reached' });
  });

  it('W7 a perfect attack halves the Rage die instead of destroying it', () => {
    const s = { ...raging(7), order: [0, 1] };
    const t = play(s, 0, { type: 'attack', die: 1, target: 0 }, scripted([8]));
    expect(t.dice[0]).toMatchObject({ alive: true, value: 4 });
  });

  it("W7 the Rage passes to the die that destroys its carrier, at that die's maximum", () => {
    const s = { ...raging(3), order: [0, 1] };
    const t = play(s, 0, { type: 'attack', die: 1, target: 0 }, scripted([5]));
    expect(t.dice[0].alive).toBe(false);
    expect(t.dice[1]).toMatchObject({ owner: 1, aura: 'rage', value: 8 });
    expect(polywars.result(t)).toBeNull();
  });

  it('W7 a Rage die that destroys itself is spent: Tokyo is saved; ten cycles held also save it', () => {
    const s = raging(1);
    const t = play(s, 1, { type: 'attack', die: 0, target: 1 }, scripted([5]));
    expect(polywars.result(t)).toMatchObject({ winners: [0], reason: 'rage-spent' });
    let u: PolywarsState = { ...raging(), cycleLimit: 1, attacked: [0] };
    while (!polywars.result(u)) u = play(u, polywars.toAct(u)[0], { type: 'done' });
    expect(polywars.result(u)).toMatchObject({ winners: [0], reason: 'tokyo-defended' });
  });
});

describe('W7 Snipe Hunt', () => {
  const SH = { scenario: 'snipe-hunt' as const, budget: 40 };

  /** Battle 1 built and deployed: the Snipe (seat 0) d4, d20, d6; the Hunter (seat 1) one d8. */
  function hunted(): PolywarsState {
    let s = polywars.setup(SH, 2, NO_ROLLS).state;
    s = play(s, 0, { type: 'build', dice: [4, 20, 6] });
    s = play(s, 1, { type: 'build', dice: [8] }, scripted([4, 20, 6, 8]));
    expect(polywars.toAct(s)).toEqual([1]);
    return play(s, 1, { type: 'place', at: [{ x: 1000, y: 300 }] });
  }

  it('W7 the Snipe player has at most 8 dice; the Hunter places between the bases, 2 range units clear of both', () => {
    let s = polywars.setup({ ...SH, budget: 60 }, 2, NO_ROLLS).state;
    expect(refusal(s, 0, { type: 'build', dice: Array(9).fill(4) })).toBe('bad-force');
    expect(refusal(s, 1, { type: 'build', dice: Array(9).fill(4) })).toBe('accepted');
    s = play(s, 0, { type: 'build', dice: [4] });
    s = play(s, 1, { type: 'build', dice: [8] }, scripted([4, 8]));
    expect(refusal(s, 1, { type: 'place', at: [{ x: 800, y: 700 }] })).toBe('bad-placement'); // outside the band
    expect(refusal(s, 1, { type: 'place', at: [{ x: 860, y: 700 }] })).toBe('bad-placement'); // 2.1 R from the start base's centre, rim 1.94 R
    expect(refusal(s, 1, { type: 'place', at: [{ x: 1000, y: 700 }] })).toBe('accepted');
  });

  it('W7 the Snipe dice sit on the numbered spaces by size; one more may move each cycle', () => {
    let s = hunted();
    expect(s.snipe!.spaces).toEqual([1, 2, 0]); // d20, d6, d4
    expect([s.dice[1].x, s.dice[1].y]).toEqual([650, 700]);
    s = play(s, 0, { type: 'bid', points: 3 });
    s = play(s, 1, { type: 'bid', points: 0 }); // every die at its maximum: nobody heals
    s = play(s, 0, { type: 'done' });
    // Cycle 1: only space 1 (the d20) moves; the d6 on space 2 waits for cycle 2.
    expect(refusal(s, 0, { type: 'step', die: 2, x: s.dice[2].x! + 50, y: s.dice[2].y! })).toBe('cannot-step');
    expect(refusal(s, 0, { type: 'step', die: 1, x: 600, y: 620 })).toBe('accepted');
    s = { ...s, cycle: 2 };
    expect(refusal(s, 0, { type: 'step', die: 2, x: s.dice[2].x! + 50, y: s.dice[2].y! })).toBe('accepted');
    expect(refusal(s, 0, { type: 'step', die: 0, x: s.dice[0].x! + 50, y: s.dice[0].y! })).toBe('cannot-step');
  });

  it('W7 a Snipe die reaching the far base scores and leaves; the battle ends with no Snipe left, then roles swap', () => {
    const s = battle(
      [
        { owner: 0, sides: 6, value: 6, x: 1290, y: 700 },
        { owner: 1, sides: 8, value: 8, x: 1000, y: 300 },
      ],
      {
        scenario: 'snipe-hunt',
        bases: [
          { x: 650, y: 700 },
          { x: 1350, y: 700 },
        ],
        turnPhase: 'move',
        snipe: { battle: 1, seat: 0, points: [0, 0], spaces: [0] },
      },
    );
    const r = polywars.apply(s, 0, { type: 'step', die: 0, x: 1250, y: 700 }, NO_ROLLS);
    if (!r.ok) throw new Error(r.message);
    const t = r.state;
    expect(r.events.map((e) => e.type)).toEqual(['step', 'snipe-home', 'battle-end', 'battle-start']);
    expect(t.snipe).toEqual({ battle: 2, seat: 1, points: [1, 0], spaces: [] });
    expect([t.phase, t.dice, polywars.toAct(t)]).toEqual(['build', [], [0, 1]]);
  });

  it('W7 after the second battle the higher score wins; equal scores draw', () => {
    const second = (points: number[]) =>
      battle(
        [
          { owner: 1, sides: 6, value: 6, x: 900, y: 700 },
          { owner: 0, sides: 8, value: 8, x: 1000, y: 300 },
        ],
        {
          scenario: 'snipe-hunt',
          bases: [
            { x: 650, y: 700 },
            { x: 1350, y: 700 },
          ],
          cycleLimit: 1,
          snipe: { battle: 2, seat: 1, points, spaces: [0] },
        },
      );
    for (const [points, want] of [
      [[2, 1], { winners: [0], draw: false }],
      [[1, 1], { winners: [], draw: true }],
    ] as const) {
      let t = second([...points]);
      while (!polywars.result(t)) t = play(t, polywars.toAct(t)[0], { type: 'done' });
      expect(polywars.result(t)).toMatchObject({ ...want, reason: 'snipe-points' });
    }
  });
});
