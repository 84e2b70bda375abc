// Polywars geometry on the continuous field: distances, range (W2), line of sight, and step legality (W4).
//
// Every length is an integer number of UNITS, a hundredth of R (the range halo's radius, W1): R = 100.
// Positions, radii and polygon vertices are integers, so squared distances, dot and cross products stay
// below 2^53 on any field this game allows (sides ≤ 100 R = 10,000 units) and every comparison below is
// exact in doubles. That is why no geometry library is used: robust predicates and a spatial index
// (robust-predicates, rbush) solve problems that integer inputs and a few dozen dice do not have.

/** One range unit (W1) in units. */
export const R = 100;

export interface Point {
  x: number;
  y: number;
}

export interface Disc extends Point {
  /** Footprint radius in units. */
  r: number;
}

export interface Terrain {
  /** Vertices in order (either winding), integers, a simple polygon. */
  points: Point[];
  /** Height in units (W1: R = 100). */
  height: number;
}

export interface Field {
  width: number;
  height: number;
}

const sq = (v: number) => v * v;
const dist2 = (a: Point, b: Point) => sq(a.x - b.x) + sq(a.y - b.y);
const cross = (o: Point, a: Point, b: Point) => (a.x - o.x) * (b.y - o.y) - (a.y - o.y) * (b.x - o.x);

/** Distance from a point to the nearest point of a disc; 0 on or inside it. */
export function distanceToDisc(p: Point, d: Disc): number {
  return Math.max(0, Math.sqrt(dist2(p, d)) - d.r);
}

/** Squared distance from `p` to the segment a–b. */
export function segmentDistance2(p: Point, a: Point, b: Point): number {
  const vx = b.x - a.x;
  const vy = b.y - a.y;
  const len2 = vx * vx + vy * vy;
  const dot = (p.x - a.x) * vx + (p.y - a.y) * vy;
  if (len2 === 0 || dot <= 0) return dist2(p, a);
  if (dot >= len2) return dist2(p, b);
  const c = cross(a, b, p);
  return (c * c) / len2;
}

/** Whether `p` lies on the boundary of the polygon (within a millionth of a unit). */
export function onBoundary(p: Point, poly: Point[]): boolean {
  for (let i = 0; i < poly.length; i++) {
    if (segmentDistance2(p, poly[i]!, poly[(i + 1) % poly.length]!) < 1e-12) return true;
  }
  return false;
}

/** Whether `p` is inside the polygon or on its boundary (even–odd rule, boundary checked first). */
export function insidePolygon(p: Point, poly: Point[]): boolean {
  if (onBoundary(p, poly)) return true;
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const a = poly[i]!;
    const b = poly[j]!;
    if (a.y > p.y !== b.y > p.y && p.x < ((b.x - a.x) * (p.y - a.y)) / (b.y - a.y) + a.x) inside = !inside;
  }
  return inside;
}

/** Strictly inside: inside and not on the boundary. */
export function strictlyInside(p: Point, poly: Point[]): boolean {
  return !onBoundary(p, poly) && insidePolygon(p, poly);
}

/** Distance from a point to a polygon; 0 on or inside it. */
export function distanceToPolygon(p: Point, poly: Point[]): number {
  if (insidePolygon(p, poly)) return 0;
  let best = Infinity;
  for (let i = 0; i < poly.length; i++)
    best = Math.min(best, segmentDistance2(p, poly[i]!, poly[(i + 1) % poly.length]!));
  return Math.sqrt(best);
}

/**
 * W2: range from an attacker's centre to a target's footprint, max(0, ⌈d / R⌉ − 1). Computed in
 * units: d is an integer whenever the centre distance is, so "exactly one halo" is never lost to rounding.
 */
export function rangeTo(from: Point, target: Disc): number {
  const d = distanceToDisc(from, target);
  return Math.max(0, Math.ceil(d / R - 1e-9) - 1);
}

/**
 * Whether the segment a–b passes through the open disc. Grazing (the segment tangent to the rim)
 * does not count: a sightline that only touches a die's edge is clear.
 */
export function segmentCrossesDisc(a: Point, b: Point, d: Disc): boolean {
  return segmentDistance2(d, a, b) < d.r * d.r;
}

/** Parameters t in [0, 1] where the segment a–b meets the edge p–q (both ends of an overlap when collinear). */
function edgeHits(a: Point, b: Point, p: Point, q: Point, out: number[]): void {
  const rx = b.x - a.x;
  const ry = b.y - a.y;
  const sx = q.x - p.x;
  const sy = q.y - p.y;
  const denom = rx * sy - ry * sx;
  const qpx = p.x - a.x;
  const qpy = p.y - a.y;
  const len2 = rx * rx + ry * ry;
  if (denom === 0) {
    if (qpx * ry - qpy * rx !== 0 || len2 === 0) return; // parallel, apart
    for (const v of [p, q]) {
      const t = ((v.x - a.x) * rx + (v.y - a.y) * ry) / len2;
      if (t >= 0 && t <= 1) out.push(t);
    }
    return;
  }
  const t = (qpx * sy - qpy * sx) / denom;
  const u = (qpx * ry - qpy * rx) / denom;
  if (t >= 0 && t <= 1 && u >= 0 && u <= 1) out.push(t);
}

