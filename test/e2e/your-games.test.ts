// "Your games" and "Open on another device" in Debian's Chromium (issue 33): a turn-based Dice Chess table and a
// live one with a running clock, listed your-turn first with the opponent and time left (the live clock ticking);
// the whole list taken to a second browser context (a phone) by its one-time link, which then holds the seats; the
// link refused when used again.
// Screenshots (phone ratio 3, desktop ratio 2) go to SHOTS (default test-artifacts/your-games).
import path from 'node:path';
import { mkdirSync } from 'node:fs';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { ARTIFACTS, DEVICES, launch, pageErrors, trackErrors } from '../helpers/browser';
import { testServer, type TestServer } from '../helpers/server';
import { createRoom, sitDown, status } from '../helpers/e2e';
import { postgresBackend } from '../store/backends';

jest.setTimeout(180_000);

const backend = postgresBackend();
const SHOTS = process.env.SHOTS ?? path.join(ARTIFACTS, 'your-games');
let server: TestServer;
let browser: Browser;

beforeAll(async () => {
  server = await testServer({}, backend.open());
  browser = await launch();
  mkdirSync(SHOTS, { recursive: true });
}, 90_000);
afterEach(() => expect(pageErrors.splice(0)).toEqual([]));
afterAll(async () => {
  await browser?.close();
  await server?.close();
  await backend.destroy();
});

/** The desktop of the screenshots: 1280×800. */
const DESK = { width: 1280, height: 800 };
const open = async (options: BrowserContextOptions = { viewport: DESK, deviceScaleFactor: 2 }): Promise<Page> =>
  trackErrors(await (await browser.newContext(options)).newPage());

/** Polls a locator's count (no fixed sleeps). */
async function countIs(locator: ReturnType<Page['locator']>, n: number) {
  for (let i = 0; i < 300; i++) {
    if ((await locator.count()) === n) return;
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`expected ${n} of ${locator.toString()}, found ${await locator.count()}`);
}

const shot = (page: Page, name: string) => page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });

describe('Your games', () => {
  let ana: Page;
  let link = '';

  it('lists both tables of this browser, your turn first, with the opponent and the days left', async () => {
    ana = await open();
    const ben = await open();
    const chess = await createRoom(ana, server.url, 'Ana', 'Dice Chess', [['Time control', '1 day a move']]);
    await sitDown(ben, chess, 'Ben');
    await status(ana)
      .filter({ hasText: /Your turn|Waiting/ })
      .waitFor();
    const roll = await createRoom(ana, server.url, 'Ana', 'Shields', [['Time control', 'Rapid: 10 min + 5 s a move']]);
    await sitDown(ben, roll, 'Ben');
    await status(ben)
      .filter({ hasText: /Your turn|to play/ })
      .waitFor();
    // From the header, as a player finds it.
    await ana.getByRole('link', { name: 'Your games' }).first().click();
    await ana.waitForURL(/\/games$/);
    const items = ana.locator('.your-game');
    await countIs(items, 2);
    const texts = await items.allTextContents();
    expect(texts.join('\n')).toContain('Dice Chess against Ben');
    expect(texts.join('\n')).toContain('Shields against Ben');
    // The turn-based game shows the time left to move; the first listed one is Ana's to play, if either is.
    expect(texts.find((t) => t.includes('Dice Chess'))).toMatch(/(Your|Their) turn — (23 hours|1 day)/);
    // The live timed game shows its running clock, ticking down in the page.
    const shields = items.filter({ hasText: 'Shields' }).locator('.yg-status');
    const before = await shields.textContent();
    expect(before).toMatch(/turn — \d{1,2}:\d\d left/);
    for (let i = 0; i < 100 && (await shields.textContent()) === before; i++)
      await new Promise((r) => setTimeout(r, 100));
    expect(await shields.textContent()).not.toBe(before);
    const firsts = await ana.locator('.yg-part').first().getAttribute('class');
    expect(firsts).toMatch(/yg-mine|yg-theirs/);
    await shot(ana, 'your-games-desktop-2x');
  });

  it('opens the whole list on another device by its one-time link, refused when used again', async () => {
    await ana.getByRole('button', { name: 'Open all on another device' }).click();
    const input = ana.getByLabel('Device link');
    link = await input.inputValue();
    expect(link).toMatch(/\/device#[\w-]{24}$/);
    await countIs(ana.getByRole('img', { name: 'QR code of the link' }).locator('svg'), 1);
    await shot(ana, 'device-link-desktop-2x');

    const phone = await open(DEVICES.phone);
    await phone.goto(link);
    await phone.waitForURL(/\/games$/);
    await countIs(phone.locator('.your-game'), 2);
    // The code left the address bar; this device now holds both seats.
    expect(phone.url()).not.toContain('#');
    const held = await phone.evaluate(() => Object.keys(localStorage).filter((k) => k.startsWith('dicehall:seat:')));
    expect(held).toHaveLength(2);
    await shot(phone, 'your-games-phone-3x');
    await phone.locator('.your-game a', { hasText: 'Dice Chess' }).click();
    await phone.waitForURL(/\/r\/[\w-]+$/);
    await status(phone)
      .filter({ hasText: /turn|Waiting/ })
      .waitFor();
    // Seated as Ana, not asked to sit down.
    await countIs(phone.getByRole('button', { name: 'Sit down' }), 0);
    await phone.getByRole('button', { name: 'Open on another device' }).click();
    await phone.getByRole('img', { name: 'QR code of the link' }).waitFor();
    await shot(phone, 'device-link-phone-3x');

    const other = await open();
    await other.goto(link);
    await other.getByText('That code was used already').waitFor();
  });

  it('at desktop ratio 1 too: a fresh code opens the list in a third browser', async () => {
    await ana.getByRole('button', { name: 'Done' }).click();
    await ana.getByRole('button', { name: 'Open all on another device' }).click();
    const fresh = await ana.getByLabel('Device link').inputValue();
    expect(fresh).not.toBe(link);
    const desk = await open({ viewport: DESK, deviceScaleFactor: 1 });
    await desk.goto(fresh);
    await desk.waitForURL(/\/games$/);
    await countIs(desk.locator('.your-game'), 2);
    await shot(desk, 'your-games-desktop-1x');
    await desk.getByRole('button', { name: 'Open all on another device' }).click();
    await desk.getByRole('img', { name: 'QR code of the link' }).waitFor();
    await shot(desk, 'device-link-desktop-1x');
  });
});
