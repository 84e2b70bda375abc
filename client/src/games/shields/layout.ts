// Where things go on the Shields table, as plain numbers: sizes scaled to the board, landscape or phone.
// The viewer's side is at the bottom; each side grows from its edge toward the middle, where attacks come from.

export interface SideShape {
  /** Black shield rows (front + behind), plus drop zones while a black shield is being placed. */
  bands: number;
  /** The most colored shields any one battery carries. */
  colored: number;
}

export interface Metrics {
  /** Battery die. */
  u: number;
  /** Attack die. */
  a: number;
  /** Shield die. */
  s: number;
  /** Height of a colored shield row and of a black shield band. */
  row: number;
  band: number;
  /** The name / reserve / trash strip at the table's edge. */
  strip: number;
  /** Health bar and caption under the battery dice. */
  cap: number;
  /** Pool die. */
  pd: number;
  gap: number;
  font: number;
}

export interface Layout {
  W: number;
  H: number;
  portrait: boolean;
  m: Metrics;
  pad: number;
  /** The battle area (both sides and the middle bar). */
  bx: number;
  bw: number;
  /** Column centres, left to right. */
  cols: number[];
  colW: number;
  /** Pool panel: a column on the right (landscape) or a block in the middle (portrait). */
  pool: { x: number; y: number; w: number; h: number };
  /** The middle band between the two sides: its top and bottom. */
  midTop: number;
  midBottom: number;
  /** Heights of the two sides (top, bottom). */
  sideH: [number, number];
  /** Everything fits at the smallest sizes allowed; when not, a phone puts each battery's shields side by side. */
  fits: boolean;
  /** Colored shields stand side by side in one row per side instead of one row each. */
  compact: boolean;
}

const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

function metrics(portrait: boolean, k: number): Metrics {
  const b = portrait
    ? { u: 40, a: 32, s: 31, band: 33, strip: 38, cap: 24, pd: 30, gap: 4, font: 12 }
    : { u: 56, a: 44, s: 40, band: 36, strip: 42, cap: 28, pd: 34, gap: 6, font: 14 };
  const r = (v: number) => Math.round(v * k);
  // A phone never shrinks a die a finger must hit below 32 px, nor one whose face names its kind ("d10") below
  // the size that writes it at 12 CSS px; the gaps and captions give way first.
  const min = (v: number, floor: number) => (portrait ? Math.max(floor, r(v)) : r(v));
  return {
    u: min(b.u, 36),
    a: min(b.a, 32),
    s: min(b.s, 34),
    row: min(b.s + b.gap, 37),
    band: min(b.band, 34),
    strip: min(b.strip, 34),
    cap: Math.max(24, r(b.cap)),
    pd: Math.max(38, r(b.pd)),
    gap: Math.max(3, r(b.gap)),
    font: Math.max(12, r(b.font)),
  };
}

export function sideHeight(shape: SideShape, m: Metrics): number {
  return m.strip + m.gap + 4 + m.u + m.cap + shape.bands * m.band + shape.colored * m.row + m.gap;
}

/**
 * The phone's pool: groups flow left to right and wrap, each with a caption line above its dice.
 * Returns each die's centre (by group, then index) relative to the block's top-left, and the block's height.
 */
export function flowPool(
  groups: number[],
  w: number,
  pd: number,
  capH: number,
  captions: string[] = [],
): { at: { x: number; y: number }[][]; height: number } {
  const step = pd + 6;
  const rowH = pd + 8 + capH;
  // Each die stands 6 px in from the block's edge: a glowing die's ring stays inside the board.
  const inner = Math.max(1, Math.floor((w - 6) / step));
  let x = 0;
  let y = 0;
  let used = false;
  const at = groups.map((n, k) => {
    const out: { x: number; y: number }[] = [];
    if (n === 0) return out;
    // A group is as wide as its dice or its caption, whichever is wider: captions never run into the next group.
    const capW = captionWidth(captions[k] ?? '', capH);
    const gw = Math.max(Math.min(n, inner) * step, capW);
    if (x > 0 && x + gw > w) {
      x = 0;
      y += rowH;
    }
    used = true;
    for (let i = 0; i < n; i++) {
      if (i > 0 && i % inner === 0) {
        x = 0;
        y += rowH;
      }
      out.push({ x: x + (i % inner) * step + pd / 2 + 6, y: y + capH + 4 + pd / 2 });
    }
    x += Math.max((n % inner || inner) * step, capW) + 10;
    return out;
  });
  return { at, height: used ? y + rowH : 0 };
}

