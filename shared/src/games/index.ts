// The registry: the one place that names every game.
import type { GameModule } from '../core/game-module';
import { highRoll } from './high-roll';
import { diceChess } from './dice-chess';
import { shields } from './shields';
import { diceSiege } from './dice-siege';

export { highRoll, diceChess, shields, diceSiege };

export const games: Record<string, GameModule> = {
  [shields.id]: shields,
  [diceChess.id]: diceChess,
  [highRoll.id]: highRoll,
  [diceSiege.id]: diceSiege,
};

export function getGame(id: string): GameModule | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}

export const listedGames = (): GameModule[] => Object.values(games).filter((g) => g.listed);
