// The table's conversations where players look: draw and rematch offers with Accept / Decline beside the
// board, and a dropped player's countdown on the board itself. Everything here is read from the synced state.
import { seatName, TABLE_IN } from '@dicehall/shared';
import type { TableConnection } from '../net/connection';
import type { Snapshot } from '../net/store';
import { clear, h } from '../ui/dom';
import './conversation.css';

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

export interface Conversation {
  update(snap: Snapshot): void;
  destroy(): void;
}

/** Puts the offer banner just above `board` and the disconnect banner inside it. */
export function mountConversation(board: HTMLElement, conn: TableConnection): Conversation {
  const offer = h('div', { class: 'talk-banner', role: 'region', 'aria-label': 'Offers', 'aria-live': 'polite', hidden: true });
  const away = h('p', { class: 'away-banner', role: 'status', hidden: true });
  board.before(offer);
  board.append(away);
  let last: Snapshot | null = null;
  let offerKey = '';

  const renderOffer = (snap: Snapshot) => {
    const content = offerContent(snap, conn);
    const key = content ? content.key : '';
    if (key === offerKey) return;
    offerKey = key;
    clear(offer);
    offer.hidden = !content;
    offer.dataset.kind = content?.kind ?? '';
    if (content) offer.append(...content.nodes);
  };

  const renderAway = () => {
    const snap = last;
    // A seat the computer holds for its player (a stand-in) runs no countdown: its seat line says so, and the board
    // stays clear for the rest of the game.
    const gone = snap && snap.phase !== 'over' ? snap.seats.map((s, i) => ({ s, i })).filter(({ s, i }) => s.taken && !s.connected && !s.bot && i !== snap.mySeat) : [];
    away.hidden = gone.length === 0;
    const text = gone.map(({ s, i }) => {
      if (s.claimable) return `${nameOf(snap!, i)} has been gone for the whole grace period`;
      const left = Math.max(0, Math.ceil((s.graceEndsAt - Date.now()) / 1000));
      return `${nameOf(snap!, i)} disconnected — ${left} s`;
    }).join(' · ');
    if (away.textContent !== text) away.textContent = text;
  };

  // The countdown ticks without the store changing.
  const timer = setInterval(renderAway, 1000);
  return {
    update(snap) {
      last = snap;
      renderOffer(snap);
      renderAway();
    },
    destroy() {
      clearInterval(timer);
      offer.remove();
      away.remove();
    },
  };
}

interface OfferContent {
  kind: 'draw' | 'rematch';
  key: string;
  nodes: Node[];
}

function offerContent(snap: Snapshot, conn: TableConnection): OfferContent | null {
  const me = snap.mySeat;
  const pending = snap.phase === 'playing' ? snap.drawOffer : snap.phase === 'over' ? snap.rematch : [];
  if (pending.length === 0) return null;
  const kind = snap.phase === 'playing' ? 'draw' : 'rematch';
  const from = pending[0];
  const said = kind === 'draw' ? `${nameOf(snap, from)} offers a draw` : `${nameOf(snap, from)} wants a rematch`;
  const others = snap.seats.map((_, i) => i).filter((i) => !pending.includes(i)).map((i) => nameOf(snap, i)).join(' and ');
  const key = `${snap.gameId}:${kind}:${pending.join()}:${me}`;
  if (me !== null && pending.includes(me)) {
    const mine = kind === 'draw' ? 'You offered a draw' : 'You asked for a rematch';
    return { kind, key, nodes: [h('span', { class: 'said' }, `${mine} — waiting for ${others}…`)] };
  }
  if (me === null) return { kind, key, nodes: [h('span', { class: 'said' }, `${said} — waiting for ${others}`)] };
  const accept = kind === 'draw' ? () => conn.send(TABLE_IN.draw) : () => conn.send(TABLE_IN.rematch);
  const decline = () => conn.send(kind === 'draw' ? TABLE_IN.drawDecline : TABLE_IN.rematchDecline);
  return {
    kind, key,
    nodes: [
      h('span', { class: 'said' }, said),
      h('span', { class: 'answers' },
        h('button', { type: 'button', class: 'primary', 'aria-label': kind === 'draw' ? 'Accept the draw' : 'Accept and play again', onclick: accept }, 'Accept'),
        h('button', { type: 'button', 'aria-label': kind === 'draw' ? 'Decline the draw' : 'Decline to play again', onclick: decline }, 'Decline')),
    ],
  };
}

/** The log's words for a talk line. */
export function talkText(kind: string, name: string): string {
  switch (kind) {
    case 'draw-offer': return `${name} offers a draw`;
    case 'draw-decline': return `${name} declines the draw`;
    case 'draw-lapse': return `${name}'s draw offer lapses: the opponent moved`;
    case 'rematch-ask': return `${name} wants a rematch`;
    case 'rematch-decline': return `${name} declines the rematch`;
    case 'rematch-accept': return `${name} accepts the rematch: sides swapped, new dice seed`;
    case 'bot-in': return `The computer plays for ${name} until they return`;
    case 'bot-out': return `${name} is back and plays again`;
    default: return `${name}: ${kind}`;
  }
}
