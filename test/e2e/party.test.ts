// The private lobby through the UI: host, a friend on a phone, seats, a timed game, back to the scoreboard.
import type { BrowserContextOptions } from 'playwright-core';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

const page = (options: BrowserContextOptions) => e2e.open(options);

it('hosts a lobby, seats a friend, plays a timed Dice Chess game and comes back to the scoreboard', async () => {
  const ana = await page({ viewport: DESKTOP, deviceScaleFactor: 1 });
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByRole('button', { name: 'Host a lobby for friends' }).click();
  await ana.waitForURL(/\/p\/[\w-]+$/);
  await ana.getByRole('heading', { name: 'Your lobby' }).waitFor();
  const link = await ana.getByLabel('Lobby link').inputValue();

  const ben = await page({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await ben.goto(`${e2e.server.url}/`);
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  await ben.getByRole('heading', { name: 'Ana\'s lobby' }).waitFor();
  await ana.getByRole('list', { name: 'Members' }).getByText('Ben').waitFor();
  // Only the host sees the game form.
  await expect(ben.getByRole('button', { name: 'Set the game' }).count()).resolves.toBe(0);

  await ana.getByLabel('Game', { exact: true }).selectOption('dice-chess');
  await ana.getByLabel('Time control').selectOption({ label: 'Rapid: 10 min + 5 s a move' });
  await ana.getByRole('button', { name: 'Set the game' }).click();
  await ben.getByText('Next: Dice Chess').waitFor();
  await ana.getByRole('button', { name: 'Take this seat' }).first().click();
  await ben.getByText('Seat 1: Ana').waitFor();
  await ben.getByRole('button', { name: 'Take this seat' }).click();
  await ana.getByText('Seat 2: Ben').waitFor();
  await ana.getByRole('button', { name: 'Ready', exact: true }).click();
  await ben.getByRole('button', { name: 'Ready', exact: true }).click();
  await ana.getByText('Seat 2: Ben — ready').waitFor();
  await ben.getByRole('list', { name: 'Lobby chat' }).waitFor();
  await ben.getByLabel('Chat message').fill('ready when you are');
  await ben.getByRole('button', { name: 'Send' }).click();
  await ana.getByText('ready when you are').waitFor();
  await shot(ana, 'party-gathering-desktop');
  await ben.evaluate(() => scrollTo(0, 0));
  await shot(ben, 'party-gathering-phone');
  const sam = await page({ viewport: DESKTOP, deviceScaleFactor: 2 });
  await sam.goto(`${e2e.server.url}/`);
  await sam.evaluate(() => localStorage.setItem('dicehall:name', 'Sam'));
  await sam.goto(link);
  await ana.getByRole('list', { name: 'Members' }).getByText('Sam').waitFor();
  await sam.getByText('Seat 2: Ben — ready').waitFor();
  await shot(sam, 'party-gathering-member-desktop2');
  await ana.getByRole('button', { name: 'Start the game' }).click();

  await ana.waitForURL(/\/r\/[\w-]+$/);
  await ben.waitForURL(/\/r\/[\w-]+$/);
  for (const p of [ana, ben]) {
    await p.locator('.clocks .clock.seat-0.running').waitFor();
    await p.locator('.clocks .clock.seat-1.running').waitFor();
  }
  await ben.getByText('Ben (you)').first().waitFor();
  await shot(ana, 'party-game-clocks-desktop');
  await shot(ben, 'party-game-clocks-phone');
  // A member without a seat watches from the lobby's link, clocks included.
  await sam.getByRole('link', { name: 'Watch the game' }).click();
  await sam.locator('.clocks .clock.seat-1.running').waitFor();
  await sam.getByText('1 watching').waitFor();
  await shot(sam, 'party-game-clocks-spectator-desktop2');

  ben.once('dialog', (d) => void d.accept());
  await ben.getByRole('button', { name: 'Resign' }).click();
  await ana.getByText(/Ana wins/).first().waitFor();
  await ana.getByRole('link', { name: 'Back to the lobby' }).click();
  await ana.waitForURL(/\/p\/[\w-]+$/);
  const board = ana.getByRole('table', { name: 'Scoreboard' });
  await board.getByRole('row', { name: /Ana/ }).getByText('1–0–0').first().waitFor();
  await board.getByRole('row', { name: /Ben/ }).getByText('0–1–0').first().waitFor();
  await ana.getByRole('list', { name: 'Finished games' }).getByRole('link', { name: 'Replay' }).waitFor();
  await ana.getByText('ready when you are').waitFor();
  await board.scrollIntoViewIfNeeded();
  await shot(ana, 'party-scoreboard-desktop');
  await ben.getByRole('link', { name: 'Back to the lobby' }).click();
  await ben.getByRole('table', { name: 'Scoreboard' }).getByText('0–1–0').first().waitFor();
  await ben.getByRole('table', { name: 'Scoreboard' }).scrollIntoViewIfNeeded();
  await shot(ben, 'party-scoreboard-phone');
  // The lobby still offers the game just played.
  await expect(ana.getByLabel('Game', { exact: true }).inputValue()).resolves.toBe('dice-chess');
  await expect(ana.getByLabel('Time control').locator('option:checked').innerText()).resolves.toBe('Rapid: 10 min + 5 s a move');
}, 90000);

it('the host seats the computer from the lobby page; the friend plays it at the table', async () => {
  const ana = await page({ viewport: DESKTOP, deviceScaleFactor: 2 });
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByRole('button', { name: 'Host a lobby for friends' }).click();
  await ana.getByRole('heading', { name: 'Your lobby' }).waitFor();
  const link = await ana.getByLabel('Lobby link').inputValue();
  const ben = await page({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await ben.goto(`${e2e.server.url}/`);
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  await ana.getByLabel('Game', { exact: true }).selectOption('shields');
  await ana.getByRole('button', { name: 'Set the game' }).click();
  await ben.getByText(/^Next: Shields/).waitFor();
  // Only the host may seat the computer.
  await expect(ben.getByRole('button', { name: 'Seat the computer' }).count()).resolves.toBe(0);
  await ana.getByLabel('Computer level').selectOption('easy');
  await ana.getByRole('button', { name: 'Seat the computer' }).first().click();
  await ben.getByText('Seat 1: Computer (easy)').waitFor();
  // One seat is left for a person: the button is gone from it once a member sits there.
  await ben.getByRole('button', { name: 'Take this seat' }).click();
  await ana.getByText('Seat 2: Ben').waitFor();
  await expect(ana.getByRole('button', { name: 'Seat the computer' }).count()).resolves.toBe(0);
  await ben.getByRole('button', { name: 'Ready', exact: true }).click();
  await ana.getByText('Seat 2: Ben — ready').waitFor();
  await shot(ana, 'party-computer-seat-desktop2');
  await ben.evaluate(() => scrollTo(0, 0));
  await shot(ben, 'party-computer-seat-phone');
  await ana.getByRole('button', { name: 'Start the game' }).click();
  await ben.waitForURL(/\/r\/[\w-]+$/);
  await ben.getByText('Ben (you)').first().waitFor();
  await ben.getByText(/Computer \(easy\)/).first().waitFor();
  // The computer plays its turns by itself: the game log grows past the roll-off with a move marked as the bot's.
  await ben.getByRole('list', { name: 'Game log' }).locator('.bot-mark').first().waitFor({ timeout: 30000 });
  await shot(ben, 'party-computer-game-phone');
}, 90000);
