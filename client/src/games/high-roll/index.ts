// High Roll on the client: words for its one action; the board loads on demand.
import type { ClientGame } from '../types';

export const highRollClient: ClientGame = {
  id: 'high-roll',
  loadView: () => import('./view').then((m) => m.createView),
  label: () => 'Roll',
};
