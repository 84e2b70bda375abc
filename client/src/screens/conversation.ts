// The table's conversation bar, between the opponents' strips and the board: the status line, draw and rematch
// offers with Accept / Decline, a dropped player's countdown with Claim the win / Wait, and the server's notices
// (a restart, anything new it announces). Everything here is read from the synced state.
import { SAVING_PAUSED, seatName, TABLE_IN } from '@dicehall/shared/core';
import type { TableConnection } from '../net/connection';
import type { Snapshot } from '../net/store';
import { h, type ComponentChildren } from 'preact';
import { useRef, useState } from 'preact/hooks';
import { Countdown } from '../ui/countdown';
import './conversation.css';

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

/** The server's notices in words; one the client does not know yet is still shown, as the server named it. */
export function noticeText(notice: string): string {
  switch (notice) {
    case '':
      return '';
    case 'restart':
      return 'Server restarting — your game is safe; the clocks are paused.';
    // The server's store cannot write (docs/store-faults.md): moves are refused until it is back, nothing is lost.
    case 'saving-paused':
    case 'save-paused':
      return `${SAVING_PAUSED}. Moves wait until saving resumes.`;
    default:
      return `Server notice: ${notice.replace(/[-_]/g, ' ')}.`;
  }
}

interface BarProps {
  snap: Snapshot | null;
  conn: TableConnection;
  /** The status line as last released (held back while a roll is in the air). */
  status: string;
}

/** The one bar of the table's conversations. */
export function TalkBar({ snap, conn, status }: BarProps) {
  const notice = snap ? noticeText(snap.notice) : '';
  return h(
    'div',
    { class: 'talk-bar', role: 'region', 'aria-label': 'Table talk' },
    h('p', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'turn-status' }, status),
    notice && notice !== status && !status.startsWith('Server restarting')
      ? h('p', { class: 'notice', role: 'status' }, notice)
      : null,
    h(OfferBanner, { snap, conn }),
    h(AwayBanner, { snap, conn }),
  );
}

/** The offer banner: hidden while nothing is pending. */
export function OfferBanner({ snap, conn }: { snap: Snapshot | null; conn: TableConnection }) {
  const content = snap ? offerContent(snap, conn) : null;
  return h(
    'div',
    {
      class: 'talk-banner',
      role: 'region',
      'aria-label': 'Offers',
      'aria-live': 'polite',
      hidden: !content,
      'data-kind': content?.kind ?? '',
    },
    content?.nodes,
  );
}

/**
 * A dropped player's countdown; it ticks by itself between patches. Once the grace has run out the opponent is
 * offered the win, to keep waiting, or to let the computer play for them.
 */
export function AwayBanner({ snap, conn }: { snap: Snapshot | null; conn: TableConnection }) {
  const [waiting, setWaiting] = useState(false);
  // A seat the computer holds for its player (a stand-in) runs no countdown: its strip says so.
  const gone =
    snap && snap.phase !== 'over'
      ? snap.seats
          .map((s, i) => ({ s, i }))
          // A turn-based table's player away has no countdown (graceEndsAt 0): being away is normal there.
          .filter(
            ({ s, i }) => s.taken && !s.connected && !s.bot && i !== snap.mySeat && (s.graceEndsAt > 0 || s.claimable),
          )
      : [];
  const me = snap?.mySeat ?? null;
  const claimable = snap?.phase === 'playing' && me !== null && gone.some(({ s }) => s.claimable);
  const text = gone.flatMap(({ s, i }, k): ComponentChildren[] => [
    k > 0 ? ' · ' : null,
    s.claimable
      ? `${nameOf(snap!, i)} has been gone for the whole grace period`
      : [`${nameOf(snap!, i)} disconnected — `, h(Countdown, { until: s.graceEndsAt }), ' s'],
  ]);
  return h(
    'div',
    { class: 'away-banner', role: 'status', hidden: gone.length === 0 },
    h('span', { class: 'said' }, text),
    claimable && !waiting
      ? h(
          'span',
          { class: 'answers' },
          h('button', { type: 'button', class: 'primary', onClick: () => conn.send(TABLE_IN.claim) }, 'Claim the win'),
          h('button', { type: 'button', onClick: () => setWaiting(true) }, 'Wait'),
          h(StandIn, { conn }),
        )
      : claimable
        ? h('button', { type: 'button', class: 'link', onClick: () => setWaiting(false) }, 'Claim the win…')
        : null,
  );
}

