// Luck, measured (issue 34): who the dice favoured in a finished game, as a score with a known distribution.
//
// Each game's module says what each roll meant (GameModule.rollMeanings): the seat it favoured, `better` (the chance
// of a strictly better result for that seat on that die in that situation) and `same` (the chance of an equally good
// one). This file turns that into a calibrated score, a pure function of the log:
//
//   u = better + V·same, where V is a uniform number drawn from the revealed server seed and the roll's index
//     (HMAC-SHA256, see `tiebreak`), so anyone can recompute it. Under fair dice u is exactly Uniform(0,1) given
//     everything before the roll (the randomized probability integral transform), whatever the situation.
//   z = Φ⁻¹(1 − u): a standard normal, positive when the roll was good for the seat it favoured.
//   A seat's luck S = Σ z over the rolls that favoured it − (1/(k−1)) Σ z over the rolls that favoured one of its
//     k−1 opponents, with σ² = n_own + n_others/(k−1)². With two seats that is "my z minus yours", σ² = n, and the two
//     seats' scores are opposite. A solo game (k = 1) counts only its own rolls. Rolls that favour nobody (a
//     shuffle) do not count.
//   The percentile is Φ(S/σ). Because every z is N(0,1) given the past, S/σ is exactly N(0,1) and the percentile
//     exactly uniform over fair games whenever which seat each roll favours is fixed in advance (High Roll); where
//     the game's course decides how many rolls each seat gets, S/σ is a normalised martingale and the percentile is
//     uniform up to that dependence, which the calibration test measures per game (test/core/luck-calibration.test.ts).
//
// The sentence names a seat whose percentile is at least FAVOURED (75%): the top quarter of fair games like this
// one. Between 25% and 75% for everyone it says the dice favoured nobody.
import { hmac } from '@noble/hashes/hmac';
import { sha256 } from '@noble/hashes/sha256';
import { hexToBytes, utf8ToBytes } from '@noble/hashes/utils';
import { RecordingDice, replayed, type Roll } from './dice';
import { rulesModule, type GameModule, type RollMeaning, type Seat } from './game-module';
import { nobodys } from './roll-meaning';
import type { GameLog } from './log';
import { rulesOfLog } from './log';
import { seatName } from './names';
import { advance, startTable } from './table';

export const LUCK_SCHEME = 'dicehall-luck/1';
/** A seat at or above this percentile is named as favoured by the dice. */
export const FAVOURED = 0.75;
/** How many of the largest swings the report lists. */
export const SWINGS = 5;

/** One roll of the game, with what it meant and its score (u, z null for a roll that favoured nobody). */
export interface LuckRoll extends RollMeaning {
  index: number;
  /** The log entry that took it (the replay jumps there). */
  seq: number;
  sides: number;
  value: number;
  u: number | null;
  z: number | null;
}

export interface SeatLuck {
  seat: Seat;
  name: string;
  /** Rolls that favoured this seat. */
  rolls: number;
  /** S: the signed sum of z-scores (see the header). */
  luck: number;
  /** σ: S's standard deviation over fair games with these roll counts. */
  sd: number;
  /** Φ(S/σ): the share of fair games like this one whose luck for this seat was lower. 0.5 with no counted roll. */
  percentile: number;
}

/** The cumulative luck after one counted roll: S per seat so far. */
export interface LuckPoint {
  index: number;
  seq: number;
  luck: number[];
}

export interface LuckReport {
  ok: true;
  seats: SeatLuck[];
  /** The seat the dice favoured, or null within the central band. */
  favoured: Seat | null;
  sentence: string;
  series: LuckPoint[];
  /** The counted rolls whose results were rarest (see `rarity`), rarest first. */
  swings: LuckRoll[];
  rolls: LuckRoll[];
}

