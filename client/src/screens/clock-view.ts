// A seat's clock in its player strip, ticking locally from the server's last change so no patch is needed every
// second: large digits, the running one marked, red and in tenths when time is low, a short sound at ten seconds.
import { h } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { sound } from '../ui/sound';
import './clocks.css';

/** As the room publishes it (server/src/rooms/room-clock.ts). */
export interface ClockWire {
  control:
    | { mode: 'chess'; baseSeconds: number; incrementSeconds: number }
    | { mode: 'turn'; turnSeconds: number }
    | { mode: 'days'; days: number };
  remaining: number[];
  running: number[];
  since: number;
  paused: boolean;
}

export function readClock(json: string): ClockWire | null {
  if (!json) return null;
  try {
    return JSON.parse(json) as ClockWire | null;
  } catch {
    return null;
  }
}

/**
 * When a clock counts as low: 10 s for controls of up to five minutes a game (or a minute a turn), 20 s for longer
 * ones, where ten seconds is too late a warning for a player who has been thinking for minutes.
 */
export function lowBelow(c: ClockWire['control']): number {
  // Over days, the last hour is the warning.
  if (c.mode === 'days') return 3_600_000;
  const long = c.mode === 'chess' ? c.baseSeconds > 300 : c.turnSeconds > 60;
  return long ? 20_000 : 10_000;
}

/** 1:05:09, 4:07, or 9.4 in tenths when time is low (`tenths`, under 20 s at most). */
export function formatClock(ms: number, tenths = ms < 10_000): string {
  if (tenths && ms < 20_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(ms / 1000);
  // A turn-based clock's days: "2 d 5 h" (the seconds mean nothing there).
  if (s >= 86_400) return `${Math.floor(s / 86_400)} d ${Math.floor((s % 86_400) / 3600)} h`;
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

export function modeText(c: ClockWire['control']): string {
  if (c.mode === 'days') return `${c.days} day${c.days === 1 ? '' : 's'} a move`;
  return c.mode === 'chess'
    ? `${c.baseSeconds / 60 >= 1 ? `${+(c.baseSeconds / 60).toFixed(1)} min` : `${c.baseSeconds} s`} + ${c.incrementSeconds} s`
    : `${c.turnSeconds} s a turn`;
}

/**
 * One seat's clock, from the room's clock JSON. Like the grace countdown, it reads the server's times against this
 * browser's clock, and ticks by itself while it runs (every 100 ms: tenths show when time is low). `mine`: the
 * viewer's own clock, which sounds once as it passes ten seconds (muted with the table's sound).
 */
export function SeatClock({ wire, seat, name, mine }: { wire: ClockWire; seat: number; name: string; mine: boolean }) {
  const on = !wire.paused && wire.running.includes(seat);
  const [, setTick] = useState(0);
  const warned = useRef(false);
  useEffect(() => {
    if (!on) return;
    const timer = setInterval(() => setTick((n) => n + 1), 100);
    return () => clearInterval(timer);
  }, [on]);
  const ms = wire.remaining[seat] ?? 0;
  const left = on ? Math.max(0, ms - Math.max(0, Date.now() - wire.since)) : ms;
  const low = left <= lowBelow(wire.control);
  useEffect(() => {
    if (!mine) return;
    if (left > 10_000) warned.current = false;
    else if (on && left > 0 && !warned.current) {
      warned.current = true;
      sound.play('low');
    }
  });
  const text = formatClock(left, low);
  return h(
    'span',
    {
      class: `clock seat-${seat}${on ? ' running' : ''}${low ? ' low' : ''}`,
      role: 'timer',
      'aria-label': `${name}${mine ? ' (you)' : ''}: ${text}${on ? ', running' : ''}`,
      title: wire.paused ? 'Clocks paused' : modeText(wire.control),
    },
    h('span', { class: 'time' }, text),
  );
}
