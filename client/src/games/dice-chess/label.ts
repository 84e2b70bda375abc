// Text for the board, drawn on a 2D canvas and shown as a sprite, with fitting and wrapping by width.
//
// Written when Pixi's Text drew nothing here (its render pipe registers on import, and the board chunk
// loaded after the renderer existed; the stage now imports it eagerly). A sprite needs only the sprite
// pipe, so this keeps working whatever the stage registers.
import { CanvasSource, Sprite, Texture } from 'pixi.js';
import { density } from '../../engine/stage';

/** The smallest type on a board, in CSS pixels. */
export const MIN_SIZE = 11;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';

export interface LabelStyle {
  size: number;
  color: number;
  weight?: 400 | 700 | 800;
  /** Wraps at this width in pixels (word by word); no wrapping when absent. */
  wrap?: number;
}

const css = (color: number) => `#${color.toString(16).padStart(6, '0')}`;

export class Label {
  readonly sprite = new Sprite(Texture.EMPTY);
  private style: LabelStyle;
  private key = '';
  private texture: Texture | null = null;

  constructor(style: LabelStyle, anchorX = 0, anchorY = 0) {
    this.style = style;
    this.sprite.anchor.set(anchorX, anchorY);
    this.sprite.eventMode = 'none';
  }

  /** Redraws only when the text or its style changed. */
  set(text: string, style: Partial<LabelStyle> = {}): this {
    this.style = { ...this.style, ...style };
    const { color, weight = 400, wrap } = this.style;
    // Nothing on a board reads below 11 CSS px; the density is in the key so a move to another screen redraws crisp.
    const size = Math.max(MIN_SIZE, this.style.size);
    const key = `${text}|${size}|${color}|${weight}|${wrap ?? ''}|${density()}`;
    if (key === this.key) return this;
    this.key = key;
    const old = this.texture;
    this.texture = text ? this.draw(text, size, color, weight, wrap) : null;
    this.sprite.texture = this.texture ?? Texture.EMPTY;
    this.sprite.label = `text:${size}:${text}`;
    old?.destroy(true);
    return this;
  }

  private draw(text: string, size: number, color: number, weight: number, wrap?: number): Texture {
    // At least 2: even a ratio-1 screen gets smoother glyphs when the sprite is scaled or animated.
    const res = Math.max(2, density());
    const canvas = document.createElement('canvas');
    const ctx = canvas.getContext('2d')!;
    const font = `${weight} ${size}px ${FONT}`;
    ctx.font = font;
    const lines = wrap ? wrapLines(ctx, text, wrap) : [text];
    const lineH = Math.ceil(size * 1.25);
    const w = Math.ceil(Math.max(...lines.map((l) => ctx.measureText(l).width))) + 2;
    const h = lineH * lines.length + 2;
    canvas.width = Math.max(1, Math.ceil(w * res));
    canvas.height = Math.max(1, Math.ceil(h * res));
    ctx.scale(res, res);
    ctx.font = font;
    ctx.fillStyle = css(color);
    ctx.textBaseline = 'middle';
    lines.forEach((l, i) => ctx.fillText(l, 1, 1 + lineH * (i + 0.5)));
    return new Texture({ source: new CanvasSource({ resource: canvas, resolution: res }) });
  }

  get width() {
    return this.sprite.width;
  }

  get height() {
    return this.sprite.height;
  }

  get visible() {
    return this.sprite.visible;
  }

  set visible(v: boolean) {
    this.sprite.visible = v;
  }

  at(x: number, y: number): this {
    this.sprite.position.set(x, y);
    return this;
  }

  destroy() {
    this.sprite.destroy();
    this.texture?.destroy(true);
    this.texture = null;
  }
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
