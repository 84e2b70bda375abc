// A room link is a permanent game URL: once the room is gone (here the server restarted on its store), the link
// shows the room's last finished game at its final position, with Replay and Verify, read from the store.
import { getGame, verifyLog } from '@dicehall/shared';
import type { Browser } from 'playwright-core';
import { DEVICES, launch, pageErrors, trackErrors } from '../helpers/browser';
import { playSome } from '../helpers/durable';
import { create, join, testServer, until } from '../helpers/server';
import { embeddedBackend, type Backend } from '../store/backends';
import { mkdirSync } from 'node:fs';

let backend: Backend;
let browser: Browser;
let server: Awaited<ReturnType<typeof testServer>> | null = null;
/** Screenshots for the closing note go outside the repository when SHOTS is set. */
const SHOTS = process.env.SHOTS;

beforeAll(async () => {
  backend = embeddedBackend();
  browser = await launch();
}, 60000);
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  await server?.close();
  await browser?.close();
  await backend?.destroy();
});

it("shows a finished game's final position with Replay and Verify at its room link after a restart", async () => {
  server = await testServer({ archiveGames: 0 }, backend.open());
  await until(() => server!.durable.status === 'ready', 'the store', 60000);
  const a = await create(server.ws, { game: 'high-roll', name: 'Ana' });
  const b = await join(server.ws, a.room.roomId, { name: 'Ben' });
  await until(() => a.room.state.phase === 'playing', 'the game to start');
  await playSome([a, b], 50);
  await until(() => a.room.state.phase === 'over', 'the end');
  const roomId = a.room.roomId;
  const gameId: string = a.room.state.gameId;
  // The room is gone with the server; a new process on the same store knows the game only by its record.
  await server.close();
  server = await testServer({ archiveGames: 0 }, backend.open());
  await until(() => server!.durable.status === 'ready', 'the store again', 60000);

  const api = await fetch(`${server.url}/api/rooms/${roomId}`);
  expect(api.status).toBe(410);
  await expect(api.json()).resolves.toMatchObject({ code: 'game-finished', gameId });
  expect((await fetch(`${server.url}/api/rooms/nosuchroom`)).status).toBe(404);
  const log = await (await fetch(`${server.url}/api/games/${gameId}/log`)).json();
  expect(log.players).toEqual(['Ana', 'Ben']);

  for (const [device, name] of [
    ['phone', 'phone'],
    ['desktop', 'desktop2'],
    ['desktop1', 'desktop1'],
  ] as const) {
    const context = await browser.newContext(DEVICES[device]);
    const page = trackErrors(await context.newPage());
    await page.goto(`${server.url}/r/${roomId}`);
    await page.getByRole('heading', { name: 'Finished: High Roll — Ana vs Ben' }).waitFor();
    // The final position, with the result in words.
    const last = log.entries.length - 1;
    await page.getByText(`Move ${last} of ${last} — `).waitFor();
    await expect(page.getByText('This table is not here').count()).resolves.toBe(0);
    await page.getByRole('button', { name: 'Verify' }).click();
    await page.getByText(/^Verified: all \d+ rolls match the revealed seed/).waitFor();
    expect(verifyLog(log, getGame).ok).toBe(true);
    if (SHOTS) {
      mkdirSync(SHOTS, { recursive: true });
      await page.screenshot({ path: `${SHOTS}/game-url-${name}.png` });
    }
    if (device === 'phone') {
      await page.getByRole('link', { name: 'Replay' }).click();
      await page.waitForURL(new RegExp(`/replay/${gameId}$`));
      await page.getByRole('heading', { name: /^Replay: High Roll/ }).waitFor();
    }
    await context.close();
  }
}, 120000);
