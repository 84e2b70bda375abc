// The one die renderer, for every die size: a polyhedron's outline (d4 triangle … d20 hexagon) or a cube, solid or
// see-through, showing a number, pips (d6) or a "?" for a die whose face is secret, with an optional badge under
// the value and a halo for tappable, picked-up or targeted dice. Each game keeps its own look through `DieSpec`.
import { Container, Graphics, Rectangle } from 'pixi.js';
import type { Stage } from './stage';
import { makeText } from './text';
import { easeOutQuad } from './tween';

/** How a die is marked: tappable (glow), picked up (selected), the one an action would land on (target). */
export type DieMark = 'none' | 'glow' | 'selected' | 'target';

export interface DieSpec {
  sides: number;
  /** Width of the die in CSS pixels. */
  size: number;
  fill: number;
  ink: number;
  /** The outline of a see-through die. */
  edge?: number;
  /**
   * `poly`: the polyhedron's outline by `sides` (a d6 is a rounded square); `cube`: a rounded square whatever the
   * sides (the plain dice of High Roll); `pips`: a cube with a lip under it and pips for its face (Dice Chess).
   */
  form: 'poly' | 'cube' | 'pips';
  /** Shields and batteries are translucent dice. */
  clear?: boolean;
  /** The face: a number or text ("d8", "✕"); null shows a "?" (a die whose place or value is secret). */
  face: number | string | null;
  /** Small text under the value, e.g. "/12". */
  badge?: string;
  mark?: DieMark;
  /** Colours of the halo per mark (the table's accent for glow, white for selected, the hot colour for target). */
  marks?: { glow: number; selected: number; target: number };
}

/** Pip centres on a -1..1 grid, per face. */
export const PIPS: Record<number, [number, number][]> = {
  1: [[0, 0]],
  2: [
    [-1, -1],
    [1, 1],
  ],
  3: [
    [-1, -1],
    [0, 0],
    [1, 1],
  ],
  4: [
    [-1, -1],
    [1, -1],
    [-1, 1],
    [1, 1],
  ],
  5: [
    [-1, -1],
    [1, -1],
    [0, 0],
    [-1, 1],
    [1, 1],
  ],
  6: [
    [-1, -1],
    [1, -1],
    [-1, 0],
    [1, 0],
    [-1, 1],
    [1, 1],
  ],
};

/** The outline, on a unit box centred at 0 (radius about 0.5); null for a rounded square. */
export function outline(sides: number): number[] | null {
  const regular = (n: number, r: number, dy = 0) =>
    Array.from({ length: n }, (_, i) => {
      const a = -Math.PI / 2 + (i * 2 * Math.PI) / n;
      return [r * Math.cos(a), r * Math.sin(a) + dy];
    }).flat();
  switch (sides) {
    case 4:
      return [0, -0.56, 0.56, 0.44, -0.56, 0.44];
    case 6:
      return null;
    case 8:
      return [0, -0.58, 0.54, 0, 0, 0.58, -0.54, 0];
    case 10:
      return [0, -0.58, 0.55, -0.02, 0, 0.52, -0.55, -0.02];
    case 12:
      return regular(5, 0.56, 0.04);
    default:
      return regular(6, 0.56);
  }
}

/** Adds the die's outline to `g`, grown by `grow` pixels (for halos). */
function shape(g: Graphics, spec: DieSpec, grow = 0) {
  const { size } = spec;
  const pts = spec.form === 'poly' ? outline(spec.sides) : null;
  if (pts) {
    const k = size + grow * 2.2;
    g.poly(
      pts.map((v) => v * k),
      true,
    );
    return;
  }
  // The polyhedra's d6 stands a little inside its box so it matches their size; a cube fills it.
  const s = (spec.form === 'poly' ? size * 0.92 : size) + grow * 2;
  g.roundRect(-s / 2, -s / 2, s, s, size * (spec.form === 'pips' ? 0.2 : 0.18));
}

