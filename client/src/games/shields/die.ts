// A Shields die as drawn on the table: the polyhedron's outline (d4 triangle … d20 hexagon) in its colour,
// solid for attack dice, potions and polish, see-through for shields and batteries, like the physical set.
import { Container, Graphics, Rectangle } from 'pixi.js';
import type { DieColour } from '../../../../shared/src/games/shields/catalogue';
import type { TextCache } from './text';

export const INK = 0xf2efe6;
export const MUTED = 0xa9b8ae;
export const ACCENT = 0xe8b04b;
export const HOT = 0xff6b5a;
export const FELT = 0x1b2d24;

export const LOOK: Record<DieColour | 'battery' | 'dead', { fill: number; ink: number; edge: number }> = {
  red: { fill: 0xd9473f, ink: 0xffffff, edge: 0xff8a80 },
  yellow: { fill: 0xf2c230, ink: 0x1a1a1a, edge: 0xffe17a },
  blue: { fill: 0x3b7fdb, ink: 0xffffff, edge: 0x8fc0ff },
  black: { fill: 0x121316, ink: 0xf2efe6, edge: 0xaab2ba },
  green: { fill: 0x39a957, ink: 0xffffff, edge: 0x8ef0a8 },
  gray: { fill: 0x8c939a, ink: 0x111111, edge: 0xd0d5da },
  battery: { fill: 0x2fbf6a, ink: 0xffffff, edge: 0x7dffb0 },
  dead: { fill: 0x3a3f3c, ink: 0x9aa39d, edge: 0x5d6560 },
};

/** How a die is marked: tappable (glow), picked up (selected), the one an action would land on (target). */
export type Mark = 'none' | 'glow' | 'selected' | 'target';

export interface DieSpec {
  sides: number;
  look: keyof typeof LOOK;
  /** Shields and batteries are translucent dice. */
  clear?: boolean;
  size: number;
  /** The big text: a value, points or "d8". */
  text: string;
  /** Small text under the value, e.g. "/12". */
  badge?: string;
  mark?: Mark;
  /** Animations outlive redraws: their text textures must not be swept. */
  pin?: boolean;
}

/** The outline, on a unit box centred at 0 (radius about 0.5). */
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
      return null; // a rounded square
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

function shape(g: Graphics, sides: number, size: number, grow = 0) {
  const pts = outline(sides);
  if (!pts) {
    const s = size * 0.92 + grow * 2;
    g.roundRect(-s / 2, -s / 2, s, s, size * 0.18);
    return;
  }
  const k = size + grow * 2.2;
  g.poly(pts.map((v) => v * k), true);
}

/** Builds one die; `tap` makes it a button on the canvas. */
export function makeDie(text: TextCache, spec: DieSpec, tap?: () => void): Container {
  const c = new Container();
  const { sides, size, mark = 'none' } = spec;
  const look = LOOK[spec.look];
  const g = new Graphics();
  if (mark !== 'none') {
    const colour = mark === 'glow' ? ACCENT : mark === 'selected' ? 0xffffff : HOT;
    // Small dice sit close together (the pool on a phone): a tighter halo keeps neighbours apart.
    const halo = size < 34 ? 4 : 7;
    shape(g, sides, size, halo);
    g.fill({ color: colour, alpha: mark === 'glow' ? 0.22 : 0.3 });
    shape(g, sides, size, halo - 3);
    g.stroke({ width: 3, color: colour, alpha: 1 });
  }
  // A shadow under the die, then the body.
  g.position.set(0, 0);
  const shadow = new Graphics();
  shape(shadow, sides, size);
  shadow.fill({ color: 0x000000, alpha: 0.35 });
  shadow.position.set(size * 0.04, size * 0.06);
  const body = new Graphics();
  shape(body, sides, size);
  if (spec.clear) {
    body.fill({ color: look.fill, alpha: 0.42 }).stroke({ width: Math.max(2, size * 0.07), color: look.edge, alpha: 0.95 });
  } else {
    body.fill(look.fill).stroke({ width: Math.max(1.5, size * 0.045), color: 0x000000, alpha: 0.45 });
  }
  if (sides === 20) {
    // The face triangle of a d20 seen from above.
    const r = size * 0.56;
    const tri = [0, -r, r * 0.866, r * 0.5, -r * 0.866, r * 0.5];
    body.poly(tri, true).stroke({ width: 1, color: spec.clear ? look.edge : 0x000000, alpha: 0.35 });
  }
  c.addChild(g, shadow, body);
  const dy = sides === 4 ? size * 0.12 : 0;
  const ink = spec.clear && spec.look !== 'yellow' ? 0xffffff : spec.clear ? 0xfff3c4 : look.ink;
  const small = sides === 4 || sides === 8 || sides === 10;
  const fontSize = Math.max(11, Math.round(size * (small ? 0.36 : 0.42) * (spec.text.length > 2 ? 0.85 : 1)));
  const value = text.sprite(spec.text, { size: fontSize, color: ink, weight: 800 }, 0.5, 0.5, spec.pin);
  value.position.set(0, dy);
  c.addChild(value);
  if (spec.badge && size >= 30) {
    // The value and its badge stacked as drawn (each box includes its line height), centred together.
    const b = text.sprite(spec.badge, { size: Math.max(11, Math.round(size * 0.2)), color: ink, weight: 600 }, 0.5, 0.5, spec.pin);
    b.alpha = 0.85;
    value.position.set(0, dy - b.height / 2);
    b.position.set(0, dy + value.height / 2);
    c.addChild(b);
  }
  if (tap) {
    c.eventMode = 'static';
    c.cursor = 'pointer';
    const r = size * 0.6 + 4;
    c.hitArea = new Rectangle(-r, -r, 2 * r, 2 * r);
    c.on('pointertap', tap);
  } else c.eventMode = 'none';
  return c;
}
