// Dice Chess, C7 on the board: the words of the quiet-turn counter and the arrow on destinations that make progress.
import type { Graphics } from 'pixi.js';

const ARROW = 0x9be7b4;

/** The counter in the rules page's words: a "turn" is one player's move or pass, "progress" is C7's effective play. */
export function quietWords(quiet: number, limit: number, over: boolean, compact: boolean): string {
  const left = limit - quiet;
  // Short enough for the phone's strip beside the bar (the long form overflowed a 390 px screen).
  if (!over && compact && left <= 2) return `${quiet}/${limit} without progress: ${left} to go`;
  return compact ? `${quiet} of ${limit} turns without progress` : `Turns without progress: ${quiet} of ${limit}`;
}

export function quietNote(left: number, over: boolean): string {
  if (over) return 'The game was decided on the totals.';
  if (left <= 2) return `Ends after ${left} more without a capture or new ground.`;
  return 'A capture or a die on new ground resets it.';
}

/**
 * A destination that would make progress (a die onto new ground): an arrow pointing forward for the mover,
 * where a move that would not shows a plain dot. `up` is whether forward points up the screen.
 */
export function drawProgressMark(g: Graphics, x: number, y: number, sq: number, up: boolean): void {
  const s = sq * 0.2;
  const d = up ? -1 : 1;
  g.poly(
    [
      x,
      y + d * s,
      x - s * 0.9,
      y - d * s * 0.35,
      x - s * 0.32,
      y - d * s * 0.35,
      x - s * 0.32,
      y - d * s,
      x + s * 0.32,
      y - d * s,
      x + s * 0.32,
      y - d * s * 0.35,
      x + s * 0.9,
      y - d * s * 0.35,
    ],
    true,
  )
    .fill({ color: ARROW, alpha: 0.95 })
    .stroke({ width: Math.max(1, sq * 0.025), color: 0x0c2a18, alpha: 0.8 });
}
