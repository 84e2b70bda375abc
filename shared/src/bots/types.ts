// The bot contract: a bot sees one seat's view and legal actions, never the state, and thinks within a budget.
import type { Dice } from '../core/dice';
import type { GameModule, Seat } from '../core/game-module';

export const LEVELS = ['random', 'easy', 'normal', 'hard'] as const;
/** 'random' is the baseline the benchmark measures against; players pick easy, normal or hard. */
export type Level = (typeof LEVELS)[number];

/** Everything a bot is given: exactly what its seat's player is given. */
export interface BotInput<View = unknown, Action = unknown> {
  view: View;
  legal: Action[];
  seat: Seat;
}

/**
 * How long a bot may think. `nodes` caps the rule steps (apply calls) a search spends, which keeps a
 * seeded bot reproducible; `ms` is a wall-clock deadline as a safety net on a loaded machine. The clock
 * is passed in (shared/ reads no clock); without one only the node cap holds.
 */
export interface Budget {
  nodes: number;
  ms: number;
  now?: () => number;
}

/** What one decision cost, for tests and the benchmark. */
export interface Thought<Action = unknown> {
  action: Action;
  /** Rule steps spent (apply calls). */
  nodes: number;
  /** Deepest search (in plies) that finished; 0 when no search ran. */
  depth: number;
  /** Whether the node cap or the deadline cut the search short. */
  cut: boolean;
}

export interface Bot<View = unknown, Action = unknown> {
  readonly game: string;
  readonly level: Level;
  choose(input: BotInput<View, Action>, budget?: Partial<Budget>): Action;
  think(input: BotInput<View, Action>, budget?: Partial<Budget>): Thought<Action>;
}

/** How a level searches. */
export interface LevelConfig {
  /** Deepest search in plies (one apply each); iterative deepening stops earlier when the budget runs out. */
  depth: number;
  /**
   * Iterative deepening goes start, start + step, … up to depth. A step of 2 keeps the answer from an
   * odd depth (which ends on the bot's own move and so flatters it) from replacing an even one.
   */
  start: number;
  step: number;
  /** Below the root, only the best `beam` actions (by a one-ply look) are searched deeper. */
  beam: number;
  /** At the root, only the best `rootBeam` actions of the previous iteration are searched deeper. */
  rootBeam: number;
  /** Chance of a uniformly random legal action instead of the searched one (easy's blunders). */
  blunder: number;
  /** Which evaluation the kit uses: a crude one for easy, the full one above it. */
  evaluation: 'simple' | 'full';
  /**
   * How many determinized states the search averages over (1 when absent): a game with hidden cards samples
   * several deals of what the seat cannot see, so no single guess is searched as if it were known.
   */
  samples?: number;
  budget: Budget;
}

/**
 * One game's bot knowledge. Each game adds its bot by one file (kits/<game>.ts) and one registry line.
 * A kit never reads the real state: it rebuilds a *determinized* state from the seat's view, filling
 * in whatever the seat cannot see by sampling it with the bot's own dice.
 */
export interface BotKit<State = unknown, Action = unknown, View = unknown> {
  game: GameModule<State, Action>;
  /** A full state consistent with `view` (module.view of it for `seat` equals `view`); unseen parts sampled with `rng`. */
  determinize(view: View, seat: Seat, rng: Dice): State;
  /** How good `state` is for `seat`, strictly between −1 (lost) and 1 (won); called on states that are not over. */
  evaluate(state: State, seat: Seat, style: 'simple' | 'full'): number;
  /** Decisions the search does not cover (Dice Chess's 16! secret arrangements), or null to search. */
  special?(input: BotInput<View, Action>, level: Level, rng: Dice): Action | null;
  /**
   * The legal actions worth searching at the root (all of them when absent or when it leaves none): a kit drops
   * the moves that only go round in a circle, which a depth-limited search would otherwise repeat for ever.
   */
  prune?(input: BotInput<View, Action>): Action[];
  levels: Record<Exclude<Level, 'random'>, LevelConfig>;
}
