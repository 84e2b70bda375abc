// "Your games": every table this browser holds a seat at, live and turn-based, asked for in one request (each seat
// proved by its token: server/src/days/routes.ts), your turn first, with the opponent, the game, the last move in
// words and the time left; and a link to open them all on another device.
import { h, render } from 'preact';
import { useEffect, useState } from 'preact/hooks';
import { identity } from '../net/identity';
import { showScreen } from '../ui/screen';
import { DeviceLink } from './device-link';
import './your-games.css';

/** As the server answers it (server/src/days/routes.ts `YourGame`). */
interface YourGame {
  roomId: string;
  game: string;
  gameName: string;
  seat: number;
  opponents: string[];
  yourTurn: boolean;
  over: boolean;
  result: string | null;
  lastMove: string;
  lastAt: number | null;
  timeLeftMs: number | null;
  /** Live timed games whose room is loaded: this seat's own clock, and whether a clock runs now. */
  yourClockMs: number | null;
  clockRunning: boolean;
  clock: { mode: string; days?: number } | null;
}

export async function yourGamesScreen(root: HTMLElement, go: (path: string) => void): Promise<() => void> {
  showScreen(root, h(YourGames, { go }));
  return () => render(null, root);
}

/** "2 days 3 hours", "5 hours", "12 minutes": time left to move, as a person says it. */
export function timeLeft(ms: number): string {
  const min = Math.max(0, Math.floor(ms / 60_000));
  const d = Math.floor(min / 1440);
  const hr = Math.floor((min % 1440) / 60);
  const plural = (n: number, w: string) => `${n} ${w}${n === 1 ? '' : 's'}`;
  if (d > 0) return hr > 0 ? `${plural(d, 'day')} ${plural(hr, 'hour')}` : plural(d, 'day');
  if (hr > 0) return plural(hr, 'hour');
  return min > 0 ? plural(min, 'minute') : 'under a minute';
}

/** "9:58", "1:02:05": a live clock's time left, as the table shows it. */
export function clockLeft(ms: number): string {
  const s = Math.max(0, Math.ceil(ms / 1000));
  const two = (n: number) => String(n).padStart(2, '0');
  const hr = Math.floor(s / 3600);
  const min = Math.floor((s % 3600) / 60);
  return hr > 0 ? `${hr}:${two(min)}:${two(s % 60)}` : `${min}:${two(s % 60)}`;
}

function vs(g: YourGame): string {
  const o = g.opponents;
  return o.length === 0
    ? 'alone'
    : o.length === 1
      ? `against ${o[0]}`
      : `against ${o.slice(0, -1).join(', ')} and ${o.at(-1)}`;
}

function Item({ g, go, elapsed }: { g: YourGame; go: (path: string) => void; elapsed: number }) {
  // Running clocks tick here from the answer (`elapsed` ms since it came); a days clock in words, a live one as 9:58.
  const spent = g.clockRunning ? elapsed : 0;
  const live = g.clock !== null && g.clock.mode !== 'days';
  const left = (ms: number) => (live ? clockLeft(ms - spent) : timeLeft(ms - spent));
  const own = live && !g.yourTurn && g.yourClockMs !== null ? ` (you:\u00a0${clockLeft(g.yourClockMs)})` : '';
  const status = g.over
    ? (g.result ?? 'Game over')
    : g.yourTurn
      ? g.timeLeftMs !== null
        ? `Your turn — ${left(g.timeLeftMs)} left`
        : 'Your turn'
      : g.timeLeftMs !== null
        ? `Their turn — ${left(g.timeLeftMs)} left${own}`
        : 'Their turn';
  return h(
    'li',
    { class: `your-game${g.yourTurn ? ' mine' : ''}${g.over ? ' over' : ''}`, 'data-room': g.roomId },
    h(
      'a',
      {
        href: `/r/${g.roomId}`,
        onClick: (e: Event) => {
          e.preventDefault();
          go(`/r/${g.roomId}`);
        },
      },
      h('span', { class: 'yg-game' }, g.gameName),
      h('span', { class: 'yg-vs' }, ` ${vs(g)}`),
    ),
    h('span', { class: 'yg-status' }, status),
    g.lastMove ? h('span', { class: 'yg-last' }, g.lastMove) : null,
  );
}

function YourGames({ go }: { go: (path: string) => void }) {
  const [games, setGames] = useState<YourGame[] | null>(null);
  const [error, setError] = useState('');
  const [answered, setAnswered] = useState(0);
  const [elapsed, setElapsed] = useState(0);
  useEffect(() => {
    const seats = identity.seats().slice(0, 100);
    if (seats.length === 0) return setGames([]);
    void fetch('/api/your-games', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ seats }),
    })
      .then(async (res) => {
        const body = await res.json().catch(() => ({}));
        if (!res.ok) throw new Error(body.message ?? `The server answered ${res.status}`);
        setAnswered(performance.now());
        setGames(body.games as YourGame[]);
      })
      .catch((err: Error) => setError(err.message));
  }, []);
  // Running clocks tick once a second while the page is open.
  const ticking = !!games?.some((g) => g.clockRunning && !g.over);
  useEffect(() => {
    if (!ticking) return;
    const timer = setInterval(() => setElapsed(performance.now() - answered), 1000);
    return () => clearInterval(timer);
  }, [ticking, answered]);
  const mine = games?.filter((g) => g.yourTurn) ?? [];
  const theirs = games?.filter((g) => !g.yourTurn && !g.over) ?? [];
  const over = games?.filter((g) => g.over) ?? [];
  const part = (title: string, list: YourGame[], cls: string) =>
    list.length
      ? h(
          'section',
          { class: `yg-part ${cls}`, 'aria-label': title },
          h('h2', {}, `${title} (${list.length})`),
          h(
            'ul',
            { class: 'yg-list' },
            list.map((g) => h(Item, { key: `${g.roomId}:${g.seat}`, g, go, elapsed })),
          ),
        )
      : null;
  return h(
    'section',
    { class: 'your-games card' },
    h('h1', {}, 'Your games'),
    error ? h('p', { class: 'error', role: 'alert' }, `Your games could not be loaded: ${error}`) : null,
    games === null && !error ? h('p', { role: 'status' }, 'Looking up your tables…') : null,
    games?.length === 0
      ? h(
          'p',
          { class: 'empty' },
          'No games on this browser yet. ',
          h('a', { href: '/' }, 'Start one'),
          ', or open your games from another device.',
        )
      : null,
    part('Your turn', mine, 'yg-mine'),
    part('Waiting for others', theirs, 'yg-theirs'),
    part('Finished', over, 'yg-over'),
    games && games.length > 0
      ? h(DeviceLink, {
          seats: () => identity.seats().filter((s) => games.some((g) => g.roomId === s.room)),
          label: 'Open all on another device',
        })
      : null,
  );
}
