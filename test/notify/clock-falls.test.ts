// A days clock falling while no room is loaded (the deadline sweep wakes the game and applies the timeout) tells both
// sides by Web Push: both pages are closed, so both seats' browsers get "Dice Chess with Ana and Ben is over: …",
// decrypted here with each subscription's keys. The server's time is shifted forward (DAYS_TEST_TIME).
import { Client } from 'colyseus.js';
import type { GameStore } from '../../server/src/store/game-store';
import { playSome } from '../helpers/durable';
import { testServer, until, wirePlayer, type Player, type TestServer } from '../helpers/server';
import { postgresBackend, type Backend } from '../store/backends';
import { decryptPush, httpsEndpoint, selfSigned, subscriber, type Endpoint } from './endpoints';

jest.setTimeout(120_000);

let backend: Backend;
let store: GameStore;
let server: TestServer;
let ep: Endpoint;
const HOUR = 3_600_000;

beforeAll(async () => {
  // The days routes for tests (time shift, a sweep on demand) and no sweep of its own.
  process.env.DAYS_TEST_TIME = '1';
  process.env.DEADLINE_SWEEP_MS = '0';
  const tls = selfSigned();
  ep = await httpsEndpoint(tls);
  backend = postgresBackend();
  store = await backend.open();
  server = await testServer(
    {
      idleSeconds: 1,
      notify: { pushHosts: ['127.0.0.1'], webhookHosts: [], privateHosts: ['127.0.0.1'], ca: tls.cert },
    },
    store,
  );
  await until(() => server.durable.status === 'ready', 'the store');
});
afterAll(async () => {
  await server?.close();
  await ep?.close();
  await backend?.destroy();
  delete process.env.DAYS_TEST_TIME;
  delete process.env.DEADLINE_SWEEP_MS;
});

const post = async (path: string, body: unknown) =>
  (await fetch(`${server.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  }).then((r) => r.json())) as any;

async function seat(options: Record<string, unknown>, roomId?: string): Promise<Player> {
  const c = new Client(server.ws);
  const p = wirePlayer(c, roomId ? await c.joinById(roomId, options) : await c.create('table', options));
  await until(() => p.room.state?.game, 'the seat');
  return p;
}

it('tells both closed pages by push when a clock falls with no room loaded', async () => {
  const ana = await seat({ game: 'dice-chess', name: 'Ana', clock: { mode: 'days', days: 1 } });
  const roomId = ana.room.roomId;
  const ben = await seat({ name: 'Ben' }, roomId);
  await until(() => ana.room.state.phase === 'playing' && ana.token && ben.token, 'the game to start');
  await playSome([ana, ben], 2);
  const subs = [ana, ben].map((p, i) => ({ p, sub: subscriber(`${ep.base}/push/seat-${i}`) }));
  for (const { p, sub } of subs) {
    const res = await fetch(`${server.url}/api/push/subscribe`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ roomId, token: p.token, subscription: { endpoint: sub.endpoint, keys: sub.keys } }),
    });
    expect(res.status).toBe(200);
  }
  const before = ep.received.length;
  // Both pages close; the room goes (idle); a day and an hour later the sweep finds the deadline past.
  await Promise.all([ana, ben].map((p) => p.room.leave(true)));
  for (let i = 0; i < 300; i++) {
    const loaded = (await (await fetch(`${server.url}/api/test/loaded/${roomId}`)).json()) as { loaded: boolean };
    if (!loaded.loaded) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  await post('/api/test/time', { advanceMs: 25 * HOUR });
  const swept = await post('/api/test/sweep', {});
  expect(swept).toMatchObject({ due: 1, woken: 1 });
  for (let i = 0; i < 2; i++) await until(() => ep.received.some((r) => r.path === `/push/seat-${i}`), 'a push', 5000);
  expect(ep.received.length - before).toBe(2);
  for (const [i, { sub }] of subs.entries()) {
    const got = ep.received.find((r) => r.path === `/push/seat-${i}`)!;
    const payload = JSON.parse(decryptPush(sub, got.body));
    expect(payload.title).toBe('Game over');
    expect(payload.body).toMatch(/^Dice Chess with Ana and Ben is over: .*clock fell/);
    expect(payload.url).toBe(`/r/${roomId}`);
  }
});
