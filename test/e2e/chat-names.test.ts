// Issue 8, finding 5 in the browser: names isolated with <bdi>, chat coloured by seat, a mute that follows the
// sender rather than the display name, the spectators' chat switch, and the claim grace shown before sitting.
import type { BrowserContextOptions } from 'playwright-core';
import { join, until } from '../helpers/server';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup({ graceSeconds: 45 });

const VIEWS: [string, BrowserContextOptions][] = [
  ['desktop', { viewport: DESKTOP, deviceScaleFactor: 1 }],
  ['desktop-2x', { viewport: DESKTOP, deviceScaleFactor: 2 }],
  ['phone', { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true }],
];

const open = (options: BrowserContextOptions = { viewport: DESKTOP }) => e2e.open(options);

it('shows the grace before sitting, names in <bdi>, chat by seat, and mutes a sender, not a name', async () => {
  const ana = await open();
  await ana.goto(`${e2e.server.url}/?all`);
  await ana.getByLabel('Your name').fill('דנה Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = ana.url();
  const roomId = link.split('/').pop()!;
  await ana.getByText('A player who drops keeps the seat for 45 s.').waitFor();

  // The joiner sees the server's grace on the join form, before sitting down.
  for (const [name, options] of VIEWS) {
    const p = await open(options);
    await p.goto(link);
    await p.getByText('they keep the seat for 45 s', { exact: false }).waitFor();
    await shot(p, `join-grace-${name}`);
    if (name !== 'phone') await p.context().close();
    else {
      await p.getByLabel('Your name').fill('Ben');
      await p.getByRole('button', { name: 'Sit down' }).click();
      await p.getByText('to play.', { exact: false }).waitFor();
    }
  }
  // Two spectators with the same display name; each line carries its own sender.
  const sam1 = await join(e2e.server.ws, roomId, { want: 'watch', name: 'Sam' });
  const sam2 = await join(e2e.server.ws, roomId, { want: 'watch', name: 'Sam' });
  sam1.room.send('chat', { text: 'first Sam here' });
  await ana.getByText('first Sam here').waitFor();
  sam2.room.send('chat', { text: 'second Sam here' });
  await ana.getByText('second Sam here').waitFor();
  await ana.getByLabel('Chat message').fill('hello watchers');
  await ana.getByLabel('Chat message').press('Enter');
  const chat = ana.getByRole('list', { name: 'Chat' });
  await chat.getByText('hello watchers').waitFor();

  // Names sit in <bdi> (seats and chat), and lines are classed by seat for their colour.
  await expect(ana.locator('.seat-0 .who bdi').textContent()).resolves.toBe('דנה Ana');
  await expect(chat.locator('li.seat-0 .from bdi').textContent()).resolves.toBe('דנה Ana');
  await expect(chat.locator('li.watcher').count()).resolves.toBe(2);
  const colours = await chat.locator('li .from').evaluateAll((els) => els.map((e) => getComputedStyle(e).color));
  expect(new Set(colours).size).toBe(2);

  // Muting the first Sam hides the first Sam's line only.
  await chat
    .locator('li', { hasText: 'first Sam here' })
    .getByRole('button', { name: /^Mute Sam/ })
    .click();
  await chat.getByText('first Sam here').waitFor({ state: 'detached' });
  await chat.getByText('second Sam here').waitFor();

  // A player switches spectators' chat off; a spectator's line is refused.
  await ana.getByRole('button', { name: 'Spectators may chat: on' }).click();
  await ana.getByRole('button', { name: 'Spectators may chat: off' }).waitFor();
  sam2.room.send('chat', { text: 'can I still talk?' });
  await until(() => sam2.errors.some((e) => e.code === 'chat-off'), 'the refusal');

  for (const [name, options] of VIEWS) {
    const p = await open(options);
    await p.goto(`${link}?watch`);
    await p.getByRole('list', { name: 'Chat' }).getByText('hello watchers').waitFor();
    await shot(p, `table-chat-${name}`);
    await p.context().close();
  }
  await shot(ana, 'table-chat-player-desktop');
}, 120000);
