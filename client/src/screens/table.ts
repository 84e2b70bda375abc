// The table: the board (Pixi) with an accessible HTML layer around it — seats, turn, actions, log, chat, proof.
import { seatName, TABLE_IN, getGame, resultText, verifyLog, type GameLog } from '@dicehall/shared';
import { takeStage } from '../engine/stage';
import { clientGames } from '../games';
import type { GameView } from '../games/types';
import type { TableConnection } from '../net/connection';
import type { Snapshot, Store } from '../net/store';
import { clear, h } from '../ui/dom';
import { mountConversation } from './conversation';
import { LogView } from './log-view';
import { mountWatcherPanel } from './watcher';
import { renderChat as drawChat, spectatorChatSwitch } from './chat';
import { sound } from '../ui/sound';
import { mountClocks } from './clock-view';

export async function tableScreen(root: HTMLElement, store: Store, conn: TableConnection, go: (path: string) => void): Promise<() => void> {
  clear(root);
  const seats = h('ol', { class: 'seats', 'aria-label': 'Players' });
  const status = h('p', { class: 'status', role: 'status', 'aria-live': 'polite', id: 'turn-status' });
  const board = h('div', { class: 'board', id: 'board' });
  const actions = h('div', { class: 'actions', role: 'group', 'aria-label': 'Your moves' });
  const controls = h('div', { class: 'game-controls' });
  const platform = h('div', { class: 'platform', role: 'group', 'aria-label': 'Game' });
  const log = h('ol', { class: 'log', 'aria-label': 'Game log' });
  const chatList = h('ol', { class: 'chat', 'aria-label': 'Chat' });
  const chatInput = h('input', { name: 'chat', maxLength: 280, placeholder: 'Say something', 'aria-label': 'Chat message', autocomplete: 'off' });
  const chatForm = h('form', { class: 'chat-form' }, chatInput, h('button', { type: 'submit' }, 'Send'));
  const chatSwitch = h('div', { class: 'chat-switch' });
  const proof = h('section', { class: 'proof', 'aria-label': 'Fair dice' });
  const errors = h('p', { class: 'error', role: 'alert' });
  const link = `${location.origin}/r/${conn.room?.roomId}`;
  const share = copyLink(link);

  // Each part carries a class the stylesheet orders by: on a phone the board and the thing to do now come
  // first, the log, chat and proof after; on a desktop the side column leads with the actions and the proof.
  const table = h('section', { class: 'table' },
    h('div', { class: 'table-main' }, seats, status, board, controls, actions, errors),
    h('aside', { class: 'table-side' }, share, platform, proof,
      h('section', { class: 'log-box' }, h('h2', {}, 'Log'), log),
      h('section', { class: 'chat-box' }, h('h2', {}, 'Chat'), chatList, chatForm, chatSwitch)));
  root.append(table);

  chatForm.addEventListener('submit', (e) => {
    e.preventDefault();
    const text = chatInput.value.trim();
    if (text) conn.send(TABLE_IN.chat, { text });
    chatInput.value = '';
  });

  const stage = takeStage();
  let view: GameView | null = null;
  // The first state may still be on its way (the table's code is preloaded, and a reload under load can open
  // this screen before the room's first state): wait for it, so the game's board is known.
  const first = store.snapshot ?? await new Promise<Snapshot>((resolve) => {
    const off = store.subscribe(() => {
      if (store.snapshot) {
        off();
        resolve(store.snapshot);
      }
    });
  });
  const game = clientGames[first.game];
  // The renderer starts while the board's chunk arrives (usually already preloaded by the router).
  const [, createView] = await Promise.all([stage.init(board), game ? game.loadView() : null]);
  const conversation = mountConversation(board, conn);
  const logView = new LogView(log);
  const watcher = mountWatcherPanel(platform, conn);
  const clocks = mountClocks(status, () => ({ json: conn.room?.state?.clock ?? '', names: store.snapshot?.seats.map((s) => s.name) ?? [], mine: store.snapshot?.mySeat ?? null }));
  const offError = conn.onError((e) => {
    errors.textContent = e.message;
    setTimeout(() => (errors.textContent = ''), 4000);
  });

  let lastLog = -1;
  let lastChat = -1;
  let wasMyTurn = false;
  let wasOver = false;
  const renderChat = (snap: Snapshot) => drawChat(chatList, snap, () => renderChat(snap));
  const render = () => {
    const snap = store.snapshot;
    if (!snap) return;
    const myTurn = snap.phase === 'playing' && snap.mySeat !== null && snap.toAct.includes(snap.mySeat);
    // Turn changes are unmissable: the status, the page title (for other tabs) and a sound.
    if (myTurn && !wasMyTurn) sound.play('turn');
    if (snap.phase === 'over' && !wasOver && lastLog >= 0) sound.play('end');
    wasMyTurn = myTurn;
    wasOver = snap.phase === 'over';
    document.title = myTurn ? '▶ Your turn — Dicehall' : snap.phase === 'over' ? 'Game over — Dicehall' : 'Dicehall';
    table.classList.toggle('my-turn', myTurn);
    table.dataset.game = snap.game;
    table.dataset.phase = snap.phase;
    if (createView && !view) {
      view = createView({ stage, controls, act: (action) => conn.send(TABLE_IN.action, action), caughtUp: () => render() });
      stage.root.addChild(view.container);
    }
    renderSeats(seats, snap);
    view?.update(snap);
    // While the board shows a roll still in the air, the words wait for it to land (they would give the result away).
    const held = view?.lagging === true;
    if (!held) status.textContent = statusLine(snap, store.connection);
    if (held) clear(actions);
    else renderActions(actions, snap, store.connection === 'connected', (a) => conn.send(TABLE_IN.action, a));
    renderPlatform(platform, snap, conn, go);
    if (!held) {
      lastLog = snap.log.length;
      logView.update(snap);
    }
    conversation.update(snap);
    watcher.update(snap);
    if (snap.chat.length && snap.chat[snap.chat.length - 1].id !== lastChat) {
      renderChat(snap);
      lastChat = snap.chat[snap.chat.length - 1].id;
    }
    chatSwitch.replaceChildren(spectatorChatSwitch(snap, conn) ?? '');
    renderProof(proof, snap, (id, seed, ok) => logView.markVerified(id, seed, ok));
  };
  const unsubscribe = store.subscribe(render);
  // Countdowns tick without the store changing.
  const timer = setInterval(() => {
    if (store.snapshot?.seats.some((s) => s.taken && !s.connected)) {
      renderSeats(seats, store.snapshot);
      renderPlatform(platform, store.snapshot, conn, go);
    }
  }, 1000);
  render();
  return () => {
    clearInterval(timer);
    conversation.destroy();
    watcher.destroy();
    clocks.destroy();
    unsubscribe();
    offError();
    view?.destroy();
    stage.destroy();
  };
}

