// Dice Siege on the client: its rules module and the rules page; every move is made on the play sheet (its own
// controls), so no generic action buttons. The sheet loads on demand; the options are in the catalogue (options.ts).
import { diceSiege, type SiegeView } from '@dicehall/shared/dice-siege';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';
import './siege.css';

export const diceSiegeClient: ClientGame = {
  id: 'dice-siege',
  module: diceSiege,
  loadView: () => import('./view').then((m) => m.createView),
  label: () => null,
  counts: (snap: Snapshot, seat: number) => {
    const v = snap.view as SiegeView | null;
    const sheet = v?.sheets?.[seat];
    if (!v || !sheet) return [];
    return [`${sheet.boxesLeft} wall boxes left`];
  },
  // "Confirm moves": a plan ends the round (its dice are used, the attackers strike).
  endsTurn: (action: unknown) =>
    (action as { type?: string } | null)?.type === 'plan' ? 'End the round with this plan?' : null,
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
};
