// Home: pick a game, set its options, create a private (or public) room, and see public rooms.
import { games } from '@dicehall/shared';
import { h, clear } from '../ui/dom';
import { identity } from '../net/connection';

export function homeScreen(root: HTMLElement, go: (path: string) => void, create: (game: string, isPublic: boolean) => Promise<string>) {
  clear(root);
  const showAll = new URLSearchParams(location.search).has('all');
  const list = Object.values(games).filter((g) => g.listed || showAll);
  const name = h('input', { id: 'name', name: 'name', maxLength: 24, autocomplete: 'nickname', value: identity.name, placeholder: 'Your name' });
  const game = h('select', { id: 'game', name: 'game' }, ...list.map((g) => h('option', { value: g.id }, g.name)));
  const pitch = h('p', { class: 'pitch' });
  const isPublic = h('input', { type: 'checkbox', id: 'public', name: 'public' });
  const status = h('p', { role: 'alert', class: 'error' });
  const showPitch = () => {
    pitch.textContent = list.find((g) => g.id === game.value)?.pitch ?? '';
  };
  game.addEventListener('change', showPitch);
  showPitch();
  const form = h('form', { class: 'card', 'aria-labelledby': 'new-game' },
    h('h1', { id: 'new-game' }, 'Play dice with a friend'),
    h('label', { for: 'name' }, 'Your name'), name,
    h('label', { for: 'game' }, 'Game'), game, pitch,
    h('label', { class: 'check' }, isPublic, ' List this room in the lobby (otherwise only the link gets in)'),
    h('button', { type: 'submit', class: 'primary' }, 'Create room'),
    status,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    if (name.value.trim()) identity.name = name.value.trim();
    status.textContent = '';
    try {
      const roomId = await create(game.value, isPublic.checked);
      go(`/r/${roomId}`);
    } catch (err) {
      status.textContent = `Could not create the room: ${(err as Error).message}`;
    }
  });
  root.append(h('section', { class: 'home' }, form,
    h('p', { class: 'fine' }, 'Every die is rolled by the server from a seed it commits to before the first roll and reveals at the end, so anyone can check every roll.')));
}
