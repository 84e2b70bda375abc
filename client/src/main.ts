// Boots the client: a small router over home, table, replay and rules screens.
import './style.css';
import { identity } from './net/identity';
import type { TableConnection } from './net/connection';
import { Store } from './net/store';
import { roomInfo } from './net/room-hint';
import { reserveSeat } from './net/seat';
import { homeScreen } from './screens/home';
import { joinPrompt } from './screens/join';
import { loadGame } from './games';
import { h as el } from './ui/dom';
import { h } from 'preact';
import { showScreen } from './ui/screen';
import { sound } from './ui/sound';

const root = document.getElementById('app')!;
const netStatus = document.getElementById('net-status')!;
const store = new Store(loadGame);
let conn: TableConnection | null = null;
let teardown: (() => void) | null = null;

// The top bar is the page's own HTML, outside every screen: its one switch is built by hand, once.
const soundToggle = el(
  'button',
  { type: 'button', class: 'sound', 'aria-pressed': String(sound.on) },
  sound.on ? 'Sound: on' : 'Sound: off',
);
soundToggle.addEventListener('click', () => {
  sound.on = !sound.on;
  soundToggle.textContent = sound.on ? 'Sound: on' : 'Sound: off';
  soundToggle.setAttribute('aria-pressed', String(sound.on));
});
document.querySelector('.topbar')!.append(soundToggle);

store.subscribe(() => {
  const c = store.connection;
  netStatus.textContent =
    c === 'reconnecting' ? 'Reconnecting…' : c === 'restarting' ? 'Server restarting…' : c === 'lost' ? 'Offline' : '';
  netStatus.className = c;
});

function go(path: string) {
  history.pushState(null, '', path);
  void route();
}
// A link to a section of the same page (a rules page's contents) changes only the hash: the browser scrolls, no re-render.
let routed = '';
window.addEventListener('popstate', () => {
  if (location.pathname !== routed) void route();
});

/** The network code (colyseus.js and its schema decoder) loads on first use, not with the home page. */
const connection = () => import('./net/connection');

/**
 * Starts downloading the table, PixiJS and this game (its rules module, then its board) while the room is still
 * being joined. Only the game shown loads: the others' code is never asked for.
 */
function preload(game?: string) {
  void connection().catch(() => undefined);
  void import('./screens/table').catch(() => undefined);
  void import('./engine/stage').then((m) => m.warmUp()).catch(() => undefined);
  if (game)
    void loadGame(game)
      .then((g) => g?.loadView())
      .catch(() => undefined);
}

function notFound() {
  document.title = 'Not found — Dicehall';
  showScreen(
    root,
    h(
      'section',
      { class: 'card' },
      h('h1', {}, 'Nothing at this address'),
      h(
        'p',
        { role: 'alert' },
        `There is no page at ${location.pathname}. Room links look like /r/… and replays like /replay/….`,
      ),
      h('a', { href: '/' }, 'Go to the Dicehall home page'),
    ),
  );
}

function notHere(message: string) {
  showScreen(
    root,
    h(
      'section',
      { class: 'card' },
      h('h1', {}, 'This table is not here'),
      h('p', { role: 'alert' }, `${message} It may have ended, or the link is wrong.`),
      h('a', { href: '/' }, 'Start a new game'),
    ),
  );
}

async function route() {
  teardown?.();
  teardown = null;
  document.body.dataset.ready = 'false';
  const path = location.pathname;
  routed = path;
  // Each pattern's one group is required: a match has it.
  const room = path.match(/^\/r\/([\w-]+)$/)?.[1];
  const replay = path.match(/^\/replay\/([\w-]+)$/)?.[1];
  const rules = path.match(/^\/rules\/([\w-]+)$/)?.[1];
  const lobby = path.match(/^\/p\/([\w-]+)$/) ?? (path === '/p' ? ([path, null] as const) : null);
  if (!room) {
    conn?.leave();
    conn = null;
    // The board screens (and PixiJS with them) load only when needed: the home page stays light.
    if (lobby) {
      try {
        teardown = await (await import('./screens/party')).partyScreen(root, lobby[1], go);
      } catch (err) {
        return notHere(`${(err as Error).message}.`);
      }
    } else if (replay) {
      void import('./engine/stage').then((m) => m.warmUp()).catch(() => undefined);
      teardown = await (await import('./screens/replay')).replayScreen(root, replay);
    } else if (rules) await (await import('./screens/rules')).rulesScreen(root, rules);
    else if (path === '/games') teardown = await (await import('./screens/your-games')).yourGamesScreen(root, go);
    else if (path === '/device') teardown = await (await import('./screens/device-link')).deviceScreen(root, go);
    else if (path !== '/' && path !== '/index.html') notFound();
    else {
      teardown = await homeScreen(root, go, async (req) => {
        preload(req.game);
        conn = new (await connection()).TableConnection(store);
        return conn.create({
          game: req.game,
          options: req.options,
          public: req.isPublic,
          clock: req.clock,
          ...(req.bot ? { bot: req.bot } : {}),
        });
      });
    }
    document.body.dataset.ready = 'true';
    return;
  }
  const roomId = room;
  if (!conn || conn.room?.roomId !== roomId) {
    conn?.leave();
    conn = null;
    showScreen(root, h('p', { class: 'loading' }, 'Joining the table…'));
    preload();
    const info = await roomInfo(roomId);
    if (!info) return notHere('No such room.');
    // The room is gone but its game finished: the link shows it for good, at its final position (like a game URL).
    if ('finished' in info) {
      void import('./engine/stage').then((m) => m.warmUp()).catch(() => undefined);
      teardown = await (await import('./screens/replay')).replayScreen(root, info.finished, { roomLink: true });
      document.body.dataset.ready = 'true';
      return;
    }
    const { metadata } = info;
    // The room's game is known: its board downloads while the player answers the prompt and joins.
    preload(metadata.game);
    let want: 'play' | 'watch' = new URLSearchParams(location.search).has('watch') ? 'watch' : 'play';
    // A free seat and no seat of ours here: everyone is asked to sit down or just watch (a stored name is
    // offered in the field, not taken as a yes).
    if (want === 'play' && !identity.seatToken(roomId) && metadata.seated < metadata.seats) {
      want = await joinPrompt(root, metadata);
    }
    // The seat is asked for now, while the network code is still downloading (see ./net/seat).
    const reserved = reserveSeat(roomId, want);
    reserved.catch(() => undefined);
    conn = new (await connection()).TableConnection(store);
    try {
      await conn.join(roomId, want, reserved);
    } catch (err) {
      return notHere(`${(err as Error).message}.`);
    }
  }
  const { tableScreen } = await import('./screens/table');
  teardown = await tableScreen(root, store, conn, (p) => go(p));
  document.body.dataset.ready = 'true';
}

void route();
