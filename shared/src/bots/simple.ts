// Honest simple bots for the games without a search kit (Polywars, Dice Siege, High Roll; Shields Up's is kept as the
// baseline its search kit is measured against), behind
// the same Bot interface. They read only the seat's view and legal actions; what each level means is in ./levels.
import { pick, type Dice } from '../core/dice';
import type { Seat } from '../core/game-module';
import { diceSiege } from '../games/dice-siege';
import { policyAction } from '../games/dice-siege/policy';
import type { SiegeState } from '../games/dice-siege/state';
import type { SiegeView } from '../games/dice-siege/view';
import type { Bot, BotInput, Level, Thought } from './types';
import { LEVEL_NOTES } from './levels';

export { LEVEL_NOTES };

type Act = { type?: string };

/**
 * Action kinds in the order a one-ply greedy player prefers them: doing damage first, ending the turn last.
 * A kind not listed ranks after the listed ones; 'concede' is never chosen while anything else is legal.
 */
const PREFERENCES: Record<string, string[]> = {
  // Fire a set, strike a shield, power up, then build and buy; drawing and ending the turn last.
  'shields-up': ['play', 'strike', 'battery', 'build', 'buy', 'shield', 'draw', 'end'],
  // Attack, use a power, unleash or move, then the simultaneous steps; passing last.
  polywars: [
    'attack',
    'zap-back',
    'damage-field',
    'super-speed',
    'healer',
    'mutation',
    'teleportation',
    'unleash',
    'step',
    'tag',
    'build',
    'place',
    'bid',
    'heal',
    'drop',
    'done',
  ],
};
const NEVER = new Set(['concede', 'resign']);

/** Dice Siege: one decision in n is a random keep or plan instead of the tuned policy's; 0: never (hard). */
const SIEGE_RANDOM: Record<'easy' | 'normal' | 'hard', number> = { easy: 2, normal: 8, hard: 0 };

function playable<A>(legal: A[]): A[] {
  const ok = legal.filter((a) => !NEVER.has(String((a as Act)?.type)));
  return ok.length > 0 ? ok : legal;
}

/** The legal actions of the most preferred kind present. */
function preferred<A>(game: string, legal: A[]): A[] {
  const order = PREFERENCES[game] ?? [];
  const rank = (a: A) => {
    const i = order.indexOf(String((a as Act)?.type));
    return i < 0 ? order.length : i;
  };
  const best = Math.min(...legal.map(rank));
  return legal.filter((a) => rank(a) === best);
}

/** Dice Siege shows every sheet whole (open sheets, D-rules): the view is the state plus derived fields. */
function siegeState(view: SiegeView): SiegeState {
  const sheets = view.sheets.map(
    ({ breached: _b, courtyard: _c, maxAttempts: _m, boxesLeft: _l, threat: _t, entered: _e, ...sheet }) => sheet,
  );
  // The bot decides on its own sheet only; the others' sheets stand in for the round's opening copies.
  return { mode: view.mode, levels: view.levels, lines: view.lines, round: view.round, sheets, opened: sheets };
}

function siegeChoice<A>(input: BotInput<unknown, A>): A | null {
  const state = siegeState(input.view as SiegeView);
  const chosen = policyAction(state, input.seat) as unknown as A;
  const key = canonical(chosen);
  if (input.legal.some((a) => canonical(a) === key)) return chosen;
  // Plans are listed by a sample (every die can go many ways); the rules accept any legal plan, so the policy's
  // own plan is checked by the rules on the sheet the bot was shown (a plan rolls nothing).
  const noDice = { roll: () => 1 };
  return diceSiege.apply(state, input.seat, chosen as never, noDice).ok ? chosen : null;
}

/** JSON with object keys sorted, so two equal actions compare equal whatever order their keys were built in. */
function canonical(x: unknown): string {
  return JSON.stringify(x, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => (a < b ? -1 : 1)))
      : v,
  );
}

/** A simple bot of `level` for `game`; `rng` is the bot's own dice (its tie breaks), never the game's. */
export function makeSimpleBot<View, Action>(game: string, level: Level, rng: Dice): Bot<View, Action> {
  const think = (input: BotInput<View, Action>): Thought<Action> => {
    const { legal, seat } = input;
    if (legal.length === 0)
      throw new Error(`a ${game} bot was asked to act for seat ${seat as Seat} with no legal action`);
    const done = (action: Action): Thought<Action> => ({ action, nodes: 0, depth: 0, cut: false });
    const options = playable(legal);
    if (options.length === 1 || level === 'random') return done(pick(rng, options));
    if (game === 'dice-siege') {
      // The levels follow the tuned policy more or less often (SIEGE_RANDOM), a random keep or plan otherwise.
      const stray = SIEGE_RANDOM[level];
      if (stray > 0 && rng.roll(stray) === 1) return done(pick(rng, options));
      const chosen = siegeChoice(input as BotInput<unknown, Action>);
      if (chosen !== null) return done(chosen);
      return done(pick(rng, options));
    }
    // Easy is random here (Polywars' easy, normal and hard are ./polywars; its simple bot at normal is greedy by kind).
    if (level === 'easy') return done(pick(rng, options));
    return done(pick(rng, preferred(game, options)));
  };
  return { game, level, think, choose: (input) => think(input).action };
}