/** Φ, the standard normal distribution function (Hart's double-precision rational approximation, after West 2005). */
export function normalCdf(x: number): number {
  const a = Math.abs(x);
  let c: number;
  if (a > 37) c = 0;
  else {
    const e = Math.exp((-a * a) / 2);
    if (a < 7.07106781186547) {
      let n = 3.52624965998911e-2 * a + 0.700383064443688;
      n = n * a + 6.37396220353165;
      n = n * a + 33.912866078383;
      n = n * a + 112.079291497871;
      n = n * a + 221.213596169931;
      n = n * a + 220.206867912376;
      let d = 8.83883476483184e-2 * a + 1.75566716318264;
      d = d * a + 16.064177579207;
      d = d * a + 86.7807322029461;
      d = d * a + 296.564248779674;
      d = d * a + 637.333633378831;
      d = d * a + 793.826512519948;
      d = d * a + 440.413735824752;
      c = (e * n) / d;
    } else {
      let b = a + 0.65;
      b = a + 4 / b;
      b = a + 3 / b;
      b = a + 2 / b;
      b = a + 1 / b;
      c = e / b / 2.506628274631;
    }
  }
  return x > 0 ? 1 - c : c;
}

/** Φ⁻¹ for 0 < p < 1 (Acklam's approximation, polished by one Halley step against normalCdf). */
export function normalQuantile(p: number): number {
  if (!(p > 0 && p < 1)) throw new RangeError(`a quantile needs 0 < p < 1, not ${p}`);
  const a = [
    -39.69683028665376, 220.9460984245205, -275.9285104469687, 138.357751867269, -30.66479806614716, 2.506628277459239,
  ];
  const b = [-54.47609879822406, 161.5858368580409, -155.6989798598866, 66.80131188771972, -13.28068155288572];
  const c = [
    -0.007784894002430293, -0.3223964580411365, -2.400758277161838, -2.549732539343734, 4.374664141464968,
    2.938163982698783,
  ];
  const d = [0.007784695709041462, 0.3224671290700398, 2.445134137142996, 3.754408661907416];
  const tail = (q: number) =>
    (((((c[0]! * q + c[1]!) * q + c[2]!) * q + c[3]!) * q + c[4]!) * q + c[5]!) /
    ((((d[0]! * q + d[1]!) * q + d[2]!) * q + d[3]!) * q + 1);
  let x: number;
  if (p < 0.02425) x = tail(Math.sqrt(-2 * Math.log(p)));
  else if (p > 1 - 0.02425) x = -tail(Math.sqrt(-2 * Math.log(1 - p)));
  else {
    const q = p - 0.5;
    const r = q * q;
    x =
      ((((((a[0]! * r + a[1]!) * r + a[2]!) * r + a[3]!) * r + a[4]!) * r + a[5]!) * q) /
      (((((b[0]! * r + b[1]!) * r + b[2]!) * r + b[3]!) * r + b[4]!) * r + 1);
  }
  const e = normalCdf(x) - p;
  const u = e * Math.sqrt(2 * Math.PI) * Math.exp((x * x) / 2);
  return x - u / (1 + (x * u) / 2);
}

/**
 * V for roll `index`: HMAC-SHA256(key = the revealed server seed, `dicehall-luck/1|gameId|index`), its first 53 bits
 * as a number strictly between 0 and 1. A different message from every roll's, so independent of the dice.
 */
export function tiebreak(serverSeedHex: string, gameId: string, index: number): number {
  const digest = hmac(sha256, hexToBytes(serverSeedHex), utf8ToBytes(`${LUCK_SCHEME}|${gameId}|${index}`));
  const view = new DataView(digest.buffer, digest.byteOffset, digest.byteLength);
  const hi = view.getUint32(0, false) >>> 11; // 21 bits
  const lo = view.getUint32(4, false); // 32 bits
  return (hi * 0x100000000 + lo + 0.5) / 2 ** 53;
}

export { meaningOfFaces, nobodys } from './roll-meaning';

/** u → z for a meaning and its V; null when the meaning counts for nobody or is not a proper probability. */
function scoreOf(m: RollMeaning, v: number, seats: number): { u: number; z: number } | null {
  if (m.favours === null || !Number.isInteger(m.favours) || m.favours < 0 || m.favours >= seats) return null;
  if (!(m.better >= 0 && m.same > 0 && m.better + m.same <= 1 + 1e-12)) return null;
  const u = Math.min(Math.max(m.better + v * m.same, Number.MIN_VALUE), 1 - 2 ** -53);
  return { u, z: normalQuantile(1 - u) };
}

