// Shields on the client: its rules module and words for every action; the table and the rules page load on demand,
// the room options are in the catalogue (options.ts).
import { shields } from '@dicehall/shared/shields';
import type { ClientGame } from '../types';
import { actionLabel } from './names';

export const shieldsClient: ClientGame = {
  id: 'shields',
  module: shields,
  loadView: () => import('./view').then((m) => m.createView),
  label: actionLabel,
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
  loadPictures: () => import('./pictures').then((m) => m.drawPictures),
};
