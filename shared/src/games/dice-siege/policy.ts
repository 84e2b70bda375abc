// A strong Dice Siege policy for bots and for tuning the attacker lines: it scores every final hand of dice
// with a one-round plan search, then chooses what to hold by exact expectation over the reroll outcomes
// (multisets with their multinomial odds). It reads only the sheet and the dice on the table.
import type { Seat } from '../../core/game-module';
import { TROLL_DAMAGE } from './lines';
import { elephantsAttacking } from './rules';
import {
  isAlive,
  isBreached,
  isEntered,
  maxAttempts,
  sheetOf,
  SPECIAL_IDS,
  SUMMON_THE_DEAD,
  TRACK_IDS,
  TRACKS,
  WIZARDS_LIGHT,
  specialInfo,
  totalBoxes,
  type Attacker,
  type Plan,
  type Sheet,
  type SiegeAction,
  type SiegeState,
  type SpecialId,
  type Track,
  type Use,
} from './state';

/** What a unit of each thing is worth to the policy; tuned by hand against simulations. */
export interface Weights {
  /** Each point of threat left after the plan, beyond the damage it deals this round. */
  futureThreat: number;
  /** Each living attacker box anywhere. */
  box: number;
  /** A reinforcement box, per track, before scaling by the rounds ahead. */
  track: Record<Track, number>;
  /** Holding an unused special. */
  special: Record<SpecialId, number>;
}

export const DEFAULT_WEIGHTS: Weights = {
  futureThreat: 1.5,
  box: 0.6,
  track: { extra1: 2.2, extra2: 2.2, elves: 1.6, riders: 1.6 },
  special: {
    'wizards-light': 4,
    'repurpose-rubble': 2,
    'targeted-attack': 2,
    'call-to-arms': 2,
    'heroic-deeds': 9,
    'war-horn': 7,
    shieldmaiden: 11,
    'summon-the-dead': 14,
  },
};

const BIG = 1e4;

/** The decision for one hand of faces: how every die is used, and what goes where. */
interface Choice {
  value: number;
  pairs: number;
  pairAs: number;
  sixes: Track[];
  unlock: SpecialId | null;
  specials: SpecialId[];
  heroicLine: number | null;
  uses: { archers: boolean; threes: 'riders' | 'warriors' | null; trebuchets: boolean; elves: boolean };
}

interface Context {
  state: SiegeState;
  sh: Sheet;
  w: Weights;
  breached: boolean;
  elephants: boolean;
  entered: Attacker[];
  /** How much the rounds ahead still matter for reinforcements. */
  ahead: number;
  available: SpecialId[];
  unlockOrder: SpecialId[];
  heroicBest: { line: number; threat: number; boxes: number } | null;
  wyvern: Attacker | null;
  total: number;
  sixMemo?: { sixes: Track[]; value: number }[];
  damageMemo?: Map<number, { threat: number; boxes: number }>;
  unlockMemo?: (SpecialId | null)[];
  usefulMemo?: SpecialId[][];
}

function contextOf(state: SiegeState, seat: Seat, w: Weights): Context {
  const sh = sheetOf(state, seat);
  const entered = sh.attackers.filter((a) => isEntered(state, a) && isAlive(a));
  const available = SPECIAL_IDS.filter(
    (id) =>
      sh.specials[id].unlocked !== null && sh.specials[id].unlocked! < state.round && sh.specials[id].used === null,
  );
  let heroicBest: Context['heroicBest'] = null;
  for (const line of new Set(entered.map((a) => a.line))) {
    const hit = entered.filter((a) => a.line === line && a.kind !== 'greater-wyvern');
    if (hit.length === 0) continue;
    const threat = hit.reduce((t, a) => t + threatOf(a), 0);
    const boxes = hit.reduce((t, a) => t + a.boxes - a.hits, 0);
    if (!heroicBest || threat > heroicBest.threat) heroicBest = { line, threat, boxes };
  }
  return {
    state,
    sh,
    w,
    entered,
    available,
    heroicBest,
    breached: isBreached(state, sh),
    elephants: elephantsAttacking(state, sh),
    ahead: Math.max(0.15, Math.min(1, (state.lines.length + 3 - state.round) / 8)),
    unlockOrder: SPECIAL_IDS.filter((id) => sh.specials[id].unlocked === null).sort(
      (a, b) => w.special[b] - w.special[a],
    ),
    wyvern: entered.find((a) => a.kind === 'greater-wyvern') ?? null,
    total: totalBoxes(state),
  };
}

