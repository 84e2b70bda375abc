// Dice Chess move generation (C4, C5) and the move notation.
import type { Seat } from '../../core/game-module';
import { squareIndex, squareName, type Board } from './board';

// Neighbour tables, computed once, flat: square `sq`'s orthogonal steps are ORTH[sq*4 …], its diagonal steps
// DIAG[sq*4 …], its two-square orthogonal runs TWO[sq*8 …] as (middle, destination) pairs; −1 ends a short list.
const ORTH = new Int8Array(64 * 4).fill(-1);
const DIAG = new Int8Array(64 * 4).fill(-1);
const TWO = new Int8Array(64 * 8).fill(-1);
for (let sq = 0; sq < 64; sq++) {
  const r = sq >> 3;
  const f = sq & 7;
  const on = (rr: number, ff: number) => rr >= 0 && rr < 8 && ff >= 0 && ff < 8;
  let o = sq * 4;
  let t = sq * 8;
  let d = sq * 4;
  for (const [dr, df] of [
    [1, 0],
    [-1, 0],
    [0, -1],
    [0, 1],
  ] as const) {
    if (on(r + dr, f + df)) ORTH[o++] = (r + dr) * 8 + f + df;
    if (on(r + 2 * dr, f + 2 * df)) {
      TWO[t++] = (r + dr) * 8 + f + df;
      TWO[t++] = (r + 2 * dr) * 8 + f + 2 * df;
    }
  }
  for (const [dr, df] of [
    [1, -1],
    [1, 1],
    [-1, -1],
    [-1, 1],
  ] as const) {
    if (on(r + dr, f + df)) DIAG[d++] = (r + dr) * 8 + f + df;
  }
}

// The generators work with the mover's cells made positive: `sign` is +1 for seat 0, −1 for seat 1, so
// `board[sq] * sign` is a value v > 0 for one's own die, −v < 0 for an enemy's, 0 for an empty square.
// A die showing `v` may end its move on a square holding (signed) `t` when it is empty, or an enemy it can
// take (C5: equal or lower value; never one's own die, C4): t <= 0 && -t <= v.

/**
 * Writes `base + to` into `out` from index `n` for every legal destination of the die on `from`, whose value
 * is `v` (> 0) and side `sign`; returns the new count. Order: orthogonal, then diagonal (a 6), then two-square (a 1).
 */
function writeTargets(
  board: Board,
  from: number,
  v: number,
  sign: number,
  out: Int16Array,
  n: number,
  base: number,
): number {
  for (let i = from * 4, end = i + 4; i < end; i++) {
    const to = ORTH[i]!;
    if (to < 0) break;
    const t = board[to]! * sign;
    if (t <= 0 && -t <= v) out[n++] = base + to;
  }
  if (v === 6) {
    for (let i = from * 4, end = i + 4; i < end; i++) {
      const to = DIAG[i]!;
      if (to < 0) break;
      const t = board[to]! * sign;
      if (t <= 0 && -t <= v) out[n++] = base + to;
    }
  } else if (v === 1) {
    // C4: a 1 may go two squares straight; the square passed over must be empty.
    for (let i = from * 8, end = i + 8; i < end; i += 2) {
      const mid = TWO[i]!;
      if (mid < 0) break;
      if (board[mid]! !== 0) continue;
      const to = TWO[i + 1]!;
      const t = board[to]! * sign;
      if (t <= 0 && -t <= v) out[n++] = base + to;
    }
  }
  return n;
}

// Scratch space for the generators (at most 8 destinations a die, 64 dice on a board made up for a test): filled
// and read within one call, so the lists handed out are allocated once, at their exact length.
const SCRATCH = new Int16Array(64 * 8);

/** Destinations of the die on `from`, in generation order: orthogonal, then diagonal (a 6), then two-square (a 1). */
export function targetsFrom(board: Board, from: number): number[] {
  const c = board[from]!;
  if (c === 0) return [];
  const n = c > 0 ? writeTargets(board, from, c, 1, SCRATCH, 0, 0) : writeTargets(board, from, -c, -1, SCRATCH, 0, 0);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = SCRATCH[i]!;
  return out;
}

/** Fills SCRATCH with a side's legal moves as from × 64 + to, by origin square in index order; returns how many. */
function writeMoves(board: Board, seat: Seat): number {
  let n = 0;
  const sign = seat === 0 ? 1 : -1;
  for (let from = 0; from < 64; from++) {
    const v = board[from]! * sign;
    if (v > 0) n = writeTargets(board, from, v, sign, SCRATCH, n, from * 64);
  }
  return n;
}

