// Drawing the battlefield in screen space each change: the field and its grid, terrain shaded by height, zones,
// bases, flags, dice as discs with value and type, auras, and the selected die's reach, halo and sightlines.
import { Container, Graphics } from 'pixi.js';
import type { PolywarsView } from '@dicehall/shared/polywars';
import type { PwDie } from '@dicehall/shared/polywars';
import { typeOf } from '@dicehall/shared/polywars';
import { lineOfSight, rangeTo } from '@dicehall/shared/polywars';
import { Label } from '../../engine/text';
import type { Camera, Pt } from './camera';
import { checkAttack, odds } from './text';
import { INK } from '../../engine/palette';

export const SEAT_COLORS = [0xe8b04b, 0x5b9bd5, 0xe06c5a, 0x6cc070, 0xb88ae0, 0x4fc9c4];
const FIELD = 0x2b4634;
const GRID = 0x3b5a45;
const OK = 0x9be39b;
const BLOCKED = 0xff6b5b;
const R = 100;
/** The smallest radius a die is drawn with, in CSS px: 28 px across at any zoom, its value readable (issue 28). */
export const MIN_R = 16;

/**
 * Screen discs for the dice: each at its place, at least MIN_R across its radius; where discs drawn larger than
 * the dice would overlap, they are pushed apart a little at a time (a few rounds, deterministic), so each value
 * shows and each die can be tapped. At a zoom where the dice are big enough nothing moves. The `fixed` die (the
 * selection) keeps its true place.
 */
export function spread(
  dice: PwDie[],
  sp: (x: number, y: number) => Pt,
  k: number,
  fixed: number | null = null,
): Map<number, { x: number; y: number; r: number }> {
  const out = dice.map((d) => ({ id: d.id, ...sp(d.x!, d.y!), r: Math.max(MIN_R, typeOf(d).radius * k) }));
  for (let round = 0; round < 40; round++) {
    let moved = false;
    for (let i = 0; i < out.length; i++) {
      for (let j = i + 1; j < out.length; j++) {
        const a = out[i]!;
        const b = out[j]!;
        const gap = a.r + b.r + 2;
        let dx = b.x - a.x;
        let dy = b.y - a.y;
        let dist = Math.hypot(dx, dy);
        if (dist >= gap) continue;
        if (dist < 0.01) {
          dx = 1;
          dy = (a.id - b.id) * 0.01;
          dist = Math.hypot(dx, dy);
        }
        // The selected die stays where it stands (its steps are measured from there): the other moves the whole way.
        const half = (gap - dist) / 2 + 0.01;
        const pa = a.id === fixed ? 0 : b.id === fixed ? 2 * half : half;
        const pb = b.id === fixed ? 0 : a.id === fixed ? 2 * half : half;
        a.x -= (dx / dist) * pa;
        a.y -= (dy / dist) * pa;
        b.x += (dx / dist) * pb;
        b.y += (dy / dist) * pb;
        moved = true;
      }
    }
    if (!moved) break;
  }
  return new Map(out.map((o) => [o.id, { x: o.x, y: o.y, r: o.r }]));
}

/** Terrain lighter the taller it is: low hills a dusty green-brown, towers pale stone. */
function terrainColor(height: number): number {
  const t = Math.max(0, Math.min(1, height / 90));
  const mix = (a: number, b: number, s: number) => Math.round(((a >> s) & 255) * (1 - t) + ((b >> s) & 255) * t) << s;
  const lo = 0x5d6a45;
  const hi = 0xc9bfa8;
  return mix(lo, hi, 16) | mix(lo, hi, 8) | mix(lo, hi, 0);
}

export interface Overlay {
  selected: number | null;
  /** The die whose odds are shown (tapped as a target). */
  target: number | null;
  /** Where a die is being dragged to, or a refused step snapping back. */
  ghost: { die: number; x: number; y: number; refused: boolean } | null;
  canStep: boolean;
  attackPhase: boolean;
}

/** A label's box on screen (stage units), as the view reports it for tests: `sight` labels are placed clear of all others. */
export interface LabelBox {
  text: string;
  kind: 'fixed' | 'sight';
  x: number;
  y: number;
  w: number;
  h: number;
}

/** A label that is placed after everything else, at the first of its candidate points where it overlaps nothing. */
interface Pending {
  text: string;
  at: Pt[];
  size: number;
  color: number;
}

