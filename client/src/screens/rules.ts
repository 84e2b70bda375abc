// A game's rules page, written for players in the project's own words. Its text and pictures load with the game.
import { h } from 'preact';
import { useEffect, useRef } from 'preact/hooks';
import { catalogue } from 'virtual:dicehall-catalogue';
import { loadGame } from '../games';
import type { ClientGame } from '../games/types';
import { showScreen } from '../ui/screen';
import './rules.css';

/** Shows the page once its text is here (the router marks the page ready after this). */
export async function rulesScreen(root: HTMLElement, gameId: string): Promise<void> {
  let html = '<p>No rules page for this game yet.</p>';
  let game: ClientGame | undefined;
  try {
    game = await loadGame(gameId);
    html = (await game?.loadRules?.()) ?? html;
  } catch {
    html = '<p role="alert">The rules page could not be loaded. Reload the page to try again.</p>';
  }
  showScreen(root, h(Rules, { gameId, html, game }));
}

function Rules({ gameId, html, game }: { gameId: string; html: string; game: ClientGame | undefined }) {
  const page = useRef<HTMLElement>(null);
  // The text diagrams stay if the pictures cannot be drawn (no WebGL): they say the same.
  useEffect(() => {
    void game
      ?.loadPictures?.()
      .then((draw) => draw(page.current!))
      .catch(() => undefined);
  }, [game]);
  return [
    h('p', {}, h('a', { href: '/' }, '← Back')),
    h('h1', {}, catalogue.find((g) => g.id === gameId)?.name ?? gameId),
    // The page is the game's own HTML (from this repository, not from players); its pictures are drawn into it.
    h('article', { ref: page, class: 'card rules', dangerouslySetInnerHTML: { __html: html } }),
  ];
}
