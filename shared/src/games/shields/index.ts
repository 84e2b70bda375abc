// Shields, the two-player dice game of batteries, shields and a color wheel: the module the table runs.
import type { Dice } from '../../core/dice';
import type { GameBounds, GameEvent, GameModule, Result, Step } from '../../core/game-module';
import { known, MAX_HEALTH, POOL_IDS } from './catalogue';
import { describeEvent, describeResult } from './describe';
import { shieldsRollMeanings } from './luck';
import { applyAction, legalActions, toAct } from './rules';
import { STALL_WORDS } from './describe';
import {
  freshGame,
  SHIELDS_RULES,
  shieldsAction,
  shieldsOptions,
  type ShieldsAction,
  type ShieldsOptions,
  type ShieldsRules,
  type ShieldsState,
} from './state';
import { viewFromWire, viewOf, viewToWire, type ShieldsView } from './view';
import { legalFromView } from './from-view';

export type { AttackSummary, Battery, Player, Shield, ShieldsAction, ShieldsOptions, ShieldsState } from './state';
export type { BatteryView, DieView, PlayerView, ShieldsView, ShieldView } from './view';
export { ALL_IDS, BEATS, COLOURS, POOL_IDS, PERSONAL_IDS, batteryId, defaultAttackId, die, dieName } from './catalogue';
export type { Colour, DieColour, DieInfo, DieKind, Placement } from './catalogue';

export const shields: GameModule<ShieldsState, ShieldsAction, ShieldsOptions, ShieldsView> = {
  id: 'shields',
  name: 'Shields',
  pitch:
    'A duel of polyhedral dice. Each of you guards three batteries (green d12s, one each for red, yellow and blue) and attacks ' +
    'around a color wheel: red hits yellow, yellow hits blue, blue hits red. Every turn you take one die from a shared ' +
    'pool (bigger attack dice, colored and black shields, potions and polish), which also denies it to your ' +
    "opponent, then roll to break through the other side's shields. Destroy two batteries to win. Single game or " +
    'best of three, with an optional resurrection variant.',
  seats: { min: 2, max: 2 },
  rulesVersion: SHIELDS_RULES,
  // Rules 1 (no S14, no pause between games) replays archived games; the state carries its version.
  rulesFor: (version) => (version === 1 || version === 2 ? withRules(version) : undefined),
  listed: true,
  bounds: (options) => shieldsBounds(options),
  // G1: the loser starts the next game of a match after both said "next": the same seat, in a new turn.
  turnNumber: (state) => state.game,
  options: shieldsOptions,
  action: shieldsAction,
  setup: (options, _seats, dice) => setupGame(options, dice, SHIELDS_RULES),
  toAct,
  legalActions,
  legalFromView,
  apply: applyAction,
  view: (state) => viewOf(state),
  // Nothing is hidden and nothing depends on who looks: a seat is shown the spectators' view.
  seatView: (_state, _seat, publicView) => publicView,
  wireView: { toWire: viewToWire, fromWire: viewFromWire },
  result,
  rollMeanings: shieldsRollMeanings,
  describe: describeEvent,
  describeResult,
  resignScope: (options) => (options.bestOf > 1 ? 'the whole match (best of three), not only this game' : 'this game'),
};

/**
 * G1. A turn is a take (while the pool lasts, S3) and one act; between the games of a match each seat says "next"
 * once. Without the variant a game is proven short: every attack takes at least 1 point from one layer (S5), and
 * points enter only from the pool (shields at full value, potions and polish at most their faces), so attacks are
 * at most the 2 × 3 × 12 battery points plus the pool's shield, potion and polish faces (226); every other act
 * uses up a potion or a polish (8), and there is no pass (S4: an attack is always possible). The variant's
 * sacrifices can bring points back (S13), so its number is the one the stall search checks, not a proof; and in a
 * best of three a drawn game (S14) is replayed, which no rule limits.
 */
