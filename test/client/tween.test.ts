// The client kit's tween helper, without a browser: driven by a ticker while frames come, finished by its timer
// when none do (a background page), and stopped quietly when its owner redrew or went away.
import type { Ticker } from 'pixi.js';
import { Tweens } from '../../client/src/engine/tween';

/** A ticker under the test's control: `frame(ms)` is one animation frame `ms` after the last. */
function fakeTicker() {
  const fns = new Set<(t: Ticker) => void>();
  const t = {
    started: false,
    deltaMS: 0,
    add(fn: (t: Ticker) => void) {
      fns.add(fn);
      return t;
    },
    remove(fn: (t: Ticker) => void) {
      fns.delete(fn);
      return t;
    },
    start() {
      t.started = true;
    },
    stop() {
      t.started = false;
    },
    frame(ms: number) {
      t.deltaMS = ms;
      for (const fn of [...fns]) fn(t as unknown as Ticker);
    },
  };
  return t;
}

describe('tweens', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  it('steps with the ticker, ends once in its end state, and stops the ticker when idle', () => {
    const ticker = fakeTicker();
    const frames: number[] = [];
    let ended = 0;
    const tweens = new Tweens(ticker as unknown as Ticker, () => undefined);
    tweens.run({ ms: 100, step: (k) => frames.push(k), end: () => ended++ });
    expect(ticker.started).toBe(true);
    ticker.frame(40);
    ticker.frame(40);
    expect(frames).toEqual([0.4, 0.8]);
    ticker.frame(40);
    expect(frames.at(-1)).toBe(1);
    expect(ended).toBe(1);
    expect(ticker.started).toBe(false);
    jest.advanceTimersByTime(1000);
    expect(ended).toBe(1);
  });

  it('finishes on its timer when the page draws no frames at all', () => {
    const ticker = fakeTicker();
    let ended = 0;
    let last = 0;
    let asked = 0;
    const tweens = new Tweens(ticker as unknown as Ticker, () => asked++);
    const t = tweens.run({ ms: 600, step: (k) => (last = k), end: () => ended++ });
    jest.advanceTimersByTime(600);
    expect(ended).toBe(0);
    jest.advanceTimersByTime(250);
    expect({ ended, last, running: t.running, size: tweens.size }).toEqual({
      ended: 1,
      last: 1,
      running: false,
      size: 0,
    });
    expect(asked).toBeGreaterThan(0); // a frame was asked for the end state
    expect(ticker.started).toBe(false);
  });

  it('stops without its end state when its owner is gone, or when cancelled', () => {
    const ticker = fakeTicker();
    let alive = true;
    const ends: string[] = [];
    const tweens = new Tweens(ticker as unknown as Ticker, () => undefined);
    tweens.run({ ms: 100, alive: () => alive, end: () => ends.push('a') });
    const b = tweens.run({ ms: 100, end: () => ends.push('b') });
    alive = false;
    ticker.frame(10);
    b.cancel();
    jest.advanceTimersByTime(1000);
    expect(ends).toEqual([]);
    expect(tweens.size).toBe(0);
  });

  it('finishAll jumps every running tween to its end (a hidden page)', () => {
    const ticker = fakeTicker();
    const ends: number[] = [];
    const tweens = new Tweens(ticker as unknown as Ticker, () => undefined);
    for (const ms of [100, 300, 900]) tweens.run({ ms, end: () => ends.push(ms) });
    ticker.frame(150);
    expect(ends).toEqual([100]);
    tweens.finishAll();
    expect(ends).toEqual([100, 300, 900]);
  });
});
