// Dice Chess as a seat or a spectator sees it (C2's secret arrangements stay out), and events in words.
import type { Result, Seat } from '../../core/game-module';
import { type HeldLine, type LineSource, noLines, pointedTo, pointTo } from '../../core/wire-lines';
import { seatName } from '../../core/names';
import { cellOf, formatBoard, homeSquares, sideTotals, squareIndex, squareName, type Board } from './board';
import { generateMoves } from './moves';
import {
  isEffective,
  isProgress,
  QUIET_LIMIT,
  rankOfProgress,
  toActOf,
  type DiceChessEvent,
  type DiceChessState,
  type LastMove,
  type Phase,
  type Placement,
} from './state';

export interface DieView {
  square: string;
  owner: Seat;
  value: number;
  /** The furthest board rank (1–8) this die has stood on (C7): moving beyond it is progress. */
  furthest: number;
}

export interface DiceChessView {
  phase: Phase;
  placement: Placement;
  toAct: Seat[];
  /** The side to move, during play. */
  turn: Seat | null;
  /** Who won the roll-off (C3). */
  first: Seat;
  /** Each seat's rolled values in rolled order: public (C2). */
  rolled: [number[], number[]];
  /** Which seats have confirmed their arrangement. */
  confirmed: [boolean, boolean];
  /**
   * The viewer's own confirmed arrangement while the other seat is still arranging (values in
   * home-square order), else null. Never another seat's.
   */
  arrangement: number[] | null;
  /** The order in which an arrangement fills a seat's home squares. */
  homeSquares: [string[], string[]];
  /** Every die on the board; empty during the arrangement phase. */
  board: DieView[];
  /** The board in board notation (board.ts). */
  notation: string;
  diceOnBoard: [number, number];
  boardTotals: [number, number];
  captured: [number[], number[]];
  capturedTotals: [number, number];
  /**
   * The side to move's legal moves that would be progress (C7: a capture, or a die onto new ground), as
   * "from-to"; public like the board, so spectators see the same.
   */
  progressMoves: string[];
  /** Turns (plies) since the last progress, and the count that ends the game. */
  quiet: number;
  quietLimit: number;
  ply: number;
  lastMove: LastMove | null;
  result: Result | null;
}

const sum = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0);

/** The side to move's progress moves (`progressMoves`) as "from-to", by a test of each legal move. */
function progressList(board: Board, turn: Seat, effective: (from: number, to: number) => boolean): string[] {
  return generateMoves(board, turn)
    .filter((m) => effective(m >> 6, m & 63))
    .map((m) => `${squareName(m >> 6)}-${squareName(m & 63)}`);
}

/**
 * A seat's view from the spectators' (viewOf(state, null)): only its own confirmed arrangement differs (C2), while
 * the other seat is still arranging; otherwise it is the spectators' view itself, so the room makes one document and
 * one diff for everyone (issue #18). The view does not say whose it is: a client knows its own seat.
 */
export function seatViewOf(state: DiceChessState, seat: Seat, publicView: DiceChessView): DiceChessView {
  const own = seat === 0 || seat === 1 ? state.pending[seat] : null;
  return state.phase === 'arrange' && own ? { ...publicView, arrangement: own.slice() } : publicView;
}

export function viewOf(state: DiceChessState, seat: Seat | null): DiceChessView {
  const publicView = spectatorsView(state);
  return seat === null ? publicView : seatViewOf(state, seat, publicView);
}

