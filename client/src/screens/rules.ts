// A game's rules page, written for players in the project's own words.
import { getGame } from '@dicehall/shared';
import { clientGames } from '../games';
import { clear, h } from '../ui/dom';

export function rulesScreen(root: HTMLElement, gameId: string) {
  clear(root);
  const module = getGame(gameId);
  const page = h('article', { class: 'card rules' });
  page.innerHTML = clientGames[gameId]?.rules ?? '<p>No rules page for this game yet.</p>';
  root.append(h('p', {}, h('a', { href: '/' }, '← Back')), h('h1', {}, module?.name ?? gameId), page);
  // The text diagrams stay if the pictures cannot be drawn (no WebGL): they say the same.
  void clientGames[gameId]?.loadPictures?.().then((draw) => draw(page)).catch(() => undefined);
}
