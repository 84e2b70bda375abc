// The complete list of legal moves as a collapsible "All moves" list under a board whose moves are made by touching
// it (issue 28 item 4): one named button per move, for keyboard and screen-reader players (and the browser tests).
// Its buttons form the "Your moves" group, as the table's own list does; open until the player folds it, and a
// folded list stays folded across games (remembered in the browser).
import { h, type ComponentChildren } from 'preact';

const KEY = 'dicehall.allMoves';

/** Open unless folded by the player; with `folded`, a list that starts folded until the player opens it. */
function remembered(folded: boolean): boolean {
  try {
    const v = localStorage.getItem(KEY);
    return folded ? v === 'open' : v !== 'closed';
  } catch {
    return !folded;
  }
}

function remember(open: boolean) {
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

/**
 * The list; null when there is no move to make. `folded`: it starts folded (a board whose controls sit above it on
 * a phone, where an open list of dozens of moves would push the board off the screen).
 */
export function allMoves(moves: Move[], { folded = false }: { folded?: boolean } = {}): ComponentChildren {
  if (moves.length === 0) return null;
  return h(
    'details',
    {
      class: 'all-moves',
      open: remembered(folded),
      onToggle: (e: Event) => remember((e.currentTarget as HTMLDetailsElement).open),
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
