// The table's conversations in real browsers, from both players' pages and a spectator's: a draw offer declined
// then accepted, a rematch asked and accepted, a dropped player's countdown in the bar above the board; the log's talk lines,
// rolls behind a tap and ticks that belong to one game; and a watcher with a stored name sitting down in place.
import type { BrowserContext, Page } from 'playwright-core';
import { shot, trackErrors } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup({ graceSeconds: 30 });

// Ana at desktop ratio 1, Sam (watching) at desktop ratio 2, Ben on a phone at ratio 3.
const DESK1 = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 };
const DESK2 = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 2 };
const PHONE3 = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

async function open(options: object, name?: string): Promise<{ context: BrowserContext; page: Page }> {
  const context = await e2e.browser.newContext(options);
  if (name) await context.addInitScript((n) => localStorage.setItem('dicehall:name', n), name);
  const page = trackErrors(await context.newPage());
  return { context, page };
}

const banner = (p: Page) => p.locator('.talk-banner');
const away = (p: Page) => p.locator('.talk-bar .away-banner');
const log = (p: Page) => p.getByRole('list', { name: 'Game log' });

/** A screenshot with the board and its banner in sight. */
async function picture(p: Page, name: string) {
  await p.locator('#turn-status').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await shot(p, name);
}

async function createRoom(page: Page, name: string): Promise<string> {
  await page.goto(`${e2e.server.url}/?all`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Game').selectOption('high-roll');
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.waitForURL(/\/r\/[\w-]+$/);
  await page.locator('body[data-ready="true"]').waitFor();
  return page.url();
}

/** Rolls once for whichever player's turn it is. */
async function rollOnce(players: Page[]) {
  for (const p of players) {
    if ((await p.locator('#turn-status').textContent()) === 'Your turn.') {
      const before = await log(p).locator('li').count();
      await p.getByRole('button', { name: 'Roll' }).click();
      await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] > li').length > n, before);
      return;
    }
  }
  throw new Error('nobody to roll');
}