const overlaps = (a: LabelBox, b: LabelBox) => a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h;

export class Battlefield {
  readonly container = new Container();
  private ground = new Graphics();
  private marks = new Graphics();
  private bodies = new Graphics();
  private labels: Label[] = [];
  private used = 0;
  /** Every label shown by the last draw, with its box; sightline and odds labels never overlap another. */
  boxes: LabelBox[] = [];
  /** Sightline labels left out by the last draw because every candidate spot was taken. */
  dropped = 0;
  private pending: Pending[] = [];
  /** The part of the box the field covers at the last draw: what is drawn, and where labels may go. */
  shown = { x: 0, y: 0, w: 1, h: 1 };
  /** Each die's disc on screen at the last draw: at least MIN_R, pushed clear of the others. */
  private spots = new Map<number, { x: number; y: number; r: number }>();
  /** Keeps long halos and sightlines inside the field's box, off the phase bar and the players' line. */
  private clip = new Graphics();

  constructor() {
    this.container.addChild(this.clip, this.ground, this.marks, this.bodies);
    this.container.mask = this.clip;
  }

  private take(text: string, size: number, color: number, weight: 400 | 700): Label {
    if (this.used === this.labels.length) {
      const l = new Label({ size, color, weight }, 0.5, 0.5);
      this.labels.push(l);
      this.container.addChild(l.text);
    }
    return this.labels[this.used++]!.set(text, { size, color, weight });
  }

  private label(text: string, x: number, y: number, size: number, color = INK, weight: 400 | 700 = 700) {
    const l = this.take(text, size, color, weight);
    l.text.position.set(Math.round(x), Math.round(y));
    l.visible = true;
    this.boxes.push({
      text,
      kind: 'fixed',
      x: Math.round(x) - l.width / 2,
      y: Math.round(y) - l.height / 2,
      w: l.width,
      h: l.height,
    });
  }

  /**
   * Places the deferred labels in order (the odds first), each at its first candidate point whose box, with a 2 px
   * margin, stays inside the field's box and touches no label already shown; a label with no such point is left out
   * (its line still says clear or blocked by colour and dashes).
   */
  private placePending(box: { x: number; y: number; w: number; h: number }) {
    for (const p of this.pending) {
      // A bundle of lines to one cluster of dice says it once: the same words already shown near this line's middle.
      const mid = p.at[0];
      if (!mid) continue;
      if (
        this.boxes.some(
          (o) =>
            o.kind === 'sight' && o.text === p.text && Math.hypot(o.x + o.w / 2 - mid.x, o.y + o.h / 2 - mid.y) < 90,
        )
      )
        continue;
      const l = this.take(p.text, p.size, p.color, 700);
      const w = l.width + 4;
      const h = l.height + 4;
      const spot = p.at
        .map((c) => ({
          text: p.text,
          kind: 'sight' as const,
          x: Math.round(c.x) - w / 2,
          y: Math.round(c.y) - h / 2,
          w,
          h,
        }))
        .find(
          (b) =>
            b.x >= box.x &&
            b.y >= box.y &&
            b.x + b.w <= box.x + box.w &&
            b.y + b.h <= box.y + box.h &&
            !this.boxes.some((o) => overlaps(o, b)),
        );
      if (!spot) {
        l.visible = false;
        this.dropped++;
        continue;
      }
      l.text.position.set(spot.x + w / 2, spot.y + h / 2);
      l.visible = true;
      this.boxes.push(spot);
    }
    this.pending = [];
  }

  /** Candidate points for a line's label: along the line from its middle outwards, each above and below it. */
  private alongLine(x: number, y: number, tx: number, ty: number): Pt[] {
    const len = Math.hypot(tx - x, ty - y) || 1;
    const nx = -(ty - y) / len;
    const ny = (tx - x) / len;
    const out: Pt[] = [];
    for (const t of [0.5, 0.4, 0.6, 0.3, 0.7, 0.22, 0.78]) {
      for (const off of [-9, 9, -20, 20]) out.push({ x: x + (tx - x) * t + nx * off, y: y + (ty - y) * t + ny * off });
    }
    return out;
  }

