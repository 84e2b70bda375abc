// The registry: the one place that names every game.
import type { GameModule } from '../core/game-module';
import { highRoll } from './high-roll';
import { diceChess } from './dice-chess';
import { shields } from './shields';
import { shieldsUp } from './shields-up';
// Playable end to end (every scenario) but unlisted until its client view exists.
import { polywars } from './polywars';

export { highRoll, diceChess, shields, shieldsUp, polywars };

export const games: Record<string, GameModule> = {
  [shields.id]: shields,
  [diceChess.id]: diceChess,
  [shieldsUp.id]: shieldsUp,
  [highRoll.id]: highRoll,
  [polywars.id]: polywars,
};

export function getGame(id: string): GameModule | undefined {
  return Object.prototype.hasOwnProperty.call(games, id) ? games[id] : undefined;
}

export const listedGames = (): GameModule[] => Object.values(games).filter((g) => g.listed);
