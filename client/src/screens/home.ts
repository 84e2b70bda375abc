// Home: pick a game, set its options, create a private (or public) room, and join a public one from the lobby.
// The games' names, pitches and options, extracted from the rules package at build time: the home page ships no
// rules code and no board (a test watches its requests: test/e2e/lazy-games.test.ts).
import { catalogue } from 'virtual:dicehall-catalogue';
import { h, render } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { identity } from '../net/identity';
import type { PublicRoom } from '../net/lobby';
import { describeOptions, OptionFields, readOptions } from '../ui/options';
import { showScreen } from '../ui/screen';
import { readTimeControl, TimeControlField } from './time-control-field';
import { ComputerField, readBot, type BotChoice } from './computer-field';
import type { TimeControl } from '@dicehall/shared/core';

export interface CreateRequest {
  game: string;
  options: Record<string, unknown>;
  isPublic: boolean;
  clock: TimeControl;
  /** Play against the computer: its level and seat. */
  bot?: BotChoice | null;
}

type Create = (req: CreateRequest) => Promise<string>;

export async function homeScreen(root: HTMLElement, go: (path: string) => void, create: Create): Promise<() => void> {
  showScreen(root, h(Home, { go, create }));
  return () => render(null, root);
}

function Home({ go, create }: { go: (path: string) => void; create: Create }) {
  const showAll = new URLSearchParams(location.search).has('all');
  const list = catalogue.filter((g) => g.listed || showAll);
  const name = useRef<HTMLInputElement>(null);
  const [game, setGame] = useState(list[0]?.id ?? '');
  const [status, setStatus] = useState('');
  const g = list.find((x) => x.id === game);
  const fields = g?.options ?? [];
  const submit = async (e: Event) => {
    e.preventDefault();
    const form = e.currentTarget as HTMLFormElement;
    identity.name = name.current!.value.trim();
    setStatus('');
    try {
      const bot = readBot(form);
      // A game for more (or fewer) players is set for two when one of them is the computer.
      const opts =
        bot && g && g.seats.max !== 2 ? { ...readOptions(form, fields), seats: 2 } : readOptions(form, fields);
      const isPublic = form.querySelector<HTMLInputElement>('#public')!.checked;
      const roomId = await create({
        game,
        options: opts,
        isPublic: isPublic && !bot,
        clock: readTimeControl(form),
        bot,
      });
      go(`/r/${roomId}`);
    } catch (err) {
      setStatus(`Could not create the room: ${(err as Error).message}`);
    }
  };
  return h(
    'section',
    { class: 'home' },
    h(
      'form',
      { class: 'card', 'aria-labelledby': 'new-game', onSubmit: submit },
      h('h1', { id: 'new-game' }, 'Play dice with a friend'),
      // Games this browser has a seat in, live and turn-based (issue 33).
      identity.seats().length > 0 ? h('a', { href: '/games', class: 'home-your-games' }, 'Your games →') : null,
      h('label', { for: 'name' }, 'Your name'),
      // Uncontrolled fields: what the player types stays theirs across re-renders.
      h('input', {
        ref: name,
        id: 'name',
        name: 'name',
        maxLength: 24,
        autocomplete: 'nickname',
        defaultValue: identity.name,
        placeholder: 'Your name',
        required: true,
      }),
      h('label', { for: 'game' }, 'Game'),
      h(
        'select',
        { id: 'game', name: 'game', onChange: (e: Event) => setGame((e.currentTarget as HTMLSelectElement).value) },
        list.map((x) => h('option', { value: x.id }, x.name)),
      ),
      // The game's description is folded, so Create room stays within a phone's first screen (issue 28).
      h(
        'div',
        { class: 'pitch' },
        h('details', { key: game }, h('summary', {}, `About ${g?.name ?? 'this game'}`), h('p', {}, g?.pitch ?? '')),
        g?.rules ? h('a', { href: `/rules/${game}` }, `Rules of ${g?.name}`) : null,
      ),
      h(OptionFields, { key: game, fields }),
      // Offered wherever the server can time the table: two seats, or a game that says what a timeout does (#28).
      h(TimeControlField, { timed: g?.timeable ?? true }),
      h(ComputerField, { game, seats: g?.seats ?? { min: 2, max: 2 } }),
      h(
        'label',
        { class: 'check' },
        h('input', { type: 'checkbox', id: 'public', name: 'public' }),
        ' List this room under Public rooms (otherwise only the link gets in)',
      ),
      h('button', { type: 'submit', class: 'primary' }, 'Create room'),
      h(
        'button',
        {
          type: 'button',
          class: 'host-party',
          onClick: () => {
            identity.name = name.current!.value.trim();
            go('/p');
          },
        },
        'Host a party for friends',
      ),
      h('p', { role: 'alert', class: 'error' }, status),
    ),
    h(
      'section',
      { class: 'card', 'aria-labelledby': 'lobby-title' },
      h('h2', { id: 'lobby-title' }, 'Public rooms'),
      h(Lobby, { go }),
    ),
    h(
      'p',
      { class: 'fine' },
      'Every die is rolled by the server from a seed it commits to before the first roll and reveals at the end, so anyone can check every roll.',
    ),
  );
}

const optionsOf = (game: string) => catalogue.find((x) => x.id === game)?.options ?? [];

/** The live list of public rooms. The form is usable at once; the network code and the list follow (it says so until then). */
function Lobby({ go }: { go: (path: string) => void }) {
  const [rooms, setRooms] = useState<PublicRoom[] | null>(null);
  const [ready, setReady] = useState(false);
  useEffect(() => {
    let stop: (() => void) | null = null;
    let gone = false;
    void import('../net/lobby')
      .then(({ watchLobby }) => watchLobby(setRooms))
      .then((s) => {
        if (gone) s();
        else stop = s;
        setReady(true);
      });
    return () => {
      gone = true;
      stop?.();
    };
  }, []);
  return h(
    'ul',
    { class: 'lobby', 'aria-label': 'Public rooms', 'aria-live': 'polite', 'data-ready': ready ? 'true' : undefined },
    rooms === null
      ? h('li', { class: 'empty' }, 'Looking for public rooms…')
      : rooms.length === 0
        ? h('li', { class: 'empty' }, 'No public rooms right now. Create one, or send a friend your link.')
        : rooms.map((r) =>
            h(
              'li',
              { key: r.roomId },
              h(
                'a',
                {
                  href: `/r/${r.roomId}`,
                  onClick: (e: Event) => {
                    e.preventDefault();
                    go(`/r/${r.roomId}`);
                  },
                },
                `${r.name} with ${r.host || 'someone'}`,
              ),
              h(
                'span',
                { class: 'meta' },
                ` — ${[describeOptions(optionsOf(r.game), r.options), `${r.seated}/${r.seats} seated`, `${r.spectators} watching`].filter(Boolean).join(', ')}`,
              ),
            ),
          ),
  );
}
