// Polywars legal actions. Discrete choices (attacks, bids, zap back splits, done) are listed in full; continuous
// ones (forces, placements, step and teleport points, heal and mutation sets) by a bounded representative sample,
// every item of which `apply` accepts. `apply` itself accepts any legal choice, sampled or not.
import type { Seat } from '../../core/game-module';
import { HEAL_POINTS, OPTION_POINTS, SNIPE_BASES, type Zone } from './catalogue';
import { distanceToDisc, discsOverlap, R, stepRefusal, type Disc } from './geometry';
import { activeSeat, bodyOf, DEFENDERS, dieOf, onBoard, ownDice, RAGE, typeOf, zoneHolds, zoneOf } from './board';
import {
  absorbRange,
  attackCheck,
  canStep,
  forceRefusal,
  inReach,
  mustAttack,
  powerRefusal,
  teleportRefusal,
  toAct,
} from './rules';
import { blockedAtPlacement, budgetOf, maxDiceOf, rageRefusal, tagRefusal, unleashRefusal } from './scenarios';
import type { PolywarsAction, PolywarsState, PwDie } from './state';

/** Step targets tried per die: 16 directions at a full step and at half a step (32 points, kept when legal). */
export const STEP_DIRECTIONS = 16;
const UNIT = Array.from({ length: STEP_DIRECTIONS }, (_, k): [number, number] => [
  Math.cos((2 * Math.PI * k) / STEP_DIRECTIONS),
  Math.sin((2 * Math.PI * k) / STEP_DIRECTIONS),
]);
// Rounded toward the centre so a "full" step is never a hair over R.
const OFFSETS = [R, R / 2].flatMap((len) =>
  UNIT.map(([c, s]): [number, number] => [Math.trunc(c * len), Math.trunc(s * len)]),
);

export function stepTargets(s: PolywarsState, d: PwDie): { x: number; y: number }[] {
  const out: { x: number; y: number }[] = [];
  const body = bodyOf(d);
  const others: Disc[] = onBoard(s)
    .filter((o) => o.id !== d.id)
    .map((o) => ({ x: o.x!, y: o.y!, r: typeOf(o).radius }));
  for (const [dx, dy] of OFFSETS) {
    const x = d.x! + dx;
    const y = d.y! + dy;
    if (x >= 0 && y >= 0 && stepRefusal(body, { x, y }, others, s.terrain, s.field) === null) out.push({ x, y });
  }
  return out;
}

/** Representative forces: as many of one type as fit, for each type, and a spread of the larger types. */
export function sampleForces(s: PolywarsState, seat: Seat): number[][] {
  const out: number[][] = [];
  const budget = budgetOf(s, seat);
  for (const t of s.allowed) {
    const n = Math.min(Math.floor(budget / t), maxDiceOf(s, seat));
    if (n > 0) out.push(Array(n).fill(t));
  }
  const mixed: number[] = [];
  let left = budget;
  for (let again = true; again; ) {
    again = false;
    for (const t of s.allowed.filter((x) => x <= 20).sort((a, b) => b - a)) {
      if (t <= left && mixed.length < maxDiceOf(s, seat)) {
        mixed.push(t);
        left -= t;
        again = true;
      }
    }
  }
  if (mixed.length) out.push(mixed);
  return out.filter((f) => forceRefusal(s, f, seat) === null);
}

/**
 * A deterministic deployment around the zone's centre: there stands the leader (Kill the King, `leader` an index)
 * or the base (Capture the Flag, `leader` null); each other die, largest first, takes the free grid point nearest it.
 * Null if the force does not fit, which the budget and dice limits rule out in practice.
 */
