// Shields' room options. Read at build time into the catalogue (client/catalogue.ts): the create form shows them
// without loading the game.
import type { OptionField } from '../../ui/options';

export const options: OptionField[] = [
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
];
