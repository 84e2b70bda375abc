// A room's own timers and patch pacing. Colyseus' clock does not tick here (the room has no patch interval), so
// timers use Node's: each callback's failure is reported to the room instead of stopping the process, every timer
// is cleared with the room, and patches go out on change, at most every MIN_PATCH_MS, a burst coalesced into one.
/** Patches go out on change, at most this often (the old fixed tick was 50 ms); an idle room sends none. */
const MIN_PATCH_MS = 50;

/** A timer of the room (cleared with the room). */
export interface Timer {
  clear(): void;
}

/** What the timers need from their room. */
export interface TimerHost {
  /** Sends the pending changes now. */
  patch(): void;
  /** A timer's callback threw. */
  failed(error: Error, method: string): void;
}

export class RoomTimers {
  private timers = new Set<NodeJS.Timeout>();
  private patchTimer: NodeJS.Timeout | null = null;
  private lastPatch = 0;
  private idleTimer: Timer | null = null;

  constructor(private host: TimerHost) {}

  /** Runs `fn` in `ms`, then sends what it changed. */
  later(fn: () => void, ms: number): Timer {
    const t = setTimeout(() => {
      this.timers.delete(t);
      try {
        fn();
      } catch (e) {
        this.host.failed(e as Error, 'setTimeout');
      }
      this.schedulePatch();
    }, ms);
    this.timers.add(t);
    return {
      clear: () => {
        clearTimeout(t);
        this.timers.delete(t);
      },
    };
  }

  /** Sends pending changes soon, coalescing bursts; nothing is sent (and nothing runs) while nothing changes. */
  schedulePatch() {
    if (this.patchTimer) return;
    const wait = Math.max(0, this.lastPatch + MIN_PATCH_MS - Date.now());
    this.patchTimer = setTimeout(() => {
      this.patchTimer = null;
      this.lastPatch = Date.now();
      this.host.patch();
    }, wait);
  }

  /** A patch just went out with everything pending: the one scheduled has nothing left to send. */
  cancelPatch() {
    if (!this.patchTimer) return;
    clearTimeout(this.patchTimer);
    this.patchTimer = null;
  }

  /** Runs `fn` after `ms` unless cancelled first (an empty room going away); replaces a pending one. */
  idle(fn: () => void, ms: number) {
    this.idleTimer?.clear();
    this.idleTimer = this.later(fn, ms);
  }

  cancelIdle() {
    this.idleTimer?.clear();
    this.idleTimer = null;
  }

  dispose() {
    for (const t of this.timers) clearTimeout(t);
    this.timers.clear();
    if (this.patchTimer) clearTimeout(this.patchTimer);
    this.patchTimer = null;
  }
}
