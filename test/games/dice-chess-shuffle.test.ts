// C2's private starting layout: the browser's shuffle is a permutation, uniform over positions, and unpredictable.
import { privateShuffle } from '../../client/src/games/dice-chess/shuffle';

describe('the private shuffle of an arrangement (C2)', () => {
  it('C2 gives a permutation of the 16 dice every time', () => {
    for (let i = 0; i < 200; i++) {
      const order = privateShuffle(16);
      expect([...order].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, k) => k));
    }
  });

  it('C2 puts each die on each home square equally often (chi-square over 16,000 shuffles)', () => {
    const n = 16;
    const runs = 16000;
    const counts = Array.from({ length: n }, () => new Array<number>(n).fill(0));
    for (let r = 0; r < runs; r++)
      privateShuffle(n).forEach((die, square) => {
        counts[square][die]++;
      });
    const expected = runs / n;
    const chi = counts.flat().reduce((sum, c) => sum + (c - expected) ** 2 / expected, 0);
    // 225 degrees of freedom ((16-1)^2): mean 225, sd about 21; 330 is beyond five sd, so a real bias shows.
    expect(chi).toBeLessThan(330);
    // The rolled order itself is no likelier than any other layout.
    expect(counts.every((row, sq) => row[sq] > expected * 0.7)).toBe(true);
  });

  it('C2 two shuffles of the same dice differ (the layout cannot be guessed from the last one)', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 50; i++) seen.add(privateShuffle(16).join());
    expect(seen.size).toBe(50);
  });
});
