// Home: pick a game, set its options, create a private (or public) room, and join a public one from the lobby.
// The games' names and pitches, extracted from the rules package at build time: the home page ships no rules code.
import { catalogue } from 'virtual:dicehall-catalogue';
import { h, clear } from '../ui/dom';
import { identity } from '../net/identity';
import type { PublicRoom } from '../net/lobby';
import { clientGames } from '../games';
import { describeOptions, optionFields } from '../ui/options';
import { timeControlField } from './time-control-field';
import { computerField, type BotChoice } from './computer-field';
import type { TimeControl } from '@dicehall/shared';

export interface CreateRequest {
  game: string;
  options: Record<string, unknown>;
  isPublic: boolean;
  clock: TimeControl;
  /** Play against the computer: its level and seat. */
  bot?: BotChoice | null;
}

export async function homeScreen(root: HTMLElement, go: (path: string) => void, create: (req: CreateRequest) => Promise<string>): Promise<() => void> {
  clear(root);
  const showAll = new URLSearchParams(location.search).has('all');
  const list = catalogue.filter((g) => g.listed || showAll);
  const name = h('input', { id: 'name', name: 'name', maxLength: 24, autocomplete: 'nickname', value: identity.name, placeholder: 'Your name', required: true });
  const game = h('select', { id: 'game', name: 'game' }, ...list.map((g) => h('option', { value: g.id }, g.name)));
  const pitch = h('p', { class: 'pitch' });
  const options = h('fieldset', { class: 'options' });
  const isPublic = h('input', { type: 'checkbox', id: 'public', name: 'public' });
  const status = h('p', { role: 'alert', class: 'error' });
  const clock = timeControlField();
  const computer = computerField();
  let readOptions = () => ({});
  const showGame = () => {
    const g = list.find((x) => x.id === game.value);
    clear(pitch);
    pitch.append(g?.pitch ?? '', ' ');
    if (clientGames[game.value]?.rules) pitch.append(h('a', { href: `/rules/${game.value}` }, `Rules of ${g?.name}`));
    clear(options);
    readOptions = optionFields(options, clientGames[game.value]?.options ?? []);
    clock.timed((g?.seats.max ?? 2) <= 2);
    computer.game(game.value, g?.seats ?? { min: 2, max: 2 });
  };
  game.addEventListener('change', showGame);
  showGame();
  const form = h('form', { class: 'card', 'aria-labelledby': 'new-game' },
    h('h1', { id: 'new-game' }, 'Play dice with a friend'),
    h('label', { for: 'name' }, 'Your name'), name,
    h('label', { for: 'game' }, 'Game'), game, pitch, options, clock.el, computer.el,
    h('label', { class: 'check' }, isPublic, ' List this room in the lobby (otherwise only the link gets in)'),
    h('button', { type: 'submit', class: 'primary' }, 'Create room'),
    h('button', { type: 'button', class: 'host-party', onclick: () => { identity.name = name.value.trim(); go('/p'); } }, 'Host a lobby for friends'),
    status,
  );
  form.addEventListener('submit', async (e) => {
    e.preventDefault();
    identity.name = name.value.trim();
    status.textContent = '';
    try {
      const bot = computer.read();
      // A game for more (or fewer) players is set for two when one of them is the computer.
      const g = list.find((x) => x.id === game.value);
      const opts = bot && g && g.seats.max !== 2 ? { ...readOptions(), seats: 2 } : readOptions();
      const roomId = await create({ game: game.value, options: opts, isPublic: isPublic.checked && !bot, clock: clock.read(), bot });
      go(`/r/${roomId}`);
    } catch (err) {
      status.textContent = `Could not create the room: ${(err as Error).message}`;
    }
  });

  const lobbyList = h('ul', { class: 'lobby', 'aria-label': 'Public rooms', 'aria-live': 'polite' });
  const renderLobby = (rooms: PublicRoom[]) => {
    clear(lobbyList);
    if (rooms.length === 0) lobbyList.append(h('li', { class: 'empty' }, 'No public rooms right now. Create one, or send a friend your link.'));
    for (const r of rooms) {
      lobbyList.append(h('li', {},
        h('a', { href: `/r/${r.roomId}`, onclick: (e: Event) => { e.preventDefault(); go(`/r/${r.roomId}`); } }, `${r.name} with ${r.host || 'someone'}`),
        h('span', { class: 'meta' }, ` — ${[describeOptions(clientGames[r.game]?.options ?? [], r.options), `${r.seated}/${r.seats} seated`, `${r.spectators} watching`].filter(Boolean).join(', ')}`)));
    }
  };
  lobbyList.append(h('li', { class: 'empty' }, 'Looking for public rooms…'));
  root.append(h('section', { class: 'home' }, form,
    h('section', { class: 'card', 'aria-labelledby': 'lobby-title' }, h('h2', { id: 'lobby-title' }, 'Public rooms'), lobbyList),
    h('p', { class: 'fine' }, 'Every die is rolled by the server from a seed it commits to before the first roll and reveals at the end, so anyone can check every roll.')));
  // The form is usable at once; the network code and the live list follow (the list says so until then).
  let stop: (() => void) | null = null;
  let gone = false;
  void import('../net/lobby').then(({ watchLobby }) => watchLobby(renderLobby)).then((s) => {
    if (gone) s();
    else stop = s;
    lobbyList.dataset.ready = 'true';
  });
  return () => {
    gone = true;
    stop?.();
  };
}
