// Shields Up cards drawn by our own renderer: a face (title band, set circles, damage, a short effect line) and a back.
import { Container, Graphics, Rectangle, type Text } from 'pixi.js';
import { kindOf } from '@dicehall/shared/shields-up';
import { makeText, type TextLook } from '../../engine/text';

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

/** The smallest type a card shows (CSS px): what does not fit at this size is left off, never shrunk below it. */
export const CARD_MIN_TEXT = 12;

/** A shorter name for a card too narrow for its whole one (the popover and the lists give the whole name). */
const SHORT: Record<string, string> = {
  'death-ray': 'Ray',
  'plasma-cannon': 'Plasma',
  'laser-cannon': 'Laser',
  'space-mine': 'Mine',
  battery: 'Battery',
  smuggle: 'Smuggle',
  hijinks: 'Hijinks',
};

/**
 * The words at the largest size from `size` down to CARD_MIN_TEXT whose wrapped box fits `w`×`h`; null when even
 * the smallest does not (a single word wider than the card, or too many lines).
 */
export function fitText(words: string, look: TextLook, w: number, h: number, ax = 0.5, ay = 0.5): Text | null {
  for (let size = Math.max(CARD_MIN_TEXT, Math.round(look.size)); size >= CARD_MIN_TEXT; size--) {
    const t = makeText(words, { ...look, size, wrap: w }, ax, ay);
    if (t.width <= w + 0.5 && t.height <= h + 0.5) return t;
    t.destroy();
  }
  return null;
}

/** The card's name, or its short name, fitted to `w`×`h`; null when neither fits. */
function fitName(id: string, look: TextLook, w: number, h: number): Text | null {
  const k = kindOf(id);
  const ours = k.reconstructed.some((f) => f === 'name' || f === 'set' || f === 'damage');
  for (const words of [`${k.name}${ours ? ' *' : ''}`, k.name, SHORT[k.kind] ?? '']) {
    if (!words) continue;
    const t = fitText(words, look, w, h);
    if (t) return t;
  }
  return null;
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
  c.addChild(g);
  // The title, wrapped in the band (which grows to two lines when the name needs them); a star marks a card or
  // value we reconstructed.
  const size = Math.max(CARD_MIN_TEXT, Math.min(18, Math.round(w * 0.16)));
  const title = fitName(id, { size, color: 0xffffff, weight: 700 }, w - 6, Math.max(h * 0.42, size * 1.3));
  const band = Math.round(Math.max(h * 0.24, title ? title.height + 6 : 0));
  g.roundRect(2, 2, w - 4, band, r - 1).fill(colour);
  if (title) {
    title.position.set(w / 2, 2 + band / 2);
    c.addChild(title);
  }
  // The set indicator: one circle per card the set needs.
  const cr = Math.max(2.5, Math.min(7, w * 0.06));
  const cy = band + 5 + cr;
  const have = o.have ?? k.set;
  for (let i = 0; i < k.set; i++) {
    const x = w / 2 + (i - (k.set - 1) / 2) * (cr * 2 + 3);
    g.circle(x, cy, cr);
    if (i < have) g.fill(colour);
    g.stroke({ width: 1.5, color: colour });
  }
  // The damage badge in the bottom right corner.
  const dr = Math.max(10, w * 0.13);
  if (k.damage > 0) {
    g.circle(w - dr - 3, h - dr - 3, dr).fill(0x2b2b2b);
    const d = makeText(
      String(k.damage),
      { size: Math.max(CARD_MIN_TEXT, Math.round(dr * 1.2)), color: 0xffffff, weight: 800 },
      0.5,
      0.5,
    );
    d.position.set(w - dr - 3, h - dr - 3);
    c.addChild(d);
  }
  // The effect line, when it fits the card at a readable size (the popover always gives it).
  const top = cy + cr + 4;
  const room = h - top - (k.damage ? 2 * dr + 6 : 4);
  if (room >= CARD_MIN_TEXT * 1.25) {
    const fx = fitText(k.text, { size: Math.min(15, Math.round(w * 0.12)), color: 0x2b2b2b }, w - 8, room, 0.5, 0);
    if (fx) {
      fx.position.set(w / 2, top);
      c.addChild(fx);
    }
  }
  return c;
}

/** A card back; `peek` (a card id) names the card on it (the owner's own face-down shield). */
export function cardBack(w: number, h: number, peek: string | null = null, mark: Mark = 'none'): Container {
  const c = new Container();
  const r = Math.max(4, w * 0.08);
  const g = new Graphics();
  outline(g, w, h, r, mark);
  g.roundRect(0, 0, w, h, r).fill(BACK).stroke({ width: 2, color: BACK_EDGE });
  g.roundRect(4, 4, w - 8, h - 8, r - 2).stroke({ width: 1, color: BACK_EDGE, alpha: 0.6 });
  const label = peek
    ? fitName(
        peek,
        { size: Math.max(CARD_MIN_TEXT, Math.min(16, Math.round(w * 0.14))), color: 0x1b1b1b, weight: 600 },
        w - 10,
        h * 0.5,
      )
    : null;
  // A shield emblem.
  const s = Math.min(w, h) * 0.22;
  const cx = w / 2;
  const cy = label ? h * 0.3 : h / 2;
  g.poly([cx - s, cy - s, cx + s, cy - s, cx + s, cy, cx, cy + s * 1.3, cx - s, cy], true).fill({
    color: BACK_EDGE,
    alpha: 0.45,
  });
  c.addChild(g);
  if (label) {
    const strip = label.height + 6;
    g.roundRect(3, h - strip - 3, w - 6, strip, 3).fill({ color: FACE, alpha: 0.92 });
    label.position.set(w / 2, h - 3 - strip / 2);
    c.addChild(label);
  }
  return c;
}

/** An empty place for a card (a free shield slot, an empty market place). */
export function cardSlot(w: number, h: number): Graphics {
  return new Graphics().roundRect(0, 0, w, h, Math.max(4, w * 0.08)).stroke({ width: 1.5, color: MUTED, alpha: 0.45 });
}