const MARKS = { glow: 0xe8b04b, selected: 0xffffff, target: 0xff6b5a };

export class Die {
  readonly container = new Container();
  private halo = new Graphics();
  private shadow = new Graphics();
  private body = new Graphics();
  private pips = new Graphics();
  private words = new Container();
  private spec: DieSpec;
  /** What the face shows now: an unchanged face keeps its texts (and their textures). */
  private faceKey = '';

  constructor(spec: DieSpec, tap?: () => void) {
    this.spec = spec;
    this.container.addChild(this.halo, this.shadow, this.body, this.pips, this.words);
    this.draw();
    if (tap) this.onTap(tap);
    else this.container.eventMode = 'none';
  }

  get look(): DieSpec {
    return this.spec;
  }

  /** Changes the die (any part of its spec) and redraws it. */
  set(spec: Partial<DieSpec>) {
    this.spec = { ...this.spec, ...spec };
    this.draw();
  }

  /** Changes only the face shown (a tumble's random faces), keeping the body. */
  showFace(face: number | string | null) {
    this.spec = { ...this.spec, face };
    this.drawFace();
  }

  private onTap(tap: () => void) {
    const c = this.container;
    c.eventMode = 'static';
    c.cursor = 'pointer';
    const r = this.spec.size * 0.6 + 4;
    c.hitArea = new Rectangle(-r, -r, 2 * r, 2 * r);
    c.on('pointertap', tap);
  }

  private draw() {
    const spec = this.spec;
    const { size, mark = 'none', form } = spec;
    const halo = this.halo.clear();
    if (mark !== 'none') {
      const colour = (spec.marks ?? MARKS)[mark];
      // Small dice sit close together (the pool on a phone): a tighter halo keeps neighbours apart.
      const grow = size < 34 ? 4 : 7;
      shape(halo, spec, grow);
      halo.fill({ color: colour, alpha: mark === 'glow' ? 0.22 : 0.3 });
      shape(halo, spec, grow - 3);
      halo.stroke({ width: 3, color: colour, alpha: 1 });
    }
    const shadow = this.shadow.clear();
    const body = this.body.clear();
    if (form === 'pips') {
      // A darker lip under the face reads as a solid die on any square colour.
      shadow.position.set(0, size * 0.06);
      shape(shadow, spec);
      shadow.fill({ color: 0x000000, alpha: 0.45 });
      shape(body, spec);
      body.fill(spec.fill).stroke({ width: Math.max(1, size * 0.035), color: 0x000000, alpha: 0.5 });
    } else if (form === 'cube') {
      shape(body, spec);
      body.fill(spec.fill).stroke({ width: 2, color: 0x000000, alpha: 0.35 });
    } else {
      shadow.position.set(size * 0.04, size * 0.06);
      shape(shadow, spec);
      shadow.fill({ color: 0x000000, alpha: 0.35 });
      shape(body, spec);
      if (spec.clear)
        body
          .fill({ color: spec.fill, alpha: 0.42 })
          .stroke({ width: Math.max(2, size * 0.07), color: spec.edge ?? spec.fill, alpha: 0.95 });
      else body.fill(spec.fill).stroke({ width: Math.max(1.5, size * 0.045), color: 0x000000, alpha: 0.45 });
      if (spec.sides === 20) {
        // The face triangle of a d20 seen from above.
        const r = size * 0.56;
        body
          .poly([0, -r, r * 0.866, r * 0.5, -r * 0.866, r * 0.5], true)
          .stroke({ width: 1, color: spec.clear ? (spec.edge ?? spec.fill) : 0x000000, alpha: 0.35 });
      }
    }
    this.drawFace();
  }

