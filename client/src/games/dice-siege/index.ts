// Dice Siege on the client: its rules module and the rules page; every move is made on the play sheet (its own
// controls), so no generic action buttons. The sheet loads on demand; the options are in the catalogue (options.ts).
import { diceSiege } from '@dicehall/shared/dice-siege';
import type { ClientGame } from '../types';
import './siege.css';

export const diceSiegeClient: ClientGame = {
  id: 'dice-siege',
  module: diceSiege,
  loadView: () => import('./view').then((m) => m.createView),
  label: () => null,
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
};
