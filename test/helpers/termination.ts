// G1, the termination law: a stall-seeking player tries to make a turn or a game outlast the bounds its module
// declares (GameModule.bounds), and no state may repeat inside one turn. test/conformance runs it over the registry;
// test/conformance/broken/loops.ts proves it bites.
import { pick, seededDice, type Dice, type GameBounds, type GameModule, type Seat } from '@dicehall/shared';
import { ConformanceError, stable, type ConformanceConfig, type Setup } from './conformance';

const short = (x: unknown) => {
  const s = JSON.stringify(x);
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
};

/** How many characters of `b` differ from `a`: what is left once their common start and end are taken off. */
export function changed(a: string, b: string): number {
  const n = Math.min(a.length, b.length);
  let head = 0;
  while (head < n && a.charCodeAt(head) === b.charCodeAt(head)) head++;
  let tail = 0;
  while (tail < n - head && a.charCodeAt(a.length - 1 - tail) === b.charCodeAt(b.length - 1 - tail)) tail++;
  return Math.max(a.length, b.length) - head - tail;
}

/** A module's bounds for a setup, refused unless both are positive whole numbers with a reason. */
export function boundsFor(module: GameModule, setup: Setup): GameBounds {
  const b = module.bounds(module.options.parse(setup.options), setup.seats);
  const whole = (x: unknown) => typeof x === 'number' && Number.isSafeInteger(x) && x > 0;
  if (!b || !whole(b.actionsPerTurn) || !whole(b.actionsPerGame) || typeof b.why !== 'string' || !b.why.trim())
    throw new ConformanceError(
      module.id,
      `bounds for ${setup.seats} seats, ${short(setup.options)} are not two positive whole numbers and a reason: ${short(b)}`,
    );
  return b;
}

/** Where the current turn stands: who is awaited, the module's turn number, the states seen, each seat's actions. */
interface Turn {
  key: string;
  start: string;
  seen: Map<string, number>;
  actions: Map<Seat, number>;
}

const turnKey = (module: GameModule, state: unknown) =>
  `${stable([...module.toAct(state)].sort((a, b) => a - b))}|${module.turnNumber?.(state) ?? ''}`;

export interface TerminationReport {
  games: number;
  /** The most actions a game took, and the most one seat took in one turn. */
  longestGame: number;
  longestTurn: number;
  /** Candidate actions looked at (each one applied). */
  tried: number;
}

/**
 * Plays `cfg.stallGames` games with a stall-seeking player and checks G1 along them: no seat's turn holds more than
 * `actionsPerTurn` actions, the game has its result within `actionsPerGame`, and no state (its stable serialization,
 * all of it) comes back inside one turn. The player looks at up to `cfg.stallCandidates` of the legal actions of the
 * seat it moves, applies each with the same dice, and takes, in order of preference: one that leads back to a state
 * already seen in this turn; one that does not end the game; one that keeps the turn going (who is awaited and the
 * turn number unchanged); then, in the first round of games over the setups (loop seeking), the one whose state is
 * nearest a state seen in this turn (fewest characters changed: back towards one, a draw, a pass, a cheap move
 * that changes little), then the smallest change; in the second round (turn stretching), one whose type does not
 * close a phase or the turn by name (`done`, `end`, `stop`, `pass`), then any. One move in ten is a random candidate
 * instead, so games take several paths.
 */
