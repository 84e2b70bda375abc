// High Roll on the client: its rules module and words for its one action; the board loads on demand.
import { highRoll } from '@dicehall/shared/high-roll';
import type { ClientGame } from '../types';

export const highRollClient: ClientGame = {
  id: 'high-roll',
  module: highRoll,
  loadView: () => import('./view').then((m) => m.createView),
  label: () => 'Roll',
};
