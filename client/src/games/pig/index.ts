// Pig on the client: its rules module, the words on its two buttons, each seat's score for the strips, and its
// rules page; the board loads on demand.
import { pig } from '@dicehall/shared/pig';
import type { ClientGame } from '../types';

export const pigClient: ClientGame = {
  id: 'pig',
  module: pig,
  loadView: () => import('./view').then((m) => m.createView),
  label: (action, snap) => {
    const turnTotal = (snap.view as { turnTotal?: number } | null)?.turnTotal ?? 0;
    return (action as { type: string }).type === 'hold' ? `Hold ${turnTotal}` : 'Roll';
  },
  counts: (snap, seat) => {
    const scores = (snap.view as { scores?: number[] } | null)?.scores;
    return scores?.[seat] === undefined ? [] : [`${scores[seat]} points`];
  },
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
};
