// The table's chat lines: names isolated with <bdi>, coloured by seat, muted by sender (a connection), not by name.
import { TABLE_IN } from '@dicehall/shared/core';
import { h } from 'preact';
import { useLayoutEffect, useRef, useState } from 'preact/hooks';
import { muted } from '../ui/mute';
import type { Snapshot } from '../net/store';
import type { TableConnection } from '../net/connection';

/** The chat list; a mute hides one sender's lines whatever name they use. A new line scrolls into sight. */
export function ChatList({ snap }: { snap: Snapshot | null }) {
  const list = useRef<HTMLOListElement>(null);
  // Mutes live in this browser's storage, not in the snapshot: a toggle redraws the list itself.
  const [mutes, setMutes] = useState(0);
  const chat = snap?.chat ?? [];
  const last = chat[chat.length - 1]?.id ?? -1;
  useLayoutEffect(() => {
    if (list.current) list.current.scrollTop = list.current.scrollHeight;
  }, [last, mutes]);
  const silenced = muted.all();
  return h(
    'ol',
    { class: 'chat', 'aria-label': 'Chat', ref: list },
    chat.map((c) => {
      const who = c.sender || `${c.seat}:${c.from}`;
      const off = silenced.has(who);
      // Nobody needs to mute themselves.
      const own = snap!.mySeat !== null && c.seat === snap!.mySeat;
      const toggle = own
        ? null
        : h(
            'button',
            {
              type: 'button',
              class: 'mute',
              'aria-label': `${off ? 'Unmute' : 'Mute'} ${c.from}`,
              onClick: () => {
                muted.toggle(who);
                setMutes(mutes + 1);
              },
            },
            off ? 'unmute' : 'mute',
          );
      const side = c.seat >= 0 ? `seat-${c.seat}` : 'watcher';
      return h(
        'li',
        { key: c.id, class: `${side}${off ? ' muted' : ''}` },
        h('b', { class: 'from' }, h('bdi', {}, c.from), ': '),
        off ? h('i', {}, 'muted') : h('bdi', {}, c.text),
        ' ',
        toggle,
      );
    }),
  );
}

/** For a seated player: switch spectators' chat on or off. Empty for spectators. */
export function SpectatorChatSwitch({ snap, conn }: { snap: Snapshot | null; conn: TableConnection }) {
  if (!snap || snap.mySeat === null) return null;
  const on = snap.spectatorChat;
  return h(
    'button',
    {
      type: 'button',
      class: 'spectator-chat',
      'aria-pressed': on ? 'true' : 'false',
      onClick: () => conn.send(TABLE_IN.spectatorChat, { on: !on }),
    },
    on ? 'Spectators may chat: on' : 'Spectators may chat: off',
  );
}

/**
 * The chat's input line, for a table and a lobby alike. The input is left to the browser (no value from here), so a
 * re-render never resets what is typed.
 */
export function ChatForm({ say }: { say: (text: string) => void }) {
  const input = useRef<HTMLInputElement>(null);
  const send = (e: Event) => {
    e.preventDefault();
    const el = input.current;
    if (!el) return;
    const text = el.value.trim();
    if (text) say(text);
    el.value = '';
  };
  return h(
    'form',
    { class: 'chat-form', onSubmit: send },
    h('input', {
      ref: input,
      name: 'chat',
      maxLength: 280,
      placeholder: 'Say something',
      'aria-label': 'Chat message',
      autocomplete: 'off',
    }),
    h('button', { type: 'submit' }, 'Send'),
  );
}