/**
 * The luck of each seat from the scored rolls (the aggregation alone, for simulations that already hold the rolls).
 * `rolls` need only favours and z.
 */
export function seatLuck(
  rolls: readonly Pick<LuckRoll, 'favours' | 'z'>[],
  seats: number,
  names: readonly string[] = [],
): SeatLuck[] {
  const sums = new Array<number>(seats).fill(0);
  const counts = new Array<number>(seats).fill(0);
  for (const r of rolls)
    if (r.z !== null && r.favours !== null) {
      sums[r.favours]! += r.z;
      counts[r.favours]!++;
    }
  const total = sums.reduce((x, y) => x + y, 0);
  const all = counts.reduce((x, y) => x + y, 0);
  return sums.map((own, s) => {
    const w = seats > 1 ? 1 / (seats - 1) : 0;
    const luck = own - w * (total - own);
    const sd = Math.sqrt(counts[s]! + w * w * (all - counts[s]!));
    return {
      seat: s,
      name: seatName([...names], s),
      rolls: counts[s]!,
      luck,
      sd,
      percentile: sd > 0 ? normalCdf(luck / sd) : 0.5,
    };
  });
}

/** "78%"; near the ends one decimal, rounded down so "better than 99.9%" stays true (never 100%). */
export function percentText(p: number): string {
  if (p > 0.99 || p < 0.01) return `${Math.min(99.9, Math.floor(p * 1000) / 10)}%`;
  return `${Math.round(p * 100)}%`;
}

/** The report's sentence, and the seat it names. */
export function luckSentence(seats: readonly SeatLuck[]): { favoured: Seat | null; sentence: string } {
  if (seats.every((s) => s.rolls === 0) || seats.length === 0)
    return { favoured: null, sentence: 'No roll of this game favoured anyone: there was no luck to measure.' };
  const top = seats.reduce((best, s) => (s.percentile > best.percentile ? s : best));
  if (top.percentile >= FAVOURED)
    return {
      favoured: top.seat,
      sentence: `The dice favoured ${top.name}: their rolls were better than ${percentText(top.percentile)} of fair games like this one.`,
    };
  if (seats.length === 1 && top.percentile <= 1 - FAVOURED)
    return {
      favoured: null,
      sentence: `The dice were against ${top.name}: their rolls were better than only ${percentText(top.percentile)} of fair games like this one.`,
    };
  const each = seats.map((s) => `${s.name} ${percentText(s.percentile)}`).join(', ');
  return {
    favoured: null,
    sentence: `The dice favoured nobody: every player's rolls were within the middle half of fair games like this one (${each}).`,
  };
}

/**
 * How rare a counted roll's result was, as a player sees it: for a good roll the chance of a result at least as
 * good, for a bad one of a result at least as bad. The swings are ranked by it, not by |z| alone: |z| includes the
 * seed's tie-break V, which can make a result every face would have matched (a 6 against a 2-point shield) look
 * like the game's luckiest roll.
 */
export function rarity(r: Pick<LuckRoll, 'better' | 'same' | 'z'>): number {
  return (r.z ?? 0) >= 0 ? r.better + r.same : 1 - r.better;
}

/** Builds the report from rolls already scored (what luckReport does after the replay). */
export function reportOf(rolls: LuckRoll[], seats: number, names: readonly string[]): LuckReport {
  const series: LuckPoint[] = [];
  const running = new Array<number>(seats).fill(0);
  const w = seats > 1 ? 1 / (seats - 1) : 0;
  for (const r of rolls) {
    if (r.z === null || r.favours === null) continue;
    for (let s = 0; s < seats; s++) running[s]! += s === r.favours ? r.z : -w * r.z;
    series.push({ index: r.index, seq: r.seq, luck: running.slice() });
  }
  const swings = rolls
    .filter((r) => r.z !== null)
    // Equal rarities (a 6 and a 1 are both 1 in 6) compare equal despite rounding: then the larger |z| first.
    .sort((x, y) => {
      const d = rarity(x) - rarity(y);
      return Math.abs(d) > 1e-9 ? d : Math.abs(y.z!) - Math.abs(x.z!) || x.index - y.index;
    })
    .slice(0, SWINGS);
  const luck = seatLuck(rolls, seats, names);
  return { ok: true, seats: luck, ...luckSentence(luck), series, swings, rolls };
}