const nameOf = (snap: Snapshot, seat: number) => seatName(snap.seats, seat);

function renderSeats(el: HTMLElement, snap: Snapshot) {
  clear(el);
  snap.seats.forEach((s, i) => {
    const turn = snap.toAct.includes(i);
    const left = s.graceEndsAt ? Math.max(0, Math.ceil((s.graceEndsAt - Date.now()) / 1000)) : 0;
    const presence = !s.taken ? 'seat open' : s.bot && s.connected && s.name.startsWith('Computer') ? 'computer'
      : s.bot ? `away — the computer (${s.bot}) plays for them` : s.connected ? 'connected' : s.claimable ? 'gone' : `disconnected, ${left} s`;
    el.append(h('li', { class: `seat seat-${i}${turn ? ' to-act' : ''}${snap.mySeat === i ? ' mine' : ''}`, 'aria-current': turn ? 'true' : undefined },
      h('span', { class: `dot ${s.connected ? 'on' : 'off'}`, 'aria-hidden': 'true' }),
      h('span', { class: 'who' }, s.taken ? h('bdi', {}, nameOf(snap, i)) : 'Waiting for a player…'),
      snap.mySeat === i ? h('span', { class: 'you' }, ' (you)') : null,
      h('span', { class: 'presence' }, ` — ${presence}`)));
  });
  el.append(h('li', { class: 'spectators' }, `${snap.spectators} watching`));
  // The claim grace is the server's rule; both players see it before the game starts.
  if (snap.phase === 'waiting' && snap.graceSeconds) el.append(h('li', { class: 'grace' }, `A player who drops keeps the seat for ${snap.graceSeconds} s.`));
}

