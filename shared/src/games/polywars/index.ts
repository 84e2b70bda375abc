// Polywars, the dice wargame on a continuous battlefield for 2–6 players and five scenarios: the module the table runs.
import type { GameModule } from '../../core/game-module';
import { legalActions } from './legal';
import { polywarsRollMeanings } from './luck';
import { SCENARIOS } from './catalogue';
import { applyAction, leave, setupState, toAct } from './rules';
import {
  MAX_DICE_PER_FORCE,
  POLYWARS_RULES,
  polywarsAction,
  polywarsOptions,
  type PolywarsAction,
  type PolywarsOptions,
  type PolywarsRules,
  type PolywarsState,
} from './state';
import { describeEvent, viewOf, type PolywarsView } from './view';

/**
 * G1: the most actions of one turn, with n = MAX_DICE_PER_FORCE dice and S = 3n + 3 steps: 2n attacks and
 * zap-back splits, S steps, S tags (W9, one a step), 2S + 6 drops, three "done", a power and a concession.
 */
const TURN_ACTIONS = 2 * MAX_DICE_PER_FORCE + 4 * (3 * MAX_DICE_PER_FORCE + 3) + 6 + 5;

export * from './board';
export * from './catalogue';
export * from './geometry';
export * from './legal';
export * from './named';
export * from './rules';
export * from './scenarios';
export * from './state';
export * from './view';

export const polywars: GameModule<PolywarsState, PolywarsAction, PolywarsOptions, PolywarsView> = {
  id: 'polywars',
  rulesVersion: POLYWARS_RULES,
  // Rules 1 (before W8's ending and W9's tagging) and 2 (before events named their dice) replay archived games; the
  // state carries its version.
  rulesFor: (version) => (version === 1 || version === 2 || version === 3 ? withRules(version) : undefined),
  name: 'Polywars',
  pitch:
    'Your dice are the army. Build a force of polyhedral dice under a budget of sides, roll them all, deploy in secret ' +
    'around your leader, then bid for initiative each cycle and fight on an open battlefield: side-to-side attacks up ' +
    'close, zaps across the field with line of sight (paid back in range), steps over low terrain, and one special ' +
    'power a turn. Kill the King (2 to 6 players, the last leader standing wins), Capture the Flag, Rescue Mission, ' +
    'Snipe Hunt and Attack on Tokyo.',
  seats: { min: 2, max: 6 },
  seatsFor: (options) => options.seats ?? SCENARIOS[options.scenario].players.max,
  listed: true,
  bounds: (options, seats) => {
    const cycles = options.cycleLimit ?? SCENARIOS[options.scenario].cycleLimit;
    const battles = options.scenario === 'snipe-hunt' ? 2 : 1;
    return {
      actionsPerTurn: TURN_ACTIONS,
      actionsPerGame: battles * seats * (3 + cycles * (2 + TURN_ACTIONS)),
      why:
        `A turn of n ≤ ${MAX_DICE_PER_FORCE} dice holds at most 14n + 23 = ${TURN_ACTIONS} actions: n attacks and n ` +
        'zap-back splits (one attack per die, W3), S ≤ 3n + 3 steps (W4: at most 3 a die, one move a die, and the ' +
        "Super Speed d4's 3), a tag per step (W9), 2S + 6 drops (a flag is carried from the turn's start or a step), " +
        'three "done", one power and a concession. A battle is a build, a placement and an unleash per seat, then at ' +
        `most ${cycles} cycles (the cycle limit, W8) of a bid, a healing and a turn per seat; Snipe Hunt has two battles.`,
    };
  },
  options: polywarsOptions,
  action: polywarsAction,
  setup: (options, seats) => setupStep(options, seats, POLYWARS_RULES),
  toAct,
  legalActions,
  apply: applyAction,
  view: viewOf,
  result: (state) => state.result,
  // W5/W6's secrets: the other seats' answers to the current simultaneous step (force, placement, bid, healing)
  // changed, answered or not kept as it was; other phases hide nothing.
  disguise(state, viewer, dice) {
    const mix = <T>(xs: readonly T[]): T[] => {
      const out = xs.slice();
      for (let i = out.length - 1; i > 0; i--) {
        const j = dice.roll(i + 1) - 1;
        [out[i], out[j]] = [out[j]!, out[i]!];
      }
      return out.length > 1 && dice.roll(2) === 1 ? out.slice(1) : out;
    };
    const other = <T>(xs: readonly (T | null)[], change: (x: T) => T): (T | null)[] =>
      xs.map((x, s) => (x === null || x === undefined || s === viewer ? x : change(x)));
    switch (state.phase) {
      case 'build':
        return { ...state, forces: other(state.forces, (f) => mix(f)) };
      case 'place':
        return {
          ...state,
          placements: other(state.placements, (p) => ({
            leader: p.leader === null ? null : dice.roll(p.at.length) - 1,
            base: p.base && { x: p.base.x + dice.roll(50), y: p.base.y },
            at: mix(p.at),
          })),
        };
      case 'bid':
        return { ...state, bids: other(state.bids, (b) => (b + dice.roll(3)) % 4) };
      case 'heal':
        return { ...state, heals: other(state.heals, (h) => mix(h).map((d) => d + dice.roll(3))) };
      default:
        return state;
    }
  },
  resign: leave,
  // A player whose clock falls at a table of three or more is eliminated, as if they had resigned (issue #16).
  timeoutPolicy: 'eliminate',
  rollMeanings: polywarsRollMeanings,
  describe: describeEvent,
};

function setupStep(options: PolywarsOptions, seats: number, rules: PolywarsRules) {
  return {
    ok: true as const,
    state: setupState(options, seats, rules),
    events: [{ type: 'setup', scenario: options.scenario, seats }],
  };
}

function withRules(version: PolywarsRules): typeof polywars {
  if (version === POLYWARS_RULES) return polywars;
  return { ...polywars, rulesVersion: version, setup: (options, seats) => setupStep(options, seats, version) };
}
