// Powers by tapping the field in one's own Action Phase, from the selected die: a free point for Teleportation, a die
// in side-to-side range for the Healer (the points it lacks, up to 3) or for Mutation (that die alone). Pure, so the
// tap's meaning is tested without a canvas; the buttons still offer every power, these are the direct way.
import { HEAL_POINTS } from '@dicehall/shared/polywars';
import { typeOf } from '@dicehall/shared/polywars';
import { inReach, powerRefusal, teleportRefusal } from '@dicehall/shared/polywars';
import { rageRefusal } from '@dicehall/shared/polywars';
import type { PolywarsAction, PwDie } from '@dicehall/shared/polywars';
import type { PolywarsView } from '@dicehall/shared/polywars';
import { asState, dieName } from './text';

export type PowerTap = { action: PolywarsAction } | { reason: string };

/**
 * What a tap means for the selected die `sel` of seat `me`: on `tapped` (a die other than `sel`) or on the empty
 * point `p`. Null when it is no power tap (not the Action Phase, no such power, a die out of reach), so the tap
 * keeps its ordinary meaning (selecting).
 */
export function powerByTap(
  v: PolywarsView,
  me: number,
  sel: PwDie,
  tapped: PwDie | undefined,
  p: { x: number; y: number },
): PowerTap | null {
  if (v.phase !== 'turns' || v.turn !== me || v.turnPhase !== 'action' || v.pendingZap || v.result) return null;
  if (sel.owner !== me || !sel.alive || sel.x === null) return null;
  const power = typeOf(sel).power;
  if (power !== 'teleportation' && power !== 'healer' && power !== 'mutation') return null;
  const s = asState(v);
  if (power === 'teleportation') {
    if (tapped) return null;
    const why = powerRefusal(s, me, sel, power);
    if (why) return { reason: why };
    const x = Math.round(Math.max(0, p.x));
    const y = Math.round(Math.max(0, p.y));
    const where = teleportRefusal(s, sel, x, y) ?? rageRefusal(s, sel, x, y);
    return where ? { reason: where } : { action: { type: 'teleportation', die: sel.id, x, y } };
  }
  if (!tapped || tapped.id === sel.id || !inReach(s, sel).some((o) => o.id === tapped.id)) return null;
  const why = powerRefusal(s, me, sel, power);
  if (why) return { reason: why };
  if (tapped.aura === 'immunity') return { reason: `${dieName(tapped)} is immune to powers.` };
  if (power === 'healer') {
    const points = Math.min(HEAL_POINTS, tapped.sides - tapped.value);
    if (points === 0) return { reason: `${dieName(tapped)} is already at its maximum.` };
    return { action: { type: 'healer', die: sel.id, targets: [{ die: tapped.id, points }] } };
  }
  return { action: { type: 'mutation', die: sel.id, targets: [tapped.id] } };
}