export function checkTermination(module: GameModule, cfg: ConformanceConfig): TerminationReport {
  const report: TerminationReport = { games: 0, longestGame: 0, longestTurn: 0, tried: 0 };
  for (let g = 0; g < cfg.stallGames; g++) {
    const setup = cfg.setups[g % cfg.setups.length]!;
    const bounds = boundsFor(module, setup);
    const fail = (m: string): never => {
      throw new ConformanceError(
        module.id,
        `G1, stall game ${g} (${setup.seats} seats, ${short(setup.options)}): ${m}`,
      );
    };
    const bot = seededDice(0x9e3779b9 ^ (g * 7919));
    let state = module.setup(module.options.parse(setup.options), setup.seats, seededDice(2000 + g)).state;
    let current = stable(state);
    const open = (): Turn => ({
      key: turnKey(module, state),
      start: current,
      seen: new Map([[current, 0]]),
      actions: new Map(),
    });
    let turn = open();
    for (let n = 0; ; n++) {
      if (module.result(state)) {
        report.longestGame = Math.max(report.longestGame, n);
        break;
      }
      if (n >= bounds.actionsPerGame)
        fail(`no result after ${n} actions, the game's declared bound (actionsPerGame): ${bounds.why}`);
      const toAct = module.toAct(state);
      if (toAct.length === 0) fail(`nobody is to act and there is no result, after ${n} actions`);
      const seat = pick(bot, toAct);
      const legal = module.legalActions(state, seat);
      if (legal.length === 0) fail(`seat ${seat} is to act but has no legal action, after ${n} actions`);
      const candidates = sample(legal, cfg.stallCandidates, bot);
      const rolls = 0x2545f491 ^ (g * 1_000_003 + n);
      const random = bot.roll(10) === 1;
      const stretch = Math.floor(g / cfg.setups.length) % 2 === 1;
      let best: { action: unknown; state: unknown; key: string; score: number[] } | null = null;
      for (const action of candidates) {
        const step = module.apply(state, seat, action, seededDice(rolls) as Dice);
        report.tried++;
        if (!step.ok) return fail(`the legal action ${short(action)} was refused: ${step.code}`);
        const key = stable(step.state);
        const same = turnKey(module, step.state) === turn.key;
        const score = random
          ? [bot.roll(1000)]
          : [
              same && turn.seen.has(key) ? 1 : 0,
              module.result(step.state) ? 0 : 1,
              same ? 1 : 0,
              stretch ? (CLOSING.test(typeOf(action)) ? 0 : 1) : -nearest(turn, key),
              stretch ? bot.roll(1000) : -changed(current, key),
            ];
        if (!best || better(score, best.score)) best = { action, state: step.state, key, score };
      }
      const chosen = best!;
      const taken = (turn.actions.get(seat) ?? 0) + 1;
      turn.actions.set(seat, taken);
      report.longestTurn = Math.max(report.longestTurn, taken);
      if (taken > bounds.actionsPerTurn)
        fail(
          `seat ${seat} took ${taken} actions in one turn (the last ${short(chosen.action)}), over the declared ` +
            `bound of ${bounds.actionsPerTurn} (actionsPerTurn: ${bounds.why}); if a new turn began unseen, ` +
            'the module declares turnNumber',
        );
      state = chosen.state;
      current = chosen.key;
      if (turnKey(module, state) !== turn.key) turn = open();
      else {
        const at = turn.seen.get(current);
        if (at !== undefined)
          fail(
            `a state repeats inside seat ${seat}'s turn: ${short(chosen.action)}, the turn's action ${turn.seen.size}, ` +
              `leads back to the state ${at === 0 ? 'the turn began with' : `after its action ${at}`} (action ${n + 1} of the game)`,
          );
        turn.seen.set(current, turn.seen.size);
      }
    }
    report.games++;
  }
  return report;
}

/** Action types that by their name close a phase or a turn: the turn-stretching games take them last. */
const CLOSING = /^(done|end|stop|pass|finish)$/;
const typeOf = (a: unknown) => String((a as { type?: unknown } | null)?.type ?? '');

/** How few characters separate `key` from the nearest state seen in this turn. */
function nearest(turn: Turn, key: string): number {
  let best = Number.POSITIVE_INFINITY;
  for (const seen of turn.seen.keys()) best = Math.min(best, changed(seen, key));
  return best;
}

function better(a: number[], b: number[]): boolean {
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! > b[i]!;
  return false;
}

/** Up to `k` of `xs`, drawn without replacement by `dice` (all of them, in order, when there are no more). */
function sample<T>(xs: T[], k: number, dice: Dice): T[] {
  if (xs.length <= k) return xs;
  const pool = xs.slice();
  const out: T[] = [];
  while (out.length < k) out.push(pool.splice(dice.roll(pool.length) - 1, 1)[0]!);
  return out;
}