function statusLine(snap: Snapshot, connection: string): string {
  if (connection === 'reconnecting') return 'Connection lost — reconnecting…';
  if (connection === 'elsewhere') return 'This seat is now open in another tab.';
  if (connection === 'lost') return 'Disconnected from the room.';
  if (connection === 'restarting' || snap.notice === 'restart') return 'Server restarting — your game is safe. You will be reconnected when it is back.';
  if (connection === 'gone') return 'This game is no longer on the server (it restarted or the room closed). Start a new one from the home page.';
  if (snap.phase === 'waiting') return snap.mySeat === null ? 'Waiting for players.' : 'Waiting for your opponent: send them the link.';
  if (snap.phase === 'over' && snap.result) {
    const module = getGame(snap.game);
    const names = snap.seats.map((_, i) => nameOf(snap, i));
    return module ? `Game over: ${resultText(module, snap.result, names, snap.mySeat)}.` : 'Game over.';
  }
  if (snap.mySeat !== null && snap.toAct.includes(snap.mySeat)) return 'Your turn.';
  return `${snap.toAct.map((s) => nameOf(snap, s)).join(' and ')} to play.`;
}

function renderActions(el: HTMLElement, snap: Snapshot, online: boolean, act: (a: unknown) => void) {
  clear(el);
  const game = clientGames[snap.game];
  if (snap.phase !== 'playing' || !game) return;
  for (const a of snap.legal) {
    const label = game.label(a, snap);
    if (label !== null) el.append(h('button', { type: 'button', class: 'action', disabled: !online, onclick: () => act(a) }, label));
  }
}

function renderPlatform(el: HTMLElement, snap: Snapshot, conn: TableConnection, go: (path: string) => void) {
  clear(el);
  const me = snap.mySeat;
  if (snap.phase === 'over' && snap.serverSeed) {
    el.append(h('a', { href: `/replay/${snap.gameId}`, onclick: (e: Event) => { e.preventDefault(); go(`/replay/${snap.gameId}`); } }, 'Replay this game'));
  }
  if (me === null) return;
  if (snap.phase === 'playing') {
    const gone = snap.seats.some((s, i) => i !== me && s.claimable && !s.connected);
    if (gone) {
      el.append(h('p', {}, 'Your opponent has been gone for the whole grace period.'),
        h('button', { type: 'button', class: 'primary', onclick: () => conn.send(TABLE_IN.claim) }, 'Claim the win'),
        h('span', {}, ' or keep waiting, or '), standInButton(conn));
    }
    if (getGame(snap.game)?.draws) {
      const theirs = snap.drawOffer.some((s) => s !== me);
      const mine = snap.drawOffer.includes(me);
      // An offer to me is answered in the banner beside the board.
      if (!theirs) el.append(h('button', { type: 'button', disabled: mine, onclick: () => conn.send(TABLE_IN.draw) }, mine ? 'Draw offered…' : 'Offer a draw'));
    }
    el.append(h('button', { type: 'button', onclick: () => confirm(`Resign ${resignScope(snap)}?`) && conn.send(TABLE_IN.resign) }, 'Resign'));
  }
  if (snap.phase === 'over') {
    const asked = snap.rematch.includes(me);
    el.append(h('button', { type: 'button', class: 'primary', disabled: asked, onclick: () => conn.send(TABLE_IN.rematch) }, asked ? 'Rematch asked…' : 'Rematch'));
  }
}

/** S15: what resigning gives up, in the game's words ("the whole match (best of three), …"). */
function resignScope(snap: Snapshot): string {
  const module = getGame(snap.game);
  const options = module?.options.safeParse(snap.options);
  return module?.resignScope && options?.success ? module.resignScope(options.data) : 'this game';
}