export function packPlacement(
  s: PolywarsState,
  seat: Seat,
  leader: number | null,
  around?: { x: number; y: number },
  taken: Disc[] = [],
): { x: number; y: number }[] | null {
  const own = ownDice(s, seat);
  const z: Zone = zoneOf(s, seat);
  const centre = around ?? { x: Math.round((z.x0 + z.x1) / 2), y: Math.round((z.y0 + z.y1) / 2) };
  const lead = leader === null ? null : own[leader];
  if (lead === undefined) throw new Error(`Polywars: seat ${seat} has no die ${leader} to lead`);
  const anchor: Disc = { ...centre, r: lead === null ? 0 : typeOf(lead).radius };
  if (!zoneHolds(z, anchor)) return null;
  // Dice already on the field (the Rescue Mission hostage) keep their place.
  const at: ({ x: number; y: number } | null)[] = own.map((d) => (d.x === null ? null : { x: d.x, y: d.y! }));
  const placed: Disc[] = taken.slice();
  if (leader !== null) {
    at[leader] = { ...centre };
    placed.push(anchor);
  }
  const reach = s.deployWithin * R;
  const grid: { x: number; y: number; d: number }[] = [];
  for (let x = centre.x - reach - 50; x <= centre.x + reach + 50; x += 10) {
    for (let y = centre.y - reach - 50; y <= centre.y + reach + 50; y += 10)
      grid.push({ x, y, d: (x - centre.x) ** 2 + (y - centre.y) ** 2 });
  }
  grid.sort((a, b) => a.d - b.d || a.y - b.y || a.x - b.x);
  const rest = [...own.entries()]
    .filter(([i, d]) => i !== leader && d.x === null)
    .sort(([a, da], [b, db]) => typeOf(db).radius - typeOf(da).radius || a - b);
  for (const [i, d] of rest) {
    const r = typeOf(d).radius;
    const spot = grid.find((g) => {
      const disc = { x: g.x, y: g.y, r };
      return zoneHolds(z, disc) && distanceToDisc(anchor, disc) <= reach && !placed.some((p) => discsOverlap(p, disc));
    });
    if (!spot) return null;
    at[i] = { x: spot.x, y: spot.y };
    placed.push({ x: spot.x, y: spot.y, r });
  }
  return at as { x: number; y: number }[];
}

const DONE: PolywarsAction = { type: 'done' };

/** Snipe Hunt: Hunters from the top of the band down, each at the first free point at least 2 R from both bases. */
function packHunters(s: PolywarsState, seat: Seat): { x: number; y: number }[] | null {
  const z = zoneOf(s, seat);
  const placed: Disc[] = [];
  const at: { x: number; y: number }[] = [];
  for (const d of ownDice(s, seat)) {
    const r = typeOf(d).radius;
    let spot: Disc | null = null;
    for (let y = z.y0 + r; y <= z.y1 - r && !spot; y += 10) {
      for (let x = z.x0 + r; x <= z.x1 - r && !spot; x += 10) {
        const c = { x, y, r };
        if (SNIPE_BASES.every((b) => distanceToDisc(b, c) >= 2 * R) && !placed.some((p) => discsOverlap(p, c)))
          spot = c;
      }
    }
    if (!spot) return null;
    placed.push(spot);
    at.push({ x: spot.x, y: spot.y });
  }
  return at;
}

/** Attack on Tokyo: the three largest Defender dice, each at the first free point 8 R or more from Tokyo, scanning east. */
function unleashSamples(s: PolywarsState): PolywarsAction[] {
  const tokyo = s.bases[0]!;
  const out: PolywarsAction[] = [];
  const candidates = onBoard(s)
    .filter((d) => d.owner !== RAGE)
    .sort((a, b) => b.sides - a.sides || a.id - b.id)
    .slice(0, 3);
  for (const d of candidates) {
    spots: for (let dx = 8 * R + 50; tokyo.x + dx < s.field.width; dx += 50) {
      for (const dy of [0, 200, -200, 400, -400]) {
        const x = tokyo.x + dx;
        const y = tokyo.y + dy;
        if (y >= 0 && unleashRefusal(s, d.id, x, y) === null) {
          out.push({ type: 'unleash', die: d.id, x, y });
          break spots;
        }
      }
    }
  }
  return out;
}

/**
 * Rescue Mission samples: the Defenders' base at the middle of their half; the Rescuers' base 7 R from it, in the
 * first of several directions where the field has room, dice packed around each.
 */
