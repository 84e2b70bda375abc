// Dice Siege on the client: the options from the rules' own option schema, the rules page; every move is made on
// the play sheet (its own controls), so no generic action buttons. The sheet loads on demand.
import { MAX_SEATS, siegeOptions } from '@dicehall/shared/dice-siege';
import type { ClientGame } from '../types';
import rules from './rules.html?raw';
import './siege.css';

const MODE_NAMES: Record<string, string> = { normal: 'Normal', epic: 'Epic (a smaller stronghold)' };
const seats = siegeOptions.shape.seats;

export const diceSiegeClient: ClientGame = {
  id: 'dice-siege',
  loadView: () => import('./view').then((m) => m.createView),
  label: () => null,
  rules,
  options: [
    {
      key: 'seats',
      label: 'Players',
      kind: 'choice',
      initial: siegeOptions.parse({}).seats,
      choices: Array.from({ length: MAX_SEATS }, (_, i) => i + 1)
        .filter((n) => seats.safeParse(n).success)
        .map((n) => ({ value: n, label: n === 1 ? 'Solo (spectators may watch)' : `A race of ${n} on the same dice` })),
    },
    {
      key: 'mode',
      label: 'Difficulty',
      kind: 'choice',
      initial: siegeOptions.parse({}).mode,
      choices: siegeOptions.shape.mode.unwrap().options.map((m) => ({ value: m, label: MODE_NAMES[m] ?? m })),
    },
  ],
};
