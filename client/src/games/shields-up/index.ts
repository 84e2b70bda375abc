// Shields Up on the client: its rules module and words for every action; the card table and the rules page load
// on demand.
import { shieldsUp, type ShieldsUpView } from '@dicehall/shared/shields-up';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';

export const shieldsUpClient: ClientGame = {
  id: 'shields-up',
  module: shieldsUp,
  loadView: () => import('./view').then((m) => m.createView),
  // Every move is on the board (a card, then its action) and in the view's own "All moves" list.
  label: () => null,
  counts: (snap: Snapshot, seat: number) => {
    const p = (snap.view as ShieldsUpView | null)?.players?.[seat];
    if (!p) return [];
    return [`${p.handCount} in hand`, `${p.shields.length} ${p.shields.length === 1 ? 'shield' : 'shields'}`];
  },
  // "Confirm moves": ending the turn (Battery actions left unused are lost).
  endsTurn: (action: unknown, snap: Snapshot) => {
    if ((action as { type?: string } | null)?.type !== 'end') return null;
    const left = (snap.view as ShieldsUpView | null)?.actions ?? 0;
    return left > 0 ? `End your turn with ${left} Battery action${left === 1 ? '' : 's'} unused?` : 'End your turn?';
  },
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
};
