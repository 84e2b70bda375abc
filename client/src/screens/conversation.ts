// The table's conversations where players look: draw and rematch offers with Accept / Decline beside the
// board, and a dropped player's countdown on the board itself. Everything here is read from the synced state.
import { seatName, TABLE_IN } from '@dicehall/shared/core';
import type { TableConnection } from '../net/connection';
import type { Snapshot } from '../net/store';
import { h, type ComponentChildren } from 'preact';
import { Countdown } from '../ui/countdown';
import './conversation.css';

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

/** The offer banner, just above the board: hidden while nothing is pending. */
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

/** A dropped player's countdown, drawn on the board; it ticks by itself between patches. */
export function AwayBanner({ snap }: { snap: Snapshot | null }) {
  // A seat the computer holds for its player (a stand-in) runs no countdown: its seat line says so, and the board
  // stays clear for the rest of the game.
  const gone =
    snap && snap.phase !== 'over'
      ? snap.seats
          .map((s, i) => ({ s, i }))
          .filter(({ s, i }) => s.taken && !s.connected && !s.bot && i !== snap.mySeat)
      : [];
  const text = gone.flatMap(({ s, i }, k): ComponentChildren[] => [
    k > 0 ? ' · ' : null,
    s.claimable
      ? `${nameOf(snap!, i)} has been gone for the whole grace period`
      : [`${nameOf(snap!, i)} disconnected — `, h(Countdown, { until: s.graceEndsAt }), ' s'],
  ]);
  return h('p', { class: 'away-banner', role: 'status', hidden: gone.length === 0 }, text);
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