  draw(
    v: PolywarsView,
    cam: Camera,
    o: Overlay,
    me: number | null,
    box: { x: number; y: number; w: number; h: number },
  ) {
    // World to screen (the camera may have turned the field a quarter on a portrait screen).
    const sp = (x: number, y: number) => cam.toScreen({ x, y });
    const k = cam.scale;
    /** A world rectangle's box on screen (a quarter turn keeps it a rectangle). */
    const rect = (x0: number, y0: number, x1: number, y1: number) => {
      const a = sp(x0, y0);
      const b = sp(x1, y1);
      return { x: Math.min(a.x, b.x), y: Math.min(a.y, b.y), w: Math.abs(b.x - a.x), h: Math.abs(b.y - a.y) };
    };
    const whole = rect(0, 0, v.field.width, v.field.height);
    // Drawing stays on the field where it shows inside the box: long halos stop at the field's edge.
    const outer = box;
    const x0 = Math.max(box.x, whole.x);
    const y0 = Math.max(box.y, whole.y);
    box = {
      x: x0,
      y: y0,
      w: Math.max(1, Math.min(box.x + box.w, whole.x + whole.w) - x0),
      h: Math.max(1, Math.min(box.y + box.h, whole.y + whole.h) - y0),
    };
    // The mask reaches a disc's width past the field's edge (within the box): a die at the edge shows whole.
    const edge = MIN_R + 4;
    const cx0 = Math.max(outer.x, whole.x - edge);
    const cy0 = Math.max(outer.y, whole.y - edge);
    const cx1 = Math.min(outer.x + outer.w, whole.x + whole.w + edge);
    const cy1 = Math.min(outer.y + outer.h, whole.y + whole.h + edge);
    this.clip
      .clear()
      .rect(cx0, cy0, Math.max(1, cx1 - cx0), Math.max(1, cy1 - cy0))
      .fill(0xffffff);
    this.shown = box;
    this.used = 0;
    this.boxes = [];
    this.dropped = 0;
    this.pending = [];
    const g = this.ground.clear();
    g.rect(whole.x, whole.y, whole.w, whole.h).fill(FIELD);
    const line = (a: Pt, b: Pt) => g.moveTo(a.x, a.y).lineTo(b.x, b.y);
    for (let x = R; x < v.field.width; x += R) line(sp(x, 0), sp(x, v.field.height));
    for (let y = R; y < v.field.height; y += R) line(sp(0, y), sp(v.field.width, y));
    g.stroke({ width: 1, color: GRID, alpha: 0.6 });
    g.rect(whole.x, whole.y, whole.w, whole.h).stroke({ width: 2, color: 0x6f8f78 });
    if (v.phase === 'build' || v.phase === 'place') {
      v.zones.forEach((z, s) => {
        const zr = rect(z.x0, z.y0, z.x1, z.y1);
        g.rect(zr.x, zr.y, zr.w, zr.h)
          .fill({ color: SEAT_COLORS[s % 6], alpha: s === me ? 0.16 : 0.07 })
          .stroke({ width: s === me ? 2 : 1, color: SEAT_COLORS[s % 6], alpha: 0.6 });
      });
    }
    for (const t of [...v.terrain].sort((a, b) => a.height - b.height)) {
      g.poly(t.points.flatMap((p) => Object.values(sp(p.x, p.y))))
        .fill(terrainColor(t.height))
        .stroke({ width: 1.5, color: 0x1d2a20, alpha: 0.8 });
      const c = t.points.reduce((a, p) => ({ x: a.x + p.x / t.points.length, y: a.y + p.y / t.points.length }), {
        x: 0,
        y: 0,
      });
      const cs = sp(c.x, c.y);
      if (k * R > 24) this.label(`${(t.height / R).toFixed(2)} R`, cs.x, cs.y, 12, 0x1d2a20);
    }
    v.bases.forEach((b, s) => {
      if (!b) return;
      const bs = sp(b.x, b.y);
      g.circle(bs.x, bs.y, R * k)
        .fill({ color: SEAT_COLORS[s % 6], alpha: 0.12 })
        .stroke({ width: 2, color: SEAT_COLORS[s % 6], alpha: 0.8 });
      this.label(v.scenario === 'attack-on-tokyo' ? 'Tokyo' : 'base', bs.x, bs.y - R * k - 8, 12, SEAT_COLORS[s % 6]);
    });

    const m = this.marks.clear();
    const onField = v.dice.filter((d) => d.alive && d.x !== null);
    const sel = o.selected !== null ? v.dice[o.selected] : undefined;
    this.spots = spread(onField, sp, k, sel?.alive && sel.x !== null ? sel.id : null);
    if (sel?.alive && sel.x !== null) this.drawSelection(v, sel, onField, o, sp, k);

    const b = this.bodies.clear();
    for (const d of onField) {
      const spot = this.spots.get(d.id)!;
      const r = spot.r;
      const color = SEAT_COLORS[d.owner % 6];
      const { x, y } = spot;
      // A die pushed clear of its neighbours keeps a thin line to where it really stands.
      const at = sp(d.x!, d.y!);
      if (Math.hypot(x - at.x, y - at.y) > 2)
        b.moveTo(at.x, at.y)
          .lineTo(x, y)
          .stroke({ width: 1, color: 0xffffff, alpha: 0.6 })
          .circle(at.x, at.y, 2)
          .fill({ color: 0xffffff, alpha: 0.8 });
      const spent = v.attacked.includes(d.id) || v.moved.includes(d.id);
      if (d.aura === 'leadership') b.circle(x, y, r + 4).stroke({ width: 3, color: 0xffd84a });
      if (d.aura === 'immunity') b.circle(x, y, r + 4).stroke({ width: 3, color: 0x7fe3ff });
      if (d.aura === 'rage') b.circle(x, y, r + 5).stroke({ width: 4, color: 0xff3b2f });
      if (d.id === v.frozen) b.circle(x, y, r + 8).stroke({ width: 2, color: 0xcff6ff, alpha: 0.9 });
      b.circle(x, y, r)
        .fill({ color, alpha: spent ? 0.6 : 1 })
        .stroke({ width: d.id === o.selected ? 3 : 1.5, color: d.id === o.selected ? 0xffffff : 0x111111 });
      if (d.aura === 'flag')
        b.poly([x + r * 0.2, y - r * 1.9, x + r * 1.3, y - r * 1.5, x + r * 0.2, y - r * 1.1]).fill(0xffffff);
      // The value big, the type under it: never under 12 px (issue 28).
      this.label(String(d.value), x, y - r * 0.3, Math.max(14, Math.min(24, r * 0.85)), 0x111111);
      this.label(`d${d.sides}`, x, y + r * 0.5, 12, 0x222222, 700);
    }
    for (const f of v.flags) {
      if (f.carrier !== null) continue;
      const { x, y } = sp(f.x, f.y);
      b.moveTo(x, y)
        .lineTo(x, y - 18)
        .stroke({ width: 2, color: 0xffffff });
      b.poly([x, y - 18, x + 12, y - 14, x, y - 10]).fill(SEAT_COLORS[f.owner % 6]);
    }
    const d = o.ghost ? v.dice[o.ghost.die] : undefined;
    if (o.ghost && d) {
      const r = Math.max(MIN_R, typeOf(d).radius * k);
      const gs = sp(o.ghost.x, o.ghost.y);
      b.circle(gs.x, gs.y, r)
        .fill({ color: o.ghost.refused ? BLOCKED : SEAT_COLORS[d.owner % 6], alpha: 0.45 })
        .stroke({ width: 2, color: o.ghost.refused ? BLOCKED : 0xffffff });
      if (d.x !== null)
        m.moveTo(sp(d.x, d.y!).x, sp(d.x, d.y!).y)
          .lineTo(gs.x, gs.y)
          .stroke({ width: 1.5, color: o.ghost.refused ? BLOCKED : 0xffffff, alpha: 0.8 });
    }
    // Turned a quarter, the field says where north is: the log's headings ("steps 1.0 R east") read against it.
    if (cam.turn) {
      const m = 40;
      this.pending.push({
        text: cam.turn === 1 ? '← north' : 'north →',
        size: 12,
        color: INK,
        at: [
          { x: box.x + m, y: box.y + 12 },
          { x: box.x + box.w - m, y: box.y + 12 },
          { x: box.x + m, y: box.y + box.h - 12 },
          { x: box.x + box.w - m, y: box.y + box.h - 12 },
        ],
      });
    }
    this.placePending(box);
    for (const l of this.labels.slice(this.used)) l.visible = false;
  }

