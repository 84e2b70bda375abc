// The players' clocks, ticking locally from the server's last change so no patch is needed every second.
import { seatName } from '@dicehall/shared';
import { h } from '../ui/dom';
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
  return c.mode === 'chess' ? `${c.baseSeconds / 60 >= 1 ? `${+(c.baseSeconds / 60).toFixed(1)} min` : `${c.baseSeconds} s`} + ${c.incrementSeconds} s` : `${c.turnSeconds} s a turn`;
}

/**
 * Mounts the clocks before `before`; reads the room's clock JSON and the seat names on each tick. Like the
 * grace countdown, it reads the server's times against this browser's clock.
 */
export function mountClocks(before: HTMLElement, read: () => { json: string; names: string[]; mine: number | null }) {
  const list = h('ol', { class: 'clocks', 'aria-label': 'Clocks' });
  before.before(list);
  let shown = '';
  const draw = () => {
    const { json, names, mine } = read();
    const wire = json ? (JSON.parse(json) as ClockWire | null) : null;
    if (!wire) {
      if (shown) list.replaceChildren();
      shown = '';
      return;
    }
    const spent = wire.paused ? 0 : Math.max(0, Date.now() - wire.since);
    const items = wire.remaining.map((ms, seat) => {
      const running = wire.running.includes(seat);
      const left = running ? Math.max(0, ms - spent) : ms;
      return { seat, running, left, text: formatClock(left) };
    });
    const key = JSON.stringify([items, names, mine, wire.paused]);
    if (key === shown) return;
    shown = key;
    list.replaceChildren(
      ...items.map((c) => h('li', {
        class: `clock seat-${c.seat}${c.running ? ' running' : ''}${c.left < 10_000 ? ' low' : ''}`,
        'aria-label': `${seatName(names, c.seat)}${mine === c.seat ? ' (you)' : ''}: ${c.text}${c.running ? ', running' : ''}`,
      }, h('bdi', { class: 'name' }, seatName(names, c.seat)), h('span', { class: 'time' }, c.text))),
      h('li', { class: 'clock-mode' }, wire.paused ? 'Clocks paused' : modeText(wire.control)));
  };
  // Tenths show under ten seconds, so tick at 100 ms; drawing is skipped when nothing visible changed.
  const timer = setInterval(draw, 100);
  draw();
  return { update: draw, destroy: () => { clearInterval(timer); list.remove(); } };
}
