// What a watcher may do at the table without reloading: take a free seat, and choose the name shown in chat.
import { TABLE_IN } from '@dicehall/shared/core';
import { identity, newClientSeed, type TableConnection } from '../net/connection';
import type { Snapshot } from '../net/store';
import { h } from 'preact';
import { useRef, useState } from 'preact/hooks';
import './conversation.css';

/** The same limits the server applies (messages.ts): refused there anyway, caught here before a round trip. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the pattern is to refuse control characters
const NAME = /^[^\u0000-\u001f<>]{1,24}$/;

/** The panel for a watcher; hidden for a seated player. */
export function WatcherPanel({ snap, conn }: { snap: Snapshot | null; conn: TableConnection }) {
  const name = useRef<HTMLInputElement>(null);
  const [note, setNote] = useState('');
  const watching = !!snap && snap.mySeat === null;
  if (!watching) return h('section', { class: 'watcher', 'aria-label': 'Watching', hidden: true });
  const free = snap.phase === 'waiting' && snap.seats.some((s) => !s.taken);
  const valid = () => {
    const v = name.current?.value.trim() ?? '';
    if (NAME.test(v)) return v;
    setNote('A name is 1 to 24 characters, without < or >.');
    return null;
  };
  const sit = () => {
    const v = valid();
    if (!v) return;
    identity.name = v;
    conn.send(TABLE_IN.sit, { name: v, clientSeed: newClientSeed() });
  };
  const rename = () => {
    const v = valid();
    if (!v) return;
    identity.name = v;
    conn.send(TABLE_IN.rename, { name: v });
    setNote(`You watch as ${v}.`);
  };
  return h(
    'section',
    { class: 'watcher', 'aria-label': 'Watching', hidden: false },
    h(
      'p',
      { style: 'margin:0' },
      free ? 'A seat is free: sit down to play, or keep watching.' : 'You are watching this game.',
    ),
    h(
      'div',
      { style: 'display:flex;gap:0.4rem;flex-wrap:wrap' },
      // Uncontrolled: a patch never resets what the watcher is typing.
      h('input', {
        ref: name,
        name: 'watcher-name',
        maxLength: 24,
        defaultValue: identity.name,
        placeholder: 'Your name',
        'aria-label': 'Your name',
        autocomplete: 'nickname',
      }),
      free ? h('button', { type: 'button', class: 'primary', onClick: sit }, 'Sit down') : null,
      h('button', { type: 'button', onClick: rename }, 'Set name'),
    ),
    note ? h('p', { class: 'fine', role: 'status', style: 'text-align:left;margin:0' }, note) : null,
  );
}
