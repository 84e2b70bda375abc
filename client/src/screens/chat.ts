// The table's chat lines: names isolated with <bdi>, coloured by seat, muted by sender (a connection), not by name.
import { TABLE_IN } from '@dicehall/shared';
import { h, clear } from '../ui/dom';
import { muted } from '../ui/mute';
import type { Snapshot } from '../net/store';
import type { TableConnection } from '../net/connection';

/** Redraws the chat list; a mute hides one sender's lines whatever name they use. */
export function renderChat(list: HTMLElement, snap: Snapshot, redraw: () => void) {
  clear(list);
  for (const c of snap.chat) {
    const who = c.sender || `${c.seat}:${c.from}`;
    const silenced = muted.has(who);
    // Nobody needs to mute themselves.
    const own = snap.mySeat !== null && c.seat === snap.mySeat;
    const toggle = own ? null : h('button', { type: 'button', class: 'mute', 'aria-label': `${silenced ? 'Unmute' : 'Mute'} ${c.from}`,
      onclick: () => { muted.toggle(who); redraw(); } }, silenced ? 'unmute' : 'mute');
    const side = c.seat >= 0 ? `seat-${c.seat}` : 'watcher';
    list.append(h('li', { class: `${side}${silenced ? ' muted' : ''}` },
      h('b', { class: 'from' }, h('bdi', {}, c.from), ': '), silenced ? h('i', {}, 'muted') : h('bdi', {}, c.text), ' ', toggle));
  }
  list.scrollTop = list.scrollHeight;
}

/** For a seated player: switch spectators' chat on or off. Empty for spectators. */
export function spectatorChatSwitch(snap: Snapshot, conn: TableConnection): HTMLElement | null {
  if (snap.mySeat === null) return null;
  const on = snap.spectatorChat;
  return h('button', { type: 'button', class: 'spectator-chat', 'aria-pressed': on ? 'true' : 'false',
    onclick: () => conn.send(TABLE_IN.spectatorChat, { on: !on }) }, on ? 'Spectators may chat: on' : 'Spectators may chat: off');
}
