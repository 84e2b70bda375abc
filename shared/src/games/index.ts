// The registry: the one place that names every game.
import type { GameModule } from '../core/game-module';
import { highRoll } from './high-roll';
import { diceChess } from './dice-chess';
import { shields } from './shields';
import { shieldsUp } from './shields-up';
// Dice Siege plays end to end in the rules but stays unlisted until its play sheet (client view) exists.
import { polywars } from './polywars';
import { diceSiege } from './dice-siege';

export { highRoll, diceChess, shields, shieldsUp, polywars, diceSiege };

export const games: Record<string, GameModule> = {
  [shields.id]: shields,
  [diceChess.id]: diceChess,
  [shieldsUp.id]: shieldsUp,
  [highRoll.id]: highRoll,
  [polywars.id]: polywars,
  [diceSiege.id]: diceSiege,
};

export function getGame(id: string): GameModule | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}

export const listedGames = (): GameModule[] => Object.values(games).filter((g) => g.listed);
