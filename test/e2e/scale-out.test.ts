// Scale-out in the browser: two server processes on Redis behind Caddy running deploy/Caddyfile, pages at the
// shared entry. The home page lists public rooms of both processes; a room made in one page is joined by link from
// a phone and watched from a laptop, every room socket going to the hosting process's own path; the game verifies.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { Client, type Room } from 'colyseus.js';
import { DEVICES, launch, pageErrors, shot, trackErrors } from '../helpers/browser';
import { until } from '../helpers/server';
import { testRedisUrl } from '../services/urls';
import {
  clusterStore,
  flushRedis,
  freePort,
  startCaddy,
  startNode,
  stopNode,
  type Node,
  type Proxy as CaddyProxy,
} from '../helpers/cluster';

let browser: Browser;
let proxy: CaddyProxy;
let c: Node;
let d: Node;
const held: Room[] = [];
// Not the database of test/scale (7): jest may run both files at once, and each flushes its own.
const REDIS_URL = testRedisUrl(8);

beforeAll(async () => {
  await flushRedis(REDIS_URL);
  const port = await freePort();
  const env = (n: number) => ({ PUBLIC_ADDRESS: `127.0.0.1:${port}/n${n}`, TRUST_PROXY: '1' });
  [c, d] = await Promise.all([startNode(env(1), REDIS_URL), startNode(env(2), REDIS_URL)]);
  proxy = await startCaddy(port, [`127.0.0.1:${c.port}`, `127.0.0.1:${d.port}`]);
  browser = await launch();
}, 240_000);
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await Promise.all(held.map((r) => r.leave().catch(() => undefined)));
  await browser?.close();
  proxy?.child.kill('SIGTERM');
  await Promise.all([c && stopNode(c), d && stopNode(d)]);
  await flushRedis(REDIS_URL);
  await clusterStore.destroy();
}, 30_000);

/** A page of its own browser context, remembering the WebSockets it opened. */
async function open(device: BrowserContextOptions): Promise<{ page: Page; sockets: string[] }> {
  const context = await browser.newContext(device);
  const page = trackErrors(await context.newPage());
  const sockets: string[] = [];
  page.on('websocket', (ws) => sockets.push(ws.url()));
  return { page, sockets };
}

/** The process path (n1, n2) of a page's socket to room `roomId`. */
const pathTo = (sockets: string[], roomId: string) =>
  sockets.map((u) => new RegExp(`/(n[12])/[\\w-]+/${roomId}\\?`).exec(u)?.[1]).find(Boolean);

it('lists rooms of both processes, seats a phone by link across them, and the game verifies', async () => {
  // A public room made directly on each process.
  for (const [node, name] of [
    [c, 'Cyd'],
    [d, 'Dee'],
  ] as const) {
    const room = await new Client(node.ws).create('table', { game: 'high-roll', name, public: true });
    room.onMessage('*', () => undefined);
    held.push(room);
  }
  const ana = await open(DEVICES.desktop1);
  await ana.page.goto(`${proxy.url}/?all`);
  const lobby = ana.page.getByRole('list', { name: 'Public rooms' });
  await lobby.getByText('High Roll with Cyd').waitFor();
  await lobby.getByText('High Roll with Dee').waitFor();
  await lobby.scrollIntoViewIfNeeded();
  await shot(ana.page, 'scale-home-desktop');

  await ana.page.getByLabel('Your name').fill('Ana');
  await ana.page.getByLabel('Game').selectOption('high-roll');
  await ana.page.getByRole('button', { name: 'Create room' }).click();
  await ana.page.waitForURL(/\/r\/[\w-]+$/);
  const roomId = ana.page.url().split('/r/')[1];
  await ana.page.getByText('Waiting for your opponent').waitFor();
  const hostPath = pathTo(ana.sockets, roomId);
  expect(hostPath).toMatch(/^n[12]$/);

  const ben = await open(DEVICES.phone);
  await ben.page.goto(`${proxy.url}/`);
  await ben.page.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.page.goto(`${proxy.url}/r/${roomId}`);
  await ben.page.getByRole('button', { name: 'Sit down' }).click();
  await ben.page.getByText('Ana to play.').waitFor();
  const sam = await open(DEVICES.desktop);
  await sam.page.goto(`${proxy.url}/r/${roomId}`);
  await ana.page.getByText('1 watching').waitFor();
  // Whichever process answered their matchmaking, both sockets went to the room's own process. (A page's socket
  // event reaches the test over that page's own channel, which may come after Ana's page shows the watcher.)
  await until(() => pathTo(ben.sockets, roomId) && pathTo(sam.sockets, roomId), "both pages' sockets to the room");
  expect([pathTo(ben.sockets, roomId), pathTo(sam.sockets, roomId)]).toEqual([hostPath, hostPath]);

  for (let i = 0; i < 6; i++) {
    const p = i % 2 === 0 ? ana.page : ben.page;
    await p.getByText('Your turn.').waitFor();
    await p.getByRole('button', { name: 'Roll' }).click();
  }
  for (const p of [ana.page, ben.page, sam.page]) await p.getByText(/Game over/).waitFor();
  await shot(ben.page, 'scale-table-phone');
  // The log comes through the entry from either process (round robin), the peer asking the host.
  await sam.page.getByRole('button', { name: 'Verify this game' }).click();
  await sam.page.getByText(/Verified: all 6 rolls match the seed/).waitFor();
  await shot(sam.page, 'scale-verified-desktop');
  await ana.page.getByRole('button', { name: 'Verify this game' }).click();
  await ana.page.getByText(/Verified: all 6 rolls match the seed/).waitFor();
}, 240_000);
