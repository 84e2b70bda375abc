// The luck report's core (issue 34): the normal functions, the seed's tie-break, the score and its sentence.
import {
  getGame,
  luckReport,
  luckSentence,
  meaningOfFaces,
  normalCdf,
  normalQuantile,
  rarity,
  reportOf,
  seatLuck,
  tiebreak,
  type LuckReport,
  type LuckRoll,
} from '@dicehall/shared';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { finishedLog, SEED } from '../helpers/high-roll-log';

describe('the normal distribution', () => {
  it.each([
    [0, 0.5],
    [1, 0.841344746068543],
    [-2, 0.0227501319481792],
    [1.959963984540054, 0.975],
    [-5, 2.866515718791939e-7],
  ])('Φ(%p) is %p', (x, p) => {
    expect(Math.abs(normalCdf(x) - p)).toBeLessThan(1e-14 + p * 1e-12);
  });

  it('Φ⁻¹ inverts Φ from the far tails to the middle', () => {
    for (const p of [1e-12, 1e-6, 0.001, 0.02425, 0.1, 0.3, 0.5, 0.77, 0.975, 0.999999]) {
      const x = normalQuantile(p);
      expect(Math.abs(normalCdf(x) - p) / Math.min(p, 1 - p)).toBeLessThan(1e-9);
    }
    expect(() => normalQuantile(0)).toThrow(RangeError);
    expect(() => normalQuantile(1)).toThrow(RangeError);
  });
});

describe('the tie-break V', () => {
  it('is a number strictly inside (0, 1) fixed by the seed, the game and the index', () => {
    const v = tiebreak(SEED, 'g1', 0);
    expect(v).toBeGreaterThan(0);
    expect(v).toBeLessThan(1);
    expect(tiebreak(SEED, 'g1', 0)).toBe(v);
    expect(tiebreak(SEED, 'g1', 1)).not.toBe(v);
    expect(tiebreak(SEED, 'g2', 0)).not.toBe(v);
  });

  it('spreads evenly: 2,000 indices fall into ten bins of 200 ± 60', () => {
    const bins = new Array(10).fill(0);
    for (let i = 0; i < 2000; i++) bins[Math.floor(tiebreak(SEED, 'bins', i) * 10)]++;
    for (const b of bins) expect(Math.abs(b - 200)).toBeLessThan(60);
  });
});

describe('meanings and scores', () => {
  it('a face worth its value: a 4 on a d6 has 2/6 better and 1/6 the same', () => {
    expect(meaningOfFaces(1, 6, 4, (f) => f, 'x')).toEqual({ favours: 1, better: 2 / 6, same: 1 / 6, what: 'x' });
    expect(meaningOfFaces(0, 8, 6, (f) => Math.min(f, 5), 'cap')).toEqual({
      favours: 0,
      better: 0,
      same: 4 / 8,
      what: 'cap',
    });
  });

  it('two seats: opposite luck, σ² the number of counted rolls', () => {
    const luck = seatLuck(
      [
        { favours: 0, z: 1.5 },
        { favours: 1, z: -0.5 },
        { favours: null, z: null },
      ],
      2,
      ['Ana', 'Ben'],
    );
    expect(luck[0]).toMatchObject({ name: 'Ana', rolls: 1, luck: 2, sd: Math.SQRT2 });
    expect(luck[1]).toMatchObject({ name: 'Ben', rolls: 1, luck: -2, sd: Math.SQRT2 });
    expect(luck[0]!.percentile + luck[1]!.percentile).toBeCloseTo(1, 12);
    expect(luck[0]!.percentile).toBeCloseTo(normalCdf(2 / Math.SQRT2), 12);
  });

  it('three seats: own rolls minus half of each opponent roll, σ² = n_own + n_others/4', () => {
    const luck = seatLuck(
      [
        { favours: 0, z: 1 },
        { favours: 1, z: 2 },
        { favours: 2, z: -1 },
      ],
      3,
    );
    expect(luck[0]!.luck).toBeCloseTo(1 - 0.5, 12);
    expect(luck[0]!.sd).toBeCloseTo(Math.sqrt(1 + 2 / 4), 12);
    expect(luck[1]!.luck).toBeCloseTo(2 - 0, 12);
    expect(luck[2]!.name).toBe('Player 3');
  });

  it('the sentence names the top seat from 75% on, and nobody inside the middle half', () => {
    const seat = (s: number, percentile: number) => ({ seat: s, name: `P${s}`, rolls: 3, luck: 0, sd: 1, percentile });
    expect(luckSentence([seat(0, 0.22), seat(1, 0.78)])).toEqual({
      favoured: 1,
      sentence: 'The dice favoured P1: their rolls were better than 78% of fair games like this one.',
    });
    const none = luckSentence([seat(0, 0.6), seat(1, 0.4)]);
    expect(none.favoured).toBeNull();
    expect(none.sentence).toMatch(/^The dice favoured nobody: .*\(P0 60%, P1 40%\)\.$/);
    expect(luckSentence([seat(0, 0.99999)]).sentence).toMatch(/better than 99\.9% of fair/);
    expect(luckSentence([seat(0, 0.9957)]).sentence).toMatch(/better than 99\.5% of fair/);
    expect(luckSentence([seat(0, 0.003)]).sentence).toMatch(/better than only 0\.3% of fair/);
    expect(luckSentence([seat(0, 0.1)]).sentence).toMatch(/^The dice were against P0/);
  });
});

