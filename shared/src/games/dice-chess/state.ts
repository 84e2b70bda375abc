// Dice Chess state and its transitions: setup (C2, C3), arrangement, moves and captures (C4, C5),
// automatic passes (C6) and the ending (C7).
import type { Dice } from '../../core/dice';
import { rollOff } from '../../core/roll-off';
import { refuse, type Refusal, type Result, type Seat, type Step } from '../../core/game-module';
import {
  advancementOf,
  cellOf,
  ownerOf,
  DICE_PER_SIDE,
  emptyBoard,
  formatBoard,
  homeSquares,
  parseBoard,
  progressOf,
  sideTotals,
  squareIndex,
  squareName,
  type Board,
} from './board';
import { captureNotation, hasMove, isLegalMove, moveNotation, targetsFrom } from './moves';

export type Placement = 'arrange' | 'random';
export type Phase = 'arrange' | 'play' | 'over';

/**
 * Rules versions (GameModule.rulesVersion). They differ only in C7's "effective play":
 * - 1, the first reading: a forward move is effective when it lifts its side's total advancement above
 *   the side's high-water mark since the last capture (`marks`). Kept so that games played under it
 *   still replay and verify.
 * - 2, C7 as amended on 2026-11-23: a forward move is effective when it takes the moving die onto a
 *   rank further forward than that same die has ever stood on (`reach`).
 * The version lives in the state (set at setup), so one `applyAction` plays both.
 */
export type DiceChessRules = 1 | 2;
export const DICE_CHESS_RULES: DiceChessRules = 2;

/** Turns (plies) in a row without an effective play that end the game (C7: three turns of each player). */
export const QUIET_LIMIT = 6;

/** The most advancement 16 dice can have: eight on the far rank (7 each) and eight on the next (6 each). */
export const MAX_ADVANCEMENT = 8 * 7 + 8 * 6;

/** At most 31 captures: the game ends when a side has none of its 16 dice left, so the other lost at most 15. */
export const MAX_CAPTURES = 2 * DICE_PER_SIDE - 1;

/**
 * The bound on a game's plies (moves and passes) under C7 as amended (rules 2).
 * 1. A die's reach (furthest progress, 0..7) starts where it was placed (0 on the back rank, 1 on the
 *    front rank), never falls, and every effective forward move raises the moving die's reach by at
 *    least 1; a capture may raise the capturer's reach too, which only uses up budget. Dice are never
 *    added. So each side makes at most 8 × 7 + 8 × 6 = 104 effective forward moves in a whole game,
 *    and effective plays E ≤ MAX_CAPTURES + 2 × 104 = 31 + 208 = 239.
 * 2. A run of ineffective plies is at most 5 long before an effective play (a sixth ends the game)
 *    and at most 6 at the end, so plies ≤ E + 5E + 6 = 6E + 6 = 1440.
 */
export const MAX_EFFECTIVE = MAX_CAPTURES + 2 * MAX_ADVANCEMENT;
export const PLY_BOUND = QUIET_LIMIT * MAX_EFFECTIVE + QUIET_LIMIT;

/**
 * The bound under rules 1, kept for the record: between two captures (32 stretches at most) a side's
 * high-water mark only rises, from ≥ 0 to ≤ 104, so E ≤ 31 + 2 × 32 × 104 = 6687 and plies ≤ 6E + 6 = 40128.
 */
export const MAX_EFFECTIVE_V1 = MAX_CAPTURES + 2 * (MAX_CAPTURES + 1) * MAX_ADVANCEMENT;
export const PLY_BOUND_V1 = QUIET_LIMIT * MAX_EFFECTIVE_V1 + QUIET_LIMIT;

export interface LastMove {
  seat: Seat;
  from: string;
  to: string;
  /** The value of the die that moved, before any reroll. */
  value: number;
  captured: number | null;
  reroll: number | null;
  notation: string;
}