/**
 * Whether the segment a–b passes through the polygon's interior. Running along an edge or touching a
 * corner does not count (grazing is clear, as for dice); passing through a corner into the inside does.
 * Method: cut the segment where it meets the boundary and test each piece's midpoint for strict inside.
 */
export function segmentCrossesPolygon(a: Point, b: Point, poly: Point[]): boolean {
  const ts = [0, 1];
  for (let i = 0; i < poly.length; i++) edgeHits(a, b, poly[i]!, poly[(i + 1) % poly.length]!, ts);
  ts.sort((x, y) => x - y);
  for (let i = 1; i < ts.length; i++) {
    const t0 = ts[i - 1]!;
    const t1 = ts[i]!;
    if (t1 - t0 < 1e-12) continue;
    const m = (t1 + t0) / 2;
    if (strictlyInside({ x: a.x + (b.x - a.x) * m, y: a.y + (b.y - a.y) * m }, poly)) return true;
  }
  return false;
}

/** Whether two footprints overlap; touching rims do not. */
export function discsOverlap(a: Disc, b: Disc): boolean {
  return dist2(a, b) < sq(a.r + b.r);
}

/** Whether a footprint lies wholly on the field (touching the edge is on). */
export function onField(d: Disc, field: Field): boolean {
  return d.x - d.r >= 0 && d.y - d.r >= 0 && d.x + d.r <= field.width && d.y + d.r <= field.height;
}

/** Bounding boxes of terrain pieces, computed once per piece: most tests end at a box check. */
const boxes = new WeakMap<object, [number, number, number, number]>();
function boxOf(t: Terrain): [number, number, number, number] {
  let b = boxes.get(t.points);
  if (!b) {
    b = [Infinity, Infinity, -Infinity, -Infinity];
    for (const p of t.points) b = [Math.min(b[0], p.x), Math.min(b[1], p.y), Math.max(b[2], p.x), Math.max(b[3], p.y)];
    boxes.set(t.points, b);
  }
  return b;
}
/** Whether the box around a–b misses the piece's box (then the segment misses the piece). */
function missesBox(a: Point, b: Point, t: Terrain): boolean {
  const [x0, y0, x1, y1] = boxOf(t);
  return Math.max(a.x, b.x) < x0 || Math.min(a.x, b.x) > x1 || Math.max(a.y, b.y) < y0 || Math.min(a.y, b.y) > y1;
}

/** The height a die stands at: the tallest terrain under its centre (0 on open ground). */
export function elevationAt(p: Point, terrain: readonly Terrain[]): number {
  let h = 0;
  for (const t of terrain) if (t.height > h && !missesBox(p, p, t) && insidePolygon(p, t.points)) h = t.height;
  return h;
}

/** A die as the geometry sees it. */
export interface Body extends Disc {
  /** The die's own height in units (W1). */
  h: number;
}

/**
 * Line of sight between two dice (W2): the segment between their centres crosses no other die's footprint
 * and no terrain that hides both of them. Terrain hides a die when it is taller than the die's top
 * (its elevation plus its height); a piece either die stands on is under it, not in the way. Dice block
 * whatever their heights: the source's "if any terrain or dice obstructs the path".
 */
export function lineOfSight(
  from: Body,
  to: Body,
  others: readonly Disc[],
  terrain: readonly Terrain[],
): { clear: boolean; blockedBy: 'die' | 'terrain' | null } {
  for (const d of others) if (segmentCrossesDisc(from, to, d)) return { clear: false, blockedBy: 'die' };
  const top = Math.max(elevationAt(from, terrain) + from.h, elevationAt(to, terrain) + to.h);
  for (const t of terrain) {
    if (t.height <= top || missesBox(from, to, t)) continue;
    if (segmentCrossesPolygon(from, to, t.points)) return { clear: false, blockedBy: 'terrain' };
  }
  return { clear: true, blockedBy: null };
}

export type StepRefusal = 'too-far' | 'off-field' | 'overlap' | 'too-tall' | 'drop-too-deep';

/**
 * W4 step legality: a step moves the centre at most R, ends wholly on the field and clear of every other
 * die (touching is clear), never enters terrain as tall as the die stands above its starting level
 * (a die crosses or climbs only what is lower than its height), and ends at most one die height below
 * where it started. Terrain is judged under the centre's path, the way the halo is laid on the table.
 */
export function stepRefusal(
  die: Body,
  to: Point,
  others: readonly Disc[],
  terrain: readonly Terrain[],
  field: Field,
): StepRefusal | null {
  if (dist2(die, to) > R * R) return 'too-far';
  const end: Disc = { x: to.x, y: to.y, r: die.r };
  if (!onField(end, field)) return 'off-field';
  for (const o of others) if (discsOverlap(end, o)) return 'overlap';
  const from = elevationAt(die, terrain);
  for (const t of terrain) {
    if (t.height - from < die.h || missesBox(die, to, t)) continue;
    if (insidePolygon(to, t.points) || segmentCrossesPolygon(die, to, t.points)) return 'too-tall';
  }
  if (from - elevationAt(to, terrain) > die.h) return 'drop-too-deep';
  return null;
}
