// Durable games in a real browser: the server process is killed mid-game (SIGKILL, no warning) and a supervisor
// starts a new one on the same store. The players' and the spectator's pages say the game is safe while the
// server is away, then find their game again by themselves: same log, same seats, and play goes on. A lobby for
// friends goes through the same: its members' pages say so, then come back to the same lobby with its chat.
import type { ChildProcess } from 'node:child_process';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { until } from '../helpers/server';
import { DEVICES, launch, pageErrors, shot, trackErrors } from '../helpers/browser';
import { freePort, startServerProcess } from '../helpers/process';
import { postgresBackend, type Backend } from '../store/backends';

let browser: Browser;
let child: ChildProcess | null = null;
let backend: Backend;

/** Starts the real server as its own process on the test store, as a supervisor would, and waits until ready. */
const started: ChildProcess[] = [];
const startProcess = async (port: number): Promise<ChildProcess> => {
  const c = (await startServerProcess(port, { NODE_ID: `e2e-${port}`, ...backend.childEnv() })).child;
  started.push(c);
  return c;
};

beforeAll(async () => {
  backend = postgresBackend();
  browser = await launch();
}, 60000);
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  // Each test leaves its last server running: stop every one started here.
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
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
  /**
   * Whoever is to move rolls, and every page shows the roll's line. The count is read on the mover's own page: its
   * status and its log are released together (both wait while a roll is in the air), so "Your turn." there comes
   * with that page's whole log. A count read on another page could be behind (still loading, or a roll still
   * landing) and let the next turn start while the roller's page still showed its own "Your turn." (CI, stop 23).
   */
  const roll = async () => {
    const p = await Promise.race(
      [ana, ben].map((q) =>
        q
          .getByText('Your turn.')
          .waitFor({ timeout: 20000 })
          .then(() => q),
      ),
    );
    const before = await logItems(p).count();
    await p.getByRole('button', { name: 'Roll' }).click();
    for (const q of [ana, ben, sam]) await logItems(q).nth(before).waitFor();
  };
  // Whoever starts, two rolls are played and acknowledged to everyone.
  await logItems(sam).first().waitFor();
  for (let i = 0; i < 2; i++) await roll();
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
  await roll();
  for (const p of [ana, ben, sam]) await logItems(p).nth(acked.length).waitFor();
  await shot(ana, 'durable-crash-back-desktop1');
  await shot(ben, 'durable-crash-back-phone');
  await shot(sam, 'durable-crash-back-desktop2');
}, 180000);

it('keeps a lobby for friends through a crash: its pages say the server is restarting, then come back to it', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = await startProcess(port);
  const ana = (await open('desktop1')).page;
  await ana.goto(url);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByRole('button', { name: 'Host a party for friends' }).click();
  await ana.getByRole('heading', { name: 'Your party' }).waitFor();
  const link = ana.url();
  const ben = (await open('phone')).page;
  await ben.goto(url);
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  await ben.getByRole('heading', { name: "Ana's party" }).waitFor();
  await ana.getByLabel('Game', { exact: true }).selectOption('shields');
  await ana.getByRole('button', { name: 'Set the game' }).click();
  await ben.getByLabel('Chat message').fill('ready when you are');
  await ben.getByRole('button', { name: 'Send' }).click();
  for (const p of [ana, ben])
    await p.getByRole('list', { name: 'Party chat' }).getByText('ready when you are').waitFor();
  await ben.getByText(/^Next: Shields/).waitFor();

  child.kill('SIGKILL');
  await until(() => child!.exitCode !== null || child!.signalCode !== null, 'the process to die');
  const RESTARTING = /^The server is restarting\. The party, its scores and chat are kept/;
  for (const p of [ana, ben]) await p.getByRole('status').filter({ hasText: RESTARTING }).waitFor({ timeout: 20000 });
  await shot(ana, 'durable-lobby-restarting-desktop1');
  await shot(ben, 'durable-lobby-restarting-phone');

  child = await startProcess(port);
  for (const p of [ana, ben])
    await p.getByRole('status').filter({ hasText: RESTARTING }).waitFor({ state: 'hidden', timeout: 30000 });
  // The same lobby, the same members (Ana still its host), the chat and the chosen game kept.
  expect(ben.url()).toBe(link);
  await ben.getByRole('heading', { name: "Ana's party" }).waitFor();
  for (const p of [ana, ben]) {
    await p.getByRole('list', { name: 'Party chat' }).getByText('ready when you are').waitFor();
    await p.getByText(/^Next: Shields/).waitFor();
  }
  await ana.getByRole('list', { name: 'Members' }).getByText('Ben').waitFor();
  await ana.getByLabel('Chat message').fill('back again');
  await ana.getByRole('button', { name: 'Send' }).click();
  await ben.getByRole('list', { name: 'Party chat' }).getByText('back again').waitFor();
  await shot(ana, 'durable-lobby-back-desktop1');
  await shot(ben, 'durable-lobby-back-phone');
}, 180000);
