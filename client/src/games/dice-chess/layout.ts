// Where the Dice Chess board goes, as plain numbers: the board turned to the viewer, squares, panels, the C7 row.
import { clamp, snap, type Box } from '../../engine/layout';

export const FILES = 'abcdefgh';
export type Seat = 0 | 1;

export interface Layout {
  sq: number;
  /** Board origin (top-left of the a8/h1 corner as drawn). */
  bx: number;
  by: number;
  /** Width of the rank labels' column on the left. */
  lab: number;
  /** Height of the file labels' row below the board (a 12 px letter needs more than the narrow rank column). */
  fileH: number;
  portrait: boolean;
  /** Side panels by screen position: [top (the far side), bottom (the viewer's side)]. */
  panels: [Box, Box];
  quiet: Box;
}

export const sqIndex = (name: string) => (name.charCodeAt(1) - 49) * 8 + (name.charCodeAt(0) - 97);
export const sqName = (i: number) => FILES[i & 7] + String((i >> 3) + 1);

/** Landscape puts the side panels in a column right of the board; portrait puts them in strips above and below. */
export function computeLayout(W: number, H: number): Layout {
  const pad = 8;
  const panelW = clamp(Math.round(W * 0.28), 210, 320);
  const labL = 18;
  const sqL = Math.floor(Math.min((H - 2 * pad - labL) / 8, (W - panelW - 3 * pad - labL - 16) / 8));
  const strip = 46;
  const quietRow = 20;
  // A phone: the board takes the full width, less a narrow column for the rank numbers.
  const narrow = W < 560;
  const padP = narrow ? 4 : pad;
  const labP = narrow ? 11 : 14;
  const fileP = 18;
  const sqP = Math.floor(Math.min((W - 2 * padP - labP) / 8, (H - 2 * strip - quietRow - fileP - 2 * pad) / 8));
  if (sqL >= sqP) {
    const sq = clamp(sqL, 16, 84);
    const w = Math.min(panelW, Math.max(180, W - (labL + 8 * sq + 16) - 2 * pad));
    const x0 = Math.max(pad, (W - (labL + 8 * sq + 16 + w)) / 2);
    // The board's corner on a device pixel: square edges stay sharp at ratio 1, 2 and 3.
    const bx = snap(x0 + labL);
    const by = snap(Math.max(pad, (H - 8 * sq - labL) / 2));
    const px = bx + 8 * sq + 16;
    const ph = Math.round(8 * sq * 0.38);
    return {
      sq,
      bx,
      by,
      lab: labL,
      fileH: labL,
      portrait: false,
      panels: [
        { x: px, y: by, w, h: ph },
        { x: px, y: by + 8 * sq - ph, w, h: ph },
      ],
      quiet: { x: px, y: by + ph, w, h: 8 * sq - 2 * ph },
    };
  }
  const sq = clamp(sqP, 16, 84);
  const bx = snap((W - 8 * sq - labP) / 2 + labP);
  const y0 = snap(Math.max(0, (H - (2 * strip + quietRow + 8 * sq + fileP)) / 2));
  const by = y0 + strip;
  const x = bx - labP;
  const w = 8 * sq + labP;
  const below = by + 8 * sq + fileP;
  return {
    sq,
    bx,
    by,
    lab: labP,
    fileH: fileP,
    portrait: true,
    panels: [
      { x, y: y0, w, h: strip },
      { x, y: below, w, h: strip },
    ],
    quiet: { x, y: below + strip, w, h: quietRow },
  };
}

/** Screen column and row (0..7 from the top-left) of a square index, with `bottom` the seat drawn at the bottom. */
export function cell(i: number, bottom: Seat): [number, number] {
  const f = i & 7;
  const r = i >> 3;
  return bottom === 0 ? [f, 7 - r] : [7 - f, r];
}

export function center(L: Layout, i: number, bottom: Seat): [number, number] {
  const [c, r] = cell(i, bottom);
  return [L.bx + (c + 0.5) * L.sq, L.by + (r + 0.5) * L.sq];
}

/** The square under a point, or null off the board. */
export function squareAt(L: Layout, x: number, y: number, bottom: Seat): number | null {
  const c = Math.floor((x - L.bx) / L.sq);
  const r = Math.floor((y - L.by) / L.sq);
  if (c < 0 || c > 7 || r < 0 || r > 7) return null;
  const f = bottom === 0 ? c : 7 - c;
  const rank = bottom === 0 ? 7 - r : r;
  return rank * 8 + f;
}