it('P1 P3 a draw declined then accepted, a rematch asked and accepted, ticks of one game only, and a disconnect countdown, seen by all three', async () => {
  const ana = await open(DESK1);
  const link = await createRoom(ana.page, 'Ana');
  const ben = await open(PHONE3);
  await ben.page.goto(link);
  await ben.page.getByLabel('Your name').fill('Ben');
  await ben.page.getByRole('button', { name: 'Sit down' }).click();
  const sam = await open(DESK2, 'Sam');
  await sam.page.goto(link); // both seats taken: no prompt, Sam watches
  await ana.page.getByText('1 watching').waitFor();
  const all = [ana.page, ben.page, sam.page];
  for (const p of all) await banner(p).waitFor({ state: 'hidden' });

  // Ana offers a draw: Ben is asked, Sam and Ana see it pending.
  await ana.page.getByRole('button', { name: 'Offer a draw' }).click();
  await banner(ben.page).getByText('Ana offers a draw').waitFor();
  await banner(sam.page).getByText('Ana offers a draw — waiting for Ben').waitFor();
  await banner(ana.page).getByText('You offered a draw — waiting for Ben…').waitFor();
  expect(await banner(sam.page).getByRole('button').count()).toBe(0);
  expect(await banner(ana.page).getByRole('button').count()).toBe(0);
  for (const p of all) await log(p).getByText('Ana offers a draw').waitFor();
  await picture(ana.page, 'conv-draw-offered-ana-desktop1');
  await picture(ben.page, 'conv-draw-offered-ben-phone3');
  await picture(sam.page, 'conv-draw-offered-sam-desktop2');

  await ben.page.getByRole('button', { name: 'Decline the draw' }).click();
  for (const p of all) {
    await log(p).getByText('Ben declines the draw').waitFor();
    await banner(p).waitFor({ state: 'hidden' });
  }
  await expect(ana.page.locator('#turn-status').textContent()).resolves.not.toMatch(/Game over/);
  // Offering again before a move is refused, and says why.
  await ana.page.getByRole('button', { name: 'Offer a draw' }).click();
  await ana.page
    .getByRole('alert')
    .getByText(/declined; you can offer again after the next move/)
    .waitFor();
  await expect(banner(ben.page).isHidden()).resolves.toBe(true);

  await rollOnce([ana.page, ben.page]);
  await ana.page.getByRole('button', { name: 'Offer a draw' }).click();
  await ben.page.getByRole('button', { name: 'Accept the draw' }).click();
  for (const p of all) {
    await p.getByText('Game over: Draw agreed.').waitFor();
    await log(p).getByText('Ben accepts the draw: draw agreed').waitFor();
  }
  // The offers and answers sit in the log in the order they were said.
  const lines = await log(sam.page).locator('> li').allTextContents();
  const said = lines.filter((l) => /draw/.test(l));
  expect(said).toEqual([
    'Ana offers a draw',
    'Ben declines the draw',
    'Ana offers a draw',
    'Ben accepts the draw: draw agreed',
  ]);

  // Proof signals: a tap on a roll shows its index and its proof from this game's revealed seed;
  // a whole-game tick appears only after Verify.
  const rollLine = log(sam.page).locator('button.dice-toggle').first();
  await expect(log(sam.page).locator('.dice-toggle.ok').count()).resolves.toBe(0);
  await rollLine.click();
  await log(sam.page)
    .getByText(/^Roll #0: d6 → \d\. ✓ HMAC-SHA256 of this game's revealed seed gives \d\.$/)
    .waitFor();
  await sam.page.getByRole('button', { name: 'Verify this game' }).click();
  await sam.page.getByText(/^Verified: all \d+ rolls match the seed/).waitFor();
  await log(sam.page).locator('.dice-toggle.ok').first().waitFor();
  await picture(sam.page, 'conv-verified-sam-desktop2');

  // Ben asks for a rematch: Ana is asked; Sam sees it pending; Ana accepts.
  await ben.page.getByRole('button', { name: 'Rematch' }).click();
  await banner(ana.page).getByText('Ben wants a rematch').waitFor();
  await banner(sam.page).getByText('Ben wants a rematch — waiting for Ana').waitFor();
  await banner(ben.page).getByText('You asked for a rematch — waiting for Ana…').waitFor();
  for (const p of all) await log(p).getByText('Ben wants a rematch').waitFor();
  await picture(ana.page, 'conv-rematch-asked-ana-desktop1');
  await picture(ben.page, 'conv-rematch-asked-ben-phone3');
  await picture(sam.page, 'conv-rematch-asked-sam-desktop2');
  await ana.page.getByRole('button', { name: 'Accept and play again' }).click();
  for (const p of all) {
    await log(p).getByText('Ana accepts the rematch: sides swapped, new dice seed').waitFor();
    await banner(p).waitFor({ state: 'hidden' });
  }
  await ben.page.getByText('Your turn.').waitFor(); // sides swapped: Ben sits first now

  // The previous game's ticks do not carry over: the new game's seed is secret, so its rolls are unchecked.
  await rollOnce([ana.page, ben.page]);
  await expect(log(sam.page).locator('.dice-toggle.ok').count()).resolves.toBe(0);
  await log(sam.page).locator('button.dice-toggle').first().click();
  await log(sam.page)
    .getByText(/^Roll #0: d6 → \d\. Checkable once the game ends and its seed is revealed\.$/)
    .waitFor();
  expect(await log(sam.page).locator('.roll').count()).toBe(0); // no runs of "#0 … #n"

  // Ben's network drops: a countdown above the board for Ana and Sam, going down, gone when he is back.
  await ben.context.setOffline(true);
  for (const p of [ana.page, sam.page])
    await away(p)
      .getByText(/^Ben disconnected — \d+ s$/)
      .waitFor({ timeout: 15000 });
  const seconds = async (p: Page) => Number((await away(p).textContent())!.match(/(\d+) s$/)![1]);
  await picture(ana.page, 'conv-disconnect-ana-desktop1');
  await picture(sam.page, 'conv-disconnect-sam-desktop2');
  // It counts down a second a second (the page's clock against the server's deadline), on both pages.
  // Read after the screenshots, which may take seconds on a loaded machine.
  const first = await seconds(ana.page);
  const t0 = Date.now();
  const atMost = (n: number) => {
    const m = document.querySelector('.talk-bar .away-banner')?.textContent?.match(/(\d+) s$/);
    return !!m && Number(m[1]) <= n;
  };
  await ana.page.waitForFunction(atMost, first - 2, { timeout: 6000 });
  expect(Date.now() - t0).toBeGreaterThan(900);
  await sam.page.waitForFunction(atMost, first - 2, { timeout: 3000 });
  // The banner sits in the conversation bar, just above the board and clear of it (issue 28).
  const [boardBox, awayBox] = [await ana.page.locator('#board').boundingBox(), await away(ana.page).boundingBox()];
  expect(awayBox!.y + awayBox!.height).toBeLessThanOrEqual(boardBox!.y);
  expect(boardBox!.y - (awayBox!.y + awayBox!.height)).toBeLessThan(40);
  await ben.context.setOffline(false);
  for (const p of [ana.page, sam.page]) await away(p).waitFor({ state: 'hidden', timeout: 20000 });
  await ana.page.getByText('Ben — connected').waitFor({ timeout: 20000 });

  // The other way round, on the phone: Ana drops and Ben sees her countdown on his board.
  await ana.context.setOffline(true);
  await away(ben.page)
    .getByText(/^Ana disconnected — \d+ s$/)
    .waitFor({ timeout: 15000 });
  await picture(ben.page, 'conv-disconnect-ben-phone3');
  await ana.context.setOffline(false);
  await away(ben.page).waitFor({ state: 'hidden', timeout: 20000 });
  for (const c of [ana, ben, sam]) await c.context.close();
}, 120000);

it('P2 a browser with a stored name is asked to sit down or watch, and a watcher sits down later without reloading', async () => {
  const ana = await open(DESK1);
  const link = await createRoom(ana.page, 'Ana');
  const cy = await open(PHONE3, 'Cy');
  await cy.page.goto(link);
  // The stored name is filled in, and the choice is still asked.
  await expect(cy.page.getByLabel('Your name').inputValue()).resolves.toBe('Cy');
  await shot(cy.page, 'conv-join-stored-name-phone3');
  await cy.page.getByRole('button', { name: 'Just watch' }).click();
  await cy.page.getByText('A seat is free: sit down to play, or keep watching.').waitFor();
  await ana.page.getByText('1 watching').waitFor();

  // A bad name is caught before it is sent; a good one is set, then Cy sits down in place.
  const name = cy.page.getByRole('region', { name: 'Watching' }).getByLabel('Your name');
  await name.fill('<Cy>');
  await cy.page.getByRole('button', { name: 'Set name' }).click();
  await cy.page.getByText('A name is 1 to 24 characters, without < or >.').waitFor();
  await name.fill('Cyrus');
  await cy.page.getByRole('button', { name: 'Set name' }).click();
  await cy.page.getByText('You watch as Cyrus.').waitFor();
  await cy.page.getByLabel('Chat message').fill('hi');
  await cy.page.getByRole('button', { name: 'Send' }).click();
  await ana.page.getByRole('list', { name: 'Chat' }).getByText('Cyrus (watching):').waitFor();
  await picture(cy.page, 'conv-watcher-free-seat-phone3');

  const url = cy.page.url();
  await cy.page.getByRole('button', { name: 'Sit down' }).click();
  await cy.page.getByText('Cyrus (you)').waitFor();
  await ana.page.getByText('0 watching').waitFor();
  for (const p of [ana.page, cy.page]) await p.getByText(/^(Your turn\.|Ana to play\.|Cyrus to play\.)$/).waitFor();
  expect(cy.page.url()).toBe(url);
  await expect(cy.page.getByRole('region', { name: 'Watching' }).isHidden()).resolves.toBe(true);
  // Seated through the panel, the browser keeps the seat's token: a reload comes back to the seat.
  await cy.page.reload();
  await cy.page.getByText('Cyrus (you)').waitFor();
  for (const c of [ana, cy]) await c.context.close();
}, 60000);
