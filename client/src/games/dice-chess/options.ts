// Dice Chess's room options. Read at build time into the catalogue (client/catalogue.ts): the create form shows
// them without loading the game.
import type { OptionField } from '../../ui/options';

export const options: OptionField[] = [
  {
    key: 'placement',
    label: 'Setup',
    kind: 'choice',
    initial: 'arrange',
    choices: [
      { value: 'arrange', label: 'Arrange your dice in secret' },
      { value: 'random', label: 'Place dice at random' },
    ],
  },
];
