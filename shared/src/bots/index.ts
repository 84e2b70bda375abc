// The bot registry: one kit per game; a game adds its bot with one file in kits/ and one line here.
import type { Dice } from '../core/dice';
import { makeBot } from './bot';
import { diceChessKit } from './kits/dice-chess';
import { shieldsKit } from './kits/shields';
import type { Bot, BotKit, Level } from './types';

export * from './types';
export { botInput, budgetFor, makeBot } from './bot';
export { chanceOutcomes } from './search';
export { shieldsKit, diceChessKit };

export const botKits: Record<string, BotKit> = {
  [shieldsKit.game.id]: shieldsKit,
  [diceChessKit.game.id]: diceChessKit,
};

export function getBotKit(gameId: string): BotKit | undefined {
  return Object.prototype.hasOwnProperty.call(botKits, gameId) ? botKits[gameId] : undefined;
}

/** A bot for a registered game, or undefined when the game has no kit yet. */
export function createBot(gameId: string, level: Level, rng: Dice): Bot | undefined {
  const kit = getBotKit(gameId);
  return kit ? makeBot(kit, level, rng) : undefined;
}
