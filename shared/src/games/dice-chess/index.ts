// Dice Chess: sixteen rolled d6 a side on a chess board; move one die a turn, capture down or level.
import { z } from 'zod';
import type { Dice } from '../../core/dice';
import type { GameBounds, GameModule, Result } from '../../core/game-module';
import { seatName } from '../../core/names';
import { cellOf, DICE_PER_SIDE, SQUARE_RE, squareIndex } from './board';
import { diceChessRollMeanings } from './luck';
import { moveActions } from './moves';
import {
  applyAction,
  DICE_CHESS_RULES,
  identityOrder,
  PLY_BOUND,
  PLY_BOUND_V1,
  setupState,
  toActOf,
  type DiceChessEvent,
  type DiceChessRules,
  type DiceChessState,
} from './state';
import { describeEvent, seatViewOf, viewFromWire, viewOf, viewToWire, type DiceChessView } from './view';

export * from './board';
export * from './moves';
export * from './state';
export * from './view';

const square = z.string().regex(SQUARE_RE);

const options = z
  .object({
    /** 'arrange': each player places their rolled dice in secret (C2); 'random': the server places them. */
    placement: z.enum(['arrange', 'random']).default('arrange'),
  })
  .strict();

/**
 * Actions. `arrange.order[k]` is the index (in rolled order) of the die placed on the seat's k-th
 * home square, home squares ordered as in `homeSquares`: back rank a→h, then front rank a→h.
 */
const action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('move'), from: square, to: square }).strict(),
  z
    .object({
      type: z.literal('arrange'),
      order: z
        .array(
          z
            .number()
            .int()
            .min(0)
            .max(DICE_PER_SIDE - 1),
        )
        .length(DICE_PER_SIDE),
    })
    .strict(),
]);

export type DiceChessOptions = z.output<typeof options>;
export type DiceChessAction = z.output<typeof action>;
export type { DiceChessState, DiceChessView };

/** "Bob wins — Alice has no dice left on the board". */
/**
 * The stored summary counts totals without a unit (it is part of the log, compared word for word by the verifier):
 * the end line says they are pips, the sum of the dice's faces.
 */
const inPips = (summary: string): string =>
  summary
    .replace(/more on the board, (\d+) to (\d+)/, 'more pips on the board, $1 to $2')
    .replace(/level at (\d+), more captured, (\d+) to (\d+)/, 'level at $1 pips, more pips captured, $2 to $3')
    .replace(
      /level on the board \((\d+)\) and in captures \((\d+)\)/,
      'level on the board ($1 pips) and in captures ($2 pips)',
    )
    .replace(/board totals (\d+) to (\d+)/, 'pips on the board $1 to $2')
    .replace(/captured totals (\d+) to (\d+)/, 'pips captured $1 to $2');

function describeResult(result: Result, names: string[]): string {
  const name = (s: number) => seatName(names, s);
  const why = inPips(result.summary).replace(/\.+$/, '');
  if (result.draw) return `Draw — ${why.replace(/: a draw$/, '')}`;
  const w = result.winners[0] ?? 0;
  if (result.reason === 'annihilation') return `${name(w)} wins — ${name(1 - w)} has no dice left on the board`;
  return `${name(w)} wins — ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
}

export const diceChess: GameModule<DiceChessState, DiceChessAction, DiceChessOptions, DiceChessView, DiceChessEvent> = {
  id: 'dice-chess',
  name: 'Dice Chess',
  pitch:
    'Each player rolls sixteen dice and sets them out like chess pieces, in secret, on their two home ranks. ' +
    'Then take turns moving one die a square; a six also steps diagonally and a one may run two. Land on an ' +
    'enemy die showing the same or less to capture it, and your die is rolled again where it stands. Clear the ' +
    'board of your opponent, or be ahead on the dice when the play runs dry.',
  seats: { min: 2, max: 2 },
  rulesVersion: DICE_CHESS_RULES,
  // Rules 1 (C7's first reading) replays archived games; the state carries its version.
  rulesFor: (version) => (version === 1 || version === 2 ? withRules(version) : undefined),
  listed: true,
  draws: true,
  options,
  action,
  // G1: PLY_BOUND's proof (state.ts); an automatic pass hands the next ply to the same seat, so a turn is a ply.
  bounds: (opts) => plyBounds(PLY_BOUND, opts.placement),
  turnNumber: (state) => (state.phase === 'arrange' ? 0 : state.ply + 1),
  setup: (opts, _seats, dice) => setupState(opts.placement, dice),
  toAct: toActOf,
  /**
   * Every legal move of the side to move, exactly. The arrangement phase is the one exception:
   * its 16! orders cannot be listed, so a seat still arranging gets one representative action,
   * keeping its dice in rolled order.
   */
  legalActions(state, seat) {
    // During play only the side to move acts (toActOf), with the shared move actions of its legal moves.
    if (state.phase === 'play') return state.turn === seat ? moveActions(state.board, seat) : [];
    if (!toActOf(state).includes(seat)) return [];
    if (state.phase === 'arrange') return [{ type: 'arrange', order: identityOrder() }];
    return [];
  },
  /** The same list from the seat's own view: the board and whose turn it is are public (C2 hides only arrangements). */
  legalFromView(view, seat) {
    const v = view as DiceChessView;
    if (!v.toAct.includes(seat)) return [];
    if (v.phase === 'arrange') return [{ type: 'arrange', order: identityOrder() }];
    const board: number[] = new Array(64).fill(0);
    for (const d of v.board) board[squareIndex(d.square)] = cellOf(d.owner, d.value);
    return moveActions(board, seat);
  },
  apply: (state, seat, act, dice) => applyAction(state, seat, act, dice),
  view: (state, seat): DiceChessView => viewOf(state, seat),
  seatView: (state, seat, publicView: DiceChessView) => seatViewOf(state, seat, publicView),
  wireView: { toWire: viewToWire, fromWire: viewFromWire },
  result: (state) => state.result,
  // C2's secret: another seat's confirmed arrangement, re-dealt as another order of the same dice.
  disguise: (state, viewer, dice) => ({
    ...state,
    pending: state.pending.map((p, s) =>
      p === null || s === viewer ? p : shuffled(p, dice),
    ) as DiceChessState['pending'],
  }),
  rollMeanings: diceChessRollMeanings,
  describe: describeEvent,
  describeResult,
};

function shuffled<T>(xs: readonly T[], dice: Dice): T[] {
  const out = xs.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** G1: one move per ply, at most `plies` plies (passes among them), and one secret arrangement per seat. */
function plyBounds(plies: number, placement: DiceChessOptions['placement']): GameBounds {
  const arrangements = placement === 'arrange' ? 2 : 0;
  return {
    actionsPerTurn: 1,
    actionsPerGame: plies + arrangements,
    why:
      `A turn is one ply, one move (passes are automatic). C7 ends the game within ${plies} plies: effective plays ` +
      "are bounded by captures and by each die's furthest rank, and six quiet plies in a row end it (state.ts); " +
      `${arrangements ? 'plus the two arrangements' : 'random placement takes no action'}.`,
  };
}

function withRules(
  version: DiceChessRules,
): GameModule<DiceChessState, DiceChessAction, DiceChessOptions, DiceChessView, DiceChessEvent> {
  if (version === DICE_CHESS_RULES) return diceChess;
  return {
    ...diceChess,
    rulesVersion: version,
    bounds: (opts) => plyBounds(PLY_BOUND_V1, opts.placement),
    setup: (opts, _seats, dice) => setupState(opts.placement, dice, version),
  };
}
