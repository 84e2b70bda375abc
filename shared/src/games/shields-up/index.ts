// Shields Up, the 18-card space duel: hidden hands, face-down shields, a market and sets that fire weapons.
import type { GameModule, Result } from '../../core/game-module';
import { seatName } from '../../core/names';
import { shieldsUpRollMeanings } from './luck';
import { applyAction, legalActionsOf, setupState, toActOf } from './rules';
import {
  SHIELDS_UP_RULES,
  shieldsUpAction,
  shieldsUpOptions,
  type ShieldsUpAction,
  type ShieldsUpOptions,
  type ShieldsUpRules,
  type ShieldsUpState,
} from './state';
import { describeEvent, openViewOf, viewOf, type ShieldsUpView } from './view';
import { ACTIONS_PER_TURN, BATTERY_ACTIONS, MAX_SHIELDS, TURN_LIMIT } from './state';

/** G1 (U3 amended, U9): the most actions one turn can hold, both seats' shield picks included. */
const TURN_ACTIONS =
  ACTIONS_PER_TURN +
  BATTERY_ACTIONS +
  (2 + ACTIONS_PER_TURN + BATTERY_ACTIONS) +
  (2 * MAX_SHIELDS + ACTIONS_PER_TURN + BATTERY_ACTIONS) +
  1;

export * from './cards';
export * from './state';
export { shuffle } from './rules';
export type { PlayerView, ShieldsUpView } from './view';

/** "Bob wins — Alice's ship is destroyed", in plain words with names. */
function describeResult(result: Result, names: string[]): string {
  const name = (s: number) => seatName(names, s);
  if (result.reason === 'ship-destroyed')
    return `${name(result.winners[0]!)} wins — ${name(1 - result.winners[0]!)}'s ship is destroyed`;
  if (result.reason === 'both-destroyed') return 'Draw — both ships were destroyed';
  return result.draw
    ? `Draw — ${result.summary.charAt(0).toLowerCase()}${result.summary.slice(1)}`
    : `${name(result.winners[0]!)} wins`;
}

export const shieldsUp: GameModule<ShieldsUpState, ShieldsUpAction, ShieldsUpOptions, ShieldsUpView> = {
  id: 'shields-up',
  rulesVersion: SHIELDS_UP_RULES,
  // Rules 1 (before U3 was amended and U9) replays archived games; the state carries its version.
  rulesFor: (version) => (version === 1 || version === 2 ? withRules(version) : undefined),
  name: 'Shields Up',
  pitch:
    'A space duel in eighteen cards. Each turn take two actions: draw, buy from the market, hide a card face down ' +
    "as a shield, or play cards face up to build weapons. Complete a set and it fires: you pick which of the enemy's " +
    'face-down shields it destroys, but a Space Mine among them strikes back. Knock out every shield and land one more ' +
    'hit to win; if both ships go, nobody does.',
  seats: { min: 2, max: 2 },
  listed: true,
  draws: true,
  bounds: () => ({
    actionsPerTurn: TURN_ACTIONS,
    actionsPerGame: TURN_LIMIT * TURN_ACTIONS,
    why:
      `Under U3 amended and U9 a turn holds at most ${TURN_ACTIONS} actions: 4 that cost an action (2 base and one ` +
      "Battery's 2), 6 Battery discards (2 in play, and one for each costed action that could build one back), 10 " +
      'shield picks (each destroys a shield: 6 on the table and one for each costed action that could add one), and ' +
      `the end; the game is drawn after turn ${TURN_LIMIT}.`,
  }),
  // An opponent who can do nothing passes, and the same seat's next turn begins: the turn count marks it.
  turnNumber: (state) => state.turns,
  // U2/U8: the shuffle's rolls give away the deck order and every dealt card.
  secretRolls: true,
  options: shieldsUpOptions,
  action: shieldsUpAction,
  setup: (_options, _seats, dice) => setupState(dice, SHIELDS_UP_RULES),
  toAct: toActOf,
  legalActions: legalActionsOf,
  apply: applyAction,
  view: viewOf,
  openView: openViewOf,
  result: (state) => state.result,
  // U8's secrets: the cards hidden from the viewer (the draw pile, the others' hands and shields) re-dealt among
  // the same places, every zone keeping its size.
  disguise(state, viewer, dice) {
    const others = state.players.map((_, i) => i !== viewer);
    const cards = [...state.draw, ...state.players.flatMap((p, i) => (others[i] ? [...p.hand, ...p.shields] : []))];
    for (let i = cards.length - 1; i > 0; i--) {
      const j = dice.roll(i + 1) - 1;
      [cards[i], cards[j]] = [cards[j]!, cards[i]!];
    }
    let k = 0;
    const refill = (xs: string[]) => xs.map(() => cards[k++]!);
    const draw = refill(state.draw);
    const players = state.players.map((p, i) =>
      others[i] ? { ...p, hand: refill(p.hand), shields: refill(p.shields) } : p,
    );
    return { ...state, draw, players: players as ShieldsUpState['players'] };
  },
  rollMeanings: shieldsUpRollMeanings,
  describe: describeEvent,
  describeResult,
};

function withRules(
  version: ShieldsUpRules,
): GameModule<ShieldsUpState, ShieldsUpAction, ShieldsUpOptions, ShieldsUpView> {
  if (version === SHIELDS_UP_RULES) return shieldsUp;
  return { ...shieldsUp, rulesVersion: version, setup: (_options, _seats, dice) => setupState(dice, version) };
}