function renderProof(el: HTMLElement, snap: Snapshot, verified: (gameId: string, serverSeed: string, ok: boolean) => void) {
  const key = `${snap.gameId}:${snap.serverSeed}`;
  if (el.dataset.key === key) return;
  el.dataset.key = key;
  clear(el);
  el.append(h('h2', {}, 'Fair dice'));
  const commitment = () => el.append(h('p', {}, 'Commitment (SHA-256 of the secret seed): ', h('code', { class: 'commitment' }, snap.commitment)));
  if (!snap.serverSeed) {
    commitment();
    el.append(h('p', {}, 'The seed is revealed when the game ends; then every roll can be checked.'));
    return;
  }
  const result = h('p', { role: 'status', 'aria-live': 'polite', class: 'verdict' });
  // The button and its verdict before the long hex strings: on a phone they are what is in reach.
  el.append(h('div', { class: 'proof-actions' }, h('button', {
      type: 'button', onclick: async () => {
        result.textContent = 'Checking…';
        try {
          const log = (await (await fetch(`/api/games/${snap.gameId}/log`)).json()) as GameLog;
          const v = verifyLog(log, getGame);
          result.textContent = v.ok ? `Verified: all ${v.rollsChecked} rolls match the seed, and the replay gives the same result.` : `Verification FAILED: ${v.problems.join('; ')}`;
          result.scrollIntoView({ block: 'nearest' });
          // The log's ticks belong to this game and this seed only.
          verified(log.gameId, log.fair.serverSeed ?? '', v.ok && log.gameId === snap.gameId);
        } catch (err) {
          result.textContent = `Could not fetch the log: ${(err as Error).message}`;
        }
      },
    }, 'Verify this game'),
    h('a', { href: `/api/games/${snap.gameId}/log`, download: `dicehall-${snap.game}-${snap.gameId}.json` }, 'Download the log')),
    result);
  commitment();
  el.append(h('p', {}, 'Seed: ', h('code', {}, snap.serverSeed)));
}

/**
 * The room link with a Copy button. Where the clipboard API is missing (plain HTTP on a LAN address) or refused,
 * the link is selected and copied the old way; either way the button says so.
 */
function copyLink(link: string): HTMLElement {
  const input = h('input', { readOnly: true, value: link, 'aria-label': 'Room link', id: 'room-link' });
  const button = h('button', { type: 'button' }, 'Copy link');
  let reset: ReturnType<typeof setTimeout> | undefined;
  const said = (text: string) => {
    button.textContent = text;
    clearTimeout(reset);
    reset = setTimeout(() => (button.textContent = 'Copy link'), 2500);
  };
  const fallback = () => {
    input.focus();
    input.select();
    input.setSelectionRange(0, link.length);
    // Deprecated but still the only copy without the async clipboard; the link stays selected if it fails.
    said(document.execCommand?.('copy') ? 'Copied' : 'Selected: copy it');
  };
  button.addEventListener('click', () => {
    if (!navigator.clipboard?.writeText || !window.isSecureContext) return fallback();
    navigator.clipboard.writeText(link).then(() => said('Copied'), fallback);
  });
  return h('div', { class: 'share' }, input, button);
}

/** Lets a bot play for the missing player (handed back when they return). Kept across the 1 s re-renders of the
 * countdown, so the chosen level and a press in progress survive them. */
const standIns = new WeakMap<TableConnection, HTMLElement>();
function standInButton(conn: TableConnection): HTMLElement {
  const kept = standIns.get(conn);
  if (kept) return kept;
  const level = h('select', { 'aria-label': 'Computer level' }, ...['easy', 'normal', 'hard'].map((l) => h('option', { value: l, selected: l === 'normal' }, l)));
  const el = h('span', { class: 'stand-in' },
    h('button', { type: 'button', onclick: () => conn.send(TABLE_IN.standIn, { level: level.value as 'easy' | 'normal' | 'hard' }) }, 'Let the computer play for them'), ' at ', level);
  standIns.set(conn, el);
  return el;
}
