// The players' clocks, ticking locally from the server's last change so no patch is needed every second.
import { seatName } from '@dicehall/shared/core';
import { h } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import './clocks.css';

/** As the room publishes it (server/src/rooms/room-clock.ts). */
interface ClockWire {
  control: { mode: 'chess'; baseSeconds: number; incrementSeconds: number } | { mode: 'turn'; turnSeconds: number };
  remaining: number[];
  running: number[];
  since: number;
  paused: boolean;
}

/** 1:05:09, 4:07, or 9.4 under ten seconds (when tenths matter). */
export function formatClock(ms: number): string {
  if (ms < 10_000) return `${(Math.floor(ms / 100) / 10).toFixed(1)}`;
  const s = Math.ceil(ms / 1000);
  const hh = Math.floor(s / 3600);
  const mm = Math.floor((s % 3600) / 60);
  const ss = String(s % 60).padStart(2, '0');
  return hh > 0 ? `${hh}:${String(mm).padStart(2, '0')}:${ss}` : `${mm}:${ss}`;
}

function modeText(c: ClockWire['control']): string {
  return c.mode === 'chess'
    ? `${c.baseSeconds / 60 >= 1 ? `${+(c.baseSeconds / 60).toFixed(1)} min` : `${c.baseSeconds} s`} + ${c.incrementSeconds} s`
    : `${c.turnSeconds} s a turn`;
}

/**
 * The clocks, from the room's clock JSON and the seat names. Like the grace countdown, it reads the server's times
 * against this browser's clock, and ticks by itself while a clock runs.
 */
export function Clocks({ json, names, mine }: { json: string; names: string[]; mine: number | null }) {
  const wire = json ? (JSON.parse(json) as ClockWire | null) : null;
  const running = !!wire && !wire.paused && wire.running.length > 0;
  const [, setTick] = useState(0);
  // Tenths show under ten seconds, so tick at 100 ms; preact changes only the text that changed.
  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setTick((n) => n + 1), 100);
    return () => clearInterval(timer);
  }, [running]);
  if (!wire) return h('ol', { class: 'clocks', 'aria-label': 'Clocks' });
  const spent = wire.paused ? 0 : Math.max(0, Date.now() - wire.since);
  return h(
    'ol',
    { class: 'clocks', 'aria-label': 'Clocks' },
    wire.remaining.map((ms, seat) => {
      const on = wire.running.includes(seat);
      const left = on ? Math.max(0, ms - spent) : ms;
      const text = formatClock(left);
      return h(
        'li',
        {
          key: seat,
          class: `clock seat-${seat}${on ? ' running' : ''}${left < 10_000 ? ' low' : ''}`,
          'aria-label': `${seatName(names, seat)}${mine === seat ? ' (you)' : ''}: ${text}${on ? ', running' : ''}`,
        },
        h('bdi', { class: 'name' }, seatName(names, seat)),
        h('span', { class: 'time' }, text),
      );
    }),
    h('li', { key: 'mode', class: 'clock-mode' }, wire.paused ? 'Clocks paused' : modeText(wire.control)),
  );
}
