// A room's time control: the pure clock from shared/, armed on a Node timer, published as JSON for clients.
import { GameClock, isDays, type Seat, type TimeControl } from '@dicehall/shared';

/** What clients receive: enough to tick locally from `since` (server ms) without a patch every second. */
export interface ClockWire {
  control: TimeControl;
  remaining: number[];
  running: Seat[];
  since: number;
  paused: boolean;
}

/**
 * Drives one game's clocks. It never decides an outcome: when a running clock falls it calls `onTimeout`, and
 * the room enters that as a platform entry through the table reducer, like a resignation.
 */
export class RoomClock {
  private clock: GameClock | null = null;
  private timer: NodeJS.Timeout | null = null;

  constructor(
    readonly control: TimeControl,
    private readonly onTimeout: (seat: Seat) => void,
    private readonly publish: (json: string) => void,
    private readonly now: () => number = Date.now,
  ) {}

  get timed(): boolean {
    return this.control.mode !== 'none';
  }

  /** Played over days: the deadline is wall time (never paused) and the store keeps it (../days). */
  get days(): boolean {
    return isDays(this.control);
  }

  /** When the first running clock falls (wall time), or null when none runs. */
  deadline(): number | null {
    return this.clock?.deadline() ?? null;
  }

  /**
   * Looks at the clocks now rather than when the timer says: the deadline sweep found this game's deadline passed
   * (a timer armed for days is not woken by time injected in tests, nor by a machine that slept).
   */
  recheck() {
    if (!this.clock) return;
    const first = this.clock.expired()[0];
    if (first !== undefined) this.onTimeout(first);
    else this.arm();
  }

  /** A new game's first step: every clock full, the awaited seats running. */
  start(seats: number, toAct: Seat[]) {
    if (!this.timed) return;
    this.clock = new GameClock(this.control, seats, toAct, this.now);
    this.changed();
  }

  /** An entry was accepted: `seat` moved (null for none), `toAct` are awaited now; an ended game stops the clocks. */
  moved(seat: Seat | null, toAct: Seat[], ended: boolean) {
    if (!this.clock) return;
    if (ended) this.clock.stop();
    else if (seat !== null) this.clock.moved(seat, toAct);
    this.changed();
  }

  /** A planned restart: nobody's time runs while the server is away. */
  pause() {
    if (!this.clock) return;
    this.clock.pause();
    this.changed();
  }

  resume() {
    if (!this.clock) return;
    this.clock.resume();
    this.changed();
  }

  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  wire(): ClockWire | null {
    if (!this.clock) return null;
    const s = this.clock.snapshot;
    return { control: this.control, remaining: s.remaining, running: s.running, since: s.since, paused: s.paused };
  }

  private changed() {
    this.publish(JSON.stringify(this.wire()));
    this.arm();
  }

  private arm() {
    this.dispose();
    const wait = this.clock?.nextExpiry();
    if (wait == null) return;
    // Node clamps delays past 2^31-1 ms to 1 ms; the option bounds keep every clock far below that.
    this.timer = setTimeout(() => {
      this.timer = null;
      const fallen = this.clock?.expired() ?? [];
      const first = fallen[0];
      if (first !== undefined) this.onTimeout(first);
      else this.arm();
    }, Math.max(0, wait) + 1);
  }
}