export const SHIELDS_GAME_POINTS =
  2 * 3 * MAX_HEALTH + POOL_IDS.reduce((n, id) => (known(id).kind === 'attack' ? n : n + known(id).sides), 0);
const NON_ATTACK_DICE = POOL_IDS.filter((id) => ['potion', 'polish'].includes(known(id).kind)).length;
/** The variant's single game, as checked by the stall search (test/conformance): S14 ends ten quiet turns. */
export const SHIELDS_VARIANT_GAME = 4000;

function shieldsBounds(options: ShieldsOptions): GameBounds {
  const game = options.resurrection ? SHIELDS_VARIANT_GAME : POOL_IDS.length + SHIELDS_GAME_POINTS + NON_ATTACK_DICE;
  const games = options.bestOf;
  return {
    actionsPerTurn: 2,
    actionsPerGame: games * game + 2 * (games - 1),
    why: options.resurrection
      ? `Checked, not proven: the stall search keeps a game of the variant within ${SHIELDS_VARIANT_GAME} actions ` +
        '(S14 ends ten turns without an attack, but sacrifices bring points back); a best of three replays drawn ' +
        'games, which no rule limits.'
      : `A turn is a take and one act. Every attack takes at least 1 point and only ${SHIELDS_GAME_POINTS} points ` +
        `exist in a game, the other acts use up one of ${NON_ATTACK_DICE} potions and polish, and the pool holds ` +
        `${POOL_IDS.length} dice to take: at most ${game} actions a game, and two "next" between games of a match.`,
  };
}

function withRules(version: ShieldsRules): GameModule<ShieldsState, ShieldsAction, ShieldsOptions, ShieldsView> {
  if (version === SHIELDS_RULES) return shields;
  return { ...shields, rulesVersion: version, setup: (options, _seats, dice) => setupGame(options, dice, version) };
}

function setupGame(options: ShieldsOptions, dice: Dice, rules: ShieldsRules): Step<ShieldsState> {
  // S2: 3d12 each, the higher total starts; a tie rolls again, every roll logged.
  const events: GameEvent[] = [];
  let totals: [number, number];
  let round = 0;
  do {
    round++;
    const rollFor = (seat: number) => {
      const rolls = [dice.roll(12), dice.roll(12), dice.roll(12)];
      const total = rolls.reduce((a, b) => a + b, 0);
      events.push({ type: 'roll-off', round, seat, rolls, total });
      return total;
    };
    const first = rollFor(0);
    totals = [first, rollFor(1)];
  } while (totals[0] === totals[1]);
  const starter = totals[0] > totals[1] ? 0 : 1;
  events.push({ type: 'game-start', game: 1, first: starter, reason: 'roll-off' });
  return { ok: true, state: freshGame(options, { rules, game: 1, score: [0, 0], gameWinners: [], starter }), events };
}

/** Rules 1 summaries are kept word for word: a verified replay compares them with the archived log. */
function result(state: ShieldsState): Result | null {
  if (state.draw) return { winners: [], draw: true, reason: 'stalled', summary: STALL_WORDS.draw };
  if (state.winner === null) return null;
  const [a, b] = [state.score[state.winner], state.score[1 - state.winner]];
  const winners = [state.winner];
  if (state.options.bestOf > 1) {
    if (state.rules === 1)
      return {
        winners,
        draw: false,
        reason: 'two-batteries',
        summary: `Won the best of three ${a}–${b}, destroying two batteries in each game won`,
      };
    return { winners, draw: false, reason: 'match', summary: `Won the best of three ${a}–${b}` };
  }
  if (state.ending === 'stalled-batteries' || state.ending === 'stalled-points') {
    return { winners, draw: false, reason: 'stalled', summary: STALL_WORDS[state.ending] };
  }
  return { winners, draw: false, reason: 'two-batteries', summary: "Destroyed two of the opponent's batteries" };
}
