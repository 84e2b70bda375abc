// Time controls as pure data: chess clocks and per-turn limits, advanced only with times the caller passes in.
import { z } from 'zod';
import type { Seat } from './game-module';

/** What a room is created with; `none` keeps the untimed table. Bounds keep a hostile option from overflowing timers. */
export const timeControl = z.discriminatedUnion('mode', [
  z.object({ mode: z.literal('none') }).strict(),
  z
    .object({
      mode: z.literal('chess'),
      /** Each player's whole budget, in seconds (1 s to 3 h). */
      baseSeconds: z
        .number()
        .int()
        .min(1)
        .max(3 * 3600),
      /** Added to the mover's clock after each of their moves (0 to 10 min). */
      incrementSeconds: z.number().int().min(0).max(600),
    })
    .strict(),
  z
    .object({
      mode: z.literal('turn'),
      /** Every turn starts with this much, unused time is not kept (1 s to 1 h). */
      turnSeconds: z.number().int().min(1).max(3600),
    })
    .strict(),
  z
    .object({
      mode: z.literal('days'),
      /**
       * Turn-based play over days: every move starts with this many days, unused time is not kept. The deadline is
       * wall time: it runs while the server is away and falls even with no room loaded (server/src/days/sweep.ts).
       */
      days: z.union([z.literal(1), z.literal(2), z.literal(3), z.literal(7)]),
    })
    .strict(),
]);
export type TimeControl = z.infer<typeof timeControl>;

/** What a timeout does where the table has more than two seats; a game module declares it. */
export type TimeoutPolicy = 'skip' | 'eliminate';

export interface ClockState {
  /** Per seat, the ms left as of `since` (chess: the whole budget; turn: this turn's). */
  remaining: number[];
  /** Seats whose clocks run: everyone awaited, several at once in a simultaneous step. */
  running: Seat[];
  /** Server time of the last change; a client ticks locally from here. */
  since: number;
  paused: boolean;
}

/** Time as an injected function, so tests drive a fake one and the rules never read a real clock. */
export type Now = () => number;

/** A move's whole time in a per-move control (turn, days); null for the others. */
export function perMoveMs(control: TimeControl): number | null {
  return control.mode === 'turn'
    ? control.turnSeconds * 1000
    : control.mode === 'days'
      ? control.days * 86_400_000
      : null;
}

/** Whether the control plays over days: no grace countdown, no claim, no pause; the deadline decides. */
export const isDays = (control: TimeControl | null | undefined): boolean => control?.mode === 'days';

const budgetOf = (control: TimeControl): number =>
  control.mode === 'chess' ? control.baseSeconds * 1000 : (perMoveMs(control) ?? Infinity);

/** The clocks at the first step: every seat starts full; the awaited seats run from `at`. */
export function startClocks(control: TimeControl, seats: number, toAct: Seat[], at: number): ClockState {
  return {
    remaining: Array.from({ length: seats }, () => budgetOf(control)),
    running: [...toAct],
    since: at,
    paused: false,
  };
}

/** The ms each seat has left at `at` (running clocks charged for the time since the last change). */
export function remainingAt(clocks: ClockState, at: number): number[] {
  if (clocks.paused) return [...clocks.remaining];
  const spent = Math.max(0, at - clocks.since);
  return clocks.remaining.map((ms, s) => (clocks.running.includes(s) ? Math.max(0, ms - spent) : ms));
}

function settle(clocks: ClockState, at: number): ClockState {
  return { ...clocks, remaining: remainingAt(clocks, at), since: clocks.paused ? clocks.since : at };
}

/**
 * After `seat` moved at `at`, with `toAct` awaited next. Chess: the mover's clock gains the increment. Turn: every
 * seat whose turn begins (newly awaited, or the mover awaited again) gets a fresh turn; seats still thinking in a
 * simultaneous step keep what they had left. A seat that was not running (a platform move) gains nothing.
 */