describe('the swings', () => {
  const roll = (index: number, better: number, same: number, z: number): LuckRoll => ({
    index,
    seq: index,
    sides: 8,
    value: 1,
    favours: index % 2,
    better,
    same,
    what: 'x',
    u: null,
    z,
  });
  it('rank the rarest results first, not the largest z: a face every other face matches is no swing', () => {
    const report = reportOf(
      [
        roll(0, 0, 7 / 8, 2.4), // any face ≥ 2 destroys a 2-point shield: a large z only from the tie-break
        roll(1, 0, 1 / 8, 1.3), // the top face: 1 in 8
        roll(2, 7 / 8, 1 / 8, -1.2), // the bottom face: 1 in 8 as bad
        roll(3, 1 / 8, 1 / 8, 1.5), // second best: 2 in 8
      ],
      2,
      ['A', 'B'],
    );
    expect(report.swings.map((r) => r.index)).toEqual([1, 2, 3, 0]);
    expect(rarity(report.swings[1]!)).toBeCloseTo(1 / 8, 12);
  });
});

describe('luckReport on a finished High Roll log', () => {
  it('scores every roll from its meaning and the seed, and sums them per seat', () => {
    const log = finishedLog();
    const report = luckReport(log, getGame) as LuckReport;
    expect(report.ok).toBe(true);
    expect(report.rolls).toHaveLength(6);
    report.rolls.forEach((r, i) => {
      const roll = log.entries[i + 1]!.rolls[0]!;
      expect(r).toMatchObject({ index: roll.index, seq: i + 1, value: roll.value, favours: i % 2 });
      expect(r.better).toBeCloseTo((6 - roll.value) / 6, 12);
      expect(r.same).toBeCloseTo(1 / 6, 12);
      const u = r.better + tiebreak(SEED, log.gameId, roll.index) * r.same;
      expect(r.u).toBeCloseTo(u, 12);
      expect(r.z).toBeCloseTo(normalQuantile(1 - u), 10);
    });
    const mine = report.rolls.filter((r) => r.favours === 0).reduce((a, r) => a + r.z!, 0);
    const theirs = report.rolls.filter((r) => r.favours === 1).reduce((a, r) => a + r.z!, 0);
    expect(report.seats[0]!.luck).toBeCloseTo(mine - theirs, 10);
    expect(report.seats[0]!.percentile).toBeCloseTo(normalCdf((mine - theirs) / Math.sqrt(6)), 10);
    expect(report.series).toHaveLength(6);
    expect(report.series[5]!.luck[0]).toBeCloseTo(mine - theirs, 10);
    expect(report.swings).toHaveLength(5);
    expect(Math.abs(report.swings[0]!.z!)).toBe(Math.max(...report.rolls.map((r) => Math.abs(r.z!))));
    expect(report.sentence).toMatch(/^The dice favoured /);
  });

  it('refuses a log whose seed is not revealed, and one it cannot replay', () => {
    const log = finishedLog();
    expect(luckReport({ ...log, fair: { ...log.fair, serverSeed: null } }, getGame)).toMatchObject({ ok: false });
    const bad = finishedLog();
    bad.entries[2]!.seat = 0;
    expect(luckReport(bad, getGame)).toMatchObject({ ok: false });
  });
});

describe('luckReport on archived logs of older rules versions', () => {
  it.each([
    // [fixture, rolls that favour nobody]: a roll-off's dice but the deciding one (2 − 1 for a d6 pair, 6 − 1 for
    // Shields' 3d12 each), Shields Up's shuffles (17 at the setup, 23 more in play, + 1 roll-off die)
    ['dice-chess-v1', 1],
    ['polywars-v1-flag', 0],
    ['polywars-v1-king', 0],
    ['shields-up-v1', 41],
    ['shields-v1-match', 5],
    ['shields-v1-variant-match', 5],
  ])('%s: every roll has a meaning, and %p of them favour nobody', (name, nobody) => {
    const log = JSON.parse(readFileSync(path.join(__dirname, '../fixtures', `${name}.json`), 'utf8'));
    const report = luckReport(log, getGame) as LuckReport;
    expect(report.ok).toBe(true);
    const rolls = log.entries.flatMap((e: { rolls: unknown[] }) => e.rolls);
    expect(report.rolls).toHaveLength(rolls.length);
    expect(report.rolls.filter((r) => r.z === null)).toHaveLength(nobody);
    expect(report.rolls.every((r) => r.what !== 'a roll the game gives no meaning')).toBe(true);
    expect(report.seats.reduce((a, s) => a + s.luck, 0)).toBeCloseTo(0, 9);
  });
});
