// Shields banner words for rules 2: the pause between two games of a match, a drawn game, and S14's stall count.
import type { ShieldsView } from '@dicehall/shared/shields';

/**
 * The banner while a finished game of a match waits for both players' "Next game", or after a drawn single game;
 * null while a game is being played. `who` says "You" for the viewer.
 */
export function pauseLine(
  view: ShieldsView,
  mySeat: number | null,
  names: string[],
  who: (s: number) => string,
): string | null {
  if (view.draw) return 'Draw: ten turns without an attack, level on batteries and points';
  const b = view.between;
  if (!b) return null;
  const head =
    b.winner === null ? `Game ${b.game} is a draw and is played again` : `${who(b.winner)} won game ${b.game}`;
  const score = `${names[0]} ${view.score[0]}–${view.score[1]} ${names[1]}`;
  const waiting = [0, 1].filter((s) => !b.ready[s]);
  const wait =
    mySeat !== null && !b.ready[mySeat]
      ? 'press Next game when ready'
      : `waiting for ${waiting.map((s) => names[s]).join(' and ')} to press Next game`;
  return `${head} · ${score} · ${wait}`;
}

/** S14: the count of turns without an attack, once it reaches five (variant only). */
export function stallText(view: ShieldsView): string {
  const s = view.stall;
  if (!s || s.turns < s.shownFrom || view.between || view.winner !== null || view.draw) return '';
  return ` · ${s.turns} of ${s.limit} turns without an attack`;
}
