// Layout numbers that know the screen's pixel ratio: the density, clamping, snapping to device pixels, fitting text.

/** Backing pixels per CSS pixel: the screen's own ratio, capped at 3 (more costs memory and fill rate for nothing visible). */
export const density = () =>
  Math.min(3, Math.max(1, (typeof window === 'undefined' ? 1 : window.devicePixelRatio) || 1));

export interface Box {
  x: number;
  y: number;
  w: number;
  h: number;
}

export const clamp = (v: number, lo: number, hi: number) => Math.max(lo, Math.min(hi, v));

/** A coordinate on the nearest device pixel: hairlines and text edges stay sharp at ratio 1, 2 and 3 alike. */
export const snap = (v: number, ratio = density()) => Math.round(v * ratio) / ratio;

/** Whether the person asked the system for less motion (animations are skipped, their end state drawn at once). */
export const prefersStill = () =>
  typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;
