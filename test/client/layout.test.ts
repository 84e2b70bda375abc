// The client kit's layout numbers, without a browser: snapping to device pixels at each ratio, and the Dice Chess
// board fitting its box on a phone (portrait, squares a finger wide) and on a desktop (landscape, panels beside).
import { clamp, snap } from '../../client/src/engine/layout';
import { center, computeLayout, squareAt } from '../../client/src/games/dice-chess/layout';

describe('layout helper', () => {
  it.each([
    [10.4, 1, 10],
    [10.4, 2, 10.5],
    [10.4, 3, 31 / 3],
    [7.77, 3, 23 / 3],
  ])('snaps %p CSS px to the nearest device pixel at ratio %p', (v, ratio, want) => {
    expect(snap(v, ratio)).toBeCloseTo(want, 10);
    expect(Number.isInteger(Math.round(snap(v, ratio) * ratio * 1e6) / 1e6)).toBe(true);
  });

  it('clamps', () => {
    expect([clamp(5, 10, 20), clamp(25, 10, 20), clamp(15, 10, 20)]).toEqual([10, 20, 15]);
  });

  it.each([
    ['phone', 377, 507, true],
    ['desktop', 892, 470, false],
  ])('lays the Dice Chess board out on a %s box inside it, squares at least 40 px', (_name, W, H, portrait) => {
    const L = computeLayout(W, H);
    expect(L.portrait).toBe(portrait);
    expect(L.sq).toBeGreaterThanOrEqual(40);
    expect(L.bx - L.lab).toBeGreaterThanOrEqual(0);
    expect(L.bx + 8 * L.sq).toBeLessThanOrEqual(W);
    expect(L.by + 8 * L.sq + L.lab).toBeLessThanOrEqual(H);
    for (const p of L.panels) expect(p.x + p.w).toBeLessThanOrEqual(W + 0.5);
  });

  it('C1 finds the square under each square centre, for either seat at the bottom', () => {
    const L = computeLayout(892, 470);
    for (const bottom of [0, 1] as const) {
      for (let i = 0; i < 64; i++) {
        const [x, y] = center(L, i, bottom);
        expect(squareAt(L, x, y, bottom)).toBe(i);
      }
      expect(squareAt(L, L.bx - 1, L.by, bottom)).toBeNull();
    }
    // a1 is bottom-left for the first seat and top-right for the second.
    expect(center(L, 0, 0)[1]).toBeGreaterThan(center(L, 63, 0)[1]);
    expect(center(L, 0, 1)[0]).toBeGreaterThan(center(L, 7, 1)[0]);
  });
});
