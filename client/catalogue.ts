// A Vite plugin: `virtual:dicehall-catalogue` holds each game's id, name, pitch, seats, room options and a few facts,
// read from the rules package (and each client game's options.ts) at build time, so the home page and the lobby
// list the games and offer their options without shipping any rules (or zod) to the browser. A game's rules and
// board load only where it is shown (client/src/games/index.ts).
import fs from 'node:fs';
import path from 'node:path';
import type { Plugin } from 'vite';
import { timeable } from '../shared/src/core/table';
import { games } from '../shared/src/games';
import type { OptionField } from './src/ui/options';
import { options as diceChess } from './src/games/dice-chess/options';
import { options as diceSiege } from './src/games/dice-siege/options';
import { options as polywars } from './src/games/polywars/options';
import { options as shields } from './src/games/shields/options';

const ID = 'virtual:dicehall-catalogue';

/** Each game's room options (a game absent here has none). */
const OPTIONS: Record<string, OptionField[]> = {
  'dice-chess': diceChess,
  'dice-siege': diceSiege,
  polywars,
  shields,
};

export function catalogue(): Plugin {
  return {
    name: 'dicehall-catalogue',
    resolveId: (id) => (id === ID ? `\0${ID}` : null),
    load(id) {
      if (id !== `\0${ID}`) return null;
      const list = Object.values(games).map((g) => ({
        id: g.id,
        name: g.name,
        pitch: g.pitch,
        seats: g.seats,
        listed: g.listed ?? false,
        options: OPTIONS[g.id] ?? [],
        rules: fs.existsSync(path.join(import.meta.dirname, 'src/games', g.id, 'rules.html')),
        timeable: timeable(g, g.seats.max),
      }));
      return `export const catalogue = ${JSON.stringify(list)};`;
    },
  };
}