const threatOf = (a: Attacker) => (a.kind === 'trolls' ? TROLL_DAMAGE : a.boxes - a.hits);

/**
 * Threat left and boxes left after `damage` on entered attackers and `summon` on any: Trolls first when
 * the damage can finish them (5 saved for at most 4 boxes), then every other box saves one a round.
 */
function afterDamage(
  cx: Context,
  damage: number,
  summon: number,
  removed: Set<Attacker>,
): { threat: number; boxes: number; hits: Map<Attacker, [number, number]> } {
  const rem = new Map<Attacker, number>();
  for (const a of cx.sh.attackers) if (isAlive(a) && !removed.has(a)) rem.set(a, a.boxes - a.hits);
  const hits = new Map<Attacker, [number, number]>();
  const take = (a: Attacker, n: number, summoned: boolean) => {
    rem.set(a, rem.get(a)! - n);
    const h = hits.get(a) ?? [0, 0];
    h[summoned ? 1 : 0] += n;
    hits.set(a, h);
  };
  const entered = cx.entered.filter((a) => rem.has(a));
  const spend = (pool: number, targets: Attacker[], summoned: boolean): number => {
    const trolls = targets.filter((a) => a.kind === 'trolls').sort((a, b) => rem.get(a)! - rem.get(b)!);
    for (const t of trolls)
      if (rem.get(t)! <= pool && rem.get(t)! > 0) {
        pool -= rem.get(t)!;
        take(t, rem.get(t)!, summoned);
      }
    // The others, biggest threat first; an elephant first among equals, as it blunts the Riders.
    const others = targets
      .filter((a) => a.kind !== 'trolls')
      .sort(
        (a, b) =>
          rem.get(b)! - rem.get(a)! || (b.kind === 'war-elephants' ? 1 : 0) - (a.kind === 'war-elephants' ? 1 : 0),
      );
    for (const o of others) {
      if (pool === 0) break;
      const n = Math.min(pool, rem.get(o)!);
      if (n > 0) {
        pool -= n;
        take(o, n, summoned);
      }
    }
    for (const t of trolls) {
      if (pool === 0) break;
      const n = Math.min(pool, rem.get(t)!);
      if (n > 0) {
        pool -= n;
        take(t, n, summoned);
      }
    }
    return pool;
  };
  spend(damage, entered, false);
  if (summon > 0) {
    const left = spend(summon, entered, true);
    if (left > 0) {
      // The rest of the dead go for the biggest attackers still to come.
      const later = [...rem.keys()]
        .filter((a) => !isEntered(cx.state, a) && rem.get(a)! > 0)
        .sort((a, b) => rem.get(b)! - rem.get(a)!);
      let pool = left;
      for (const a of later) {
        if (pool === 0) break;
        const n = Math.min(pool, rem.get(a)!);
        pool -= n;
        take(a, n, true);
      }
    }
  }
  let threat = 0;
  let boxes = 0;
  for (const [a, r] of rem) {
    if (r <= 0) continue;
    boxes += r;
    if (isEntered(cx.state, a)) threat += a.kind === 'trolls' ? TROLL_DAMAGE : r;
  }
  return { threat, boxes, hits };
}

/** Reinforcement worth of a track holding `k` boxes: nothing much until it is full. */
function trackWorth(cx: Context, t: Track, k: number): number {
  const size = TRACKS[t];
  return cx.w.track[t] * cx.ahead * (k >= size ? size * 1.6 : k);
}

/** 6's to the tracks, each to the box worth most right now: the allocation and its worth, by count of 6's. */
function sixesPlan(cx: Context, k: number): { sixes: Track[]; value: number } {
  const memo = (cx.sixMemo ??= []);
  if (memo[k]) return memo[k];
  const tracks = { ...cx.sh.tracks };
  const sixes: Track[] = [];
  let value = 0;
  for (let i = 0; i < k; i++) {
    let bestT: Track | null = null;
    let gain = 0;
    for (const t of TRACK_IDS) {
      if (tracks[t] >= TRACKS[t]) continue;
      const g = trackWorth(cx, t, tracks[t] + 1) - trackWorth(cx, t, tracks[t]);
      if (g > gain) {
        gain = g;
        bestT = t;
      }
    }
    if (!bestT) break;
    tracks[bestT]++;
    sixes.push(bestT);
    value += gain;
  }
  return (memo[k] = { sixes, value });
}

const REMOVAL = { heroic: 1, shieldmaiden: 2, summon: 4 };