  private drawFace() {
    const spec = this.spec;
    const { size, face, ink, form } = spec;
    const key = JSON.stringify([size, face, ink, form, spec.sides, spec.badge]);
    if (key === this.faceKey) return;
    this.faceKey = key;
    for (const c of this.words.removeChildren()) c.destroy();
    const pips = this.pips.clear();
    if (form === 'pips' && typeof face === 'number') {
      const step = size * 0.26;
      const radius = Math.max(1.2, size * 0.092);
      for (const [x, y] of PIPS[face] ?? []) pips.circle(x * step, y * step, radius);
      pips.fill(ink);
      return;
    }
    const words = face === null ? '?' : String(face);
    if (form === 'pips') {
      this.words.addChild(makeText(words, { size: Math.round(size * 0.55), color: ink, weight: 800 }, 0.5, 0.5));
      return;
    }
    if (form === 'cube') {
      const value = makeText(words, { size: Math.round(size * 0.5), color: ink, weight: 700 }, 0.5, 0.5);
      value.position.set(0, spec.badge ? -size * 0.06 : 0);
      this.words.addChild(value);
      if (spec.badge) {
        const b = makeText(spec.badge, { size: Math.round(size * 0.22), color: ink }, 0.5, 0.5);
        b.position.set(0, size * 0.3);
        this.words.addChild(b);
      }
      return;
    }
    const dy = spec.sides === 4 ? size * 0.12 : 0;
    const small = spec.sides === 4 || spec.sides === 8 || spec.sides === 10;
    const fontSize = Math.round(size * (small ? 0.36 : 0.42) * (words.length > 2 ? 0.85 : 1));
    const value = makeText(words, { size: fontSize, color: ink, weight: 800 }, 0.5, 0.5);
    value.position.set(0, dy);
    this.words.addChild(value);
    if (spec.badge && size >= 30) {
      // The value and its badge stacked as drawn (each box includes its line height), centred together.
      const b = makeText(spec.badge, { size: Math.round(size * 0.2), color: ink, weight: 600 }, 0.5, 0.5);
      b.alpha = 0.85;
      value.position.set(0, dy - b.height / 2);
      b.position.set(0, dy + value.height / 2);
      this.words.addChild(b);
    }
  }

  /**
   * Tumbles through random faces and lands on `face`, the server's roll. `alive` stops it early (the view redrew
   * or went away), leaving the die as the redraw set it. `spin` and `grow` set how wild it looks.
   */
  tumble(
    stage: Stage,
    face: number,
    o: { sides?: number; ms?: number; alive?: () => boolean; spin?: number; grow?: number; every?: number } = {},
  ) {
    const { sides = this.spec.sides, ms = 650, spin = 0.45, grow = 0.18, every = 70 } = o;
    const c = this.container;
    let shown = -1;
    stage.tween({
      ms,
      alive: () => !c.destroyed && (o.alive?.() ?? true),
      step: (k, t) => {
        c.rotation = Math.sin(t / (ms / 14.4)) * spin * (1 - k);
        c.scale.set(1 + grow * Math.sin(k * Math.PI));
        const tick = Math.floor(t / every);
        if (k < 1 && tick !== shown) {
          shown = tick;
          this.showFace(1 + Math.floor(Math.random() * sides));
        }
      },
      end: () => {
        c.rotation = 0;
        c.scale.set(1);
        this.showFace(face);
      },
    });
  }

  destroy() {
    this.container.destroy({ children: true });
  }
}

/** Slides a display object from `from` to where it stands now (a move seen live), easing out. */
export function slideIn(
  stage: Stage,
  target: { position: { set(x: number, y: number): void }; x: number; y: number },
  from: { x: number; y: number },
  o: { ms?: number; alive?: () => boolean; step?: (k: number) => void; end?: () => void } = {},
) {
  const tx = target.x;
  const ty = target.y;
  target.position.set(from.x, from.y);
  stage.tween({
    ms: o.ms ?? 180,
    alive: o.alive,
    step: (k) => {
      const e = easeOutQuad(k);
      target.position.set(from.x + (tx - from.x) * e, from.y + (ty - from.y) * e);
      o.step?.(k);
    },
    end: o.end,
  });
}
