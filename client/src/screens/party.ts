// The private lobby's gathering screen: members, the host's game choice, seats and readiness, scoreboard, chat.
import { PARTY_IN, games, timeable, type MemberSync, type ScoreSync } from '@dicehall/shared';
import { clientGames } from '../games';
import { newClientSeed } from '../net/connection';
import { clear, h } from '../ui/dom';
import { describeOptions, optionFields } from '../ui/options';
import { party } from './party-link';
import { timeControlField } from './time-control-field';
import './clocks.css';
import './party.css';

type MemberView = MemberSync;

const wld = (s?: ScoreSync) => (s ? `${s.wins}–${s.losses}–${s.draws}` : '–');
const gameName = (id: string) => games[id]?.name ?? id;

export async function partyScreen(root: HTMLElement, id: string | null, go: (path: string) => void): Promise<() => void> {
  clear(root);
  if (!id) {
    // Hosting: create the lobby, then open it at its own link (the route calls this screen again).
    const created = await party.host();
    go(`/p/${created}`);
    return () => undefined;
  }
  await party.join(id);
  party.onTable = (roomId) => go(`/r/${roomId}`);

  const errors = h('p', { class: 'error', role: 'alert' });
  const connection = h('p', { class: 'party-connection', role: 'status' });
  const CONNECTION_TEXT: Record<string, string> = {
    restarting: 'The server is restarting. The lobby, its scores and chat are kept; it comes back by itself.',
    reconnecting: 'Connection lost; reconnecting…',
    gone: 'This lobby is closed.',
    removed: 'The host removed you from this lobby.',
    elsewhere: 'This lobby is open in another tab.',
  };
  const heading = h('h1', {}, 'Lobby');
  const link = `${location.origin}/p/${party.id}`;
  const share = h('div', { class: 'share' },
    h('input', { readOnly: true, value: link, 'aria-label': 'Lobby link', id: 'party-link' }),
    h('button', { type: 'button', onclick: () => void navigator.clipboard?.writeText(link) }, 'Copy link'));

  // The host's form is built once, so a patch never resets what the host is typing.
  const showAll = new URLSearchParams(location.search).has('all');
  const list = Object.values(games).filter((g) => g.listed || showAll);
  const gameSelect = h('select', { id: 'party-game', name: 'game' }, ...list.map((g) => h('option', { value: g.id }, g.name)));
  const optionsBox = h('fieldset', { class: 'options' });
  const clock = timeControlField();
  let readOptions = () => ({});
  const showGame = () => {
    clear(optionsBox);
    readOptions = optionFields(optionsBox, clientGames[gameSelect.value]?.options ?? []);
    const module = games[gameSelect.value];
    clock.timed(!module || timeable(module, module.seats.max));
  };
  let picked = false;
  let shownFor = '';
  gameSelect.addEventListener('change', () => { picked = true; showGame(); });
  showGame();
  const hostForm = h('form', { class: 'host-form', 'aria-label': 'Next game' },
    h('label', { for: 'party-game' }, 'Game'), gameSelect, optionsBox, clock.el,
    h('button', { type: 'submit' }, 'Set the game'));
  hostForm.addEventListener('submit', (e) => {
    e.preventDefault();
    party.send(PARTY_IN.configure, { game: gameSelect.value, options: readOptions(), clock: clock.read() });
  });

  const terms = h('p', { class: 'terms' });
  // The host seats the computer at this level in an open seat (built once, so a patch keeps the choice).
  const botLevel = h('select', { id: 'party-bot-level', name: 'bot-level' },
    h('option', { value: 'easy' }, 'easy'), h('option', { value: 'normal', selected: true }, 'normal'), h('option', { value: 'hard' }, 'hard'));
  const botBox = h('p', { class: 'party-bot-level' }, h('label', { for: 'party-bot-level' }, 'Computer level '), botLevel);
  const seats = h('ol', { class: 'party-seats', 'aria-label': 'Seats' });
  const mine = h('div', { class: 'party-mine', role: 'group', 'aria-label': 'Your seat' });
  const members = h('ul', { class: 'members', 'aria-label': 'Members' });
  const board = h('table', { class: 'scoreboard', 'aria-label': 'Scoreboard' });
  const finished = h('ol', { class: 'finished', 'aria-label': 'Finished games' });
  const chatList = h('ol', { class: 'chat', 'aria-label': 'Lobby chat' });
  const chatInput = h('input', { name: 'chat', maxLength: 280, placeholder: 'Say something', 'aria-label': 'Chat message', autocomplete: 'off' });
  const chatForm = h('form', { class: 'chat-form' }, chatInput, h('button', { type: 'submit' }, 'Send'));
  chatForm.addEventListener('submit', (e) => {
    e.preventDefault();
    if (chatInput.value.trim()) party.send(PARTY_IN.chat, { text: chatInput.value.trim() });
    chatInput.value = '';
  });
  const hostBox = h('section', { class: 'card host-box', 'aria-label': 'Host' }, h('h2', {}, 'Next game'), hostForm);

  root.append(h('section', { class: 'party' },
    h('div', { class: 'party-main' },
      h('section', { class: 'card' }, heading, connection, share, terms, seats, botBox, mine, errors),
      hostBox,
      h('section', { class: 'card' }, h('h2', {}, 'Scoreboard'), board, h('h2', {}, 'Games played'), finished)),
    h('aside', { class: 'party-side' },
      h('section', { class: 'card' }, h('h2', {}, 'Members'), members),
      h('section', { class: 'card' }, h('h2', {}, 'Chat'), chatList, chatForm))));

  const render = () => {
    const notice = party.room?.state?.notice === 'restart' ? 'restarting' : party.connection;
    connection.textContent = CONNECTION_TEXT[notice] ?? '';
    connection.hidden = !connection.textContent;
    const s = party.room?.state;
    if (!s?.members) return;
    const all: MemberView[] = [...s.members.values()];
    const me = all.find((m) => m.id === party.member);
    const amHost = s.host === party.member;
    const nameOf = (mid: string) => all.find((m) => m.id === mid)?.name ?? '?';
    heading.textContent = amHost ? 'Your lobby' : `${nameOf(s.host)}'s lobby`;
    // .card sets a display, which would override the hidden attribute.
    hostBox.style.display = amHost && s.phase === 'gathering' ? '' : 'none';
    const game = s.game as string;
    // The form opens on the lobby's current game until the host picks another.
    if (!picked && game && shownFor !== s.game + s.clock && list.some((g) => g.id === game)) {
      shownFor = s.game + s.clock;
      gameSelect.value = game;
      showGame();
      clock.set(JSON.parse(s.clock));
    }
    terms.textContent = !game
      ? (amHost ? 'Pick the next game below.' : 'Waiting for the host to pick a game…')
      : `Next: ${gameName(game)}${describeOptions(clientGames[game]?.options ?? [], JSON.parse(s.options)) ? ` (${describeOptions(clientGames[game]?.options ?? [], JSON.parse(s.options))})` : ''}${s.phase === 'playing' ? ' — being played now' : ''}`;
    if (s.phase === 'playing' && s.tableId) {
      terms.append(' · ', h('a', { href: `/r/${s.tableId}?watch`, onclick: (e: Event) => { e.preventDefault(); go(`/r/${s.tableId}?watch`); } }, 'Watch the game'));
    }
    if (s.hostGraceEndsAt) terms.append(` · the host has left; hosting passes on in ${Math.max(0, Math.ceil((s.hostGraceEndsAt - Date.now()) / 1000))} s`);

    clear(seats);
    const gathering = s.phase === 'gathering';
    const bots = s.bots;
    const open = Array.from({ length: s.seats }, (_, seat) => seat).filter((seat) => !all.some((x) => x.seat === seat) && !bots?.has(String(seat)));
    botBox.hidden = !(amHost && gathering && open.length > 0);
    for (let seat = 0; seat < s.seats; seat++) {
      const m = all.find((x) => x.seat === seat);
      const bot = bots?.get(String(seat));
      seats.append(h('li', { class: `party-seat${m?.ready || bot ? ' ready' : ''}` },
        h('span', { class: 'label' }, `Seat ${seat + 1}: `),
        m ? h('bdi', {}, m.name) : bot ? `Computer (${bot})` : 'open',
        m ? h('span', { class: 'state' }, m.ready ? ' — ready' : ' — not ready') : null,
        !m && !bot && me && me.seat !== seat && !me.benched && gathering
          ? h('button', { type: 'button', onclick: () => party.send(PARTY_IN.sit, { seat }) }, me.seat >= 0 ? 'Move here' : 'Take this seat') : null,
        !m && !bot && amHost && gathering
          ? h('button', { type: 'button', onclick: () => party.send(PARTY_IN.seatBot, { seat, level: botLevel.value as 'easy' | 'normal' | 'hard' }) }, 'Seat the computer') : null,
        bot && amHost && gathering
          ? h('button', { type: 'button', onclick: () => party.send(PARTY_IN.unseatBot, { seat }) }, 'Remove the computer') : null));
    }
    clear(mine);
    if (me && me.seat >= 0 && s.phase === 'gathering') {
      mine.append(
        h('button', { type: 'button', class: me.ready ? '' : 'primary', onclick: () => party.send(PARTY_IN.ready, me.ready ? { ready: false } : { ready: true, clientSeed: newClientSeed() }) }, me.ready ? 'Not ready' : 'Ready'),
        h('button', { type: 'button', onclick: () => party.send(PARTY_IN.stand) }, 'Leave the seat'));
    }
    if (amHost && s.phase === 'gathering' && game) mine.append(h('button', { type: 'button', class: 'primary', onclick: () => party.send(PARTY_IN.start) }, 'Start the game'));
    if (me?.benched) mine.append(h('p', {}, 'The host has moved you to the spectators.'));

    clear(members);
    for (const m of all) {
      members.append(h('li', { class: `member${m.connected ? '' : ' away'}` },
        h('span', { class: `dot ${m.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
        h('bdi', {}, m.name), m.id === party.member ? ' (you)' : '', m.id === s.host ? h('span', { class: 'badge' }, 'host') : null,
        m.benched ? h('span', { class: 'badge' }, 'spectator') : null,
        amHost && m.id !== party.member ? h('span', { class: 'member-actions' },
          m.benched
            ? h('button', { type: 'button', onclick: () => party.send(PARTY_IN.allow, { member: m.id }) }, 'Allow to play')
            : h('button', { type: 'button', onclick: () => party.send(PARTY_IN.spectate, { member: m.id }) }, 'To spectators'),
          h('button', { type: 'button', onclick: () => party.send(PARTY_IN.passHost, { member: m.id }) }, 'Make host'),
          h('button', { type: 'button', onclick: () => party.send(PARTY_IN.remove, { member: m.id }) }, 'Remove')) : null));
    }

    const played = [...new Set([...s.finished].map((f) => f.game))];
    clear(board);
    board.append(h('thead', {}, h('tr', {}, h('th', { scope: 'col' }, 'Member'), h('th', { scope: 'col' }, 'Overall (W–L–D)'),
      ...played.map((g) => h('th', { scope: 'col' }, gameName(g))))));
    board.append(h('tbody', {}, ...all.map((m) => h('tr', {}, h('th', { scope: 'row' }, h('bdi', {}, m.name)),
      h('td', {}, wld(m.total)), ...played.map((g) => h('td', {}, wld(m.games.get(g))))))));
    clear(finished);
    if (s.finished.length === 0) finished.append(h('li', { class: 'empty' }, 'No game played yet.'));
    for (const f of [...s.finished].reverse()) {
      finished.append(h('li', {}, `${gameName(f.game)}: ${f.summary} `,
        h('a', { href: `/replay/${f.gameId}` }, 'Replay'), ' · ', h('a', { href: `/api/games/${f.gameId}/log`, download: '' }, 'Log and proof')));
    }
    clear(chatList);
    for (const c of s.chat) chatList.append(h('li', {}, h('bdi', { class: 'from' }, c.from), ': ', c.text));
  };
  const offState = party.subscribe(render);
  const offError = party.onError((e) => {
    errors.textContent = e.message;
    setTimeout(() => (errors.textContent = ''), 4000);
  });
  // The host's grace countdown ticks without a patch.
  const timer = setInterval(() => { if (party.room?.state?.hostGraceEndsAt) render(); }, 1000);
  render();
  return () => {
    clearInterval(timer);
    offState();
    offError();
  };
}
