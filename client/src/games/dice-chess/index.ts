// Dice Chess on the client: its rules module and words for its moves; the board and the rules page load on demand.
// The view's shape, like the rules module, comes from the game's own entry of the shared package.
import { diceChess, type DiceChessView } from '@dicehall/shared/dice-chess';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';

type Action = { type: 'move'; from: string; to: string } | { type: 'arrange'; order: number[] };

/** The value of the die on a square, or null when the square is empty (or the view is not loaded). */
function valueOn(snap: Snapshot, square: string): number | null {
  const view = snap.view as DiceChessView | null;
  return view?.board?.find((d) => d.square === square)?.value ?? null;
}

export function moveLabel(action: Action, snap: Snapshot): string | null {
  // Arranging needs a whole order, not one button: the view's own controls handle it.
  if (action.type !== 'move') return null;
  const target = valueOn(snap, action.to);
  if (target === null) return `Move ${action.from} to ${action.to}`;
  return `Capture ${action.to} with ${action.from} (${valueOn(snap, action.from) ?? '?'} takes ${target})`;
}

export const diceChessClient: ClientGame = {
  id: 'dice-chess',
  module: diceChess,
  loadView: () => import('./view').then((m) => m.createView),
  // Moves are made on the board; their named list is the board's own "All moves" (controls.ts).
  label: () => null,
  counts: (snap: Snapshot, seat: number) => {
    const v = snap.view as DiceChessView | null;
    if (!v?.diceOnBoard || v.board.length === 0) return [];
    return [`${v.diceOnBoard[seat] ?? 0} dice`, `${v.capturedTotals[seat] ?? 0} pips taken`];
  },
  loadRules: () => import('./rules.html?raw').then((m) => m.default),
  loadPictures: () => import('./pictures').then((m) => m.drawPictures),
};
