// Playing against the computer in real headless Chromium: the home page's computer choice (level with what it
// means, side), a Dice Chess game against the hard bot through the move buttons, a watcher, the bot's moves
// marked in the log, and the game verifying in the browser. Phone (ratio 3) and desktop (ratios 2 and 1).
import type { Page } from 'playwright-core';
import { DEVICES, shot, trackErrors, type DeviceName } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup({ botPaceMs: 150, graceSeconds: 1 });

async function open(device: DeviceName): Promise<Page> {
  const context = await e2e.browser.newContext({ ...DEVICES[device], reducedMotion: 'reduce' });
  return trackErrors(await context.newPage());
}

const status = (p: Page) => p.locator('#turn-status');
const moves = (p: Page) => p.getByRole('group', { name: 'Your moves' }).getByRole('button');
const log = (p: Page) => p.getByRole('list', { name: 'Game log' });

describe.each(['phone', 'desktop', 'desktop1'] as DeviceName[])('on %s', (device) => {
  it('creates a game against the hard computer from the home page and plays it to the end; a watcher sees it; it verifies', async () => {
    const me = await open(device);
    await me.goto(`${e2e.server.url}/`);
    await me.getByLabel('Your name').fill('Ana');
    await me.getByLabel('Game').selectOption({ label: 'Dice Chess' });
    await me.getByLabel('Setup').selectOption({ label: 'Place dice at random' });
    // The level and side show only once the computer is chosen.
    await expect(me.getByLabel('Computer level').isVisible()).resolves.toBe(false);
    await me.getByLabel('Play against the computer').check();
    await expect(me.getByLabel('Computer level').isVisible()).resolves.toBe(true);
    await me.getByLabel('Computer level').selectOption({ label: 'Hard' });
    await me.getByText('expectimax four plies deep over the rerolls').waitFor();
    await me.getByLabel('Your side').selectOption({ label: 'Seat 2' });
    // The side is a seat; who moves first is named as the roll-off it is.
    await me.getByText('Who moves first is a roll-off at the table, shown in the log.', { exact: false }).waitFor();
    await me.getByRole('button', { name: 'Create room' }).scrollIntoViewIfNeeded();
    await shot(me, `computer-home-${device}`);
    await me.getByRole('button', { name: 'Create room' }).click();
    await me.waitForURL(/\/r\/[\w-]+$/);
    // No waiting for an opponent: the computer holds the first seat and the game is on.
    await me.getByText('Computer (hard)').first().waitFor();
    await me.locator('.seat-0 .presence').getByText('computer').waitFor();

    const watcher = await open('desktop1');
    await watcher.goto(me.url());
    await watcher.getByText('1 watching').waitFor();

    // Resigning asks for confirmation.
    me.on('dialog', (d) => void d.accept());
    let played = 0;
    for (let tries = 0; tries < 4000; tries++) {
      const line = await status(me).textContent();
      if (line?.startsWith('Game over')) break;
      if (line === 'Your turn.' && (await moves(me).count()) > 0) {
        const before = await log(me).locator('li').count();
        // Capture first, else the first listed move: a quick game. Chosen and clicked in one step in the page: the
        // move list is redrawn as the game moves on (a list read, then clicked by its index, could be gone or
        // shorter by then, and Playwright's click would wait it out).
        const clicked = await me.evaluate(() => {
          const buttons = [
            ...document.querySelectorAll<HTMLButtonElement>('[role="group"][aria-label="Your moves"] button'),
          ];
          const pick = buttons.find((b) => /captur|takes/i.test(b.textContent ?? '')) ?? buttons[0];
          pick?.click();
          return pick !== undefined;
        });
        if (!clicked) {
          await me.waitForTimeout(20);
          continue;
        }
        await me.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
        played++;
        if (played === 6) {
          // The computer's moves carry a mark in the log, for the player and the watcher alike.
          await log(me).locator('.bot-mark').first().waitFor();
          await log(watcher).locator('.bot-mark').first().waitFor();
          await shot(me, `computer-playing-${device}`);
          await shot(watcher, `computer-watching-${device}`);
        }
        if (played >= (device === 'desktop1' ? 8 : 12)) {
          // Long enough: the game ends by resignation (a log line like any other, so it still verifies). The dice
          // are the server's, so the computer may have just won with its answer: then there is no Resign button,
          // and the loop's next turn reads "Game over". A DOM click, which does not wait for a button that is gone.
          await me.evaluate(() =>
            [...document.querySelectorAll<HTMLButtonElement>('button')]
              .find((b) => b.textContent === 'Resign')
              ?.click(),
          );
        }
        continue;
      }
      await me.waitForTimeout(20);
    }
    await status(me)
      .getByText(/^Game over/)
      .waitFor();
    await status(watcher)
      .getByText(/^Game over/)
      .waitFor();
    expect(played).toBeGreaterThan(3);
    await me.getByRole('button', { name: 'Verify this game' }).click();
    await me.getByText(/^Verified: all \d+ rolls match the seed/).waitFor();
    await shot(me, `computer-over-${device}`);
    await me.context().close();
    await watcher.context().close();
  }, 240000);
});

it('after the grace, a player may let the computer play for the missing opponent until they return', async () => {
  const ana = await open('desktop');
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption({ label: 'Dice Chess' });
  await ana.getByLabel('Setup').selectOption({ label: 'Place dice at random' });
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const ben = await open('phone');
  await ben.goto(ana.url());
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByRole('button', { name: 'Sit down' }).click();
  await ana.locator('.seat-1 .who').getByText('Ben').waitFor();
  await ana.locator('.seat-1 .presence').getByText('connected').waitFor();
  await ben.context().close();
  await ana.getByRole('button', { name: 'Let the computer play for them' }).waitFor({ timeout: 10000 });
  await ana.getByLabel('Computer level').selectOption('easy');
  await shot(ana, 'computer-stand-in-offer-desktop');
  await ana.getByRole('button', { name: 'Let the computer play for them' }).click();
  await ana
    .getByText(/away — the computer \(easy\) plays for them/)
    .first()
    .waitFor();
  // The board's countdown banner ("Ben disconnected — 0 s") goes: no countdown runs while the computer plays.
  await ana.locator('.away-banner').waitFor({ state: 'hidden' });
  await log(ana).getByText('The computer plays for Ben until they return').waitFor();
  // Ana moves; the stand-in answers with a marked move.
  for (let i = 0; i < 3; i++) {
    await status(ana).getByText('Your turn.').waitFor({ timeout: 10000 });
    const before = await log(ana).locator('.bot-mark').count();
    await moves(ana)
      .first()
      .evaluate((b: HTMLButtonElement) => b.click());
    await ana.waitForFunction(
      (n) => document.querySelectorAll('[aria-label="Game log"] .bot-mark').length > n,
      before,
      { timeout: 10000 },
    );
  }
  await shot(ana, 'computer-stand-in-desktop');
  await ana.context().close();
}, 120000);