/** What everyone may see: no arrangement (C2 keeps each one secret until both are confirmed). */
function spectatorsView(state: DiceChessState): DiceChessView {
  const board: DieView[] = [];
  state.board.forEach((c, sq) => {
    if (c !== 0) {
      const owner: Seat = c > 0 ? 0 : 1;
      board.push({
        square: squareName(sq),
        owner,
        value: Math.abs(c),
        furthest: rankOfProgress(owner, state.reach[sq]!),
      });
    }
  });
  const a = sideTotals(state.board, 0);
  const b = sideTotals(state.board, 1);
  return {
    phase: state.phase,
    placement: state.placement,
    toAct: toActOf(state),
    turn: state.phase === 'play' ? state.turn : null,
    first: state.first,
    rolled: [state.rolled[0].slice(), state.rolled[1].slice()],
    confirmed: state.phase === 'arrange' ? [state.pending[0] !== null, state.pending[1] !== null] : [true, true],
    arrangement: null,
    homeSquares: [homeSquares(0).map(squareName), homeSquares(1).map(squareName)],
    board,
    notation: formatBoard(state.board),
    diceOnBoard: [a.dice, b.dice],
    boardTotals: [a.total, b.total],
    captured: [state.captured[0].slice(), state.captured[1].slice()],
    capturedTotals: [sum(state.captured[0]), sum(state.captured[1])],
    progressMoves:
      state.phase === 'play' ? progressList(state.board, state.turn, (f, t) => isEffective(state, f, t)) : [],
    quiet: state.quiet,
    quietLimit: QUIET_LIMIT,
    ply: state.ply,
    lastMove: state.lastMove ? { ...state.lastMove } : null,
    result: state.result ? { ...state.result, winners: state.result.winners.slice() } : null,
  };
}

/** The last move as a log line says it: its move or capture event, in LastMove's key order (state.ts `move`). */
function moveOf(line: HeldLine): LastMove | undefined {
  const e = line.events.find((ev) => ev.type === 'move' || ev.type === 'capture') as
    | Extract<DiceChessEvent, { type: 'move' | 'capture' }>
    | undefined;
  if (!e) return undefined;
  const capture = e.type === 'capture';
  return {
    seat: e.seat,
    from: e.from,
    to: e.to,
    value: e.value,
    captured: capture ? e.captured : null,
    reroll: capture ? e.reroll : null,
    notation: e.notation,
  };
}

/**
 * A view as it travels (GameModule.wireView): without what a client works out from the board and the captured
 * dice with these same rules (the board's text, the side totals, the home squares, the quiet limit) and, under
 * rules 2, without the progress moves (from each die's `furthest`). About 150 B less per move (bench/RESULTS.md):
 * the list of progress moves changes wholesale at every ply. Rules 1 counted progress per side against a mark the
 * view does not show, so there the list travels. The last move travels as the seq of the log line that holds it,
 * when that line is one every client has (`lines`) and says exactly the same (the line already carries the move).
 */
export function viewToWire(
  state: DiceChessState,
  view: DiceChessView,
  lines: readonly HeldLine[] = [],
): Partial<Omit<DiceChessView, 'lastMove'>> & { lastMove?: LastMove | null | number } {
  const {
    notation: _notation,
    diceOnBoard: _dice,
    boardTotals: _totals,
    capturedTotals: _captured,
    homeSquares: _homes,
    quietLimit: _limit,
    progressMoves,
    ...rest
  } = view;
  // Who is to act follows from the phase, the turn and the confirmations (toActOf); it travels only if it did not.
  const { toAct, ...others } = rest;
  const sameToAct = JSON.stringify(toAct) === JSON.stringify(toActFrom(rest));
  const wire = { ...(sameToAct ? others : rest), lastMove: pointTo(rest.lastMove, lines, moveOf) };
  return state.rules === 1 ? { ...wire, progressMoves } : wire;
}

/** Who is to act, from what the view shows: toActOf (state.ts) read off the view. */
function toActFrom(v: Pick<DiceChessView, 'phase' | 'turn' | 'confirmed'>): Seat[] {
  if (v.phase === 'arrange') return ([0, 1] as const).filter((s) => !v.confirmed[s]);
  if (v.phase === 'play' && v.turn !== null) return [v.turn];
  return [];
}

