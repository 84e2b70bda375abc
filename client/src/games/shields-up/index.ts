// Shields Up on the client: words for every action and the rules page; the card table loads on demand.
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';
import { buttonLabel, type ShieldsUpAction } from './label';
import rules from './rules.html?raw';

export const shieldsUpClient: ClientGame = {
  id: 'shields-up',
  loadView: () => import('./view').then((m) => m.createView),
  label: (action: ShieldsUpAction, snap: Snapshot) => buttonLabel(action, snap),
  rules,
};