export interface DiceChessState {
  /** The C7 reading this game is played under (see DiceChessRules). */
  rules: DiceChessRules;
  placement: Placement;
  phase: Phase;
  /** Each seat's 16 d6 in the order the server rolled them. Public. */
  rolled: [number[], number[]];
  /**
   * SECRET until both have confirmed: a confirmed arrangement as values in home-square order
   * (see homeSquares). Null until the seat confirms. Never copied into another seat's view.
   */
  pending: [number[] | null, number[] | null];
  /** 64 cells, see board.ts. Empty during the arrangement phase. */
  board: number[];
  /** Who won the roll-off and moves first (C3). */
  first: Seat;
  /** The side to move during play. */
  turn: Seat;
  /** captured[s]: values of the enemy dice seat s has captured, in order (C5). */
  captured: [number[], number[]];
  /** Plies (moves and passes) since the last effective play (C7). */
  quiet: number;
  /**
   * Rules 1 only: each side's high-water mark of advancement since the last capture. A forward move
   * is an effective play only when it lifts its side's advancement above this mark.
   */
  marks: [number, number];
  /**
   * Rules 2 (C7 amended): for each square holding a die, the furthest progress (0..7, ranks ahead of
   * its owner's back rank) that die has ever stood on; 0 on empty squares. It travels with the die.
   */
  reach: number[];
  /** Plies played since play began, passes included. */
  ply: number;
  effective: number;
  lastMove: LastMove | null;
  result: Result | null;
}

/** The end of a game (C6 annihilation, C7 no progress): who won, how, and the totals that decided it. */
export type DiceChessEnd = {
  reason: 'annihilation' | 'no-effective-play';
  winners: Seat[];
  draw: boolean;
  decidedBy: 'board' | 'captured' | 'draw' | null;
  boardTotals: [number, number];
  capturedTotals: [number, number];
};

/** What a Dice Chess log records. Rules 1 `move` events carry no `reached` (progress was counted per side). */
export type DiceChessEvent =
  | { type: 'rolled'; seat: Seat; values: number[] }
  | { type: 'roll-off'; round: number; rolls: number[]; first: Seat | null }
  | { type: 'arranged'; seat: Seat }
  | { type: 'revealed'; placement: 'arranged' | 'random'; homes: number[][]; board: string }
  | {
      type: 'move';
      seat: Seat;
      from: string;
      to: string;
      value: number;
      direction: 'forward' | 'back' | 'sideways';
      diagonal: boolean;
      effective: boolean;
      reached?: number;
      notation: string;
    }
  | {
      type: 'capture';
      seat: Seat;
      from: string;
      to: string;
      value: number;
      captured: number;
      reroll: number;
      notation: string;
    }
  | { type: 'pass'; seat: Seat }
  | ({ type: 'end' } & DiceChessEnd);

export type Arrangement = { type: 'arrange'; order: number[] };
export type Move = { type: 'move'; from: string; to: string };

const other = (s: Seat): Seat => (s === 0 ? 1 : 0);

/**
 * A new top-level copy of a state, field by field in the interface's order, for a transition to change on its
 * own copy (the arrays inside are shared, never written). `{ ...state, x }` did the same at ~0.8 µs a copy in V8,
 * most of a ply's time (bench/dice-chess.results.md).
 */
function copyState(s: DiceChessState): DiceChessState {
  return {
    rules: s.rules,
    placement: s.placement,
    phase: s.phase,
    rolled: s.rolled,
    pending: s.pending,
    board: s.board,
    first: s.first,
    turn: s.turn,
    captured: s.captured,
    quiet: s.quiet,
    marks: s.marks,
    reach: s.reach,
    ply: s.ply,
    effective: s.effective,
    lastMove: s.lastMove,
    result: s.result,
  };
}
/** The board rank (1..8) that lies `progress` ranks ahead of the seat's back rank. */
export const rankOfProgress = (seat: Seat, progress: number): number => (seat === 0 ? progress + 1 : 8 - progress);

/** Every die's reach where it stands now: for dice just placed, where their C7 count starts. */
export const reachOf = (board: Board): number[] => board.map((c, sq) => (c === 0 ? 0 : progressOf(ownerOf(c), sq)));

/**
 * Whether moving the die on `from` to `to` would be an effective play (C7), for a legal move.
 * Rules 2: a capture, or a step onto a rank beyond the die's own reach. Rules 1: a capture, or a
 * forward step that lifts the side's advancement above its high-water mark.
 */