/** afterDamage, remembered per round by damage and the specials that remove attackers. */
function damageOutcome(cx: Context, damage: number, mask: number): { threat: number; boxes: number } {
  const key = damage * 8 + mask;
  const memo = (cx.damageMemo ??= new Map());
  let got = memo.get(key);
  if (!got) {
    const removed = new Set<Attacker>();
    if (mask & REMOVAL.heroic && cx.heroicBest)
      for (const a of cx.entered) if (a.line === cx.heroicBest.line && a.kind !== 'greater-wyvern') removed.add(a);
    if (mask & REMOVAL.shieldmaiden && cx.wyvern) removed.add(cx.wyvern);
    const r = afterDamage(cx, damage, mask & REMOVAL.summon ? SUMMON_THE_DEAD : 0, removed);
    got = { threat: r.threat, boxes: r.boxes };
    memo.set(key, got);
  }
  return got;
}

/** The special each x of a kind would circle (the one the policy values most), by x. */
function unlockFor(cx: Context, kind: number): SpecialId | null {
  const memo = (cx.unlockMemo ??= []);
  if (memo[kind] === undefined)
    memo[kind] = kind >= 3 ? (cx.unlockOrder.find((id) => specialInfo(id).tier <= kind) ?? null) : null;
  return memo[kind];
}

/** The specials worth trying, by which of 2's, 3's and 4's are in use (a 3-bit index). */
function usefulFor(cx: Context, bits: number): SpecialId[] {
  const memo = (cx.usefulMemo ??= []);
  return (memo[bits] ??= cx.available.filter((id) =>
    id === 'repurpose-rubble'
      ? (bits & 4) !== 0
      : id === 'targeted-attack'
        ? (bits & 1) !== 0
        : id === 'call-to-arms'
          ? (bits & 2) !== 0
          : id === 'heroic-deeds'
            ? cx.heroicBest !== null
            : id === 'shieldmaiden'
              ? cx.wyvern !== null
              : cx.entered.length > 0 || id === 'summon-the-dead',
  ));
}

/** The best plan for final faces `counts[1..6]`: its value, and the choice itself when `full`. */
function choose(cx: Context, counts: Readonly<Counts>, full: true): Choice;
function choose(cx: Context, counts: Readonly<Counts>, full?: false): number;
function choose(cx: Context, counts: Readonly<Counts>, full = false): Choice | number {
  const { sh, w } = cx;
  let bestValue = -Infinity;
  let bestPairs = 0,
    bestAs = 6,
    bestMask = 0,
    bestSix = 0,
    bestKind = 0;
  let bestUseful: SpecialId[] = [];
  const maxPairs = counts[1] >> 1;
  const threes = sh.riders ? 'riders' : cx.breached ? 'warriors' : null;
  const riderEach = cx.breached && !cx.elephants ? 2 : 1;
  const elves = sh.elves;
  for (let pairs = 0; pairs <= maxPairs; pairs++) {
    for (let as = pairs === 0 ? 6 : 2; as <= 6; as++) {
      const c1 = counts[1] - 2 * pairs;
      const c2 = counts[2] + (as === 2 ? pairs : 0);
      const c3 = counts[3] + (as === 3 ? pairs : 0);
      const c4 = counts[4] + (as === 4 ? pairs : 0);
      const c5 = counts[5] + (as === 5 ? pairs : 0);
      const c6 = counts[6] + (as === 6 ? pairs : 0);
      const kind = Math.max(c1, c2, c3, c4, c5, c6);
      const six = sixesPlan(cx, c6);
      const unlock = unlockFor(cx, kind);
      const unlockValue = unlock ? w.special[unlock] * 0.9 : 0;
      const archers = c2;
      const three = threes ? c3 : 0;
      const fours = !cx.breached && c4 >= 3 ? c4 : 0;
      const fives = elves ? c5 : 0;
      const useful = usefulFor(cx, (archers > 0 ? 1 : 0) | (three > 0 ? 2 : 0) | (fours > 0 ? 4 : 0));
      const subsets = 1 << useful.length;
      for (let m = 0; m < subsets; m++) {
        let cost = 0;
        let mult2 = 1,
          mult3 = 1,
          mult4 = 2,
          extra = 0,
          mask = 0,
          horn = false;
        for (let i = 0; i < useful.length; i++) {
          if (!(m & (1 << i))) continue;
          const id = useful[i]!;
          cost += w.special[id];
          if (id === 'targeted-attack') mult2 = 2;
          else if (id === 'call-to-arms') mult3 = 2;
          else if (id === 'repurpose-rubble') mult4 = 4;
          else if (id === 'wizards-light') extra = WIZARDS_LIGHT;
          else if (id === 'heroic-deeds') mask |= REMOVAL.heroic;
          else if (id === 'shieldmaiden') mask |= REMOVAL.shieldmaiden;
          else if (id === 'summon-the-dead') mask |= REMOVAL.summon;
          else if (id === 'war-horn') horn = true;
        }
        const damage =
          archers * mult2 +
          three * (threes === 'riders' ? riderEach : 1) * mult3 +
          fours * mult4 +
          fives * (cx.breached ? 2 : 1) +
          extra;
        const after = damageOutcome(cx, damage, mask);
        const incoming = horn ? 0 : after.threat;
        let value = -incoming - w.futureThreat * after.threat - w.box * after.boxes + six.value + unlockValue - cost;
        if (after.boxes === 0) value += BIG;
        else if (sh.damage + incoming >= cx.total) value -= BIG;
        else value -= danger(cx, sh.damage + incoming);
        if (value > bestValue) {
          bestValue = value;
          bestPairs = pairs;
          bestAs = as;
          bestMask = m;
          bestSix = c6;
          bestKind = kind;
          bestUseful = useful;
        }
      }
    }
  }
  if (!full) return bestValue;
  const c: Counts = [0, counts[1] - 2 * bestPairs, counts[2], counts[3], counts[4], counts[5], counts[6]];
  c[bestAs]! += bestPairs; // bestAs is a face, 2–6
  const specials = bestUseful.filter((_, i) => bestMask & (1 << i));
  return {
    value: bestValue,
    pairs: bestPairs,
    pairAs: bestAs,
    sixes: sixesPlan(cx, bestSix).sixes,
    unlock: unlockFor(cx, bestKind),
    specials,
    heroicLine: specials.includes('heroic-deeds') ? cx.heroicBest!.line : null,
    uses: {
      archers: c[2] > 0,
      threes: threes && c[3] > 0 ? threes : null,
      trebuchets: !cx.breached && c[4] >= 3,
      elves: elves && c[5] > 0,
    },
  };
}

