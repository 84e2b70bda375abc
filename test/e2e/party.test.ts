// The private lobby through the UI: host, a friend on a phone, seats, a timed game, back to the scoreboard.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup, moves, status } from '../helpers/e2e';

const e2e = e2eSetup();

const page = (options: BrowserContextOptions) => e2e.open(options);

/** Hosts a lobby from the home page; resolves with the lobby's link. */
async function hostLobby(host: Page, name: string): Promise<string> {
  await host.goto(`${e2e.server.url}/`);
  await host.getByLabel('Your name').fill(name);
  await host.getByRole('button', { name: 'Host a party for friends' }).click();
  await host.waitForURL(/\/p\/[\w-]+$/);
  await host.getByRole('heading', { name: 'Your party' }).waitFor();
  return host.getByLabel('Party link').inputValue();
}

/** Opens a lobby's link as a friend whose browser already knows their name. */
async function joinLobby(friend: Page, link: string, name: string, hostName: string) {
  await friend.goto(`${e2e.server.url}/`);
  await friend.evaluate((n) => localStorage.setItem('dicehall:name', n), name);
  await friend.goto(link);
  await friend.getByRole('heading', { name: `${hostName}'s party` }).waitFor();
}

it('hosts a lobby, seats a friend, plays a timed Dice Chess game and comes back to the scoreboard', async () => {
  const ana = await page({ viewport: DESKTOP, deviceScaleFactor: 1 });
  const link = await hostLobby(ana, 'Ana');
  const ben = await page({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await joinLobby(ben, link, 'Ben', 'Ana');
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
  await ben.getByRole('list', { name: 'Party chat' }).waitFor();
  await ben.getByLabel('Chat message').fill('ready when you are');
  await ben.getByRole('button', { name: 'Send' }).click();
  await ana.getByText('ready when you are').waitFor();
  await shot(ana, 'party-gathering-desktop');
  await ben.evaluate(() => scrollTo(0, 0));
  await shot(ben, 'party-gathering-phone');
  const sam = await page({ viewport: DESKTOP, deviceScaleFactor: 2 });
  await joinLobby(sam, link, 'Sam', 'Ana');
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
  await ana
    .getByText(/Ana wins/)
    .first()
    .waitFor();
  await ana.getByRole('link', { name: 'Back to the party' }).click();
  await ana.waitForURL(/\/p\/[\w-]+$/);
  const board = ana.getByRole('table', { name: 'Scoreboard' });
  await board.getByRole('row', { name: /Ana/ }).getByText('1–0–0').first().waitFor();
  await board.getByRole('row', { name: /Ben/ }).getByText('0–1–0').first().waitFor();
  await ana.getByRole('list', { name: 'Finished games' }).getByRole('link', { name: 'Replay' }).waitFor();
  await ana.getByText('ready when you are').waitFor();
  await board.scrollIntoViewIfNeeded();
  await shot(ana, 'party-scoreboard-desktop');
  await ben.getByRole('link', { name: 'Back to the party' }).click();
  await ben.getByRole('table', { name: 'Scoreboard' }).getByText('0–1–0').first().waitFor();
  await ben.getByRole('table', { name: 'Scoreboard' }).scrollIntoViewIfNeeded();
  await shot(ben, 'party-scoreboard-phone');
  // The lobby still offers the game just played.
  await expect(ana.getByLabel('Game', { exact: true }).inputValue()).resolves.toBe('dice-chess');
  await expect(ana.getByLabel('Time control').locator('option:checked').innerText()).resolves.toBe(
    'Rapid: 10 min + 5 s a move',
  );
}, 90000);

it('the host seats the computer from the lobby page; the friend plays it at the table', async () => {
  const ana = await page({ viewport: DESKTOP, deviceScaleFactor: 2 });
  const link = await hostLobby(ana, 'Ana');
  const ben = await page({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  await joinLobby(ben, link, 'Ben', 'Ana');
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
  await ben
    .getByText(/Computer \(easy\)/)
    .first()
    .waitFor();
  // The computer plays its turns by itself, a move marked as the bot's in the log; Ben plays his when the roll-off
  // gave him the first turn.
  const botMoves = ben.getByRole('list', { name: 'Game log' }).locator('.bot-mark');
  for (let i = 0; i < 6 && (await botMoves.count()) === 0; i++) {
    const mine = await status(ben).getByText('Your turn.').isVisible();
    if (mine) await moves(ben).first().click();
    await ben.waitForTimeout(1000);
  }
  await botMoves.first().waitFor({ timeout: 30000 });
  await shot(ben, 'party-computer-game-phone');
}, 90000);

it('asks a newcomer for a name before joining, skips the question once known, and a rename reaches the others', async () => {
  const ana = await page({ viewport: DESKTOP, deviceScaleFactor: 1 });
  // The host left the name empty on the home page: asked before the party is made.
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByRole('button', { name: 'Host a party for friends' }).click();
  await ana.getByRole('heading', { name: 'Host a party for friends' }).waitFor();
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByRole('button', { name: 'Host the party' }).click();
  await ana.waitForURL(/\/p\/[\w-]+$/);
  const link = await ana.getByLabel('Party link').inputValue();
  const members = ana.getByRole('list', { name: 'Members' });
  await members.getByText('Ana').waitFor();

  // A friend on a phone with a fresh browser: the link asks for a name, and nobody is a "Guest".
  const { context, page: ben } = await e2e.openContext('phone');
  await ben.goto(link);
  await ben.getByRole('heading', { name: 'Join the party' }).waitFor();
  await expect(members.locator('li').count()).resolves.toBe(1);
  await shot(ben, 'party-name-prompt-phone');
  await ben.getByLabel('Your name').fill('Ana');
  await ben.getByRole('button', { name: 'Join' }).click();
  // A name like a member's is refused, and asked again with the reason.
  await ben
    .getByRole('alert')
    .getByText(/another member/)
    .waitFor();
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByRole('button', { name: 'Join' }).click();
  await ben.getByRole('heading', { name: "Ana's party" }).waitFor();
  await members.getByText('Ben', { exact: true }).waitFor();

  // Renamed from the party page: the host's members list and scoreboard follow; the browser keeps the name.
  await ben.getByLabel('Your name').fill('Benjamin');
  await ben.getByRole('button', { name: 'Rename' }).click();
  await members.getByText('Benjamin', { exact: true }).waitFor();
  await ana
    .getByRole('table', { name: 'Scoreboard' })
    .getByRole('row', { name: /Benjamin/ })
    .waitFor();
  await expect(ben.evaluate(() => localStorage.getItem('dicehall:name'))).resolves.toBe('Benjamin');
  await ben.getByLabel('Your name').scrollIntoViewIfNeeded();
  await shot(ben, 'party-rename-phone');
  await expect(members.getByText(/Guest/).count()).resolves.toBe(0);

  // The same browser opening the link again is not asked; a second tab of a new friend who has a name is not either.
  await ben.reload();
  await ben.getByRole('heading', { name: "Ana's party" }).waitFor();
  await expect(ben.getByRole('heading', { name: 'Join the party' }).count()).resolves.toBe(0);
  await context.close();
  const cat = await page({ viewport: DESKTOP, deviceScaleFactor: 2 });
  await joinLobby(cat, link, 'Cat', 'Ana');
  await members.getByText('Cat', { exact: true }).waitFor();
  await expect(members.getByText(/Guest/).count()).resolves.toBe(0);
}, 60000);
