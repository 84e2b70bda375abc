// Drawing pieces of the Dice Siege play sheet: check boxes, a die with pips, a tappable cell. No rules here.
import { type Container, type Graphics, Rectangle } from 'pixi.js';
import { PIPS } from '../../engine/die';

export { INK, MUTED } from '../../engine/palette';
export const LIT = 0xffe08a;
export const PAPER = 0xefe8d6;
export const CHECK = 0xc44536;
export const PREVIEW = 0xf39c34;
export const CELL = 0x26392e;
export const CELL_ON = 0x33503f;
export const LINE = 0x557062;

/**
 * A row-wrapped strip of `count` check boxes: the first `checked` are ticked, the next `preview` show what a
 * commit would tick. Returns the height used.
 */
export function boxes(
  g: Graphics,
  x: number,
  y: number,
  w: number,
  count: number,
  checked: number,
  preview: number,
  size: number,
): number {
  const step = size + 2;
  const perRow = Math.max(1, Math.floor((w + 2) / step));
  for (let i = 0; i < count; i++) {
    const bx = x + (i % perRow) * step;
    const by = y + Math.floor(i / perRow) * step;
    const state = i < checked ? 'checked' : i < checked + preview ? 'preview' : 'open';
    g.rect(bx, by, size, size).fill(state === 'checked' ? CHECK : state === 'preview' ? PREVIEW : PAPER);
    if (state === 'checked' && size >= 7) {
      g.moveTo(bx + 1.5, by + 1.5)
        .lineTo(bx + size - 1.5, by + size - 1.5)
        .moveTo(bx + size - 1.5, by + 1.5)
        .lineTo(bx + 1.5, by + size - 1.5)
        .stroke({ width: 1.2, color: PAPER, alpha: 0.9 });
    }
  }
  return Math.ceil(count / perRow) * step - 2;
}

/** How big boxes can be for `count` of them in `rows` rows of width `w`, between `min` and `max`. */
export function boxSize(w: number, count: number, rows: number, min: number, max: number): number {
  const s = Math.floor((w + 2) / Math.ceil(count / rows)) - 2;
  return Math.max(min, Math.min(max, s));
}

export interface DieLook {
  held: boolean;
  selected: boolean;
  used: boolean;
  dim: boolean;
}

/** A d6 of side `s` with its top-left at (x, y); face 0 draws a blank die (not rolled yet). */
export function die(g: Graphics, x: number, y: number, s: number, face: number, look: DieLook) {
  g.roundRect(x, y, s, s, s * 0.18).fill({ color: look.used ? 0xd9e8d2 : PAPER, alpha: look.dim ? 0.45 : 1 });
  if (look.selected) g.roundRect(x - 3, y - 3, s + 6, s + 6, s * 0.22).stroke({ width: 3, color: LIT });
  else if (look.held) g.roundRect(x - 2, y - 2, s + 4, s + 4, s * 0.2).stroke({ width: 3, color: PREVIEW });
  else g.roundRect(x, y, s, s, s * 0.18).stroke({ width: 1.5, color: 0x000000, alpha: 0.35 });
  const r = s * 0.09;
  const d = s * 0.26;
  for (const [px, py] of PIPS[face] ?? []) g.circle(x + s / 2 + px * d, y + s / 2 + py * d, r).fill(0x1c2a21);
}

/** A tappable rectangle: the whole of it answers, a few pixels beyond too. */
export function tappable(c: Container, x: number, y: number, w: number, h: number, onTap: () => void) {
  c.eventMode = 'static';
  c.cursor = 'pointer';
  c.hitArea = new Rectangle(x - 2, y - 2, w + 4, h + 4);
  c.on('pointertap', onTap);
}

/** A cell's background: dim when closed, lit when it is where the selected die can go. */
export function cell(
  g: Graphics,
  x: number,
  y: number,
  w: number,
  h: number,
  o: { on?: boolean; lit?: boolean; dim?: boolean; ring?: number },
) {
  g.roundRect(x, y, w, h, 7).fill({ color: o.on ? CELL_ON : CELL, alpha: o.dim ? 0.55 : 1 });
  g.roundRect(x, y, w, h, 7).stroke({ width: o.lit ? 2 : 1, color: o.ring ?? (o.lit ? LIT : LINE) });
}