function rescuePlacements(s: PolywarsState, seat: Seat): PolywarsAction[] {
  const z = zoneOf(s, seat);
  if (seat === DEFENDERS) {
    const base = { x: Math.round((z.x0 + z.x1) / 2), y: Math.round((z.y0 + z.y1) / 2) };
    const at = packPlacement(s, seat, null, base, blockedAtPlacement(s, seat, base));
    return at ? [{ type: 'place', base, at }] : [];
  }
  const home = s.bases[DEFENDERS]!;
  const out: PolywarsAction[] = [];
  for (const [dx, dy] of [
    [7, 0],
    [5, 5],
    [5, -5],
    [0, 7],
    [0, -7],
    [-5, 5],
    [-5, -5],
    [-7, 0],
  ] as const) {
    const base = { x: home.x + dx * R, y: home.y + dy * R };
    if (base.x < R || base.y < R || base.x > s.field.width - R || base.y > s.field.height - R) continue;
    const at = packPlacement(s, seat, null, base, blockedAtPlacement(s, seat, base));
    if (at) out.push({ type: 'place', base, at });
    if (out.length >= 2) break;
  }
  return out;
}

export function legalActions(s: PolywarsState, seat: Seat): PolywarsAction[] {
  if (!toAct(s).includes(seat)) return [];
  switch (s.phase) {
    case 'build':
      return sampleForces(s, seat).map((dice) => ({ type: 'build', dice }));
    case 'place': {
      const own = ownDice(s, seat);
      if (s.scenario === 'rescue-mission') return rescuePlacements(s, seat);
      if (s.snipe) {
        const at = packHunters(s, seat);
        return at ? [{ type: 'place', at }] : [];
      }
      if (s.scenario === 'attack-on-tokyo' && seat === RAGE) return unleashSamples(s);
      if (s.scenario !== 'kill-the-king') {
        const z = zoneOf(s, seat);
        const at = packPlacement(s, seat, null);
        return at
          ? [{ type: 'place', base: { x: Math.round((z.x0 + z.x1) / 2), y: Math.round((z.y0 + z.y1) / 2) }, at }]
          : [];
      }
      const leaders = [...new Set([0, own.length - 1, own.reduce((b, d, i) => (d.sides > own[b]!.sides ? i : b), 0)])];
      const out: PolywarsAction[] = [];
      for (const leader of leaders) {
        const at = packPlacement(s, seat, leader);
        if (at) out.push({ type: 'place', leader, at });
      }
      return out;
    }
    case 'bid':
      return Array.from({ length: OPTION_POINTS + 1 }, (_, points) => ({ type: 'bid', points }));
    case 'heal':
      return healSamples(s, seat);
    case 'turns':
      return turnActions(s, seat);
    default:
      return [];
  }
}

/** Healing: nothing; the most damaged dice up to the points left; or any one die. */
function healSamples(s: PolywarsState, seat: Seat): PolywarsAction[] {
  const points = OPTION_POINTS - (s.bids[seat] ?? OPTION_POINTS);
  const hurt = onBoard(s)
    .filter((d) => d.owner === seat && d.value < d.sides)
    .sort((a, b) => b.sides - b.value - (a.sides - a.value) || a.id - b.id);
  const sets: number[][] = [[]];
  if (points > 0 && hurt.length) {
    sets.push(hurt.slice(0, points).map((d) => d.id));
    for (const d of hurt.slice(0, 8)) sets.push([d.id]);
  }
  // With one point (or one hurt die) the "most damaged" set is also a single-die set: list each set once.
  const seen = new Set<string>();
  return sets
    .filter((ids) => !seen.has(ids.join()) && !!seen.add(ids.join()))
    .map((ids) => ({ type: 'heal', dice: ids }));
}

