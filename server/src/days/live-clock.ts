// "Your games" for a live timed game: the time left comes from the clock of the game's room when that room is
// loaded in this process (a live clock runs only while its room is loaded; while none is, the clock is paused and
// the store keeps no copy of it: the `turns` row holds a deadline for days clocks only, migration 005).
import { matchMaker } from '@colyseus/core';
import type { ClockWire } from '../rooms/room-clock';

/** The clock of a loaded room, read at `now`. */
export interface LiveClock {
  /** Ms left for the awaited seat whose clock falls first (null when no clock runs). */
  awaitedMs: number | null;
  /** Ms left on the asking seat's own clock. */
  seatMs: number;
  /** The clock runs now (false while paused, e.g. a planned restart, or once nobody is awaited). */
  running: boolean;
}

interface ClockedRoom {
  clockWire(): ClockWire | null;
  state?: { gameId?: string };
}

/** The live clock of `gameId`'s room for `seat`, or null when its room is not loaded here or it has no clock. */
export function liveClockOf(roomId: string, gameId: string, seat: number, now: number): LiveClock | null {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as ClockedRoom | undefined;
  if (!room || typeof room.clockWire !== 'function' || room.state?.gameId !== gameId) return null;
  const w = room.clockWire();
  if (!w || w.control.mode === 'none' || w.control.mode === 'days') return null;
  const spent = w.paused ? 0 : Math.max(0, now - w.since);
  const left = (s: number) => Math.max(0, (w.remaining[s] ?? 0) - (w.running.includes(s) ? spent : 0));
  const awaited = w.running.map(left);
  return {
    awaitedMs: awaited.length ? Math.min(...awaited) : null,
    seatMs: left(seat),
    running: !w.paused && w.running.length > 0,
  };
}
