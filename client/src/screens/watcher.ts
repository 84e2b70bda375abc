// What a watcher may do at the table without reloading: take a free seat, and choose the name shown in chat.
// A watcher is not asked for a name on arrival (watching is anonymous, as on Lichess: a link opens straight onto the
// game), but is asked before their first chat line, so nobody appears in chat as "Guest" without having been asked.
import { TABLE_IN } from '@dicehall/shared/core';
import { identity, newClientSeed, type TableConnection } from '../net/connection';
import type { Snapshot } from '../net/store';
import { h } from 'preact';
import { ChatForm } from './chat';
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

/**
 * The chat's message field, or for a watcher who has no name yet a name field first ("Chat as …"): the name is
 * set on the server (as "Set name" does) and remembered, then the message field takes its place.
 */
export function WatcherChat({ snap, conn }: { snap: Snapshot | null; conn: TableConnection }) {
  const [named, setNamed] = useState(() => !!identity.name);
  const [note, setNote] = useState('');
  const field = useRef<HTMLInputElement>(null);
  const say = (text: string) => conn.send(TABLE_IN.chat, { text });
  if (named || !snap || snap.mySeat !== null) return h(ChatForm, { say });
  const choose = (e: Event) => {
    e.preventDefault();
    const v = field.current?.value.trim() ?? '';
    if (!NAME.test(v)) {
      setNote('A name is 1 to 24 characters, without < or >.');
      return;
    }
    identity.name = v;
    conn.send(TABLE_IN.rename, { name: v });
    setNamed(true);
  };
  return h(
    'form',
    { class: 'chat-form chat-name', onSubmit: choose },
    h(
      'p',
      { class: 'fine', style: 'margin:0;flex-basis:100%;text-align:left' },
      'Choose a name to chat with the table.',
    ),
    h('input', {
      ref: field,
      name: 'chat-name',
      maxLength: 24,
      placeholder: 'Your name',
      'aria-label': 'Your name to chat',
      autocomplete: 'nickname',
    }),
    h('button', { type: 'submit' }, 'Chat'),
    note ? h('p', { class: 'fine', role: 'status', style: 'margin:0;flex-basis:100%;text-align:left' }, note) : null,
  );
}
