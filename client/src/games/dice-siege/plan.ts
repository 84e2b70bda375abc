// The round's plan as the player builds it on the sheet (dice to abilities or attackers, specials, Halflings), turned
// into the rules' plan action and previewed with the rules' own evaluatePlan, so the sheet shows what a commit does.
import { attackDamage, evaluatePlan, ofAKind, useDamage } from '@dicehall/shared/dice-siege';
import {
  isAlive,
  isEntered,
  SPECIALS,
  USE_FACE,
  type Plan,
  type Sheet,
  type SiegeState,
  type SpecialId,
  type Use,
} from '@dicehall/shared/dice-siege';
import type { SiegeView } from '@dicehall/shared/dice-siege';

export interface Pair {
  dice: [number, number];
  as: number;
  use: Use | null;
  target: string | null;
}

export interface Draft {
  /** Per die of the tray: its use and the attacker its damage goes to (null: not placed yet). */
  uses: (Use | null)[];
  targets: (string | null)[];
  pairs: Pair[];
  unlock: SpecialId | null;
  specials: SpecialId[];
  heroicLine: number | null;
  /** Wizard's Light's 6 and Summon the Dead's 15, placed on attackers. */
  wizard: { target: string; n: number }[];
  summon: { target: string; n: number }[];
}

export const emptyDraft = (dice: number): Draft => ({
  uses: Array(dice).fill(null),
  targets: Array(dice).fill(null),
  pairs: [],
  unlock: null,
  specials: [],
  heroicLine: null,
  wizard: [],
  summon: [],
});

/** The rules' state rebuilt from the public view (the view carries every field the rules read). */
export const stateOf = (v: SiegeView): SiegeState => ({
  mode: v.mode,
  levels: v.levels,
  round: v.round,
  lines: v.lines,
  sheets: v.sheets,
  opened: v.sheets,
});

export const pairOf = (d: Draft, i: number) => d.pairs.find((p) => p.dice.includes(i));

/** The ability a face serves best for damage this round, or null (a 6, a 1, or nothing open). */
export function bestUse(state: SiegeState, sh: Sheet, face: number, used: ReadonlySet<SpecialId>): Use | null {
  const options: Use[] =
    face === 2
      ? ['archers']
      : face === 3
        ? ['riders', 'warriors']
        : face === 4
          ? ['trebuchets']
          : face === 5
            ? ['elves']
            : [];
  let best: Use | null = null;
  for (const u of options) {
    const d = useDamage(state, sh, u, used);
    if (d !== null && (best === null || d > (useDamage(state, sh, best, used) ?? 0))) best = u;
  }
  return best;
}

export interface Preview {
  plan: Plan;
  /** The rules' refusal, if this plan would be refused. */
  error: string | null;
  damage: number;
  placed: number;
  /** Hits each attacker would take (ability damage, Wizard's Light, Summon the Dead). */
  hits: Record<string, number>;
  /** What the attackers would deal to the stronghold after this plan. */
  threat: number;
  ofAKind: number;
}

/** Builds the plan action: each target's damage summed and cut to its boxes left (what is not placed is lost). */
export function toPlan(v: SiegeView, seat: number, d: Draft): Preview {
  const state = stateOf(v);
  const sh = v.sheets[seat]!;
  const used = new Set(d.specials);
  const perTarget = new Map<string, number>();
  const add = (t: string | null, n: number) => {
    if (t && n > 0) perTarget.set(t, (perTarget.get(t) ?? 0) + n);
  };
  d.uses.forEach((u, i) => {
    if (u && !pairOf(d, i)) add(d.targets[i] ?? null, useDamage(state, sh, u, used) ?? 0);
  });
  for (const p of d.pairs) if (p.use) add(p.target, useDamage(state, sh, p.use, used) ?? 0);
  if (used.has('wizards-light')) for (const w of d.wizard) add(w.target, w.n);
  const left = (id: string) => {
    const a = sh.attackers.find((x) => x.id === id);
    return a ? a.boxes - a.hits : 0;
  };
  const heroic = new Set(
    used.has('heroic-deeds')
      ? sh.attackers
          .filter((a) => a.line === d.heroicLine && isEntered(state, a) && a.kind !== 'greater-wyvern')
          .map((a) => a.id)
      : [],
  );
  const maiden = used.has('shieldmaiden') ? sh.attackers.find((a) => a.kind === 'greater-wyvern')?.id : undefined;
  const gone = (id: string) => heroic.has(id) || id === maiden;
  const hits: Plan['hits'] = [];
  for (const [target, n] of perTarget) {
    const k = Math.min(n, left(target));
    if (k > 0 && !gone(target)) hits.push({ target, n: k, summon: false });
  }
  if (used.has('summon-the-dead')) {
    for (const s of d.summon) {
      const k = Math.min(s.n, left(s.target) - (hits.find((h) => h.target === s.target)?.n ?? 0));
      if (k > 0 && !gone(s.target)) hits.push({ target: s.target, n: k, summon: true });
    }
  }
  const plan: Plan = {
    type: 'plan',
    dice: d.uses.map((u, i) => (pairOf(d, i) ? null : u)),
    pairs: d.pairs.map((p) => ({ dice: p.dice, as: p.as, use: p.use })),
    unlock: d.unlock,
    specials: d.specials,
    heroicLine: used.has('heroic-deeds') ? d.heroicLine : null,
    hits,
  };
  const out = evaluatePlan(state, seat, plan);
  const shown: Record<string, number> = {};
  if ('ok' in out) {
    for (const h of hits) shown[h.target] = (shown[h.target] ?? 0) + h.n;
    return {
      plan,
      error: out.message,
      damage: 0,
      placed: 0,
      hits: shown,
      threat: attackDamage(state, sh),
      ofAKind: ofAKind(sh.tray, plan.pairs),
    };
  }
  out.sheet.attackers.forEach((a, i) => {
    const before = sh.attackers[i]?.hits ?? 0;
    if (a.hits > before) shown[a.id] = a.hits - before;
  });
  const threat =
    used.has('war-horn') || out.sheet.attackers.every((a) => !isAlive(a)) ? 0 : attackDamage(state, out.sheet);
  return {
    plan,
    error: null,
    damage: out.damage,
    placed: out.placed,
    hits: shown,
    threat,
    ofAKind: ofAKind(sh.tray, plan.pairs),
  };
}

/** Whether a die (or a Halflings pair counted as `as`) can serve a use, and why not in words. */
export function faceFits(face: number, use: Use): string | null {
  if (USE_FACE[use] === face) return null;
  const need = USE_FACE[use];
  return `${use.startsWith('box-') ? 'Reinforcement boxes take' : `The ${use} take`} ${need}'s; this die shows ${face}.`;
}

/** Specials the final dice let the player circle this round (one at most). */
export function unlockable(sh: Sheet, n: number): SpecialId[] {
  return SPECIALS.filter((s) => s.tier <= n && sh.specials[s.id].unlocked === null).map((s) => s.id);
}

/** Specials circled before this round and not yet used. */
export function usable(sh: Sheet, round: number): SpecialId[] {
  return SPECIALS.filter((s) => {
    const x = sh.specials[s.id];
    return x.unlocked !== null && x.unlocked < round && x.used === null;
  }).map((s) => s.id);
}
