// The registry: the one place that names every game.
import type { GameModule } from '../core/game-module';
import { registerGame } from '../core/view-stream';
import { highRoll } from './high-roll';
import { diceChess } from './dice-chess';
import { shields } from './shields';
import { shieldsUp } from './shields-up';
import { polywars } from './polywars';
import { diceSiege } from './dice-siege';
import { pig } from './pig';

export { highRoll, diceChess, shields, shieldsUp, polywars, diceSiege, pig };
// Each game's contract types, from the package's root entry (a game's other helpers: `@dicehall/shared/<game>`).
export type { HighRollAction, HighRollEvent, HighRollOptions, HighRollState, HighRollView } from './high-roll';
export type { DiceChessAction, DiceChessEvent, DiceChessOptions, DiceChessState, DiceChessView } from './dice-chess';
export type { ShieldsAction, ShieldsOptions, ShieldsState, ShieldsView } from './shields';
export type { ShieldsUpAction, ShieldsUpOptions, ShieldsUpState, ShieldsUpView } from './shields-up';
export type { PolywarsAction, PolywarsOptions, PolywarsState, PolywarsView } from './polywars';
export type { SiegeAction, SiegeOptions, SiegeState, SiegeView } from './dice-siege';
export type { PigAction, PigEvent, PigOptions, PigState, PigView } from './pig';

export const games: Record<string, GameModule> = {
  [shields.id]: shields,
  [diceChess.id]: diceChess,
  [shieldsUp.id]: shieldsUp,
  [highRoll.id]: highRoll,
  [polywars.id]: polywars,
  [diceSiege.id]: diceSiege,
  [pig.id]: pig,
};

// Clients derive legal actions from their views with these modules (shared/src/core/view-stream.ts).
for (const g of Object.values(games)) registerGame(g);

export function getGame(id: string): GameModule | undefined {
  return Object.hasOwn(games, id) ? games[id] : undefined;
}

export const listedGames = (): GameModule[] => Object.values(games).filter((g) => g.listed);
