// Expectimax over a game module's own rules: max for the bot's seat, min for the others, and an exact
// average over every die outcome of a roll (sampled when a step rolls too many dice to list).
import { pick, type Dice } from '../core/dice';
import type { GameModule, Result, Seat, Step } from '../core/game-module';
import type { Budget, BotKit, LevelConfig } from './types';

/** Listing more outcomes than this for one step is replaced by this many samples. */
const MAX_OUTCOMES = 24;

/** Thrown to leave a search when the budget runs out; never escapes `search`. */
const OUT_OF_BUDGET = Symbol('out of budget');
/** Thrown from inside `apply` to learn the size of the next die without guessing its value. */
const NEED_ROLL = Symbol('need a roll');

export interface Outcome<State> {
  p: number;
  state: State;
}

interface Ctx<State, Action> {
  game: GameModule<State, Action>;
  kit: BotKit<State, Action>;
  me: Seat;
  style: 'simple' | 'full';
  beam: number;
  rng: Dice;
  nodes: number;
  maxNodes: number;
  deadline: number;
  now?: () => number;
}

function spend(ctx: Ctx<unknown, unknown>): void {
  if (ctx.nodes >= ctx.maxNodes) throw OUT_OF_BUDGET;
  if (ctx.now && ctx.now() > ctx.deadline) throw OUT_OF_BUDGET;
  ctx.nodes++;
}

/**
 * Every state `action` can lead to, with its probability. The rules are asked through `apply` with a
 * dice source that stops at the first roll not yet fixed; each face of that die is then tried in turn.
 * So the rules are never re-implemented here, and a rule change (another roll, another die) is followed.
 */
export function outcomes<State, Action>(
  ctx: Ctx<State, Action>,
  state: State,
  seat: Seat,
  action: Action,
): Outcome<State>[] {
  const out: Outcome<State>[] = [];
  const walk = (prefix: number[], p: number): void => {
    spend(ctx);
    let i = 0;
    let need = 0;
    const dice: Dice = {
      roll(sides) {
        if (i < prefix.length) return prefix[i++]!;
        need = sides;
        throw NEED_ROLL;
      },
    };
    let step: Step<State> | { ok: false };
    try {
      step = ctx.game.apply(state, seat, action, dice);
    } catch (e) {
      if (e !== NEED_ROLL) throw e;
      if (out.length + need > MAX_OUTCOMES) {
        sample(prefix, p);
        return;
      }
      for (let v = 1; v <= need; v++) walk([...prefix, v], p / need);
      return;
    }
    if (step.ok) out.push({ p, state: step.state });
  };
  // Too many dice to list: the rest of the rolls come from the bot's own dice, a few times over.
  const sample = (prefix: number[], p: number): void => {
    const k = Math.max(1, Math.floor(MAX_OUTCOMES / 2));
    for (let n = 0; n < k; n++) {
      spend(ctx);
      let i = 0;
      const dice: Dice = { roll: (sides) => (i < prefix.length ? prefix[i++]! : ctx.rng.roll(sides)) };
      const step = ctx.game.apply(state, seat, action, dice);
      if (step.ok) out.push({ p: p / k, state: step.state });
    }
  };
  walk([], 1);
  return out;
}

function terminal(r: Result, me: Seat, depth: number): number {
  if (r.draw || r.winners.length === 0) return 0;
  // A win sooner (more depth left) is worth a hair more; a loss later a hair less bad.
  return r.winners.includes(me) ? 1 + 0.001 * depth : -1 - 0.001 * depth;
}

function leaf<State, Action>(ctx: Ctx<State, Action>, state: State, depth: number): number {
  const r = ctx.game.result(state);
  return r ? terminal(r, ctx.me, depth) : ctx.kit.evaluate(state, ctx.me, ctx.style);
}

const expect = <State>(outs: Outcome<State>[], value: (s: State) => number): number => {
  let v = 0;
  for (const o of outs) v += o.p * value(o.state);
  return v;
};

