// Dice Chess on the client: words for its moves, the setup option and the rules page; the board loads on demand.
// The shared package's root exports the modules, not each game's types: take the view's shape from its file.
import type { DiceChessView } from '@dicehall/shared/dice-chess';
import type { Snapshot } from '../../net/store';
import type { ClientGame } from '../types';
import rules from './rules.html?raw';

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
  loadView: () => import('./view').then((m) => m.createView),
  label: moveLabel,
  rules,
  loadPictures: () => import('./pictures').then((m) => m.drawPictures),
  options: [
    {
      key: 'placement',
      label: 'Setup',
      kind: 'choice',
      initial: 'arrange',
      choices: [
        { value: 'arrange', label: 'Arrange your dice in secret' },
        { value: 'random', label: 'Place dice at random' },
      ],
    },
  ],
};
