// Polywars' scenario and seat count options. Read at build time into the catalogue (client/catalogue.ts): the create
// form shows them without loading the game.
import type { OptionField } from '../../ui/options';

export const SCENARIO_NAMES: Record<string, string> = {
  'kill-the-king': 'Kill the King',
  'capture-the-flag': 'Capture the Flag',
  'rescue-mission': 'Rescue Mission',
  'snipe-hunt': 'Snipe Hunt',
  'attack-on-tokyo': 'Attack on Tokyo',
};

// The defaults' labels stay short enough to read whole in a closed select on a phone (test/e2e/devices.test.ts):
// each scenario's own force and length are on the rules page.
export const options: OptionField[] = [
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
      { value: 0, label: "Scenario's own (30–60 sides)" },
      ...[20, 30, 60, 90].map((n) => ({ value: n, label: `${n} sides each` })),
    ],
  },
  {
    key: 'cycleLimit',
    label: 'Length',
    kind: 'choice',
    initial: 0,
    choices: [
      { value: 0, label: "Scenario's own (10–30 cycles)" },
      ...[3, 5, 10, 20].map((n) => ({ value: n, label: `At most ${n} cycles` })),
    ],
  },
];
