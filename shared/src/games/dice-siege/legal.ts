// Dice Siege's legal actions: every roll (each hold set) and a few representative plans. A plan's
// choices (uses, Halflings, damage split) multiply past listing, as Dice Chess's arrangements do, so
// the list offers the empty plan and a plain one; any other valid plan is still accepted.
import type { Seat } from '../../core/game-module';
import { evaluatePlan, ofAKind, useDamage } from './rules';
import {
  isAlive,
  isEntered,
  maxAttempts,
  sheetOf,
  SPECIALS,
  TRACK_IDS,
  TRACKS,
  type Plan,
  type SiegeAction,
  type SiegeState,
  type SpecialId,
  type Use,
} from './state';

export const emptyPlan = (dice: number): Plan => ({
  type: 'plan',
  dice: Array(dice).fill(null),
  pairs: [],
  unlock: null,
  specials: [],
  heroicLine: null,
  hits: [],
});

/**
 * The plain plan: each die to the ability its face serves when open, 6's to the first tracks with room,
 * the highest special the dice unlock, no special used, and damage to the entered attackers that hit
 * hardest first.
 */
export function plainPlan(state: SiegeState, seat: Seat): Plan {
  const sh = sheetOf(state, seat);
  const none = new Set<SpecialId>();
  const room = { ...sh.tracks };
  const fours = sh.tray.filter((v) => v === 4).length;
  const dice: (Use | null)[] = sh.tray.map((v) => {
    const options: Use[] =
      v === 2
        ? ['archers']
        : v === 3
          ? ['riders', 'warriors']
          : v === 4 && fours >= 3
            ? ['trebuchets']
            : v === 5
              ? ['elves']
              : [];
    for (const u of options) if (useDamage(state, sh, u, none) !== null) return u;
    if (v === 6) {
      const t = TRACK_IDS.find((k) => room[k] < TRACKS[k]);
      if (t) {
        room[t]++;
        return `box-${t}` as Use;
      }
    }
    return null;
  });
  let damage = 0;
  dice.forEach((u) => {
    if (u) damage += useDamage(state, sh, u, none) ?? 0;
  });
  const n = ofAKind(sh.tray, []);
  const unlock = [...SPECIALS].reverse().find((s) => s.tier <= n && sh.specials[s.id].unlocked === null)?.id ?? null;
  const hits: Plan['hits'] = [];
  const threat = (kind: string, left: number) => (kind === 'trolls' ? 5 : left);
  const targets = sh.attackers
    .filter((a) => isEntered(state, a) && isAlive(a))
    .sort((a, b) => threat(b.kind, b.boxes - b.hits) - threat(a.kind, a.boxes - a.hits));
  for (const a of targets) {
    if (damage === 0) break;
    const k = Math.min(damage, a.boxes - a.hits);
    hits.push({ target: a.id, n: k, summon: false });
    damage -= k;
  }
  return { type: 'plan', dice, pairs: [], unlock, specials: [], heroicLine: null, hits };
}

export function legalActions(state: SiegeState, seat: Seat): SiegeAction[] {
  const sh = state.sheets[seat];
  if (sh?.phase !== 'roll') return [];
  if (sh.attempt === 0) return [{ type: 'roll', hold: [] }];
  const out: SiegeAction[] = [];
  if (sh.attempt < maxAttempts(state, sh)) {
    const n = sh.tray.length;
    for (let mask = 0; mask < (1 << n) - 1; mask++)
      out.push({ type: 'roll', hold: [...Array(n).keys()].filter((i) => mask & (1 << i)) });
  }
  const plain = plainPlan(state, seat);
  // The plain plan is valid by construction; checked anyway so the list can never offer a refusal.
  const empty = emptyPlan(sh.tray.length);
  if (!('ok' in evaluatePlan(state, seat, plain)) && JSON.stringify(plain) !== JSON.stringify(empty)) out.push(plain);
  out.push(empty);
  return out;
}