/** Stronghold damage hurts more as the walls thin: the last boxes are the game. */
function danger(cx: Context, damage: number): number {
  const left = cx.total - damage;
  return 40 / (left + 4);
}

// ---- hands as multisets of faces -----------------------------------------------------------------------
const FACT = [1, 1, 2, 6, 24, 120, 720, 5040, 40320];
/** Dice counted by face: c[f] dice show f, for f 1–6 (c[0] unused, so a face is its own index). */
type Counts = [number, number, number, number, number, number, number];
const keyOf = (c: Readonly<Counts>) => c[1] + 9 * (c[2] + 9 * (c[3] + 9 * (c[4] + 9 * (c[5] + 9 * c[6]))));

function multisets(n: number): Counts[] {
  const out: Counts[] = [];
  const c: Counts = [0, 0, 0, 0, 0, 0, 0];
  const rec = (face: number, left: number) => {
    if (face === 6) {
      c[6] = left;
      out.push([...c]);
      return;
    }
    for (let k = 0; k <= left; k++) {
      c[face] = k;
      rec(face + 1, left - k);
    }
  };
  rec(1, n);
  return out;
}

/**
 * Fixed tables for n dice: every hand; every held part (size 0..n-1) with the hands a reroll can make of it
 * and their odds; and each hand's held parts. Built once per n.
 */
