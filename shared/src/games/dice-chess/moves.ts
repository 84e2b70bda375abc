// Dice Chess move generation (C4, C5) and the move notation.
import type { Seat } from '../../core/game-module';
import { squareIndex, squareName, type Board } from './board';

// Neighbour tables, computed once: orthogonal steps, diagonal steps, and two-square orthogonal
// runs as [middle, destination] pairs.
const ORTH: number[][] = [];
const DIAG: number[][] = [];
const TWO: number[][] = [];
for (let sq = 0; sq < 64; sq++) {
  const r = sq >> 3;
  const f = sq & 7;
  const on = (rr: number, ff: number) => rr >= 0 && rr < 8 && ff >= 0 && ff < 8;
  const orth: number[] = [];
  const diag: number[] = [];
  const two: number[] = [];
  for (const [dr, df] of [[1, 0], [-1, 0], [0, -1], [0, 1]]) {
    if (on(r + dr, f + df)) orth.push((r + dr) * 8 + f + df);
    if (on(r + 2 * dr, f + 2 * df)) two.push((r + dr) * 8 + f + df, (r + 2 * dr) * 8 + f + 2 * df);
  }
  for (const [dr, df] of [[1, -1], [1, 1], [-1, -1], [-1, 1]]) {
    if (on(r + dr, f + df)) diag.push((r + dr) * 8 + f + df);
  }
  ORTH.push(orth);
  DIAG.push(diag);
  TWO.push(two);
}

/** Whether a die (cell c, non-zero) may end its move on a square holding t: empty, or an enemy it can take (C5). */
function mayEnter(c: number, t: number): boolean {
  if (t === 0) return true;
  // Same sign: own die, never (C4). Opposite sign: capture when the mover's value is equal or higher.
  return c > 0 ? t < 0 && -t <= c : t > 0 && t <= -c;
}

/** Writes `base + to` into `out` from index `n` for every legal destination of the die on `from` (which must hold a die); returns the new count. */
function writeTargets(board: Board, from: number, out: Int16Array, n: number, base: number): number {
  const c = board[from];
  const v = c > 0 ? c : -c;
  const orth = ORTH[from];
  for (let i = 0; i < orth.length; i++) if (mayEnter(c, board[orth[i]])) out[n++] = base + orth[i];
  if (v === 6) {
    const diag = DIAG[from];
    for (let i = 0; i < diag.length; i++) if (mayEnter(c, board[diag[i]])) out[n++] = base + diag[i];
  } else if (v === 1) {
    // C4: a 1 may go two squares straight; the square passed over must be empty.
    const two = TWO[from];
    for (let i = 0; i < two.length; i += 2) if (board[two[i]] === 0 && mayEnter(c, board[two[i + 1]])) out[n++] = base + two[i + 1];
  }
  return n;
}

// Scratch space for the generators (a die has at most 8 destinations, a side at most 16 dice): filled and read
// within one call, so the lists handed out are allocated once at their exact length.
const SCRATCH = new Int16Array(16 * 8);

/** Destinations of the die on `from`, in generation order: orthogonal, then diagonal (a 6), then two-square (a 1). */
export function targetsFrom(board: Board, from: number): number[] {
  if (board[from] === 0) return [];
  const n = writeTargets(board, from, SCRATCH, 0, 0);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = SCRATCH[i];
  return out;
}

/** Fills SCRATCH with a side's legal moves as from × 64 + to, by origin square in index order; returns how many. */
function writeMoves(board: Board, seat: Seat): number {
  let n = 0;
  const mine = seat === 0;
  for (let from = 0; from < 64; from++) {
    const c = board[from];
    if (c !== 0 && (c > 0) === mine) n = writeTargets(board, from, SCRATCH, n, from * 64);
  }
  return n;
}

/** Every legal move of a side as from × 64 + to, by origin square in index order (a1, b1, …, h8). */
export function generateMoves(board: Board, seat: Seat): number[] {
  const n = writeMoves(board, seat);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = SCRATCH[i];
  return out;
}

/** Every legal move of a side as its (shared, frozen) move action, in generateMoves' order. */
export function moveActions(board: Board, seat: Seat): { readonly type: 'move'; readonly from: string; readonly to: string }[] {
  const n = writeMoves(board, seat);
  const out = new Array<{ readonly type: 'move'; readonly from: string; readonly to: string }>(n);
  for (let i = 0; i < n; i++) out[i] = moveAction(SCRATCH[i]);
  return out;
}

