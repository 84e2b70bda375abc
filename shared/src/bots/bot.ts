// A bot for any game with a kit: the random baseline, or a search at the level's depth and budget.
import { pick, type Dice } from '../core/dice';
import type { GameModule, Seat } from '../core/game-module';
import { search } from './search';
import type { Bot, BotInput, BotKit, Budget, Level, Thought } from './types';

/** The budget a level thinks with; `override` narrows it (a room's own cap, a test's tiny budget). */
export function budgetFor(kit: BotKit, level: Level, override: Partial<Budget> = {}): Budget {
  const base = level === 'random' ? { nodes: 0, ms: 0 } : kit.levels[level].budget;
  return { ...base, ...override };
}

/**
 * A bot of `level` for the kit's game. `rng` is the bot's own seeded dice (its sampling and tie
 * breaks): never the game's, so a bot cannot learn a future roll, and a seeded bot replays.
 */
export function makeBot<View, Action>(kit: BotKit<unknown, Action, View>, level: Level, rng: Dice): Bot<View, Action> {
  const think = (input: BotInput<View, Action>, override?: Partial<Budget>): Thought<Action> => {
    const { seat } = input;
    if (input.legal.length === 0)
      throw new Error(`a ${kit.game.id} bot was asked to act for seat ${seat} with no legal action`);
    const special = kit.special?.(input, level, rng);
    if (special != null) return { action: special, nodes: 0, depth: 0, cut: false };
    const pruned = kit.prune?.(input);
    const legal = pruned && pruned.length > 0 ? pruned : input.legal;
    if (legal.length === 1) return { action: legal[0]!, nodes: 0, depth: 0, cut: false };
    if (level === 'random') return { action: pick(rng, legal), nodes: 0, depth: 0, cut: false };
    const cfg = kit.levels[level];
    // Easy's blunders: a random legal action now and then, decided before any thinking.
    if (cfg.blunder > 0 && rng.roll(1000) <= cfg.blunder * 1000)
      return { action: pick(rng, legal), nodes: 0, depth: 0, cut: false };
    const states = Array.from({ length: Math.max(1, cfg.samples ?? 1) }, () => kit.determinize(input.view, seat, rng));
    return search(kit, states, seat, legal, cfg, budgetFor(kit, level, override), rng);
  };
  return {
    game: kit.game.id,
    level,
    think,
    choose: (input, budget) => think(input, budget).action,
  };
}

/**
 * The one place a state becomes a bot's input: the seat's view and legal actions, copied so the bot
 * shares no object with the state. The room and the benchmark call this; a bot never sees the state.
 */
export function botInput<State, Action>(
  game: GameModule<State, Action>,
  state: State,
  seat: Seat,
): BotInput<unknown, Action> {
  return structuredClone({ view: game.view(state, seat), legal: game.legalActions(state, seat), seat });
}
