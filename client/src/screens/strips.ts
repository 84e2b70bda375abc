// The player strips, Lichess-style: each seat's name, connection, clock and counts, the opponents' directly above
// the board and the viewer's own (seat 0 for a spectator) directly below it; compact at a table of three or more.
import { seatName } from '@dicehall/shared/core';
import { h } from 'preact';
import { loadedGame } from '../games';
import type { Snapshot } from '../net/store';
import { Countdown } from '../ui/countdown';
import { modeText, readClock, SeatClock, type ClockWire } from './clock-view';

/** The seat drawn below the board: the viewer's own, or seat 0 for a spectator. */
export const homeSeat = (snap: Snapshot) => snap.mySeat ?? 0;

interface StripsProps {
  snap: Snapshot | null;
  /** The room's clock JSON ('' when untimed). */
  clock: string;
  /** Whether this page is connected to the server: while it is not, nobody's presence is known. */
  online: boolean;
  where: 'top' | 'bottom';
}

export function PlayerStrips({ snap, clock, online, where }: StripsProps) {
  const label = where === 'top' ? 'Opponents' : 'Players';
  if (!snap) return h('ol', { class: `seats strips clocks ${where}`, 'aria-label': label });
  const home = homeSeat(snap);
  const n = snap.seats.length;
  // Above: the others in turn order from the one after the viewer, so the next to play sits nearest the board.
  const seats =
    where === 'bottom' ? [home] : Array.from({ length: n - 1 }, (_, k) => (home + 1 + k) % n).filter((i) => i < n);
  const wire = readClock(clock);
  return h(
    'ol',
    { class: `seats strips clocks ${where}${n > 2 ? ' compact' : ''}`, 'aria-label': label },
    seats.map((i) => h(Strip, { key: i, snap, seat: i, wire, online })),
    // Who watches and the time control share one line beside your strip.
    where === 'bottom'
      ? h(
          'li',
          { key: 'spectators', class: 'spectators' },
          `${snap.spectators} watching`,
          wire
            ? h('span', { class: 'clock-mode' }, ` ${wire.paused ? 'Clocks paused' : modeText(wire.control)}`)
            : null,
        )
      : null,
    // The claim grace is the server's rule; both players see it before the game starts.
    where === 'bottom' && snap.phase === 'waiting' && snap.graceSeconds
      ? h('li', { key: 'grace', class: 'grace' }, `A player who drops keeps the seat for ${snap.graceSeconds} s.`)
      : null,
  );
}

function Strip({
  snap,
  seat,
  wire,
  online,
}: {
  snap: Snapshot;
  seat: number;
  wire: ClockWire | null;
  online: boolean;
}) {
  const s = snap.seats[seat]!;
  const turn = snap.phase === 'playing' && snap.toAct.includes(seat);
  const mine = snap.mySeat === seat;
  const name = seatName(snap.seats, seat);
  // While this page has lost the server it knows nobody's connection: it says so for itself and nothing for others.
  const presence = !online
    ? mine
      ? ' — reconnecting…'
      : ''
    : !s.taken
      ? ' — seat open'
      : s.bot && s.connected && s.name.startsWith('Computer')
        ? ' — computer'
        : s.bot
          ? ` — away — the computer (${s.bot}) plays for them`
          : s.connected
            ? mine
              ? '' // your own strip: the green dot says it, and the name is not cut short beside the watchers' line
              : ' — connected'
            : s.claimable
              ? ' — gone'
              : null;
  const counts = snap.phase !== 'waiting' ? (loadedGame(snap.game)?.counts?.(snap, seat) ?? []) : [];
  return h(
    'li',
    {
      class: `seat strip seat-${seat}${turn ? ' to-act' : ''}${mine ? ' mine' : ''}`,
      'aria-current': turn ? 'true' : undefined,
    },
    h(
      'span',
      { class: 'ident' },
      h('span', { class: `dot ${!online ? 'unknown' : s.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
      h('span', { class: 'who' }, s.taken ? h('bdi', {}, name) : 'Waiting for a player…'),
      mine ? h('span', { class: 'you' }, ' (you)') : null,
      // A dropped player's seat counts down by itself between patches.
      h(
        'span',
        { class: 'presence' },
        presence !== null
          ? presence
          : snap.phase === 'over'
            ? ' — left the table' // the game is over: no seat to keep (a party's players went back to its lobby)
            : s.graceEndsAt === 0
              ? ' — away' // a turn-based table: no countdown, the clock decides
              : [' — disconnected, ', h(Countdown, { until: s.graceEndsAt }), ' s'],
      ),
    ),
    counts.length ? h('span', { class: 'counts' }, counts.join(' · ')) : null,
    wire && seat < wire.remaining.length ? h(SeatClock, { wire, seat, name, mine }) : null,
  );
}
