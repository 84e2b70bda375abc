// Boots the client: a small router over the home screen and the table screen.
import './style.css';
import { TableConnection } from './net/connection';
import { Store } from './net/store';
import { homeScreen } from './screens/home';
import { tableScreen } from './screens/table';
import { h, clear } from './ui/dom';

const root = document.getElementById('app')!;
const netStatus = document.getElementById('net-status')!;
const store = new Store();
let conn: TableConnection | null = null;
let teardown: (() => void) | null = null;

store.subscribe(() => {
  netStatus.textContent = store.connection === 'reconnecting' ? 'Reconnecting…' : store.connection === 'lost' ? 'Offline' : '';
  netStatus.className = store.connection;
});

function go(path: string) {
  history.pushState(null, '', path);
  void route();
}
window.addEventListener('popstate', () => void route());

async function route() {
  teardown?.();
  teardown = null;
  const match = location.pathname.match(/^\/r\/([\w-]+)$/);
  if (!match) {
    conn?.leave();
    conn = null;
    homeScreen(root, go, async (game, isPublic) => {
      conn = new TableConnection(store);
      return conn.create({ game, options: {}, public: isPublic });
    });
    return;
  }
  const roomId = match[1];
  if (!conn || conn.room?.roomId !== roomId) {
    conn?.leave();
    conn = new TableConnection(store);
    clear(root);
    root.append(h('p', { class: 'loading' }, 'Joining the table…'));
    try {
      await conn.join(roomId, new URLSearchParams(location.search).has('watch') ? 'watch' : 'play');
    } catch (err) {
      clear(root);
      root.append(h('section', { class: 'card' }, h('h1', {}, 'This table is not here'),
        h('p', { role: 'alert' }, `${(err as Error).message}. It may have ended, or the link is wrong.`),
        h('a', { href: '/' }, 'Start a new game')));
      return;
    }
  }
  teardown = await tableScreen(root, store, conn);
  document.body.dataset.ready = 'true';
}

void route();