type Lookup = (id: string) => GameModule | undefined;

/**
 * The luck report of a finished game, replaying its log: every roll with what it meant, each seat's calibrated
 * luck, the sentence, the cumulative series and the largest swings. Needs the revealed seed (V comes from it); run
 * it after verifyLog, which it does not repeat.
 */
export function luckReport(log: GameLog, lookup: Lookup): LuckReport | { ok: false; problem: string } {
  const seed = log.fair?.serverSeed;
  if (!seed || !/^[0-9a-f]{64}$/.test(seed))
    return { ok: false, problem: 'the server seed is not revealed yet (it is, once the game ends)' };
  const current = lookup(log.game);
  if (!current) return { ok: false, problem: `unknown game "${log.game}"` };
  const module = rulesModule(current, rulesOfLog(log));
  if ('ok' in module) return { ok: false, problem: module.message };
  const [first, ...rest] = log.entries ?? [];
  if (first?.kind !== 'setup') return { ok: false, problem: 'the log does not start with the setup' };
  const rolls: LuckRoll[] = [];
  const seats = log.seats;
  // A keyed roll whose key was drawn before (a Dice Siege race's shared die, D7) repeats a known value: no new draw,
  // so it counts for nobody; only the first draw of a key is luck, and it stays uniform given the past.
  const keys = new Set<string>();
  const add = (seq: number, taken: readonly Roll[], meanings: readonly (RollMeaning | null)[] | undefined) => {
    taken.forEach((roll, i) => {
      const again = roll.key !== undefined && keys.has(roll.key);
      if (roll.key !== undefined) keys.add(roll.key);
      const m = again
        ? nobodys(`${meanings?.[i]?.what ?? 'a shared die'} (the same face another player drew)`)
        : (meanings?.[i] ?? { favours: null, better: 0, same: 1, what: 'a roll the game gives no meaning' });
      const scored = scoreOf(m, tiebreak(seed, log.gameId, roll.index), seats);
      rolls.push({
        index: roll.index,
        seq,
        sides: roll.sides,
        value: roll.value,
        favours: scored ? m.favours : null,
        better: m.better,
        same: m.same,
        what: m.what,
        u: scored?.u ?? null,
        z: scored?.z ?? null,
      });
    });
  };
  try {
    const dice = new RecordingDice(replayed(log.entries.flatMap((e) => e.rolls)));
    const start = startTable(module, log.options, seats, dice);
    if (!start.ok) return { ok: false, problem: `setup refused: ${start.message}` };
    const at = (before: unknown, entry: typeof start.entry, after: unknown) =>
      module.rollMeanings?.({
        kind: entry.kind,
        seat: entry.seat,
        before,
        action: entry.action,
        after,
        events: entry.events,
        rolls: entry.rolls,
      });
    add(0, start.entry.rolls, at(null, start.entry, start.table.state));
    let table = start.table;
    for (const e of rest) {
      if (e.kind === 'setup' || e.seat === null) return { ok: false, problem: `entry ${e.seq} is not a move` };
      const step = advance(module, table, e.seat, e.kind, e.action, dice);
      if (!step.ok) return { ok: false, problem: `entry ${e.seq} was refused by the rules: ${step.message}` };
      add(step.entry.seq, step.entry.rolls, at(table.state, step.entry, step.table.state));
      table = step.table;
    }
  } catch (err) {
    return { ok: false, problem: `replay failed: ${(err as Error).message}` };
  }
  return reportOf(rolls, seats, log.players ?? []);
}