/** Lets a bot play for the missing player (handed back when they return). The level is the browser's own select,
 * so the chosen level survives re-renders. */
function StandIn({ conn }: { conn: TableConnection }) {
  const level = useRef<HTMLSelectElement>(null);
  return h(
    'span',
    { class: 'stand-in' },
    h(
      'button',
      {
        type: 'button',
        onClick: () =>
          conn.send(TABLE_IN.standIn, { level: (level.current?.value ?? 'normal') as 'easy' | 'normal' | 'hard' }),
      },
      'Let the computer play for them',
    ),
    h(
      'select',
      { ref: level, 'aria-label': 'Computer level' },
      ['easy', 'normal', 'hard'].map((l) => h('option', { value: l, selected: l === 'normal' }, l)),
    ),
  );
}

interface OfferContent {
  kind: 'draw' | 'rematch';
  nodes: ComponentChildren;
}

function offerContent(snap: Snapshot, conn: TableConnection): OfferContent | null {
  const me = snap.mySeat;
  const pending = snap.phase === 'playing' ? snap.drawOffer : snap.phase === 'over' ? snap.rematch : [];
  if (pending.length === 0) return null;
  const kind = snap.phase === 'playing' ? 'draw' : 'rematch';
  const from = pending[0]!;
  const said = kind === 'draw' ? `${nameOf(snap, from)} offers a draw` : `${nameOf(snap, from)} wants a rematch`;
  const others = snap.seats
    .map((_, i) => i)
    .filter((i) => !pending.includes(i))
    .map((i) => nameOf(snap, i))
    .join(' and ');
  if (me !== null && pending.includes(me)) {
    const mine = kind === 'draw' ? 'You offered a draw' : 'You asked for a rematch';
    return { kind, nodes: h('span', { class: 'said' }, `${mine} — waiting for ${others}…`) };
  }
  if (me === null) return { kind, nodes: h('span', { class: 'said' }, `${said} — waiting for ${others}`) };
  const accept = kind === 'draw' ? () => conn.send(TABLE_IN.draw) : () => conn.send(TABLE_IN.rematch);
  const decline = () => conn.send(kind === 'draw' ? TABLE_IN.drawDecline : TABLE_IN.rematchDecline);
  return {
    kind,
    nodes: [
      h('span', { class: 'said' }, said),
      h(
        'span',
        { class: 'answers' },
        h(
          'button',
          {
            type: 'button',
            class: 'primary',
            'aria-label': kind === 'draw' ? 'Accept the draw' : 'Accept and play again',
            onClick: accept,
          },
          'Accept',
        ),
        h(
          'button',
          {
            type: 'button',
            'aria-label': kind === 'draw' ? 'Decline the draw' : 'Decline to play again',
            onClick: decline,
          },
          'Decline',
        ),
      ),
    ],
  };
}

/** The log's words for a talk line. */
export function talkText(kind: string, name: string): string {
  switch (kind) {
    case 'draw-offer':
      return `${name} offers a draw`;
    case 'draw-decline':
      return `${name} declines the draw`;
    case 'draw-lapse':
      return `${name}'s draw offer lapses: the opponent moved`;
    case 'rematch-ask':
      return `${name} wants a rematch`;
    case 'rematch-decline':
      return `${name} declines the rematch`;
    case 'rematch-accept':
      return `${name} accepts the rematch: sides swapped, new dice seed`;
    case 'bot-in':
      return `The computer plays for ${name} until they return`;
    case 'bot-out':
      return `${name} is back and plays again`;
    default:
      return `${name}: ${kind}`;
  }
}
