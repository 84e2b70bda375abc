// Provably fair dice (P1): known vectors, the commitment, rejection sampling, tamper detection, and uniformity.
import { createHash, createHmac } from 'node:crypto';
import { nodeHmac } from '../../server/src/rooms/node-hmac';
import { commitmentOf, FairDice, fairRoll, FAIR_SCHEME, getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { finishedLog, SEED } from '../helpers/high-roll-log';
import { sized } from '../helpers/size';

const inputs = { gameId: 'abcdef0123456789', clientSeed: 'ana:ben' };

/** An independent implementation with Node's crypto, to check the shared one against. */
function reference(seedHex: string, n: number, sides: number): number {
  const limit = Math.floor(2 ** 32 / sides) * sides;
  for (let block = 0; ; block++) {
    const mac = createHmac('sha256', Buffer.from(seedHex, 'hex'))
      .update(`${FAIR_SCHEME}|${inputs.gameId}|${inputs.clientSeed}|${n}|${sides}|${block}`)
      .digest();
    for (let w = 0; w < 8; w++) {
      const x = mac.readUInt32BE(w * 4);
      if (x < limit) return (x % sides) + 1;
    }
  }
}

describe('P1 provably fair dice', () => {
  it('P1 commits with the SHA-256 of the seed bytes', () => {
    expect(commitmentOf(SEED)).toBe(createHash('sha256').update(Buffer.from(SEED, 'hex')).digest('hex'));
  });

  it('P1 pins known vectors for the first rolls of a fixed seed', () => {
    const rolls = [6, 20, 100].map((sides) => Array.from({ length: 8 }, (_, n) => fairRoll(SEED, inputs, n, sides)));
    // Pinned as literals (not a snapshot jest could rewrite): a change in the scheme would make every published
    // game unverifiable.
    expect(rolls).toEqual([
      [6, 6, 5, 6, 1, 3, 2, 3],
      [4, 1, 11, 16, 17, 8, 19, 15],
      [53, 5, 24, 53, 97, 94, 8, 81],
    ]);
  });

  it.each([2, 3, 4, 6, 7, 8, 10, 12, 20, 37, 100])(
    'P1 agrees with an independent HMAC implementation on a d%i',
    (sides) => {
      for (let n = 0; n < 300; n++) expect(fairRoll(SEED, inputs, n, sides)).toBe(reference(SEED, n, sides));
    },
  );

  it('P1 the server roller (native HMAC) and the shared one (noble) roll the same numbers', () => {
    const a = new FairDice(SEED, inputs, nodeHmac);
    const b = new FairDice(SEED, inputs);
    for (const sides of [4, 6, 8, 10, 12, 20, 100])
      for (let i = 0; i < 200; i++) expect(a.roll(sides)).toBe(b.roll(sides));
  });

  it('P1 changes every roll stream when the client seed or game id changes', () => {
    const stream = (i: typeof inputs) => Array.from({ length: 40 }, (_, n) => fairRoll(SEED, i, n, 20)).join(',');
    expect(stream({ ...inputs, clientSeed: 'other' })).not.toBe(stream(inputs));
    expect(stream({ ...inputs, gameId: '0000000000000000' })).not.toBe(stream(inputs));
  });

  it('refuses dice outside d2..d100', () => {
    expect(() => fairRoll(SEED, inputs, 0, 1)).toThrow(RangeError);
    expect(() => fairRoll(SEED, inputs, 0, 101)).toThrow(RangeError);
    expect(() => fairRoll(SEED, inputs, 0, 6.5)).toThrow(RangeError);
  });

  // Chi-square goodness of fit. The critical values are the 99.9th percentile for (sides - 1) degrees of
  // freedom, so a fair roller fails about once in a thousand runs; the seed is fixed, so the run is
  // reproducible. Rolls per die: twice what it takes for the 5% fold below to exceed the critical value
  // (chi = 0.005 N / sides), so the check keeps its power; 600,000 per die under test:soak.
  const critical: Record<number, number> = { 4: 16.27, 6: 20.52, 8: 24.32, 10: 27.88, 12: 31.26, 20: 43.82 };
  const rolls = (sides: number) => sized(Math.ceil((2 * critical[sides] * sides) / 0.005), 600_000, 'FAIR_ROLLS');
  it.each([4, 6, 8, 10, 12, 20])('P1 d%i faces are uniform (chi-square)', (sides) => {
    const N = rolls(sides);
    const counts = new Array(sides).fill(0);
    // The server's roller (Node's native HMAC, checked equal to the shared one below) keeps this fast.
    const dice = new FairDice(commitmentOf(SEED), { gameId: `chi-${sides}`, clientSeed: '' }, nodeHmac);
    for (let i = 0; i < N; i++) counts[dice.roll(sides) - 1]++;
    const expected = N / sides;
    const chi = counts.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0);
    expect(chi).toBeLessThan(critical[sides]);
    // And a biased roller would fail: fold the top face onto the bottom one.
    const biased = [...counts];
    biased[0] += Math.round(biased[sides - 1] * 0.05);
    biased[sides - 1] -= Math.round(biased[sides - 1] * 0.05);
    expect(biased.reduce((acc, c) => acc + (c - expected) ** 2 / expected, 0)).toBeGreaterThan(critical[sides]);
  });
});

describe('the game log verifier', () => {
  it('accepts an honest log', () => {
    expect(verifyLog(finishedLog(), getGame)).toEqual({ ok: true, rollsChecked: 6, problems: [] });
  });

  it.each<[string, (log: GameLog) => void, RegExp]>([
    [
      'a changed roll',
      (l) => {
        l.entries[3].rolls[0].value = (l.entries[3].rolls[0].value % 6) + 1;
      },
      /roll #2/,
    ],
    [
      'a different seed',
      (l) => {
        l.fair.serverSeed = '11'.repeat(32);
      },
      /commitment/,
    ],
    [
      'a changed client seed',
      (l) => {
        l.fair.clientSeed = 'y';
      },
      /roll #/,
    ],
    [
      'a changed result',
      (l) => {
        l.result = { winners: [], draw: true, reason: 'x', summary: 'x' };
      },
      /result/,
    ],
    [
      'a dropped entry',
      (l) => {
        l.entries.splice(2, 1);
      },
      /roll #|sequence/,
    ],
    [
      'an unrevealed seed',
      (l) => {
        l.fair.serverSeed = null;
      },
      /not revealed/,
    ],
    [
      'a changed event',
      (l) => {
        (l.entries[1].events[0] as any).value = 99;
      },
      /events differ/,
    ],
  ])('detects %s', (_what, tamper, problem) => {
    const log = finishedLog();
    tamper(log);
    const verdict = verifyLog(log, getGame);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join('\n')).toMatch(problem);
  });
});
