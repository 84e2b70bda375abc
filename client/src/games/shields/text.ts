// Text for the table, drawn on a 2D canvas and shown as sprites, with the textures cached by text and style.
//
// Why not Pixi's Text: Pixi 8 registers its text pipe as a side effect of importing Text, and game views load
// after the stage's renderer exists, so Text draws nothing there (the Dice Chess view found the same).
import { CanvasSource, Sprite, Texture } from 'pixi.js';
import { density } from '../../engine/stage';

/** The smallest type on the table, in CSS pixels. */
export const MIN_SIZE = 11;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface TextStyle {
  size: number;
  color: number;
  weight?: 400 | 600 | 700 | 800;
  /** Wraps at this width in pixels, word by word. */
  wrap?: number;
}

const css = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

export class TextCache {
  private textures = new Map<string, Texture>();
  /** Keys used since the last sweep; a redraw sweeps away the rest. */
  private used = new Set<string>();
  /** Textures for animations, which outlive redraws; a small bounded set (numbers, "−6", "lost"). */
  private pinned = new Map<string, Texture>();

  /** A sprite showing `text`; `anchor` 0..1 on both axes. Its texture lives until a sweep finds it unused. */
  sprite(text: string, asked: TextStyle, ax = 0, ay = 0, pin = false, overlay = false): Sprite {
    // Nothing on the table reads below 11 CSS px; the density is in the key so a move to another screen redraws crisp.
    const style = { ...asked, size: Math.max(MIN_SIZE, asked.size) };
    const key = `${text}|${style.size}|${style.color}|${style.weight ?? 400}|${style.wrap ?? ''}|${density()}`;
    const store = pin ? this.pinned : this.textures;
    let t = store.get(key);
    if (!t) {
      t = draw(text, style);
      store.set(key, t);
    }
    if (!pin) this.used.add(key);
    const s = new Sprite(t);
    s.anchor.set(ax, ay);
    s.eventMode = 'none';
    // Named for the geometry the browser tests check (labels must not overlap; a badge over a die is meant to).
    s.label = `${overlay ? 'overlay' : 'text'}:${style.size}:${text}`;
    return s;
  }

  /** Destroys the textures no sprite of the latest redraw uses. */
  sweep() {
    for (const [key, t] of this.textures) {
      if (!this.used.has(key)) {
        t.destroy(true);
        this.textures.delete(key);
      }
    }
    this.used.clear();
  }

  destroy() {
    for (const t of [...this.textures.values(), ...this.pinned.values()]) t.destroy(true);
    this.textures.clear();
    this.pinned.clear();
  }
}

function draw(text: string, { size, color, weight = 400, wrap }: TextStyle): Texture {
  const res = Math.max(2, density());
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d')!;
  const font = `${weight} ${size}px ${FONT}`;
  ctx.font = font;
  const lines = wrap ? wrapLines(ctx, text, wrap) : [text];
  const lineH = Math.ceil(size * 1.22);
  const w = Math.ceil(Math.max(1, ...lines.map((l) => ctx.measureText(l).width))) + 2;
  const h = lineH * lines.length + 2;
  canvas.width = Math.ceil(w * res);
  canvas.height = Math.ceil(h * res);
  ctx.scale(res, res);
  ctx.font = font;
  ctx.fillStyle = css(color);
  ctx.textBaseline = 'middle';
  lines.forEach((l, i) => ctx.fillText(l, 1, 1 + lineH * (i + 0.5)));
  return new Texture({ source: new CanvasSource({ resource: canvas, resolution: res }) });
}

function wrapLines(ctx: CanvasRenderingContext2D, text: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(/\s+/)) {
    const next = line ? `${line} ${word}` : word;
    if (line && ctx.measureText(next).width > width) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}