  /** The selected die's step reach (movement), its side-to-side halo, its zap reach, and a sightline to every enemy. */
  private drawSelection(
    v: PolywarsView,
    sel: PwDie,
    onField: PwDie[],
    o: Overlay,
    sp: (x: number, y: number) => Pt,
    k: number,
  ) {
    const m = this.marks;
    const { x, y } = sp(sel.x!, sel.y!);
    if (o.canStep)
      m.circle(x, y, R * k)
        .fill({ color: 0xffffff, alpha: 0.14 })
        .stroke({ width: 2, color: 0xffffff, alpha: 0.8 });
    else m.circle(x, y, R * k).stroke({ width: 2, color: 0xffe08a, alpha: 0.9 });
    if (sel.value > 1) m.circle(x, y, sel.value * R * k).stroke({ width: 1, color: 0xffe08a, alpha: 0.35 });
    const me = { x: sel.x!, y: sel.y!, r: typeOf(sel).radius, h: typeOf(sel).height };
    for (const t of onField) {
      if (t.owner === sel.owner) continue;
      const td = { x: t.x!, y: t.y!, r: typeOf(t).radius, h: typeOf(t).height };
      const range = rangeTo(me, td);
      if (range > 0 && range >= sel.value) continue;
      const check = checkAttack(v, sel, t);
      const { x: tx, y: ty } = sp(t.x!, t.y!);
      if (check.ok) {
        m.moveTo(x, y)
          .lineTo(tx, ty)
          .stroke({ width: t.id === o.target ? 3 : 2, color: OK, alpha: o.attackPhase ? 0.95 : 0.5 });
        if (Math.hypot(tx - x, ty - y) > 60)
          this.pending.push({
            text: check.range ? `zap ${check.range}` : 'side',
            at: this.alongLine(x, y, tx, ty),
            size: 12,
            color: OK,
          });
      } else if (check.code === 'no-line-of-sight') {
        // Where the sight ends: the first die in the way, else the terrain; drawn dashed in red past that point.
        const others = onField
          .filter((d) => d.id !== sel.id && d.id !== t.id)
          .map((d) => ({ x: d.x!, y: d.y!, r: typeOf(d).radius }));
        const los = lineOfSight(me, td, others, v.terrain);
        for (let s = 0; s < 1; s += 0.08) {
          m.moveTo(x + (tx - x) * s, y + (ty - y) * s).lineTo(
            x + (tx - x) * Math.min(1, s + 0.04),
            y + (ty - y) * Math.min(1, s + 0.04),
          );
        }
        m.stroke({ width: 2, color: BLOCKED, alpha: 0.85 });
        if (Math.hypot(tx - x, ty - y) > 100)
          this.pending.push({
            text: `blocked by ${los.blockedBy ?? 'terrain'}`,
            at: this.alongLine(x, y, tx, ty),
            size: 12,
            color: BLOCKED,
          });
      }
      if (t.id === o.target && check.ok) {
        const p = odds(sel, check.range);
        const pct = (n: number) => `${Math.round(n * 100)}%`;
        const spot = this.spots.get(t.id) ?? { x: tx, y: ty, r: typeOf(t).radius * k };
        m.circle(spot.x, spot.y, spot.r + 6).stroke({ width: 3, color: OK });
        const r = spot.r;
        const [ox, oy] = [spot.x, spot.y];
        // The odds go first, above the target, else below it or beside it.
        this.pending.unshift({
          text: `perfect ${pct(p.perfect)} · success ${pct(p.success)} · fail ${pct(p.fail)}`,
          size: 12,
          color: INK,
          at: [
            { x: ox, y: oy - r - 16 },
            { x: ox, y: oy + r + 16 },
            { x: ox, y: oy - r - 34 },
            { x: ox, y: oy + r + 34 },
            { x: ox - 120, y: oy - r - 16 },
            { x: ox + 120, y: oy - r - 16 },
          ],
        });
      }
    }
  }

  /** The die drawn under a screen point (within `slop` px of its disc), nearest first. */
  dieAt(v: PolywarsView, p: Pt, slop: number): PwDie | undefined {
    let best: PwDie | undefined;
    let bestD = Infinity;
    for (const d of v.dice) {
      const spot = this.spots.get(d.id);
      if (!d.alive || d.x === null || !spot) continue;
      const dist = Math.hypot(spot.x - p.x, spot.y - p.y) - spot.r;
      if (dist <= slop && dist < bestD) {
        best = d;
        bestD = dist;
      }
    }
    return best;
  }

  /** Where each die is drawn on screen, and how big (its spot after the spread). */
  spotOf(id: number): { x: number; y: number; r: number } | undefined {
    return this.spots.get(id);
  }

  destroy() {
    for (const l of this.labels) l.destroy();
    this.container.destroy({ children: true });
  }
}
