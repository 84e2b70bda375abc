// Polywars on the client: words for its actions, the scenario and seat count options, and the rules page; the
// battlefield loads on demand.
import type { PolywarsAction } from '@dicehall/shared/polywars';
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
      key: 'scenario',
      label: 'Scenario',
      kind: 'choice',
      initial: 'kill-the-king',
      choices: Object.entries(SCENARIO_NAMES).map(([value, label]) => ({ value, label })),
    },
    {
      key: 'seats',
      label: 'Players',
      kind: 'choice',
      initial: 2,
      choices: [2, 3, 4, 5, 6].map((n) => ({ value: n, label: `${n} players` })),
    },
    {
      key: 'budget',
      label: 'Force size',
      kind: 'choice',
      initial: 0,
      choices: [
        { value: 0, label: "The scenario's (60 sides; Rescue 30, Snipe 40)" },
        ...[20, 30, 60, 90].map((n) => ({ value: n, label: `${n} sides each` })),
      ],
    },
    {
      key: 'cycleLimit',
      label: 'Length',
      kind: 'choice',
      initial: 0,
      choices: [
        { value: 0, label: "The scenario's (30 cycles; Rescue 12, Tokyo 10)" },
        ...[3, 5, 10, 20].map((n) => ({ value: n, label: `At most ${n} cycles` })),
      ],
    },
  ],
};