/** Every legal move of a side as from × 64 + to, by origin square in index order (a1, b1, …, h8). */
export function generateMoves(board: Board, seat: Seat): number[] {
  const n = writeMoves(board, seat);
  const out = new Array<number>(n);
  for (let i = 0; i < n; i++) out[i] = SCRATCH[i]!;
  return out;
}

/** Every legal move of a side as its (shared, frozen) move action, in generateMoves' order. */
export function moveActions(
  board: Board,
  seat: Seat,
): { readonly type: 'move'; readonly from: string; readonly to: string }[] {
  const n = writeMoves(board, seat);
  const out = new Array<{ readonly type: 'move'; readonly from: string; readonly to: string }>(n);
  for (let i = 0; i < n; i++) out[i] = moveAction(SCRATCH[i]!);
  return out;
}

/** Whether a side has any legal move (C6), without listing them. */
export function hasMove(board: Board, seat: Seat): boolean {
  const sign = seat === 0 ? 1 : -1;
  for (let from = 0; from < 64; from++) {
    const v = board[from]! * sign;
    if (v <= 0) continue;
    for (let i = from * 4, end = i + 4; i < end; i++) {
      const to = ORTH[i]!;
      if (to < 0) break;
      const t = board[to]! * sign;
      if (t <= 0 && -t <= v) return true;
    }
    if (v === 6) {
      for (let i = from * 4, end = i + 4; i < end; i++) {
        const to = DIAG[i]!;
        if (to < 0) break;
        const t = board[to]! * sign;
        if (t <= 0 && -t <= v) return true;
      }
    }
    // A 1 with every orthogonal neighbour blocked cannot pass over any of them, so no two-square move either.
  }
  return false;
}

/** Whether `from`→`to` is a legal move for `seat` on this board (targetsFrom's rules, without listing them). */
export function isLegalMove(board: Board, seat: Seat, from: number, to: number): boolean {
  const sign = seat === 0 ? 1 : -1;
  const v = board[from]! * sign;
  const t = board[to]! * sign;
  if (v <= 0 || !(t <= 0 && -t <= v)) return false;
  for (let i = from * 4, end = i + 4; i < end; i++) if (ORTH[i] === to) return true;
  if (v === 6) {
    for (let i = from * 4, end = i + 4; i < end; i++) if (DIAG[i] === to) return true;
  } else if (v === 1) {
    for (let i = from * 8, end = i + 8; i < end; i += 2) if (TWO[i + 1] === to) return board[TWO[i]!] === 0;
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
  if (!m) return null;
  // Groups 1-3 are not optional: a match has them.
  const [from, sep, to, reroll] = [m[1]!, m[2]!, m[3]!, m[4]];
  if (squareIndex(from) === squareIndex(to)) return null;
  const capture = sep === 'x';
  if (reroll !== undefined && !capture) return null;
  return { from, to, capture, ...(reroll !== undefined ? { reroll: Number(reroll) } : {}) };
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
  if (!Number.isInteger(reroll) || reroll < 1 || reroll > 6)
    return formatMove({ from: squareName(code >> 6), to: squareName(code & 63), capture: true, reroll });
  const k = code * 8 + reroll;
  let t = CAPTURE_NOTATION[k];
  if (t === undefined) {
    t = formatMove({ from: squareName(code >> 6), to: squareName(code & 63), capture: true, reroll });
    CAPTURE_NOTATION[k] = t;
  }
  return t;
}

export const encodeMove = (from: number, to: number): number => from * 64 + to;
export const moveText = (code: number): { from: string; to: string } => ({
  from: squareName(code >> 6),
  to: squareName(code & 63),
});

/**
 * The move action for an encoded move, made once per from-to pair and frozen (legal-action lists share them): the
 * objects and their square-name strings were most of legalActions' time (bench/RESULTS.md).
 */
const MOVE_ACTIONS: ({ readonly type: 'move'; readonly from: string; readonly to: string } | undefined)[] = new Array(
  64 * 64,
);
export function moveAction(code: number): { readonly type: 'move'; readonly from: string; readonly to: string } {
  let a = MOVE_ACTIONS[code];
  if (!a) {
    a = Object.freeze({ type: 'move' as const, from: squareName(code >> 6), to: squareName(code & 63) });
    MOVE_ACTIONS[code] = a;
  }
  return a;
}
