// A watcher of a full room (issue 28 item 6): the link opens straight onto the game (watching asks nothing), but a
// watcher with no name is asked for one before the first chat line, so nobody chats as "Guest"; a stored name
// chats at once.
import type { Page } from 'playwright-core';
import { trackErrors } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { create, join, until } from '../helpers/server';

const e2e = e2eSetup({ rateBurst: 1000, ratePerSecond: 1000 });
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

async function watcher(roomId: string, stored: string | null): Promise<Page> {
  const context = await e2e.browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  if (stored) await context.addInitScript((n) => localStorage.setItem('dicehall:name', n), stored);
  const p = trackErrors(await context.newPage());
  await p.goto(`${e2e.server.url}/r/${roomId}`);
  await p.getByText('You are watching this game.').waitFor();
  return p;
}

it('a watcher without a name is asked for one before chatting; with a stored name, chats at once', async () => {
  const ana = await create(e2e.server.ws, { game: 'shields', name: 'Ana', clientSeed: 'a' });
  const ben = await join(e2e.server.ws, ana.room.roomId, { name: 'Ben', clientSeed: 'b' });
  await until(() => ben.seat === 1 && ben.view, 'the game to start', 10000);
  const zoe = await watcher(ana.room.roomId, null);
  expect(await zoe.getByLabel('Chat message').count()).toBe(0);
  const name = zoe.getByLabel('Your name to chat');
  await name.fill('<Z>');
  await zoe.getByRole('button', { name: 'Chat', exact: true }).click();
  await zoe.getByText('A name is 1 to 24 characters, without < or >.').waitFor();
  await name.fill('Zoe');
  await zoe.getByRole('button', { name: 'Chat', exact: true }).click();
  await zoe.getByLabel('Chat message').fill('hello from the rail');
  await zoe.getByRole('button', { name: 'Send' }).click();
  await zoe.getByRole('list', { name: 'Chat' }).getByText('Zoe (watching):').waitFor();
  expect(await zoe.evaluate(() => localStorage.getItem('dicehall:name'))).toBe('Zoe');

  const sam = await watcher(ana.room.roomId, 'Sam');
  await sam.getByLabel('Chat message').fill('hi');
  await sam.getByRole('button', { name: 'Send' }).click();
  await sam.getByRole('list', { name: 'Chat' }).getByText('Sam (watching):').waitFor();
  for (const p of [zoe, sam]) await p.context().close();
  for (const b of [ana, ben]) void b.room.leave().catch(() => undefined);
}, 60000);

it('a watcher left at a finished table sees a player who went away as gone from the table, not disconnected', async () => {
  const ana = await create(e2e.server.ws, { game: 'shields', name: 'Ana', clientSeed: 'a' });
  const ben = await join(e2e.server.ws, ana.room.roomId, { name: 'Ben', clientSeed: 'b' });
  await until(() => ben.seat === 1 && ben.view, 'the game to start', 10000);
  const sam = await watcher(ana.room.roomId, 'Sam');
  ana.room.send('resign');
  await sam.locator('.end-overlay').waitFor();
  // Ben goes back to his party's lobby (or closes the tab): his connection ends after the game.
  await ben.room.leave();
  const presence = sam.locator('.strip.seat-1 .presence');
  await presence.filter({ hasText: 'left the table' }).waitFor();
  expect(await presence.textContent()).not.toMatch(/disconnected/);
  await sam.context().close();
  void ana.room.leave().catch(() => undefined);
}, 60000);
