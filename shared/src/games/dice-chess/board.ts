// Dice Chess board: squares, the compact cell encoding, home squares, totals, and the board notation.
import type { Seat } from '../../core/game-module';

/**
 * A board is 64 cells, index = (rank − 1) × 8 + file (a1 = 0, h1 = 7, a2 = 8, …, h8 = 63).
 * A cell is 0 when empty, +v for a die of seat 0 showing v, −v for a die of seat 1 showing v.
 * Kept as plain numbers so the state stays small, JSON-clean and cheap to copy.
 */
export type Board = readonly number[];

export const FILES = 'abcdefgh';
export const SQUARE_RE = /^[a-h][1-8]$/;
export const DICE_PER_SIDE = 16;

export const cellOf = (seat: Seat, value: number): number => (seat === 0 ? value : -value);
export const ownerOf = (cell: number): Seat => (cell > 0 ? 0 : 1);
export const rankOf = (sq: number): number => sq >> 3;
export const fileOf = (sq: number): number => sq & 7;

const SQUARE_NAMES: readonly string[] = Array.from({ length: 64 }, (_, sq) => FILES[sq & 7] + String((sq >> 3) + 1));

export function squareName(sq: number): string {
  return SQUARE_NAMES[sq]!;
}

/** The index of a square name, or −1 when it is not one. */
export function squareIndex(name: string): number {
  if (typeof name !== 'string' || name.length !== 2) return -1;
  const f = name.charCodeAt(0) - 97;
  const r = name.charCodeAt(1) - 49;
  return f >= 0 && f < 8 && r >= 0 && r < 8 ? r * 8 + f : -1;
}

/**
 * The 16 home squares of a seat in the fixed order an arrangement fills them (C1):
 * first the back rank from file a to h, then the front rank from a to h.
 * Seat 0: a1…h1, a2…h2. Seat 1: a8…h8, a7…h7.
 */
export function homeSquares(seat: Seat): number[] {
  const back = seat === 0 ? 0 : 7;
  const front = seat === 0 ? 1 : 6;
  const out: number[] = [];
  for (let f = 0; f < 8; f++) out.push(back * 8 + f);
  for (let f = 0; f < 8; f++) out.push(front * 8 + f);
  return out;
}

/** How many ranks a square lies ahead of the seat's back rank (0..7). */
export const progressOf = (seat: Seat, sq: number): number => (seat === 0 ? sq >> 3 : 7 - (sq >> 3));

export interface SideTotals {
  dice: number;
  /** Sum of the values showing. */
  total: number;
  /** Sum over the side's dice of their progress: how far the side has come (C7 reading). */
  advancement: number;
}

export function sideTotals(board: Board, seat: Seat): SideTotals {
  let dice = 0;
  let total = 0;
  let advancement = 0;
  for (let sq = 0; sq < 64; sq++) {
    const c = board[sq]!;
    if (c === 0 || c > 0 !== (seat === 0)) continue;
    dice++;
    total += c > 0 ? c : -c;
    advancement += progressOf(seat, sq);
  }
  return { dice, total, advancement };
}

export function advancementOf(board: Board, seat: Seat): number {
  // Counted rank by rank without a branch a square (every ply computes it; bench/dice-chess.results.md).
  let a = 0;
  const sign = seat === 0 ? 1 : -1;
  for (let r = 0; r < 8; r++) {
    let n = 0;
    for (let sq = r * 8, end = sq + 8; sq < end; sq++) n += board[sq]! * sign > 0 ? 1 : 0;
    a += n * (seat === 0 ? r : 7 - r);
  }
  return a;
}

export function emptyBoard(): number[] {
  return new Array<number>(64).fill(0);
}

/**
 * Board notation, FEN-like: the ranks from 8 down to 1, separated by '/', each exactly eight
 * characters from file a to h. A die of seat 0 (the first seat, "white", home ranks 1–2) is its
 * value as a digit '1'–'6'; a die of seat 1 ("black", home ranks 7–8) is a letter 'a'–'f'
 * standing for 1–6 (a=1, b=2, … f=6); an empty square is '.'. Digits always mean dice, so empty
 * runs are not counted as in chess FEN: every rank reads like the row of the board it is.
 * Example, seat 0's 3 on d4 facing seat 1's 5 on d5, nothing else:
 *   "......../......../......../...e..../...3..../......../......../........"
 */
export function formatBoard(board: Board): string {
  const ranks: string[] = [];
  for (let r = 7; r >= 0; r--) {
    let s = '';
    for (let f = 0; f < 8; f++) {
      const c = board[r * 8 + f]!;
      s += c === 0 ? '.' : c > 0 ? String(c) : String.fromCharCode(96 - c);
    }
    ranks.push(s);
  }
  return ranks.join('/');
}

/** Parses the board notation; throws a RangeError naming the first problem. */
export function parseBoard(text: string): number[] {
  const ranks = text.split('/');
  if (ranks.length !== 8) throw new RangeError(`a board has 8 ranks separated by '/', not ${ranks.length}`);
  const board = emptyBoard();
  ranks.forEach((row, i) => {
    const r = 7 - i;
    if (row.length !== 8) throw new RangeError(`rank ${r + 1} has ${row.length} squares, not 8: "${row}"`);
    for (let f = 0; f < 8; f++) {
      const ch = row.charAt(f);
      if (ch === '.') continue;
      if (ch >= '1' && ch <= '6') board[r * 8 + f] = ch.charCodeAt(0) - 48;
      else if (ch >= 'a' && ch <= 'f') board[r * 8 + f] = -(ch.charCodeAt(0) - 96);
      else throw new RangeError(`"${ch}" on ${FILES[f]}${r + 1} is not a die (1-6, a-f) or an empty square (.)`);
    }
  });
  return board;
}
