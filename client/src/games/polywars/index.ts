// Polywars on the client: words for its actions, the scenario and seat count options, and the rules page; the
// battlefield loads on demand.
import type { PolywarsAction } from '../../../../shared/src/games/polywars/state';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';
import rules from './rules.html?raw';
import { actionLabel, SCENARIO_NAMES } from './text';

export const polywarsClient: ClientGame = {
  id: 'polywars',
  loadView: () => import('./view').then((m) => m.createView),
  label: (action: PolywarsAction, snap: Snapshot) => actionLabel(action, snap),
  rules,
  options: [
    {
      key: 'scenario', label: 'Scenario', kind: 'choice', initial: 'kill-the-king',
      choices: Object.entries(SCENARIO_NAMES).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'seats', label: 'Players', kind: 'choice', initial: 2,
      choices: [2, 3, 4, 5, 6].map((n) => ({ value: n, label: `${n} players` })),
    },
  ],
};