function nodeValue<State, Action>(ctx: Ctx<State, Action>, state: State, depth: number): number {
  const r = ctx.game.result(state);
  if (r) return terminal(r, ctx.me, depth);
  if (depth <= 0) return ctx.kit.evaluate(state, ctx.me, ctx.style);
  const seats = ctx.game.toAct(state);
  // Simultaneous steps (secret arrangements) are not searched through: judged as they stand.
  const seat = seats.length === 1 ? seats[0] : undefined;
  if (seat === undefined) return ctx.kit.evaluate(state, ctx.me, ctx.style);
  const sign = seat === ctx.me ? 1 : -1;
  const children = ctx.game.legalActions(state, seat).map((a) => outcomes(ctx, state, seat, a));
  if (children.length === 0) return ctx.kit.evaluate(state, ctx.me, ctx.style);
  const shallow = children.map((outs) => expect(outs, (s) => leaf(ctx, s, depth - 1)));
  if (depth === 1) return sign > 0 ? Math.max(...shallow) : Math.min(...shallow);
  let order = children.map((_, i) => i);
  if (order.length > ctx.beam) order = order.sort((a, b) => sign * (shallow[b]! - shallow[a]!)).slice(0, ctx.beam);
  let best = -Infinity * sign;
  for (const i of order) {
    const v = expect(children[i]!, (s) => nodeValue(ctx, s, depth - 1));
    if (sign > 0 ? v > best : v < best) best = v;
  }
  return best;
}

export interface SearchResult<Action> {
  action: Action;
  nodes: number;
  depth: number;
  cut: boolean;
}

/**
 * Iterative deepening from the root (the level's start, then every step up to its depth), each iteration searching
 * only the best `rootBeam` actions of the last. The answer is the best action of the deepest finished
 * iteration (of a partly finished first one, if the budget is that small). Values are summed over the
 * determinized states, so a kit that samples hidden information gets an average over its samples.
 */
export function search<State, Action>(
  kit: BotKit<State, Action>,
  states: State[],
  me: Seat,
  legal: Action[],
  cfg: LevelConfig,
  budget: Budget,
  rng: Dice,
): SearchResult<Action> {
  const now = budget.now;
  const ctx: Ctx<State, Action> = {
    game: kit.game,
    kit,
    me,
    style: cfg.evaluation,
    beam: cfg.beam,
    rng,
    nodes: 0,
    maxNodes: budget.nodes,
    deadline: now ? now() + budget.ms : Infinity,
    now,
  };
  let candidates = legal.map((_, i) => i);
  let best: number[] | null = null;
  let done = 0;
  let cut = false;
  for (let depth = Math.min(cfg.start, cfg.depth); depth <= cfg.depth && !cut; depth += Math.max(1, cfg.step)) {
    const values = new Map<number, number>();
    try {
      for (const i of candidates) {
        let v = 0;
        for (const s of states) v += expect(outcomes(ctx, s, me, legal[i]), (x) => nodeValue(ctx, x, depth - 1));
        values.set(i, v / states.length);
      }
    } catch (e) {
      if (e !== OUT_OF_BUDGET) throw e;
      cut = true;
      if (done > 0) break;
    }
    if (values.size === 0) break;
    const ranked = [...values.keys()].sort((a, b) => values.get(b)! - values.get(a)!);
    const top = values.get(ranked[0]!)!;
    best = ranked.filter((i) => values.get(i)! >= top - 1e-9);
    if (!cut) done = depth;
    candidates = ranked.slice(0, Math.max(1, cfg.rootBeam));
    if (candidates.length === 1) break;
  }
  const choice = best && best.length > 0 ? legal[pick(rng, best)]! : pick(rng, legal);
  return { action: choice, nodes: ctx.nodes, depth: done, cut };
}

/** The chance outcomes of one action, listed as the search lists them (for tests and tools). */
export function chanceOutcomes<State, Action>(
  kit: BotKit<State, Action>,
  state: State,
  seat: Seat,
  action: Action,
  rng: Dice,
): Outcome<State>[] {
  const ctx: Ctx<State, Action> = {
    game: kit.game,
    kit,
    me: seat,
    style: 'full',
    beam: 1,
    rng,
    nodes: 0,
    maxNodes: Infinity,
    deadline: Infinity,
  };
  return outcomes(ctx, state, seat, action);
}
