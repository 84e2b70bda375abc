// Polywars on the client: its rules module and words for its actions; the battlefield and the rules page load on
// demand, the scenario and seat count options are in the catalogue (options.ts).
import { polywars, type PolywarsAction, type PolywarsView } from '@dicehall/shared/polywars';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';
import { actionLabel } from './text';

export const polywarsClient: ClientGame = {
  id: 'polywars',
  module: polywars,
  loadView: () => import('./view').then((m) => m.createView),
  label: (action: PolywarsAction, snap: Snapshot) => actionLabel(action, snap),
  counts: (snap: Snapshot, seat: number) => {
    const dice = (snap.view as PolywarsView | null)?.dice?.filter((d) => d.owner === seat && d.alive) ?? [];
    if (dice.length === 0) return [];
    return [`${dice.length} dice`, `${dice.reduce((n, d) => n + d.value, 0)} pips`];
  },
  // "Confirm moves": "done" ends a phase of the turn, the last one the turn itself.
  endsTurn: (action: PolywarsAction, snap: Snapshot) => {
    if (action?.type !== 'done') return null;
    const phase = (snap.view as PolywarsView | null)?.turnPhase;
    return phase === 'attack'
      ? 'End the Attack phase?'
      : phase === 'move' || phase === 'speed'
        ? 'End the Movement phase?'
        : 'End your turn?';
  },
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
};
