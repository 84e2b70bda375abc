// Shields Up cards drawn by our own renderer: a face (title band, set circles, damage, a short effect line) and a back.
import { Container, Graphics, Rectangle } from 'pixi.js';
import { kindOf } from '@dicehall/shared/shields-up';
import { makeText } from '../../engine/text';

export const INK = 0xe8efe9;
export const MUTED = 0x9fb2a8;
export const ACCENT = 0xf2c14e;
export const DANGER = 0xff6b5b;
const FACE = 0xf6f1e4;
const BACK = 0x1f2f55;
const BACK_EDGE = 0x6f86c4;

const hex = (css: string) => parseInt(css.slice(1), 16);

export type Mark = 'none' | 'glow' | 'selected' | 'target';

function outline(g: Graphics, w: number, h: number, r: number, mark: Mark) {
  if (mark === 'none') return;
  const color = mark === 'target' ? DANGER : ACCENT;
  g.roundRect(-3, -3, w + 6, h + 6, r + 3).stroke({
    width: mark === 'selected' ? 4 : 3,
    color,
    alpha: mark === 'glow' ? 0.75 : 1,
  });
}

/** Makes `c` tappable over its card rectangle. */
export function tappable(c: Container, w: number, h: number, onTap: () => void) {
  c.eventMode = 'static';
  c.cursor = 'pointer';
  c.hitArea = new Rectangle(-3, -3, w + 6, h + 6);
  c.on('pointertap', onTap);
}

export interface FaceOptions {
  /** Set circles to fill (equipment in progress); all of them when undefined. */
  have?: number;
  mark?: Mark;
}

/** A card face, `w`×`h`, its top-left corner at (0, 0). */
export function cardFace(id: string, w: number, h: number, o: FaceOptions = {}): Container {
  const k = kindOf(id);
  const colour = hex(k.colour);
  const c = new Container();
  const r = Math.max(4, w * 0.08);
  const g = new Graphics();
  outline(g, w, h, r, o.mark ?? 'none');
  g.roundRect(0, 0, w, h, r).fill(FACE).stroke({ width: 2, color: colour });
  const band = Math.round(h * 0.27);
  g.roundRect(2, 2, w - 4, band, r - 1).fill(colour);
  c.addChild(g);
  // The title, wrapped in the band; a star marks a card or value we reconstructed.
  const ours = k.reconstructed.some((f) => f === 'name' || f === 'set' || f === 'damage');
  const size = Math.max(8, Math.min(14, Math.round(w * 0.15)));
  const title = makeText(`${k.name}${ours ? ' *' : ''}`, { size, color: 0xffffff, weight: 700, wrap: w - 6 }, 0.5, 0.5);
  if (title.height > band) title.scale.set(band / title.height);
  title.position.set(w / 2, 2 + band / 2);
  c.addChild(title);
  // The set indicator: one circle per card the set needs.
  const cr = Math.max(2.5, Math.min(6, w * 0.06));
  const cy = band + 4 + cr;
  const have = o.have ?? k.set;
  for (let i = 0; i < k.set; i++) {
    const x = w / 2 + (i - (k.set - 1) / 2) * (cr * 2 + 3);
    g.circle(x, cy, cr);
    if (i < have) g.fill(colour);
    g.stroke({ width: 1.5, color: colour });
  }
  // The effect line, when the card is large enough to read it.
  if (h >= 84) {
    const fx = makeText(k.text, { size: Math.max(8, Math.round(w * 0.115)), color: 0x2b2b2b, wrap: w - 8 }, 0.5, 0);
    const room = h - (cy + cr + 4) - (k.damage ? h * 0.2 : 4);
    if (fx.height > room) fx.scale.set(Math.max(0.5, room / fx.height));
    fx.position.set(w / 2, cy + cr + 4);
    c.addChild(fx);
  }
  if (k.damage > 0) {
    const dr = Math.max(7, w * 0.14);
    g.circle(w - dr - 3, h - dr - 3, dr).fill(0x2b2b2b);
    const d = makeText(String(k.damage), { size: Math.round(dr * 1.2), color: 0xffffff, weight: 800 }, 0.5, 0.5);
    d.position.set(w - dr - 3, h - dr - 3);
    c.addChild(d);
  }
  return c;
}

/** A card back; `peek` writes the card's name on it (the owner's own face-down shield). */
export function cardBack(w: number, h: number, peek: string | null = null, mark: Mark = 'none'): Container {
  const c = new Container();
  const r = Math.max(4, w * 0.08);
  const g = new Graphics();
  outline(g, w, h, r, mark);
  g.roundRect(0, 0, w, h, r).fill(BACK).stroke({ width: 2, color: BACK_EDGE });
  g.roundRect(4, 4, w - 8, h - 8, r - 2).stroke({ width: 1, color: BACK_EDGE, alpha: 0.6 });
  // A shield emblem.
  const s = Math.min(w, h) * 0.22;
  const cx = w / 2;
  const cy = peek ? h * 0.38 : h / 2;
  g.poly([cx - s, cy - s, cx + s, cy - s, cx + s, cy, cx, cy + s * 1.3, cx - s, cy], true).fill({
    color: BACK_EDGE,
    alpha: 0.45,
  });
  c.addChild(g);
  if (peek) {
    const strip = Math.max(14, h * 0.26);
    g.roundRect(3, h - strip - 3, w - 6, strip, 3).fill({ color: FACE, alpha: 0.92 });
    const label = makeText(
      peek,
      { size: Math.max(8, Math.round(w * 0.12)), color: 0x1b1b1b, weight: 600, wrap: w - 8 },
      0.5,
      0.5,
    );
    if (label.height > strip) label.scale.set(strip / label.height);
    label.position.set(w / 2, h - 3 - strip / 2);
    c.addChild(label);
  }
  return c;
}

/** An empty place for a card (a free shield slot, an empty market place). */
export function cardSlot(w: number, h: number): Graphics {
  return new Graphics().roundRect(0, 0, w, h, Math.max(4, w * 0.08)).stroke({ width: 1.5, color: MUTED, alpha: 0.45 });
}
