// Dice Siege's options, from the rules' own option schema. Read at build time only, into the catalogue
// (client/catalogue.ts): the browser gets the fields as data, not the schema (zod) they come from.
// A relative import, not `@dicehall/shared/dice-siege`: the build's config loader does not know the client's aliases.
import { MAX_SEATS, siegeOptions } from '../../../../shared/src/games/dice-siege';
import type { OptionField } from '../../ui/options';

const MODE_NAMES: Record<string, string> = { normal: 'Normal', epic: 'Epic (a smaller stronghold)' };
const seats = siegeOptions.shape.seats;

export const options: OptionField[] = [
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
];