export function afterMove(control: TimeControl, clocks: ClockState, seat: Seat, toAct: Seat[], at: number): ClockState {
  if (control.mode === 'none') return clocks;
  const settled = settle(clocks, at);
  const remaining = [...settled.remaining];
  const moverRan = clocks.running.includes(seat);
  if (control.mode === 'chess' && moverRan) remaining[seat] = (remaining[seat] ?? 0) + control.incrementSeconds * 1000;
  const turn = perMoveMs(control);
  if (turn !== null) {
    for (const s of toAct) if (!clocks.running.includes(s) || s === seat) remaining[s] = turn;
  }
  return { ...settled, remaining, running: [...toAct] };
}

/**
 * The wall time at which the first running clock falls, or null when none runs: a days game's deadline as the store
 * keeps it (server/src/days).
 */
export function deadlineOf(clocks: ClockState): number | null {
  if (clocks.paused || clocks.running.length === 0) return null;
  const soonest = Math.min(...clocks.running.map((s) => clocks.remaining[s] ?? 0));
  return Number.isFinite(soonest) ? clocks.since + soonest : null;
}

/** Seats whose running clock has reached zero at `at`, in seat order; none while paused. */
export function expired(clocks: ClockState, at: number): Seat[] {
  if (clocks.paused) return [];
  const left = remainingAt(clocks, at);
  return clocks.running.filter((s) => (left[s] ?? 0) <= 0).sort((a, b) => a - b);
}

/** Ms from `at` until the first running clock falls, or null when none runs (a timer is armed for exactly this). */
export function nextExpiry(clocks: ClockState, at: number): number | null {
  if (clocks.paused || clocks.running.length === 0) return null;
  const left = remainingAt(clocks, at);
  const soonest = Math.min(...clocks.running.map((s) => left[s] ?? 0));
  return Number.isFinite(soonest) ? soonest : null;
}

/** Stops every clock at `at` (a server going down): the time until `resume` is charged to nobody. */
export function pauseClocks(clocks: ClockState, at: number): ClockState {
  if (clocks.paused) return clocks;
  return { ...settle(clocks, at), paused: true };
}

export function resumeClocks(clocks: ClockState, at: number): ClockState {
  if (!clocks.paused) return clocks;
  return { ...clocks, paused: false, since: at };
}

/**
 * What a timeout of `seat` means. With two seats the opponent wins; with more, the game's declared policy
 * (without one the player is eliminated: the game cannot wait for them forever).
 */
export function timeoutVerdict(
  seats: number,
  seat: Seat,
  policy?: TimeoutPolicy,
): { kind: 'lose'; winners: Seat[] } | { kind: TimeoutPolicy; seat: Seat } {
  if (seats === 2) return { kind: 'lose', winners: [1 - seat] };
  return { kind: policy ?? 'eliminate', seat };
}

/** A clock bound to one time source: what a room holds, so its own code never passes times around by hand. */
export class GameClock {
  private state: ClockState;

  constructor(
    readonly control: TimeControl,
    seats: number,
    toAct: Seat[],
    private readonly now: Now,
  ) {
    this.state = startClocks(control, seats, toAct, now());
  }

  get snapshot(): ClockState {
    return this.state;
  }
  remaining(): number[] {
    return remainingAt(this.state, this.now());
  }
  moved(seat: Seat, toAct: Seat[]) {
    this.state = afterMove(this.control, this.state, seat, toAct, this.now());
  }
  /** The game ended: every clock stops where it is. */
  stop() {
    this.state = { ...settle(this.state, this.now()), running: [] };
  }
  expired(): Seat[] {
    return this.control.mode === 'none' ? [] : expired(this.state, this.now());
  }
  nextExpiry(): number | null {
    return this.control.mode === 'none' ? null : nextExpiry(this.state, this.now());
  }
  /** A days clock never pauses: its deadline is wall time, kept while the server is away. */
  pause() {
    if (!isDays(this.control)) this.state = pauseClocks(this.state, this.now());
  }
  resume() {
    this.state = resumeClocks(this.state, this.now());
  }
  /** When the first running clock falls (wall time), or null. */
  deadline(): number | null {
    return this.control.mode === 'none' ? null : deadlineOf(this.state);
  }
  /** Brings back clocks saved before a restart; they stay paused until `resume`. */
  static restore(control: TimeControl, saved: ClockState, now: Now): GameClock {
    const clock = new GameClock(control, saved.remaining.length, [], now);
    clock.state = { ...saved, remaining: [...saved.remaining], running: [...saved.running] };
    return clock;
  }
}
