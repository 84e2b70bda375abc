// A game's rules page, written for players in the project's own words.
import { getGame } from '@dicehall/shared';
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { clientGames } from '../games';
import { showScreen } from '../ui/screen';

export function rulesScreen(root: HTMLElement, gameId: string) {
  showScreen(root, h(Rules, { gameId }));
}

function Rules({ gameId }: { gameId: string }) {
  const page = useRef<HTMLElement>(null);
  // The text diagrams stay if the pictures cannot be drawn (no WebGL): they say the same.
  useEffect(() => {
    void clientGames[gameId]
      ?.loadPictures?.()
      .then((draw) => draw(page.current!))
      .catch(() => undefined);
  }, [gameId]);
  return [
    h('p', {}, h('a', { href: '/' }, '← Back')),
    h('h1', {}, getGame(gameId)?.name ?? gameId),
    // The page is the game's own HTML (from this repository, not from players); its pictures are drawn into it.
    h('article', {
      ref: page,
      class: 'card rules',
      dangerouslySetInnerHTML: { __html: clientGames[gameId]?.rules ?? '<p>No rules page for this game yet.</p>' },
    }),
  ];
}
