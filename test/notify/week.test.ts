// A lobby's turn-based Dice Chess table over a simulated week (one day a move, the server's time shifted, the room
// unloaded between moves, the server restarted midweek): each move is made by its player alone at the table, and the other player is told by Web
// Push (decrypted here with their subscription's keys) and the lobby by its webhook, at every turn change.
import { Client } from 'colyseus.js';
import type { GameStore } from '../../server/src/store/game-store';
import { playSome } from '../helpers/durable';
import { enter, startTable } from '../helpers/party';
import { testServer, until, wirePlayer, type Player, type TestServer } from '../helpers/server';
import { postgresBackend, type Backend } from '../store/backends';
import { decryptPush, httpsEndpoint, selfSigned, subscriber, type Endpoint, type Subscriber } from './endpoints';

jest.setTimeout(240_000);

let backend: Backend;
let store: GameStore;
let server: TestServer;
let ep: Endpoint;
const HOUR = 3_600_000;

beforeAll(async () => {
  process.env.DAYS_TEST_TIME = '1';
  process.env.DEADLINE_SWEEP_MS = '0';
  const tls = selfSigned();
  ep = await httpsEndpoint(tls);
  ep.on('/hook', { status: 204 });
  backend = postgresBackend();
  store = await backend.open();
  settings = {
    idleSeconds: 1,
    notify: {
      webhookHosts: ['127.0.0.1'],
      pushHosts: ['127.0.0.1'],
      privateHosts: ['127.0.0.1'],
      ca: tls.cert,
      publicUrl: 'https://dicehall.test',
      webhookPerMinute: 60,
    },
  };
  await startServer();
});

/** The server's settings, the same after the restart. */
let settings: Parameters<typeof testServer>[0];

async function startServer() {
  server = await testServer(settings, store);
  await until(() => server.durable.status === 'ready', 'the store');
}
afterAll(async () => {
  await server?.close();
  await ep?.close();
  await backend?.destroy();
  delete process.env.DAYS_TEST_TIME;
  delete process.env.DEADLINE_SWEEP_MS;
});

const post = async (path: string, body: unknown, token?: string) =>
  fetch(`${server.url}${path}`, {
    method: path.endsWith('/webhook') ? 'PUT' : 'POST',
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
  });

const posts = () => ep.received.filter((r) => r.path === '/hook').map((r) => JSON.parse(r.body.toString()).content);
const pushes = (seat: number) => ep.received.filter((r) => r.path === `/push/seat-${seat}`);

/** Leaves a room; a close that never comes back (a room being disposed at that moment) does not hold the test. */
const leave = (p: Player) =>
  Promise.race([p.room.leave(true).catch(() => undefined), new Promise((r) => setTimeout(r, 5000))]);

async function unloaded(roomId: string) {
  for (let i = 0; i < 300; i++) {
    const r = (await (await fetch(`${server.url}/api/test/loaded/${roomId}`)).json()) as { loaded: boolean };
    if (!r.loaded) return;
    await new Promise((res) => setTimeout(res, 100));
  }
  throw new Error('the room stayed loaded');
}

async function back(roomId: string, token: string): Promise<Player> {
  const c = new Client(server.ws);
  const p = wirePlayer(c, await c.joinById(roomId, { seatToken: token }));
  await until(() => p.room.state?.phase && p.token && p.stream.rev > 0, 'the seat');
  return p;
}

it('tells the waiting player by push and the lobby by webhook at every turn change of a week, across a restart', async () => {
  const ana = await enter(server.ws, null, 'Ana');
  const ben = await enter(server.ws, ana.room.roomId, 'Ben');
  const partyId = ana.room.roomId;
  let set: Response | null = null;
  for (let i = 0; i < 50 && set?.status !== 200; i++) {
    if (set) await new Promise((r) => setTimeout(r, 100));
    set = await post(`/api/parties/${partyId}/webhook`, { url: `${ep.base}/hook` }, ana.token);
  }
  expect(set?.status).toBe(200);
  ana.room.send('configure', { game: 'dice-chess', clock: { mode: 'days', days: 1 } });
  await until(() => ben.room.state.game === 'dice-chess', 'the game to be set');
  const [a, b] = await startTable(ana, ana, ben);
  const tableId = a.room.roomId;
  const tokens = [a.token!, b.token!];
  const subs: Subscriber[] = [0, 1].map((seat) => subscriber(`${ep.base}/push/seat-${seat}`));
  for (const seat of [0, 1]) {
    const res = await post('/api/push/subscribe', {
      roomId: tableId,
      token: tokens[seat],
      subscription: { endpoint: subs[seat].endpoint, keys: subs[seat].keys },
    });
    expect(res.status).toBe(200);
  }
  // Both secret arrangements while both are at the table: the game is then played a move a day.
  await playSome([a, b], 2);
  await Promise.all([a, b].map(leave));
  await unloaded(tableId);

  let told = 0;
  for (let day = 1; day <= 7; day++) {
    await post('/api/test/time', { advanceMs: 20 * HOUR });
    if (day === 4) {
      // A restart midweek: the VAPID keys, the subscriptions, the lobby's webhook and the deadline are in the store.
      // (In this process the shifted time is the process's: the new server keeps it, as a real one keeps the clock.)
      await server.close();
      store = await backend.open();
      await startServer();
    }
    // The player to move comes alone; the other's page stays closed.
    let mover = await back(tableId, tokens[0]);
    if (mover.legal.length === 0) {
      await leave(mover);
      mover = await back(tableId, tokens[1]);
    }
    if (mover.room.state.phase !== 'playing') break;
    const other = 1 - mover.seat!;
    const before = { push: pushes(other).length, posts: posts().length, mover: pushes(mover.seat!).length };
    expect(await playSome([mover], 1, day)).toBe(1);
    await until(() => pushes(other).length > before.push, `day ${day}: the push to seat ${other}`, 5000);
    await until(() => posts().length > before.posts, `day ${day}: the webhook post`, 5000);
    const payload = JSON.parse(decryptPush(subs[other], pushes(other).at(-1)!.body));
    const names = ['Ana', 'Ben'];
    if (mover.room.state.phase === 'playing') {
      expect(payload.body).toBe(`Your turn in Dice Chess against ${names[mover.seat!]}`);
      expect(posts().at(-1)).toBe(
        `${names[other]}, your turn in Dice Chess against ${names[mover.seat!]} — https://dicehall.test/r/${tableId}`,
      );
    }
    // Nothing for the mover, whose page was open (a game-over goes to both, the mover's open page excepted).
    expect(pushes(mover.seat!).length).toBe(before.mover);
    told++;
    await leave(mover);
    await unloaded(tableId);
  }
  // Days 5 to 7 come after the restart: at least one move was told by the restarted server.
  expect(told).toBeGreaterThanOrEqual(5);
});
