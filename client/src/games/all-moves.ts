// The complete list of legal moves as a collapsible "All moves" list under a board whose moves are made by touching
// it (issue 28 item 4): one named button per move, for keyboard and screen-reader players (and the browser tests).
// Its buttons form the "Your moves" group, as the table's own list does. One rule for every game (Polywars' own
// list too): open until the player folds it, and a folded list stays folded across games (remembered in the browser).
// The board and its primary action come first on every screen, so an open list never pushes them away.
import { h, type ComponentChildren } from 'preact';

const KEY = 'dicehall.allMoves';

/** Open unless the player folded it. */
export function movesOpen(): boolean {
  try {
    return localStorage.getItem(KEY) !== 'closed';
  } catch {
    return true;
  }
}

/** The player opened or folded a list: every game's list opens so from now on. */
export function rememberMoves(open: boolean) {
  try {
    localStorage.setItem(KEY, open ? 'open' : 'closed');
  } catch {
    // A browser without storage folds it for this page only.
  }
}

export interface Move {
  label: string;
  send(): void;
}

/** The list; null when there is no move to make. */
export function allMoves(moves: Move[]): ComponentChildren {
  if (moves.length === 0) return null;
  return h(
    'details',
    {
      class: 'all-moves',
      open: movesOpen(),
      onToggle: (e: Event) => rememberMoves((e.currentTarget as HTMLDetailsElement).open),
      style: 'margin:0.25rem 0',
    },
    h(
      'summary',
      { style: 'cursor:pointer;font-size:0.95rem;color:var(--muted);padding:0.2rem 0' },
      `All moves (${moves.length})`,
    ),
    h(
      'div',
      {
        class: 'actions',
        role: 'group',
        'aria-label': 'Your moves',
        style: 'display:flex;flex-wrap:wrap;gap:0.35rem;margin-top:0.25rem',
      },
      moves.map((m, i) =>
        h('button', { key: `${i}:${m.label}`, type: 'button', class: 'action', onClick: m.send }, m.label),
      ),
    ),
  );
}