interface Tables {
  hands: Counts[];
  handIndex: Map<number, number>;
  held: Counts[];
  heldIndex: Map<number, number>;
  targets: Int32Array[];
  odds: Float64Array[];
  parts: Int32Array[];
}
const tablesCache = new Map<number, Tables>();
function tables(n: number): Tables {
  const got = tablesCache.get(n);
  if (got) return got;
  const hands = multisets(n);
  const handIndex = new Map(hands.map((h, i) => [keyOf(h), i]));
  const held: Counts[] = [];
  for (let j = 0; j < n; j++) held.push(...multisets(j));
  const heldIndex = new Map(held.map((h, i) => [keyOf(h), i]));
  const targets: Int32Array[] = [];
  const odds: Float64Array[] = [];
  for (const h of held) {
    const size = h[1] + h[2] + h[3] + h[4] + h[5] + h[6];
    const rolls = multisets(n - size);
    const t = new Int32Array(rolls.length);
    const o = new Float64Array(rolls.length);
    rolls.forEach((r, k) => {
      // FACT covers every hand size the game has (n ≤ 8 dice).
      let ways = FACT[n - size]!;
      for (let f = 1; f <= 6; f++) ways /= FACT[r[f]!]!;
      const sum: Counts = [0, h[1] + r[1], h[2] + r[2], h[3] + r[3], h[4] + r[4], h[5] + r[5], h[6] + r[6]];
      t[k] = handIndex.get(keyOf(sum))!;
      o[k] = ways / 6 ** (n - size);
    });
    targets.push(t);
    odds.push(o);
  }
  const parts = hands.map((h) => {
    const out: number[] = [];
    const c: Counts = [0, 0, 0, 0, 0, 0, 0];
    const rec = (face: number, size: number) => {
      if (face === 7) {
        if (size < n) out.push(heldIndex.get(keyOf(c))!);
        return;
      }
      for (let k = 0; k <= h[face]!; k++) {
        c[face] = k;
        rec(face + 1, size + k);
      }
    };
    rec(1, 0);
    return Int32Array.from(out);
  });
  const t: Tables = { hands, handIndex, held, heldIndex, targets, odds, parts };
  tablesCache.set(n, t);
  return t;
}

/**
 * A round's search: final[i], the value of stopping with hand i; expect[r][h], the expected value of
 * holding part h and rerolling the rest with r more rolls after this one;
 * V_r(i) = max(final[i], max over parts h of i of expect[r-1][h]).
 */
class RoundSearch {
  readonly final: Float64Array;
  /** expect[r] for every held part, r below the top level; the top level is computed on demand. */
  private expect: Float64Array[] = [];
  /** V_levels-1 of every hand: what the top level's expectations sum over. */
  private top: Float64Array;
  constructor(
    readonly cx: Context,
    readonly t: Tables,
    readonly levels: number,
  ) {
    this.final = new Float64Array(t.hands.length);
    t.hands.forEach((h, i) => {
      this.final[i] = choose(cx, h);
    });
    let v = this.final;
    for (let r = 0; r < levels - 1; r++) {
      const e = this.expectAll(v);
      this.expect.push(e);
      const next = new Float64Array(t.hands.length);
      // Hot loop: every index is in range by construction (parts index held parts; hands and parts align).
      for (let i = 0; i < t.hands.length; i++) {
        let best = this.final[i]!;
        const ps = t.parts[i]!;
        for (let k = 0; k < ps.length; k++) if (e[ps[k]!]! > best) best = e[ps[k]!]!;
        next[i] = best;
      }
      v = next;
    }
    this.top = v;
  }
  private expectAll(v: Float64Array): Float64Array {
    const t = this.t;
    const e = new Float64Array(t.held.length);
    for (let h = 0; h < t.held.length; h++) e[h] = this.expectOne(v, h);
    return e;
  }
  private expectOne(v: Float64Array, h: number): number {
    const tg = this.t.targets[h]!;
    const od = this.t.odds[h]!;
    let sum = 0;
    for (let k = 0; k < tg.length; k++) sum += od[k]! * v[tg[k]!]!; // odds and targets align; targets index hands
    return sum;
  }
  /** The best part of hand i to hold with `left` rolls to go (null: stop and use the dice). */
  bestHold(i: number, left: number): Counts | null {
    let best = this.final[i]!;
    let hold: Counts | null = null;
    const ps = this.t.parts[i]!;
    for (let k = 0; k < ps.length; k++) {
      const p = ps[k]!;
      // 1 ≤ left < levels here reads a level that the constructor built.
      const e = left === this.levels ? this.expectOne(this.top, p) : this.expect[left - 1]![p]!;
      if (e > best + 1e-9) {
        best = e;
        hold = this.t.held[p]!;
      }
    }
    return hold;
  }
}

const countsOf = (tray: readonly number[]) => {
  const c: Counts = [0, 0, 0, 0, 0, 0, 0];
  for (const v of tray) c[v]!++; // faces are 1–6
  return c;
};

/** The last round's search, reused for the later rolls of the same round and sheet. */
let cached: { sig: string; search: RoundSearch } | null = null;
const signature = (state: SiegeState, seat: Seat, w: Weights) => {
  const sh = sheetOf(state, seat);
  return JSON.stringify([
    state.round,
    seat,
    sh.damage,
    sh.tracks,
    sh.specials,
    sh.attackers.map((a) => a.hits),
    sh.tray.length,
    maxAttempts(state, sh),
    state.lines,
    w,
  ]);
};

