// Saving paused, in a real browser (issue 31): the server's store stops taking writes while a player moves; both
// pages say "Saving is paused — your game is safe", and once the store is back the notice goes, the move shows in
// the log and play goes on.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { DESKTOP, launch, pageErrors, trackErrors } from '../helpers/browser';
import { testServer, type TestServer } from '../helpers/server';
import { failingEmbedded } from '../helpers/store-faults';

const dataDir = mkdtempSync(join(tmpdir(), 'dicehall-e2e-faults-'));
let embedded: Awaited<ReturnType<typeof failingEmbedded>>;
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  embedded = await failingEmbedded(dataDir);
  server = await testServer({}, embedded.store);
  browser = await launch();
}, 60000);
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  rmSync(dataDir, { recursive: true, force: true });
});

const page = async (): Promise<Page> => trackErrors(await (await browser.newContext({ viewport: DESKTOP })).newPage());
const rolls = (p: Page) => p.getByRole('list', { name: 'Game log' }).getByText(/rolls a d6/);
const PAUSED = 'Saving is paused — your game is safe';

it('says saving is paused on every page while the store cannot write, then plays on by itself', async () => {
  const ana = await page();
  await ana.goto(`${server.url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const ben = await page();
  await ben.goto(ana.url());
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByRole('button', { name: 'Sit down' }).click();
  await ana.getByText('Your turn.').waitFor();

  embedded.failing = true;
  await ana.getByRole('button', { name: 'Roll' }).click();
  for (const p of [ana, ben]) await p.getByText(PAUSED).waitFor({ timeout: 5000 });
  // Said once (the status line, not again as a notice under it).
  for (const p of [ana, ben]) expect(await p.getByText(/Saving is paused/).count()).toBe(1);
  // Nothing is shown as played while it is not saved.
  expect(await rolls(ben).count()).toBe(0);

  embedded.failing = false;
  for (const p of [ana, ben]) await p.getByText(PAUSED).waitFor({ state: 'detached', timeout: 10000 });
  for (const p of [ana, ben]) await rolls(p).first().waitFor();
  await ben.getByText('Your turn.').waitFor();
  await ben.getByRole('button', { name: 'Roll' }).click();
  await expect(rolls(ana).count()).resolves.toBeGreaterThanOrEqual(1);
  await ana.getByText('Your turn.').waitFor();
}, 90000);
