// Durable games in a real browser: the server process is killed mid-game (SIGKILL, no warning) and a supervisor
// starts a new one on the same store. The players' and the spectator's pages say the game is safe while the
// server is away, then find their game again by themselves: same log, same seats, and play goes on.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { until } from '../helpers/server';
import { DEVICES, launch, pageErrors, shot, trackErrors } from '../helpers/browser';
import { runTs } from '../helpers/process';
import { postgresBackend, type Backend } from '../store/backends';

let browser: Browser;
let child: ChildProcess | null = null;
let backend: Backend;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the real server as its own process on the test store, as a supervisor would, and waits until ready. */
async function startProcess(port: number): Promise<ChildProcess> {
  const c = runTs('server/src/index.ts', { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent', NODE_ID: `e2e-${port}`, ...backend.childEnv() }, 'ignore');
  let up = false;
  for (let i = 0; i < 600 && !up; i++) {
    up = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.json() as Promise<{ ready?: boolean }>).then((h) => h.ready === true, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) throw new Error('the server did not start');
  return c;
}

beforeAll(async () => {
  backend = postgresBackend();
  browser = await launch();
}, 60000);
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await browser?.close();
  await backend?.destroy();
});

async function open(device: keyof typeof DEVICES): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext(DEVICES[device]);
  const page = trackErrors(await context.newPage());
  return { context, page };
}

const logItems = (p: Page) => p.getByRole('list', { name: 'Game log' }).getByRole('listitem');
const SAFE = 'Server restarting — your game is safe';

it('keeps the game through a crash: the pages say it is safe, then the same game comes back and play goes on', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = await startProcess(port);
  const ana = (await open('desktop1')).page;
  await ana.goto(`${url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = ana.url();
  const ben = (await open('phone')).page;
  await ben.goto(link);
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByRole('button', { name: 'Sit down' }).click();
  const sam = (await open('desktop')).page;
  await sam.goto(link);
  const roll = async (p: Page) => {
    await p.getByText('Your turn.').waitFor();
    await p.getByRole('button', { name: 'Roll' }).click();
  };
  /** The page of the player to move, once one of them shows it. */
  const mover = () => Promise.race([ana, ben].map((p) => p.getByText('Your turn.').waitFor({ timeout: 20000 }).then(() => p)));
  // Whoever starts, two rolls are played and acknowledged to everyone.
  for (let i = 0; i < 2; i++) {
    const before = await logItems(sam).count();
    await roll(await mover());
    for (const p of [ana, ben, sam]) await logItems(p).nth(before).waitFor();
  }
  const acked = await logItems(sam).allTextContents();

  // A crash: no warning to anyone, every socket cut.
  child.kill('SIGKILL');
  await until(() => child!.exitCode !== null || child!.signalCode !== null, 'the process to die');
  for (const p of [ana, ben, sam]) await p.getByText(SAFE).waitFor({ timeout: 20000 });
  await shot(ana, 'durable-crash-banner-desktop1');
  await shot(ben, 'durable-crash-banner-phone');
  await shot(sam, 'durable-crash-banner-desktop2');

  child = await startProcess(port);
  // Each page finds its game by itself: the banner goes, the log is the acknowledged one, seats are kept.
  for (const p of [ana, ben, sam]) await p.getByText(SAFE).waitFor({ state: 'detached', timeout: 30000 });
  for (const p of [ana, ben, sam]) expect(await logItems(p).allTextContents()).toEqual(acked);
  expect(ana.url()).toBe(link);
  await roll(await mover());
  for (const p of [ana, ben, sam]) await logItems(p).nth(acked.length).waitFor();
  await shot(ana, 'durable-crash-back-desktop1');
  await shot(ben, 'durable-crash-back-phone');
  await shot(sam, 'durable-crash-back-desktop2');
}, 180000);
