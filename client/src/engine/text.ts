// The one way a board draws words: Pixi Text at the screen's density (never below 2, so scaled or animated text
// stays smooth on a ratio-1 screen), never smaller than 11 CSS px, named for the geometry the browser tests read.
import { Text, type TextStyleFontWeight } from 'pixi.js';
import { density } from './layout';

/** The smallest type on a board, in CSS pixels. */
export const MIN_TEXT = 11;

const FONT = 'system-ui, -apple-system, "Segoe UI", Roboto, sans-serif';
/** Line height per pixel of type: wrapped lines and stacked labels are laid out by their drawn height. */
const LEADING = 1.25;

export interface TextLook {
  size: number;
  color: number;
  weight?: 400 | 600 | 700 | 800;
  /** Wraps at this width in pixels, word by word; no wrapping when absent. */
  wrap?: number;
}

export const textResolution = () => Math.max(2, density());

function styleOf(look: TextLook) {
  const size = Math.max(MIN_TEXT, look.size);
  return {
    fontFamily: FONT,
    fontSize: size,
    fontWeight: String(look.weight ?? 400) as TextStyleFontWeight,
    fill: look.color,
    lineHeight: Math.ceil(size * LEADING),
    wordWrap: look.wrap !== undefined,
    wordWrapWidth: look.wrap ?? 0,
  };
}

/**
 * Names a text for the geometry hook: `text:<css px size>:<words>`, or `overlay:` for a badge drawn over a die
 * on purpose (the tests check that labels do not overlap each other, and a badge over a die is meant to).
 */
function name(t: Text, words: string, look: TextLook, overlay: boolean) {
  t.label = `${overlay ? 'overlay' : 'text'}:${Math.max(MIN_TEXT, look.size)}:${words}`;
}

/** A new text, anchored at (`ax`, `ay`) of its box. */
export function makeText(words: string, look: TextLook, ax = 0, ay = 0, overlay = false): Text {
  const t = new Text({ text: words, style: styleOf(look), resolution: textResolution(), anchor: { x: ax, y: ay } });
  t.eventMode = 'none';
  name(t, words, look, overlay);
  return t;
}

/** A text kept across redraws: it changes its words or look only when they differ from what it shows. */
export class Label {
  readonly text: Text;
  private look: TextLook;
  private key = '';

  constructor(look: TextLook, ax = 0, ay = 0) {
    this.look = look;
    this.text = makeText('', look, ax, ay);
  }

  set(words: string, look: Partial<TextLook> = {}): this {
    this.look = { ...this.look, ...look };
    const res = textResolution();
    const key = JSON.stringify([words, this.look, res]);
    if (key === this.key) return this;
    this.key = key;
    this.text.text = words;
    this.text.style = styleOf(this.look);
    // A window moved to a screen of another ratio: the next set draws at the new density.
    if (this.text.resolution !== res) this.text.resolution = res;
    name(this.text, words, this.look, false);
    return this;
  }

  /** Sets the words, shrinking the type a pixel at a time (not below `min`) until they fit `width`. */
  fit(words: string, look: TextLook, width: number, min = 12): this {
    let size = look.size;
    this.set(words, look);
    while (this.width > width && size > min) this.set(words, { ...look, size: --size });
    return this;
  }

  get width() {
    return this.text.width;
  }

  get height() {
    return this.text.height;
  }

  get visible() {
    return this.text.visible;
  }

  set visible(v: boolean) {
    this.text.visible = v;
  }

  get x() {
    return this.text.x;
  }

  get y() {
    return this.text.y;
  }

  at(x: number, y: number): this {
    this.text.position.set(x, y);
    return this;
  }

  destroy() {
    this.text.destroy();
  }
}