export function isEffective(state: DiceChessState, from: number, to: number): boolean {
  if (state.rules !== 1) return isProgress(state.board, state.reach, from, to);
  if (state.board[to] !== 0) return true;
  const seat = ownerOf(state.board[from]!);
  const gain = progressOf(seat, to) - progressOf(seat, from);
  return advancementOf(state.board, seat) + gain > state.marks[seat]!;
}

/** Rules 2's effective play from the board and each die's reach alone: a capture, or a step beyond the die's reach. */
export function isProgress(board: Board, reach: readonly number[], from: number, to: number): boolean {
  if (board[to] !== 0) return true;
  return progressOf(ownerOf(board[from]!), to) > reach[from]!;
}
const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);
export const identityOrder = (): number[] => Array.from({ length: DICE_PER_SIDE }, (_, i) => i);

/** Places each seat's values (home-square order) on an empty board. */
function placeHomes(homes: readonly (readonly number[])[]): number[] {
  const board = emptyBoard();
  for (const seat of [0, 1] as const) {
    homeSquares(seat).forEach((sq, k) => {
      board[sq] = cellOf(seat, homes[seat]![k]!);
    });
  }
  return board;
}

/** Fisher–Yates with the game's dice: a uniform shuffle that replays from the log. */
function shuffle(values: readonly number[], dice: Dice): number[] {
  const out = values.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/**
 * Setup. Rolls are taken in this order: seat 0's 16 d6, seat 1's 16 d6 (C2); the roll-off (C3):
 * seat 0 then seat 1 roll a d6, the higher moves first, a tie rolls again; with random placement,
 * a Fisher–Yates shuffle of seat 0's dice, then of seat 1's (15 rolls each, d16 down to d2).
 * The roll-off is held before the arrangement, so both players arrange knowing who starts.
 */
export function setupState(
  placement: Placement,
  dice: Dice,
  rules: DiceChessRules = DICE_CHESS_RULES,
): Step<DiceChessState, DiceChessEvent> {
  const events: DiceChessEvent[] = [];
  const rolled: [number[], number[]] = [[], []];
  for (const seat of [0, 1] as const) {
    for (let i = 0; i < DICE_PER_SIDE; i++) rolled[seat].push(dice.roll(6));
    events.push({ type: 'rolled', seat, values: rolled[seat].slice() });
  }
  const first = rollOff(dice, events);
  const state: DiceChessState = {
    rules,
    placement,
    phase: 'arrange',
    rolled,
    pending: [null, null],
    board: emptyBoard(),
    first,
    turn: first,
    captured: [[], []],
    quiet: 0,
    marks: [0, 0],
    reach: emptyBoard(),
    ply: 0,
    effective: 0,
    lastMove: null,
    result: null,
  };
  if (placement === 'arrange') return { ok: true, state, events };
  const homes = [shuffle(rolled[0], dice), shuffle(rolled[1], dice)];
  return { ok: true, state: startPlay(state, homes, 'random', events), events };
}

/** Puts both home arrangements on the board, reveals them in one event, and opens play. */
function startPlay(
  state: DiceChessState,
  homes: number[][],
  placement: 'arranged' | 'random',
  events: DiceChessEvent[],
): DiceChessState {
  const board = placeHomes(homes);
  events.push({
    type: 'revealed',
    placement,
    homes: [homes[0]!.slice(), homes[1]!.slice()],
    board: formatBoard(board),
  });
  const next = copyState(state);
  next.phase = 'play';
  next.board = board;
  next.pending = [null, null];
  next.marks = [advancementOf(board, 0), advancementOf(board, 1)];
  next.reach = reachOf(board);
  return settle(next, events);
}

/** Whose input is awaited: every seat still arranging, the side to move, or nobody once over. */
export function toActOf(state: DiceChessState): Seat[] {
  if (state.phase === 'arrange') return ([0, 1] as const).filter((s) => state.pending[s] === null);
  if (state.phase === 'play') return [state.turn];
  return [];
}

/**
 * After a ply: ends the game on annihilation or on the quiet limit; otherwise passes for the side
 * to move while it has no legal move (C6). The pass is automatic, so `toAct` always names a seat
 * that can move; a pass is a ply without an effective play and counts toward the quiet limit,
 * which also ends a position where neither side can move. `bothOnBoard`: the caller knows both sides
 * still have dice (a move that captured nothing, from a position that was in play).
 */
function settle(state: DiceChessState, events: DiceChessEvent[], bothOnBoardKnown = false): DiceChessState {
  let s = state;
  let known = bothOnBoardKnown;
  for (;;) {
    if (s.quiet >= QUIET_LIMIT || !(known || bothOnBoard(s.board))) {
      const end = endOf(s);
      if (end) {
        events.push({ type: 'end', ...end.event });
        const over = copyState(s);
        over.phase = 'over';
        over.result = end.result;
        return over;
      }
    }
    // A pass changes no die.
    known = true;
    if (hasMove(s.board, s.turn)) return s;
    events.push({ type: 'pass', seat: s.turn });
    const passed = copyState(s);
    passed.quiet = s.quiet + 1;
    passed.ply = s.ply + 1;
    passed.turn = other(s.turn);
    s = passed;
  }
}

/** Whether both sides still have a die on the board. */
function bothOnBoard(board: Board): boolean {
  let seen = 0;
  for (let sq = 0; sq < 64 && seen !== 3; sq++) {
    const c = board[sq]!;
    if (c > 0) seen |= 1;
    else if (c < 0) seen |= 2;
  }
  return seen === 3;
}

/** Rules 2 wording: the page's words ("turns", "progress"), seat-neutral; names come in resultText. */
function quietSummary(decidedBy: string, board: number[], captured: number[]): string {
  const head = 'Six turns without progress';
  if (decidedBy === 'board') return `${head}; more on the board, ${board[0]} to ${board[1]}.`;
  if (decidedBy === 'captured')
    return `${head}; the board is level at ${board[0]}, more captured, ${captured[0]} to ${captured[1]}.`;
  return `${head}; level on the board (${board[0]}) and in captures (${captured[0]}): a draw.`;
}

function endOf(state: DiceChessState): { result: Result; event: DiceChessEnd } | null {
  if (state.quiet < QUIET_LIMIT && bothOnBoard(state.board)) return null;
  const a = sideTotals(state.board, 0);
  const b = sideTotals(state.board, 1);
  const boardTotals: [number, number] = [a.total, b.total];
  const capturedTotals: [number, number] = [sum(state.captured[0]), sum(state.captured[1])];
  const base = { boardTotals, capturedTotals };
  if (a.dice === 0 || b.dice === 0) {
    const winner: Seat = a.dice === 0 ? 1 : 0;
    return {
      result: {
        winners: [winner],
        draw: false,
        reason: 'annihilation',
        // Rules 1 logs recorded this summary; a verified replay must give it back word for word.
        summary:
          state.rules === 1
            ? `Seat ${winner + 1} wins: seat ${other(winner) + 1} has no dice left on the board.`
            : 'The other side has no dice left on the board.',
      },
      event: { reason: 'annihilation', winners: [winner], draw: false, decidedBy: null, ...base },
    };
  }
  if (state.quiet < QUIET_LIMIT) return null;
  // C7 tie-breaks: board totals, then captured totals, then a draw.
  const by = ([a, b]: readonly [number, number]): Seat | null => (a > b ? 0 : b > a ? 1 : null);
  const onBoard = by(boardTotals);
  const onCaptured = onBoard === null ? by(capturedTotals) : null;
  const winner = onBoard ?? onCaptured;
  const decidedBy = onBoard !== null ? 'board' : onCaptured !== null ? 'captured' : ('draw' as const);
  const totals = `board totals ${boardTotals[0]} to ${boardTotals[1]}`;
  const summary =
    state.rules !== 1
      ? quietSummary(decidedBy, boardTotals, capturedTotals)
      : decidedBy === 'board'
        ? `No effective play for six plies; ${totals}.`
        : decidedBy === 'captured'
          ? `No effective play for six plies; ${totals}, captured totals ${capturedTotals[0]} to ${capturedTotals[1]}.`
          : `No effective play for six plies; ${totals} and captured totals ${capturedTotals[0]} to ${capturedTotals[1]}: a draw.`;
  const winners = winner === null ? [] : [winner];
  return {
    result: { winners, draw: winner === null, reason: 'no-effective-play', summary },
    event: { reason: 'no-effective-play', winners, draw: winner === null, decidedBy, ...base },
  };
}

const isPermutation = (order: readonly number[]): boolean =>
  order.length === DICE_PER_SIDE &&
  new Set(order).size === DICE_PER_SIDE &&
  order.every((i) => Number.isInteger(i) && i >= 0 && i < DICE_PER_SIDE);

export function applyAction(
  state: DiceChessState,
  seat: Seat,
  action: Arrangement | Move,
  dice: Dice,
): Step<DiceChessState, DiceChessEvent> | Refusal {
  if (state.phase === 'over') return refuse('game-over', 'The game is over.');
  if (seat !== 0 && seat !== 1) return refuse('not-your-turn', 'Only the two seated players act in Dice Chess.');
  if (action.type === 'arrange') return arrange(state, seat, action);
  return move(state, seat, action, dice);
}

function arrange(
  state: DiceChessState,
  seat: Seat,
  action: Arrangement,
): Step<DiceChessState, DiceChessEvent> | Refusal {
  if (state.phase !== 'arrange') return refuse('wrong-phase', 'The dice are already on the board.');
  if (state.pending[seat] !== null) return refuse('not-your-turn', 'You have already confirmed your arrangement.');
  if (!isPermutation(action.order)) {
    return refuse('bad-arrangement', 'An arrangement places each of your 16 rolled dice on exactly one home square.');
  }
  const rolled = state.rolled[seat]!;
  const values = action.order.map((i) => rolled[i]!);
  const pending: [number[] | null, number[] | null] =
    seat === 0 ? [values, state.pending[1]] : [state.pending[0], values];
  // The event says only that the seat confirmed: the arrangement stays secret until both have.
  const events: DiceChessEvent[] = [{ type: 'arranged', seat }];
  const next = copyState(state);
  next.pending = pending;
  if (pending[0] === null || pending[1] === null) return { ok: true, state: next, events };
  return { ok: true, state: startPlay(next, [pending[0], pending[1]], 'arranged', events), events };
}

/** Why a move that parses is illegal, in a sentence. */
function whyIllegal(board: Board, seat: Seat, from: number, to: number): string {
  const c = board[from]!;
  if (c === 0 || c > 0 !== (seat === 0)) return `There is no die of yours on ${squareName(from)}.`;
  const t = board[to]!;
  const v = Math.abs(c);
  if (t !== 0 && t > 0 === c > 0) return `${squareName(to)} holds one of your own dice.`;
  const reachable = targetsFrom(
    board.map((x, i) => (i === to ? 0 : x)),
    from,
  ).includes(to);
  if (reachable && t !== 0) return `A ${v} cannot capture a ${Math.abs(t)}: a capture needs an equal or higher value.`;
  return `A ${v} on ${squareName(from)} cannot reach ${squareName(to)}.`;
}

function move(
  state: DiceChessState,
  seat: Seat,
  action: Move,
  dice: Dice,
): Step<DiceChessState, DiceChessEvent> | Refusal {
  if (state.phase !== 'play') return refuse('wrong-phase', 'Play starts once both arrangements are confirmed.');
  if (seat !== state.turn) return refuse('not-your-turn', 'It is not your turn.');
  const from = squareIndex(action.from);
  const to = squareIndex(action.to);
  if (from < 0 || to < 0) return refuse('illegal-move', 'Squares are named a1 to h8.');
  if (!isLegalMove(state.board, seat, from, to)) return refuse('illegal-move', whyIllegal(state.board, seat, from, to));

  // The new state: a top-level copy with its own board and reach (the old state's are left as they were).
  const next = copyState(state);
  const board = state.board.slice();
  const cell = board[from]!;
  const value = cell > 0 ? cell : -cell;
  const target = board[to]!;
  board[from] = 0;
  const effective = isEffective(state, from, to);
  // The die carries its reach to its new square (C7 amended); a capture removes the taken die's.
  const reach = state.reach.slice();
  const furthest = reach[from]!;
  reach[to] = Math.max(furthest, progressOf(seat, to));
  reach[from] = 0;
  const code = from * 64 + to;
  let event: DiceChessEvent;
  if (target !== 0) {
    // C5: the captured die is kept with its value; the capturer is rerolled on the taken square.
    const reroll = dice.roll(6);
    board[to] = cellOf(seat, reroll);
    const taken = target > 0 ? target : -target;
    const captured = state.captured;
    next.captured = seat === 0 ? [[...captured[0], taken], captured[1]] : [captured[0], [...captured[1], taken]];
    // Rules 1: a capture re-bases both high-water marks, advancement is measured afresh from here.
    next.marks = [advancementOf(board, 0), advancementOf(board, 1)];
    const notation = captureNotation(code, reroll);
    next.lastMove = { seat, from: action.from, to: action.to, value, captured: taken, reroll, notation };
    event = { type: 'capture', seat, from: action.from, to: action.to, value, captured: taken, reroll, notation };
  } else {
    board[to] = cell;
    const dr = progressOf(seat, to) - progressOf(seat, from);
    const direction = dr > 0 ? 'forward' : dr < 0 ? 'back' : 'sideways';
    const diagonal = dr !== 0 && (from & 7) !== (to & 7);
    const advancement = advancementOf(board, seat);
    // Either reading makes moving a die back and forth never reset the counter (which would let a
    // game run forever); rules 1 measured it per side, rules 2 per die.
    const marks = state.marks;
    if (advancement > marks[seat]!) next.marks = seat === 0 ? [advancement, marks[1]] : [marks[0], advancement];
    const notation = moveNotation(code);
    next.lastMove = { seat, from: action.from, to: action.to, value, captured: null, reroll: null, notation };
    // Rules 2 events also say the rank the die had reached, so the log can tell why a move counts;
    // rules 1 events stay as they were logged (no `reached` key at all).
    event =
      state.rules === 1
        ? { type: 'move', seat, from: action.from, to: action.to, value, direction, diagonal, effective, notation }
        : {
            type: 'move',
            seat,
            from: action.from,
            to: action.to,
            value,
            direction,
            diagonal,
            effective,
            reached: rankOfProgress(seat, furthest),
            notation,
          };
  }
  next.board = board;
  next.reach = reach;
  next.quiet = effective ? 0 : state.quiet + 1;
  next.ply = state.ply + 1;
  next.effective = state.effective + (effective ? 1 : 0);
  next.turn = other(seat);
  const events: DiceChessEvent[] = [event];
  // A move that captured nothing leaves both sides their dice (the position was in play, so both had some).
  return { ok: true, state: settle(next, events, target === 0), events };
}

/**
 * A play-phase state from a board notation, for tests, puzzles and the client's rules page:
 * `turn` moves next, marks start at the current advancement, nothing captured yet unless given.
 * Runs the same automatic passes and endings as a real ply would (their events are dropped).
 */
export function positionState(
  notation: Board | string,
  turn: Seat,
  extra: Partial<Pick<DiceChessState, 'captured' | 'quiet' | 'marks' | 'reach' | 'placement' | 'rules'>> = {},
): DiceChessState {
  const board = typeof notation === 'string' ? parseBoard(notation) : notation.slice();
  const state: DiceChessState = {
    rules: extra.rules ?? DICE_CHESS_RULES,
    placement: extra.placement ?? 'arrange',
    phase: 'play',
    rolled: [[], []],
    pending: [null, null],
    board,
    first: turn,
    turn,
    captured: extra.captured ?? [[], []],
    quiet: extra.quiet ?? 0,
    marks: extra.marks ?? [advancementOf(board, 0), advancementOf(board, 1)],
    reach: extra.reach ?? reachOf(board),
    ply: 0,
    effective: 0,
    lastMove: null,
    result: null,
  };
  return settle(state, []);
}
