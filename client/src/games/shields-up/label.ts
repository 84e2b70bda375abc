// Shields Up in words: card and seat names, and one button label per legal action (with the actions it costs).
import { seatName as nameOfSeat } from '@dicehall/shared/core';
import { kindOf } from '@dicehall/shared/shields-up';
import type { ShieldsUpAction } from '@dicehall/shared/shields-up';
import type { ShieldsUpView } from '@dicehall/shared/shields-up';
import type { Snapshot } from '../../net/store';

export type { ShieldsUpAction, ShieldsUpView };

export const cardName = (id: string) => kindOf(id).name;
export const seatName = (snap: Snapshot, seat: number) => nameOfSeat(snap.seats, seat);
const ORDINAL = ['first', 'second', 'third'];

/** "Smuggle: steal from the hand", without the cost: the board's chips use it too. */
export function shortLabel(a: ShieldsUpAction, snap: Snapshot): string {
  const view = snap.view as ShieldsUpView | null;
  switch (a.type) {
    case 'draw':
      return 'Draw a card';
    case 'shield':
      return `Shield: ${cardName(a.card)} face down`;
    case 'build':
      return `Build ${cardName(a.card)}`;
    case 'play':
      if (kindOf(a.card).effect !== 'smuggle') return `Play ${cardName(a.card)}`;
      if (a.zone === 'hand') return 'Smuggle a card from their hand';
      if (a.zone === 'shields') return 'Smuggle one of their shields';
      if (a.zone === 'equipment') return `Smuggle their ${cardName(a.target!)}`;
      return 'Play Smuggle (nothing to steal)';
    case 'buy': {
      const id = view?.market[a.which === 'oldest' ? 0 : 1];
      return `Buy ${id ? cardName(id) : 'the card'}, the ${a.which} in the market`;
    }
    case 'battery':
      // U9: a Battery gives its actions once a turn; another may still be discarded, for nothing.
      return view?.charged
        ? `Discard ${cardName(a.card)} for nothing (a Battery already gave actions this turn)`
        : `Use ${cardName(a.card)}: 2 more actions`;
    case 'end': {
      // U3 amended: with only Battery actions left the turn may end; they are lost.
      const left = view?.actions ?? 0;
      return left > 0 ? `End the turn (${left} Battery action${left === 1 ? '' : 's'} unused)` : 'End the turn';
    }
    case 'strike': {
      const target = view?.strike ? seatName(snap, view.strike.against) : 'their';
      return `Destroy ${target}'s ${ORDINAL[a.shield]} shield`;
    }
  }
}

/** The popover's words for a picked-up card's action: the verb and what it costs ("Build · 1 action"). */
export function popLabel(a: ShieldsUpAction, snap: Snapshot): string {
  const cost = costOf(a);
  const price = cost ? ` · ${cost} action${cost > 1 ? 's' : ''}` : '';
  if (a.type === 'shield') return `Shield (face down)${price}`;
  if (a.type === 'build') return `Build${price}`;
  if (a.type === 'play' && kindOf(a.card).effect === 'smuggle') return `${shortLabel(a, snap)}${price}`;
  if (a.type === 'play') return `Play${price}`;
  return `${shortLabel(a, snap)}${price}`;
}

export const costOf = (a: ShieldsUpAction): number =>
  a.type === 'buy' && a.which === 'newest'
    ? 2
    : a.type === 'battery' || a.type === 'end' || a.type === 'strike'
      ? 0
      : 1;

/** Two copies of a card in hand make two equal actions: the buttons name each choice once (the first copy). */
function duplicate(a: ShieldsUpAction, snap: Snapshot): boolean {
  if (!('card' in a) || a.type === 'battery') return false;
  const same = (b: ShieldsUpAction) =>
    b.type === a.type &&
    'card' in b &&
    kindOf(b.card).kind === kindOf(a.card).kind &&
    (b.type !== 'play' || a.type !== 'play' || (b.zone === a.zone && b.target === a.target));
  const first = (snap.legal as ShieldsUpAction[]).find(same);
  return first !== undefined && 'card' in first && first.card !== a.card;
}

/** The button for an action, or null for a copy of one already named. */
export function buttonLabel(a: ShieldsUpAction, snap: Snapshot): string | null {
  return duplicate(a, snap) ? null : actionLabel(a, snap);
}

export function actionLabel(a: ShieldsUpAction, snap: Snapshot): string {
  const cost = costOf(a);
  return cost ? `${shortLabel(a, snap)} (${cost} action${cost > 1 ? 's' : ''})` : shortLabel(a, snap);
}
