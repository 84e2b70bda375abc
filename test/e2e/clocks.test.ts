// Time controls through the UI: chosen on the home page, ticking on both players' pages and the spectator's.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

const page = (options: BrowserContextOptions) => e2e.open(options);

const clockText = (p: Page, seat: number) => p.locator(`.strip .clock.seat-${seat} .time`).innerText();

it('a Dice Chess room with a rapid clock shows both clocks running during the secret arrangement, ticking for all', async () => {
  const ana = await page({ viewport: DESKTOP, deviceScaleFactor: 1 });
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('dice-chess');
  await ana.getByLabel('Time control').selectOption({ label: 'Rapid: 10 min + 5 s a move' });
  await shot(ana, 'clocks-home-desktop');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = await ana.getByLabel('Room link').inputValue();

  const ben = await page({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await ben.goto(`${e2e.server.url}/`);
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  await ben.getByRole('button', { name: 'Sit down' }).click();

  const sam = await page({ viewport: DESKTOP, deviceScaleFactor: 2 });
  await sam.goto(link);

  for (const p of [ana, ben, sam]) {
    // The arrangement is simultaneous: both clocks run at once.
    await p.locator('.strip .clock.seat-0.running').waitFor();
    await p.locator('.strip .clock.seat-1.running').waitFor();
    await p.getByText('10 min + 5 s').waitFor();
  }
  const before = await clockText(sam, 1);
  expect(before).toMatch(/^(10:00|9:5\d)$/);
  await sam.waitForTimeout(1500);
  const after = await clockText(sam, 1);
  expect(after).not.toBe(before);
  expect(after).toMatch(/^9:5\d$/);
  expect(await clockText(ben, 0)).toMatch(/^9:5\d$/);
  await shot(ana, 'clocks-table-desktop');
  await ben.waitForTimeout(1000);
  await shot(ben, 'clocks-table-phone');
  await shot(sam, 'clocks-table-spectator-desktop2');
});

it('an untimed room shows no clocks; a game for more than two that says what a timeout does picks one', async () => {
  const ana = await page({ viewport: DESKTOP });
  await ana.goto(`${e2e.server.url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  await ana.getByText('Waiting for your opponent').waitFor();
  await expect(ana.locator('.clock').count()).resolves.toBe(0);
  await ana.goto(`${e2e.server.url}/?all`);
  // Polywars eliminates a player out of time, so its tables of three to six take a clock too (issue 28, via 33).
  await ana.getByLabel('Game').selectOption('polywars');
  await expect(ana.getByLabel('Time control').isVisible()).resolves.toBe(true);
});
