// Timed animations driven by the Pixi ticker, running only while something moves. Every tween also ends on a
// timer and when the page is hidden: a background page gets no animation frames, and neither the tests nor the
// table's state may wait on an animation that never draws.
import type { Ticker } from 'pixi.js';

export interface TweenSpec {
  /** Length in milliseconds. */
  ms: number;
  /** Called each frame with the progress `k` (0..1) and the milliseconds since the start. */
  step?(k: number, elapsed: number): void;
  /** Called once at the end, whether it ran its course or was finished early (not when cancelled). */
  end?(): void;
  /** Checked each frame: false stops the tween quietly (its owner redrew or went away). */
  alive?(): boolean;
}

export interface Tween {
  /** Jumps to the end state now. */
  finish(): void;
  /** Stops without the end state. */
  cancel(): void;
  readonly running: boolean;
}

/** How long past its length a tween may go without frames before its timer finishes it. */
const GRACE = 200;

export const easeOutQuad = (k: number) => 1 - (1 - k) * (1 - k);
export const easeOutCubic = (k: number) => 1 - (1 - k) ** 3;

interface Active {
  spec: TweenSpec;
  elapsed: number;
  timer: ReturnType<typeof setTimeout>;
  handle: Tween;
}

export class Tweens {
  private active = new Set<Active>();
  private ticking = false;
  private onHide = () => {
    if (document.hidden) this.finishAll();
  };

  /**
   * `ticker` is the stage's own, stopped while idle (the application renders on each of its ticks); `invalidate`
   * asks for one frame when a tween ends outside a tick (its timer, a hidden page).
   */
  constructor(
    private ticker: Ticker,
    private invalidate: () => void,
  ) {
    if (typeof document !== 'undefined') document.addEventListener('visibilitychange', this.onHide);
  }

  get size() {
    return this.active.size;
  }

  run(spec: TweenSpec): Tween {
    const a = {
      spec,
      elapsed: 0,
      timer: setTimeout(() => a.handle.finish(), spec.ms + GRACE),
      handle: {
        finish: () => this.stop(a, true),
        cancel: () => this.stop(a, false),
        get running() {
          return running.has(a);
        },
      },
    } as Active;
    const running = this.active;
    this.active.add(a);
    if (typeof document !== 'undefined' && document.hidden) {
      a.handle.finish();
      return a.handle;
    }
    if (!this.ticking) {
      this.ticking = true;
      this.ticker.add(this.tick);
      this.ticker.start();
    }
    return a.handle;
  }

  /** Ends every running tween in its end state (the page was hidden, or the owner wants the final picture now). */
  finishAll() {
    for (const a of [...this.active]) this.stop(a, true);
  }

  private stop(a: Active, finish: boolean) {
    if (!this.active.delete(a)) return;
    clearTimeout(a.timer);
    if (finish && a.spec.alive?.() !== false) {
      a.spec.step?.(1, a.spec.ms);
      a.spec.end?.();
    }
    if (this.active.size === 0) this.idle();
    this.invalidate();
  }

  private tick = (ticker: Ticker) => {
    for (const a of [...this.active]) {
      if (!this.active.has(a)) continue;
      if (a.spec.alive?.() === false) {
        this.stop(a, false);
        continue;
      }
      a.elapsed += ticker.deltaMS;
      if (a.elapsed >= a.spec.ms) {
        this.stop(a, true);
        continue;
      }
      a.spec.step?.(a.elapsed / a.spec.ms, a.elapsed);
    }
  };

  private idle() {
    if (!this.ticking) return;
    this.ticking = false;
    this.ticker.remove(this.tick);
    this.ticker.stop();
  }

  destroy() {
    for (const a of this.active) clearTimeout(a.timer);
    this.active.clear();
    this.idle();
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', this.onHide);
  }
}