function turnActions(s: PolywarsState, seat: Seat): PolywarsAction[] {
  if (activeSeat(s) !== seat) return [];
  if (s.pendingZap) {
    const [lo, hi] = absorbRange(s.pendingZap);
    return Array.from({ length: hi - lo + 1 }, (_, i) => ({ type: 'zap-back', absorb: lo + i }));
  }
  const mine = onBoard(s).filter((d) => d.owner === seat);
  const out: PolywarsAction[] = [];
  if (s.turnPhase === 'attack') {
    const field = onBoard(s);
    const enemies = field.filter((d) => d.owner !== seat);
    for (const a of mine) {
      if (s.attacked.includes(a.id)) continue;
      for (const t of enemies)
        if (attackCheck(s, a, t, field).ok) out.push({ type: 'attack', die: a.id, target: t.id });
    }
  } else if (s.turnPhase === 'move' || s.turnPhase === 'speed') {
    for (const d of mine) {
      if (!canStep(s, d)) continue;
      for (const p of stepTargets(s, d))
        if (!rageRefusal(s, d, p.x, p.y)) out.push({ type: 'step', die: d.id, x: p.x, y: p.y });
    }
    // W9: the die that has just stepped may take a flag within R (an exchange, or a pass from a friend).
    if (s.mover !== null)
      for (const f of s.flags)
        if (!tagRefusal(s, seat, s.mover, f.owner)) out.push({ type: 'tag', die: s.mover, flag: f.owner });
  } else {
    for (const d of mine) out.push(...powerSamples(s, seat, d));
  }
  for (const f of s.flags)
    if (f.carrier !== null && dieOf(s, f.carrier).owner === seat) out.push({ type: 'drop', die: f.carrier });
  if (!(s.turnPhase === 'attack' && mustAttack(s, seat))) out.push(DONE);
  return out;
}

function powerSamples(s: PolywarsState, seat: Seat, d: PwDie): PolywarsAction[] {
  const power = typeOf(d).power;
  if (!power || powerRefusal(s, seat, d, power)) return [];
  const reach = inReach(s, d).filter((o) => o.aura !== 'immunity');
  switch (power) {
    // Listed with nothing in reach too: the source sets no such condition ("any and all die within range"), apply
    // has always accepted it, and refusing it now would fail archived logs that hold one (architecture rule 12).
    case 'damage-field':
      return [{ type: 'damage-field', die: d.id }];
    case 'super-speed':
      return [{ type: 'super-speed', die: d.id }];
    case 'healer': {
      // The most damaged friendly dice first, as many points each as they can take, 3 in all.
      let left = HEAL_POINTS;
      const targets: { die: number; points: number }[] = [];
      for (const o of reach
        .filter((o) => o.owner === seat && o.value < o.sides)
        .sort((a, b) => b.sides - b.value - (a.sides - a.value) || a.id - b.id)) {
        const points = Math.min(left, o.sides - o.value);
        if (points > 0 && targets.length < 3) {
          targets.push({ die: o.id, points });
          left -= points;
        }
      }
      return targets.length ? [{ type: 'healer', die: d.id, targets }] : [];
    }
    case 'mutation': {
      const enemies = reach.filter((o) => o.owner !== seat).map((o) => o.id);
      return enemies.length ? [{ type: 'mutation', die: d.id, targets: enemies }] : [];
    }
    case 'teleportation': {
      const out: PolywarsAction[] = [];
      const r = typeOf(d).radius;
      for (const f of onBoard(s)) {
        if (f.owner !== seat || f.id === d.id) continue;
        // Eight spots around each friend, rims a tenth of R apart: inside side-to-side range of it.
        const gap = typeOf(f).radius + r + 10;
        for (const [c, sn] of UNIT.filter((_, k) => k % 2 === 0)) {
          const x = f.x! + Math.trunc(c * gap);
          const y = f.y! + Math.trunc(sn * gap);
          if (x >= 0 && y >= 0 && teleportRefusal(s, d, x, y) === null && !rageRefusal(s, d, x, y))
            out.push({ type: 'teleportation', die: d.id, x, y });
        }
        if (out.length >= 16) break;
      }
      return out;
    }
  }
  return [];
}
