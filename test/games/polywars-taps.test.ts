// Powers aimed by tapping the battlefield (client/src/games/polywars/power-taps.ts): what a tap asks for in one's
// own Action Phase, checked against the rules the server applies (W3): every action a tap makes, apply accepts.
import { scripted } from '@dicehall/shared';
import { powerByTap } from '../../client/src/games/polywars/power-taps';
import { polywars, setupState, type PolywarsState, type PwDie } from '@dicehall/shared/polywars';
import type { PolywarsView } from '@dicehall/shared/polywars';

type Spec = Pick<PwDie, 'owner' | 'sides' | 'value' | 'x' | 'y'> & { aura?: PwDie['aura'] };

/** Seat 0 in its Action Phase, two kings far apart and `specs` after them (ids from 2). */
function battle(specs: Spec[], turnPhase: PolywarsState['turnPhase'] = 'action'): PolywarsState {
  const s = setupState({ scenario: 'kill-the-king', budget: 60 }, 2);
  const kings: Spec[] = [
    { owner: 0, sides: 20, value: 20, x: 100, y: 100, aura: 'leadership' },
    { owner: 1, sides: 20, value: 20, x: 1900, y: 1300, aura: 'leadership' },
  ];
  const dice = [...kings, ...specs].map((d, id) => ({ id, alive: true, aura: null, ...d }));
  return {
    ...s,
    terrain: [],
    dice,
    phase: 'turns',
    cycle: 1,
    order: [0, 1],
    turnIndex: 0,
    turnPhase,
    lastBids: [0, 0],
  };
}

const viewOf = (s: PolywarsState) => polywars.view(s, 0) as PolywarsView;
const tap = (s: PolywarsState, sel: number, die: number | null, at = { x: 0, y: 0 }) => {
  const v = viewOf(s);
  return powerByTap(v, 0, v.dice[sel], die === null ? undefined : v.dice[die], at);
};
function accepted(s: PolywarsState, r: ReturnType<typeof powerByTap>, rolls: number[] = []) {
  if (!r || !('action' in r)) throw new Error(`no action: ${JSON.stringify(r)}`);
  const step = polywars.apply(s, 0, r.action, scripted(rolls));
  if (!step.ok) throw new Error(`${step.code}: ${step.message}`);
  return step.state;
}

describe('W3 powers by tapping the field', () => {
  it('W3 Teleportation: a free point beside a friend teleports the d12 there; a point too far gives the reason', () => {
    const s = battle([
      { owner: 0, sides: 12, value: 6, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 6, x: 1500, y: 700 },
    ]);
    const r = tap(s, 2, null, { x: 1600.4, y: 699.6 });
    expect(r).toEqual({ action: { type: 'teleportation', die: 2, x: 1600, y: 700 } });
    expect(accepted(s, r).dice[2]).toMatchObject({ x: 1600, y: 700, value: 5 });
    expect(tap(s, 2, null, { x: 1700, y: 700 })).toEqual({ reason: expect.stringMatching(/./) });
    // At value 1 the d12 cannot pay: the reason, not an action.
    s.dice[2].value = 1;
    expect(tap(s, 2, null, { x: 1600, y: 700 })).toEqual({ reason: expect.stringMatching(/leave the die at 0/) });
  });

  it('W3 Healer: tapping a die in reach heals the points it lacks, at most 3; a full die or an immune one says why', () => {
    const s = battle([
      { owner: 0, sides: 8, value: 4, x: 500, y: 700 },
      { owner: 0, sides: 6, value: 1, x: 560, y: 700 },
      { owner: 1, sides: 6, value: 5, x: 440, y: 700 },
      { owner: 1, sides: 6, value: 6, x: 500, y: 760 },
      { owner: 1, sides: 6, value: 2, x: 500, y: 640, aura: 'immunity' },
    ]);
    const friend = tap(s, 2, 3);
    expect(friend).toEqual({ action: { type: 'healer', die: 2, targets: [{ die: 3, points: 3 }] } });
    expect(accepted(s, friend).dice[3].value).toBe(4);
    const foe = tap(s, 2, 4);
    expect(foe).toEqual({ action: { type: 'healer', die: 2, targets: [{ die: 4, points: 1 }] } });
    expect(accepted(s, foe).dice[4].value).toBe(6);
    expect(tap(s, 2, 5)).toEqual({ reason: 'd6 (6) is already at its maximum.' });
    expect(tap(s, 2, 6)).toEqual({ reason: 'd6 (2) is immune to powers.' });
  });

  it('W3 Mutation: tapping a die in reach rerolls that die alone', () => {
    const s = battle([
      { owner: 0, sides: 10, value: 5, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 4, x: 560, y: 700 },
    ]);
    const r = tap(s, 2, 3);
    expect(r).toEqual({ action: { type: 'mutation', die: 2, targets: [3] } });
    expect(accepted(s, r, [2]).dice[3].value).toBe(2);
  });

  it("a tap that is no power tap keeps its ordinary meaning (null): out of reach, another phase, a power without a target, not one's turn", () => {
    const specs: Spec[] = [
      { owner: 0, sides: 8, value: 4, x: 500, y: 700 },
      { owner: 1, sides: 6, value: 1, x: 900, y: 700 },
      { owner: 0, sides: 2, value: 2, x: 1200, y: 700 },
      { owner: 1, sides: 6, value: 1, x: 1260, y: 700 },
    ];
    const s = battle(specs);
    expect(tap(s, 2, 3)).toBeNull(); // 3.4 R away
    expect(tap(s, 4, 5)).toBeNull(); // a Damage Field has no target: its button
    expect(tap(s, 2, null, { x: 600, y: 700 })).toBeNull(); // a healer aims at dice, not points
    expect(tap(battle(specs, 'attack'), 2, 3)).toBeNull();
    const theirs = { ...s, turnIndex: 1 };
    expect(tap(theirs, 2, 3)).toBeNull();
    expect(tap(s, 3, 2)).toBeNull(); // not one's own die
  });
});
