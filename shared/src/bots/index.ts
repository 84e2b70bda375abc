// The bot registry: one kit per game; a game adds its bot with one file in kits/ and one line here.
import type { Dice } from '../core/dice';
import { makeBot } from './bot';
import { diceChessKit } from './kits/dice-chess';
import { shieldsKit } from './kits/shields';
import { shieldsUpKit } from './kits/shields-up';
import { makePolywarsBot } from './polywars';
import { LEVEL_NOTES, makeSimpleBot } from './simple';
import type { Bot, BotKit, Level } from './types';

export * from './types';
export { botInput, budgetFor, makeBot } from './bot';
export { chanceOutcomes } from './search';
export { shieldsKit, diceChessKit, shieldsUpKit, LEVEL_NOTES, makeSimpleBot, makePolywarsBot };

export const botKits: Record<string, BotKit> = {
  [shieldsKit.game.id]: shieldsKit,
  [diceChessKit.game.id]: diceChessKit,
  [shieldsUpKit.game.id]: shieldsUpKit,
};

export function getBotKit(gameId: string): BotKit | undefined {
  return Object.hasOwn(botKits, gameId) ? botKits[gameId] : undefined;
}

/** Games with a bot: a search kit, or a simple bot (./simple) for the rest. */
export const botGames = (): string[] => Object.keys(LEVEL_NOTES);

/** A bot for a registered game: its kit's search, or the simple bot; undefined for a game with neither. */
export function createBot(gameId: string, level: Level, rng: Dice): Bot | undefined {
  const kit = getBotKit(gameId);
  if (kit) return makeBot(kit, level, rng);
  if (gameId === 'polywars' && level !== 'random') return makePolywarsBot(level, rng) as Bot;
  return Object.hasOwn(LEVEL_NOTES, gameId) ? makeSimpleBot(gameId, level, rng) : undefined;
}
