// Everything around the board, as players use it in a real browser: links, seats, spectators, chat, reloads,
// dropped connections, claims, rematch, verification, replay, and the public lobby.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup({ graceSeconds: 4 });

const open = (viewport = DESKTOP) => e2e.openContext({ viewport });

async function createRoom(page: Page, name: string, isPublic = false): Promise<string> {
  await page.goto(`${e2e.server.url}/?all`);
  await page.getByLabel('Your name').fill(name);
  await page.getByLabel('Game').selectOption('high-roll');
  if (isPublic) await page.getByLabel(/List this room under Public rooms/).check();
  await page.getByRole('button', { name: 'Create room' }).click();
  await page.waitForURL(/\/r\/[\w-]+$/);
  await page.locator('body[data-ready="true"]').waitFor();
  return page.url();
}

async function sitDown(page: Page, link: string, name: string) {
  await page.goto(link);
  await page.getByLabel('Your name').fill(name);
  await page.getByRole('button', { name: 'Sit down' }).click();
}

const log = (p: Page) => p.getByRole('list', { name: 'Game log' });

async function roll(p: Page) {
  await p.getByText('Your turn.').waitFor();
  await p.getByRole('button', { name: 'Roll' }).click();
}

it('plays a private game with a spectator through chat, reload, drop, claim, rematch, verify and replay', async () => {
  const ana = await open();
  await shot(ana.page, 'home-desktop');
  const link = await createRoom(ana.page, 'Ana');
  const ben = await open(PHONE);
  await ben.page.goto(`${e2e.server.url}/`);
  await shot(ben.page, 'home-phone');
  await sitDown(ben.page, link, 'Ben');
  await ben.page.getByText('Ana to play.').waitFor();
  const sam = await open();
  await sam.page.goto(link); // both seats taken: the link lets Sam watch
  await sam.page.getByText('Ana to play.').waitFor();
  await ana.page.getByText('1 watching').waitFor();

  // Chat, and muting a person locally. A watcher with no name is asked for one before the first line (issue 28).
  await sam.page.getByLabel('Your name to chat').fill('Sam');
  await sam.page.getByRole('button', { name: 'Chat', exact: true }).click();
  await sam.page.getByLabel('Chat message').fill('good luck both');
  await sam.page.getByRole('button', { name: 'Send' }).click();
  await ben.page.getByRole('list', { name: 'Chat' }).getByText('good luck both').waitFor();
  await ana.page.getByLabel('Chat message').fill('thanks!');
  await ana.page.keyboard.press('Enter');
  await sam.page.getByRole('list', { name: 'Chat' }).getByText('thanks!').waitFor();
  await ben.page.getByRole('button', { name: /^Mute .*watching/ }).click();
  await ben.page.getByRole('list', { name: 'Chat' }).getByText('good luck both').waitFor({ state: 'detached' });
  await shot(sam.page, 'room-spectator-desktop');
  await sam.page.setViewportSize(PHONE);
  await shot(sam.page, 'room-spectator-phone');
  await sam.page.setViewportSize(DESKTOP);
  await shot(ben.page, 'room-player-phone');

  // A few moves, then Ana reloads mid-game and continues in the same seat.
  await roll(ana.page);
  await roll(ben.page);
  await ana.page.reload();
  await ana.page.getByText('Your turn.').waitFor();
  await ana.page.getByText('Ana (you)').waitFor();
  await roll(ana.page);
  await log(sam.page)
    .getByText(/Ana rolls a d6: \d \(total/)
    .nth(1)
    .waitFor();

  // Ben's network drops: he sees "reconnecting", Ana sees the countdown; back online, he is back.
  await ben.page.getByText('Your turn.').waitFor();
  await ben.context.setOffline(true);
  await ben.page.getByText('Connection lost — reconnecting…').waitFor();
  await ana.page.getByText(/disconnected, \d+ s/).waitFor();
  await shot(ben.page, 'reconnecting-phone');
  await ben.page.setViewportSize(DESKTOP);
  await shot(ben.page, 'reconnecting-desktop');
  await ben.page.setViewportSize(PHONE);
  await shot(ana.page, 'opponent-disconnected-desktop');
  await ben.context.setOffline(false);
  await ben.page.getByText('Your turn.').waitFor({ timeout: 15000 });
  await ana.page.getByText('Ben — connected').waitFor();
  await roll(ben.page);

  // Ben leaves for good: after the grace Ana may claim the win.
  await ben.page.close();
  await ana.page.getByRole('button', { name: 'Claim the win' }).waitFor({ timeout: 15000 });
  await ana.page.getByRole('button', { name: 'Claim the win' }).click();
  for (const p of [ana.page, sam.page]) await p.getByText('Game over: ', { exact: false }).waitFor();
  await ana.page.getByText('Game over: Ana wins — Ben left the table.').waitFor();

  // Ben returns through the same link (his seat token), and both ask for a rematch: sides swap.
  const ben2 = await ben.context.newPage();
  await ben2.goto(link);
  await ben2.getByText('Ben (you)').waitFor();
  await ben2.getByRole('button', { name: 'Rematch' }).click();
  await ana.page.getByRole('button', { name: 'Rematch' }).click();
  await ben2.getByText('Your turn.').waitFor(); // Ben now sits first
  await sam.page.getByText('Ben to play.').waitFor();
  for (let i = 0; i < 6; i++) await roll(i % 2 === 0 ? ben2 : ana.page);
  await sam.page.getByText(/Game over/).waitFor();

  // Verify the finished game in the browser, then step through its replay.
  await sam.page.getByRole('button', { name: 'Verify this game' }).click();
  await sam.page.getByText('Verified: all 6 rolls match the seed, and the replay gives the same result.').waitFor();
  await shot(sam.page, 'verified-desktop');
  await ben2.getByRole('button', { name: 'Verify this game' }).click();
  await ben2.getByText(/Verified: all 6 rolls/).waitFor();
  await ben2.setViewportSize(PHONE);
  await shot(ben2, 'verified-phone');
  await sam.page.getByRole('link', { name: 'Replay this game' }).click();
  await sam.page.waitForURL(/\/replay\/[0-9a-f]{16}$/);
  await sam.page.getByText(/^Move 6 of 6/).waitFor();
  await sam.page.getByRole('button', { name: 'Start' }).click();
  await sam.page.getByText('Move 0 of 6').waitFor();
  await sam.page.getByRole('button', { name: 'Forward' }).click();
  await sam.page.getByText('Move 1 of 6').waitFor();
  await shot(sam.page, 'replay-desktop');
  // The replay link works on its own.
  const other = await open(PHONE);
  await other.page.goto(sam.page.url());
  await other.page.getByText(/^Move 6 of 6/).waitFor();
  await other.page.getByText(/Verified: all 6 rolls match the revealed seed/).waitFor();
}, 120000);

it('lists a public room in the lobby of another visitor and removes it once it fills', async () => {
  const visitor = await open();
  await visitor.page.goto(`${e2e.server.url}/`);
  const lobby = visitor.page.getByRole('list', { name: 'Public rooms' });
  await lobby.getByText('No public rooms right now').waitFor();
  const host = await open();
  const link = await createRoom(host.page, 'Hana', true);
  await lobby.getByText('High Roll with Hana').waitFor();
  await lobby.getByText('1/2 seated').waitFor();
  await shot(visitor.page, 'lobby-desktop');
  await visitor.page.setViewportSize(PHONE);
  await shot(visitor.page, 'lobby-phone');
  // A private room never shows.
  const privateHost = await open();
  await createRoom(privateHost.page, 'Pia');
  const guest = await open();
  await sitDown(guest.page, link, 'Gus');
  await guest.page.getByText('Hana to play.').waitFor();
  await lobby.getByText('High Roll with Hana').waitFor({ state: 'detached' });
  await expect(lobby.getByText('Pia').count()).resolves.toBe(0);
}, 60000);

it('tells a visitor plainly when a room link leads nowhere', async () => {
  const v = await open(PHONE);
  await v.page.goto(`${e2e.server.url}/r/nosuchroom`);
  await v.page.getByText('This table is not here').waitFor();
});

it('agrees a draw through offer and accept, and ends the next game by resignation', async () => {
  const ana = await open();
  const link = await createRoom(ana.page, 'Ana');
  const ben = await open(PHONE);
  await sitDown(ben.page, link, 'Ben');
  await roll(ana.page);
  await ben.page.getByRole('button', { name: 'Offer a draw' }).click();
  await ben.page.getByRole('button', { name: 'Draw offered…' }).waitFor();
  await ana.page.getByRole('button', { name: 'Accept the draw' }).click();
  for (const p of [ana.page, ben.page]) await p.getByText('Game over: Draw agreed.').waitFor();
  await ana.page.getByRole('button', { name: 'Rematch' }).click();
  await ben.page.getByRole('button', { name: 'Rematch' }).click();
  await ben.page.getByText('Your turn.').waitFor();
  ana.page.on('dialog', (d) => void d.accept());
  await ana.page.getByRole('button', { name: 'Resign' }).click();
  await ben.page.getByText('Game over: Ben wins — Ana resigned.').waitFor();
  await ana.page.getByText('Game over: You resigned.').waitFor();
  await log(ana.page).getByText('Ana resigns').waitFor();
}, 60000);