/** Whether a side has any legal move (C6), without listing them. */
export function hasMove(board: Board, seat: Seat): boolean {
  for (let from = 0; from < 64; from++) {
    const c = board[from];
    if (c === 0 || (c > 0) !== (seat === 0)) continue;
    const orth = ORTH[from];
    for (let i = 0; i < orth.length; i++) if (mayEnter(c, board[orth[i]])) return true;
    if (c === 6 || c === -6) {
      const diag = DIAG[from];
      for (let i = 0; i < diag.length; i++) if (mayEnter(c, board[diag[i]])) return true;
    }
    // A 1 with every orthogonal neighbour blocked cannot pass over any of them, so no two-square move either.
  }
  return false;
}

/** Whether `from`→`to` is a legal move for `seat` on this board (targetsFrom's rules, without listing them). */
export function isLegalMove(board: Board, seat: Seat, from: number, to: number): boolean {
  const c = board[from];
  if (c === 0 || (c > 0) !== (seat === 0) || !mayEnter(c, board[to])) return false;
  const orth = ORTH[from];
  for (let i = 0; i < orth.length; i++) if (orth[i] === to) return true;
  if (c === 6 || c === -6) {
    const diag = DIAG[from];
    for (let i = 0; i < diag.length; i++) if (diag[i] === to) return true;
  } else if (c === 1 || c === -1) {
    const two = TWO[from];
    for (let i = 0; i < two.length; i += 2) if (two[i + 1] === to) return board[two[i]] === 0;
  }
  return false;
}

export interface MoveText {
  from: string;
  to: string;
  capture: boolean;
  /** The capturing die's new value, when known. */
  reroll?: number;
}

const MOVE_RE = /^([a-h][1-8])([-x])([a-h][1-8])(?:=([1-6]))?$/;

/**
 * Move notation: "b2-b3" for a move, "c4xc5" for a capture, "c4xc5=4" for a capture whose
 * capturing die was rerolled to 4 (C5).
 */
export function formatMove(m: MoveText): string {
  return `${m.from}${m.capture ? 'x' : '-'}${m.to}${m.capture && m.reroll !== undefined ? `=${m.reroll}` : ''}`;
}

/** Parses the move notation, or returns null. A reroll ("=n") only follows a capture. */
export function parseMove(text: string): MoveText | null {
  const m = MOVE_RE.exec(text);
  if (!m || squareIndex(m[1]) === squareIndex(m[3])) return null;
  const capture = m[2] === 'x';
  if (m[4] !== undefined && !capture) return null;
  return { from: m[1], to: m[3], capture, ...(m[4] !== undefined ? { reroll: Number(m[4]) } : {}) };
}

// The notation of each from-to pair, made once: "b2-b3" for a move, "c4xc5=" + reroll for a capture (formatMove's text).
const MOVE_NOTATION: (string | undefined)[] = new Array(64 * 64);
const CAPTURE_NOTATION: (string | undefined)[] = new Array(64 * 64 * 8);

/** formatMove's text for the encoded move, not a capture: "b2-b3". */
export function moveNotation(code: number): string {
  let t = MOVE_NOTATION[code];
  if (t === undefined) {
    t = formatMove({ from: squareName(code >> 6), to: squareName(code & 63), capture: false });
    MOVE_NOTATION[code] = t;
  }
  return t;
}

/** formatMove's text for the encoded capture whose capturing die was rerolled to `reroll` (1..6): "c4xc5=4". */
export function captureNotation(code: number, reroll: number): string {
  if (!Number.isInteger(reroll) || reroll < 1 || reroll > 6) return formatMove({ from: squareName(code >> 6), to: squareName(code & 63), capture: true, reroll });
  const k = code * 8 + reroll;
  let t = CAPTURE_NOTATION[k];
  if (t === undefined) {
    t = formatMove({ from: squareName(code >> 6), to: squareName(code & 63), capture: true, reroll });
    CAPTURE_NOTATION[k] = t;
  }
  return t;
}

export const encodeMove = (from: number, to: number): number => from * 64 + to;
export const moveText = (code: number): { from: string; to: string } => ({ from: squareName(code >> 6), to: squareName(code & 63) });

/**
 * The move action for an encoded move, made once per from-to pair and frozen (legal-action lists share them): the
 * objects and their square-name strings were most of legalActions' time (bench/RESULTS.md).
 */
const MOVE_ACTIONS: ({ readonly type: 'move'; readonly from: string; readonly to: string } | undefined)[] = new Array(64 * 64);
export function moveAction(code: number): { readonly type: 'move'; readonly from: string; readonly to: string } {
  let a = MOVE_ACTIONS[code];
  if (!a) {
    a = Object.freeze({ type: 'move' as const, from: squareName(code >> 6), to: squareName(code & 63) });
    MOVE_ACTIONS[code] = a;
  }
  return a;
}