/** The view a wire form stands for: every field viewToWire left out, worked out again (fields present stay). */
export function viewFromWire(wire: unknown, lines: LineSource = noLines): DiceChessView {
  const w = wire as Partial<Omit<DiceChessView, 'lastMove'>> &
    Pick<DiceChessView, 'board' | 'captured' | 'phase' | 'turn'> & { lastMove?: LastMove | null | number };
  const board: number[] = new Array(64).fill(0);
  const reach: number[] = new Array(64).fill(0);
  for (const d of w.board) {
    const sq = squareIndex(d.square);
    board[sq] = cellOf(d.owner, d.value);
    // The inverse of rankOfProgress.
    reach[sq] = d.owner === 0 ? d.furthest - 1 : 8 - d.furthest;
  }
  const a = sideTotals(board, 0);
  const b = sideTotals(board, 1);
  // In the order viewOf writes them, so a view put back reads (and serialises) as the one the server made.
  return {
    phase: w.phase,
    placement: w.placement!,
    toAct: w.toAct ?? toActFrom(w as Pick<DiceChessView, 'phase' | 'turn' | 'confirmed'>),
    turn: w.turn,
    first: w.first!,
    rolled: w.rolled!,
    confirmed: w.confirmed!,
    arrangement: w.arrangement!,
    homeSquares: w.homeSquares ?? [homeSquares(0).map(squareName), homeSquares(1).map(squareName)],
    board: w.board,
    notation: w.notation ?? formatBoard(board),
    diceOnBoard: w.diceOnBoard ?? [a.dice, b.dice],
    boardTotals: w.boardTotals ?? [a.total, b.total],
    captured: w.captured,
    capturedTotals: w.capturedTotals ?? [sum(w.captured[0]), sum(w.captured[1])],
    progressMoves:
      w.progressMoves ??
      (w.phase === 'play' && w.turn !== null
        ? progressList(board, w.turn, (f, t) => isProgress(board, reach, f, t))
        : []),
    quiet: w.quiet!,
    quietLimit: w.quietLimit ?? QUIET_LIMIT,
    ply: w.ply!,
    lastMove: pointedTo(w.lastMove!, lines, moveOf),
    result: w.result!,
  };
}

/** One plain-English sentence per event, using the move notation. */
export function describeEvent(e: DiceChessEvent, names: string[]): string {
  const name = (s: Seat) => seatName(names, s);
  switch (e.type) {
    case 'rolled':
      return `${name(e.seat)} rolls sixteen dice: ${e.values.join(' ')}`;
    case 'roll-off': {
      const [x, y] = e.rolls;
      const head = `Roll-off for the first move: ${name(0)} ${x}, ${name(1)} ${y}`;
      return e.first === null ? `${head}; a tie, so both roll again` : `${head}; ${name(e.first)} moves first`;
    }
    case 'arranged':
      return `${name(e.seat)} has confirmed an arrangement`;
    case 'revealed':
      return e.placement === 'random'
        ? 'The dice are placed at random on the home ranks'
        : 'Both arrangements are revealed';
    case 'move': {
      const head = `${name(e.seat)} ${e.notation}: a ${e.value} moves ${e.diagonal ? 'diagonally ' : ''}${e.direction}`;
      // Rules 1 events carry no `reached`: their progress was counted per side.
      if (e.reached === undefined)
        return e.direction === 'forward' && !e.effective
          ? `${head}, not past its side's furthest advance, so no progress`
          : head;
      if (e.effective) return `${head} onto new ground: progress`;
      return e.direction === 'forward'
        ? `${head}, but this die has stood on rank ${e.reached} before: no progress`
        : head;
    }
    case 'capture':
      return `${name(e.seat)} ${e.notation}: captures a ${e.captured} with a ${e.value}, rerolls ${e.reroll}`;
    case 'pass':
      return `${name(e.seat)} has no legal move and passes`;
    case 'end': {
      const [t0, t1] = e.boardTotals;
      const [c0, c1] = e.capturedTotals;
      // A draw names no winner; its lines below never use w.
      const w = e.winners[0] ?? 0;
      if (e.reason === 'annihilation') return `${name(w)} wins: ${name(w === 0 ? 1 : 0)} has no dice left on the board`;
      const head = 'Six turns without progress';
      if (e.decidedBy === 'board') return `${head}: ${name(w)} wins on board totals, ${t0} to ${t1}`;
      if (e.decidedBy === 'captured')
        return `${head}: board totals tie at ${t0}, ${name(w)} wins on captured totals, ${c0} to ${c1}`;
      return `${head}: board totals tie at ${t0} and captured totals at ${c0}, so the game is a draw`;
    }
  }
}
