// What a watcher may do at the table without reloading: take a free seat, and choose the name shown in chat.
import { TABLE_IN } from '@dicehall/shared';
import { identity, newClientSeed, type TableConnection } from '../net/connection';
import type { Snapshot } from '../net/store';
import { clear, h } from '../ui/dom';
import './conversation.css';

/** The same limits the server applies (messages.ts): refused there anyway, caught here before a round trip. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: the point of the pattern is to refuse control characters
const NAME = /^[^\u0000-\u001f<>]{1,24}$/;

export interface WatcherPanel {
  update(snap: Snapshot): void;
  destroy(): void;
}

/** Mounts the panel just before `anchor` (the platform buttons). */
export function mountWatcherPanel(anchor: HTMLElement, conn: TableConnection): WatcherPanel {
  const panel = h('section', { class: 'watcher', 'aria-label': 'Watching', hidden: true });
  anchor.before(panel);
  let key = '';
  let note = '';

  const render = (snap: Snapshot) => {
    const free = snap.phase === 'waiting' && snap.seats.some((s) => !s.taken);
    const k = `${snap.mySeat}:${free}:${note}`;
    if (k === key) return;
    key = k;
    clear(panel);
    panel.hidden = snap.mySeat !== null;
    if (snap.mySeat !== null) return;
    const name = h('input', { name: 'watcher-name', maxLength: 24, value: identity.name, placeholder: 'Your name', 'aria-label': 'Your name', autocomplete: 'nickname' });
    const valid = () => {
      const v = name.value.trim();
      if (NAME.test(v)) return v;
      note = 'A name is 1 to 24 characters, without < or >.';
      key = '';
      render(snap);
      return null;
    };
    const sit = h('button', { type: 'button', class: 'primary', onclick: () => {
      const v = valid();
      if (!v) return;
      identity.name = v;
      conn.send(TABLE_IN.sit, { name: v, clientSeed: newClientSeed() });
    } }, 'Sit down');
    const rename = h('button', { type: 'button', onclick: () => {
      const v = valid();
      if (!v) return;
      identity.name = v;
      conn.send(TABLE_IN.rename, { name: v });
      note = `You watch as ${v}.`;
      key = '';
      render(snap);
    } }, 'Set name');
    panel.append(...[
      h('p', { style: 'margin:0' }, free ? 'A seat is free: sit down to play, or keep watching.' : 'You are watching this game.'),
      h('div', { style: 'display:flex;gap:0.4rem;flex-wrap:wrap' }, name, free ? sit : null, rename),
      note ? h('p', { class: 'fine', role: 'status', style: 'text-align:left;margin:0' }, note) : null].filter((n) => n !== null));
  };

  return {
    update: render,
    destroy: () => panel.remove(),
  };
}