/** The policy's action for `seat`: roll, reroll some dice, or the plan for the final dice. */
export function policyAction(state: SiegeState, seat: Seat, w: Weights = DEFAULT_WEIGHTS): SiegeAction {
  const sh = sheetOf(state, seat);
  if (sh.attempt === 0) return { type: 'roll', hold: [] };
  const counts = countsOf(sh.tray);
  const left = maxAttempts(state, sh) - sh.attempt;
  if (left > 0) {
    const sig = signature(state, seat, w);
    if (!cached || cached.sig !== sig)
      cached = {
        sig,
        search: new RoundSearch(contextOf(state, seat, w), tables(sh.tray.length), maxAttempts(state, sh) - 1),
      };
    const hold = cached.search.bestHold(cached.search.t.handIndex.get(keyOf(counts))!, left);
    if (hold) {
      const want: Counts = [...hold];
      const idx: number[] = [];
      sh.tray.forEach((v, i) => {
        if (want[v]! > 0) {
          want[v]!--;
          idx.push(i);
        }
      });
      return { type: 'roll', hold: idx };
    }
  }
  const cx = contextOf(state, seat, w);
  return planOf(cx, choose(cx, counts, true));
}

/** Turns a choice into the concrete plan: dice by index, pairs, and hits by attacker. */
function planOf(cx: Context, ch: Choice): Plan {
  const { sh } = cx;
  const dice: (Use | null)[] = sh.tray.map(() => null);
  const ones = sh.tray.flatMap((v, i) => (v === 1 ? [i] : []));
  const pairs: Plan['pairs'] = [];
  const sixes = [...ch.sixes];
  const pairUse = (as: number): Use | null => {
    if (as === 6) {
      const t = sixes.shift();
      return t ? (`box-${t}` as Use) : null;
    }
    return useFor(ch, as);
  };
  // choose makes at most counts[1] >> 1 pairs, so the 1's are there.
  for (let p = 0; p < ch.pairs; p++) pairs.push({ dice: [ones[2 * p]!, ones[2 * p + 1]!], as: ch.pairAs, use: null });
  // The pairs' faces were counted in with the real dice: give uses to real dice first, then to pairs.
  sh.tray.forEach((v, i) => {
    if (v === 1) return;
    dice[i] = v === 6 ? ((t) => (t ? (`box-${t}` as Use) : null))(sixes.shift()) : useFor(ch, v);
  });
  for (const p of pairs) p.use = pairUse(p.as);
  const used = new Set(ch.specials);
  const removed = new Set<Attacker>();
  if (ch.heroicLine !== null)
    for (const a of cx.entered) if (a.line === ch.heroicLine && a.kind !== 'greater-wyvern') removed.add(a);
  if (used.has('shieldmaiden') && cx.wyvern) removed.add(cx.wyvern);
  const riderEach = cx.breached && !cx.elephants ? 2 : 1;
  const each = (u: Use) =>
    u === 'archers'
      ? used.has('targeted-attack')
        ? 2
        : 1
      : u === 'riders'
        ? riderEach * (used.has('call-to-arms') ? 2 : 1)
        : u === 'warriors'
          ? used.has('call-to-arms')
            ? 2
            : 1
          : u === 'trebuchets'
            ? used.has('repurpose-rubble')
              ? 4
              : 2
            : u === 'elves'
              ? cx.breached
                ? 2
                : 1
              : 0;
  let damage = [...dice, ...pairs.map((p) => p.use)].reduce((t, u) => t + (u ? each(u) : 0), 0);
  if (used.has('wizards-light')) damage += WIZARDS_LIGHT;
  const { hits } = afterDamage(cx, damage, used.has('summon-the-dead') ? SUMMON_THE_DEAD : 0, removed);
  const out: Plan['hits'] = [];
  for (const [a, [n, s]] of hits) {
    if (n > 0) out.push({ target: a.id, n, summon: false });
    if (s > 0) out.push({ target: a.id, n: s, summon: true });
  }
  return { type: 'plan', dice, pairs, unlock: ch.unlock, specials: ch.specials, heroicLine: ch.heroicLine, hits: out };
}

function useFor(ch: Choice, face: number): Use | null {
  if (face === 2) return ch.uses.archers ? 'archers' : null;
  if (face === 3) return ch.uses.threes;
  if (face === 4) return ch.uses.trebuchets ? 'trebuchets' : null;
  if (face === 5) return ch.uses.elves ? 'elves' : null;
  return null;
}