/** A generous estimate of a bold caption's width (the layout is computed before any text is drawn). */
export const captionWidth = (text: string, size: number) => (text ? Math.ceil(text.length * size * 0.64) + 4 : 0);

/** The height of a phone pool group's caption line (its type is a pixel smaller, never under 12). */
export const poolCaption = (m: Metrics) => Math.max(13, m.font);

/** Phones and narrow windows stack everything in one column. */
export const isPortrait = (W: number, H: number) => W < 640 || W / H < 1.05;

export function computeLayout(
  W: number,
  H: number,
  top: SideShape,
  bottom: SideShape,
  poolGroups: number[],
  captions: string[] = [],
): Layout {
  const L = fitLayout(W, H, top, bottom, poolGroups, captions);
  if (L.fits || !L.portrait) return L;
  const one = (s: SideShape) => ({ ...s, colored: Math.min(1, s.colored) });
  return { ...fitLayout(W, H, one(top), one(bottom), poolGroups, captions), compact: true };
}

function fitLayout(
  W: number,
  H: number,
  top: SideShape,
  bottom: SideShape,
  poolGroups: number[],
  captions: string[],
): Layout {
  const portrait = isPortrait(W, H);
  const pad = portrait ? 6 : 10;
  // The largest scale that fits: a board with room to spare grows its dice and type rather than leave empty bands.
  let k = portrait ? 1.4 : 1.3;
  for (; ; k -= 0.04) {
    const m = metrics(portrait, k);
    const sides: [number, number] = [sideHeight(top, m), sideHeight(bottom, m)];
    if (portrait) {
      const bw = W - 2 * pad;
      // Grown past 1x only while a column still holds its battery and attack die with a glow's ring to spare.
      if (k > 1 && m.u * 1.05 + 8 > bw / 6 + pad) continue;
      const banner = m.font * 2 + 14;
      const flow = flowPool(poolGroups, bw, m.pd, poolCaption(m), captions);
      const midNeed = banner + flow.height + 2 * Math.round(m.font * 1.3) + 10;
      const fits = sides[0] + sides[1] + midNeed + 2 * pad <= H;
      if (fits || k <= 0.76) {
        const midTop = pad + sides[0];
        const midBottom = H - pad - sides[1];
        const colW = bw / 3;
        return {
          W,
          H,
          portrait,
          m,
          pad,
          bx: pad,
          bw,
          cols: [0, 1, 2].map((i) => pad + colW * (i + 0.5)),
          colW,
          pool: { x: pad, y: midTop + banner, w: bw, h: flow.height },
          midTop,
          midBottom,
          sideH: sides,
          fits,
          compact: false,
        };
      }
    } else {
      const panelW = clamp(Math.round(W * 0.3), 220, 300);
      const bw = W - panelW - 3 * pad;
      const midNeed = m.font * 2 + 36;
      const fits = sides[0] + sides[1] + midNeed + 2 * pad <= H;
      if (fits || k <= 0.64) {
        const colW = bw / 3;
        return {
          W,
          H,
          portrait,
          m,
          pad,
          bx: pad,
          bw,
          cols: [0, 1, 2].map((i) => pad + colW * (i + 0.5)),
          colW,
          pool: { x: W - pad - panelW, y: pad, w: panelW, h: H - 2 * pad },
          midTop: pad + sides[0],
          midBottom: H - pad - sides[1],
          sideH: sides,
          fits,
          compact: false,
        };
      }
    }
  }
}
