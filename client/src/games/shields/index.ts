// Shields on the client: words for every action, the room options and the rules page; the table loads on demand.
import type { ClientGame } from '../types';
import { actionLabel } from './names';
import rules from './rules.html?raw';

export const shieldsClient: ClientGame = {
  id: 'shields',
  loadView: () => import('./view').then((m) => m.createView),
  label: actionLabel,
  rules,
  loadPictures: () => import('./pictures').then((m) => m.drawPictures),
  options: [
    {
      key: 'bestOf',
      label: 'Match',
      kind: 'choice',
      choices: [
        { value: 1, label: 'Single game' },
        { value: 3, label: 'Best of three' },
      ],
      initial: 1,
    },
    { key: 'resurrection', label: 'Resurrection variant', kind: 'toggle', initial: false },
  ],
};
