// A spectator who opens a running game's link late, on a phone: the first state carries only the room's latest lines
// (issue #18), and the log then fetches the earlier ones by itself, so it holds the whole game, in order, from its
// first line, with the latest still in view. The "Earlier moves" control is the fallback when a page does not come.
import { getGame } from '@dicehall/shared';
import { LOG_WINDOW } from '../../server/src/rooms/record';
import { shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { create, join, logCount, until } from '../helpers/server';

const e2e = e2eSetup();

it("a late spectator on a phone gets the whole game's log, earlier moves fetched after the first state", async () => {
  const ws = e2e.server.ws;
  const a = await create(ws, { game: 'shields', name: 'Ana', options: { bestOf: 1 } });
  const b = await join(ws, a.room.roomId, { name: 'Ben' });
  const sam = await join(ws, a.room.roomId, { name: 'Sam', want: 'watch' });
  await until(() => a.room.state.phase === 'playing', 'the game to start');
  // Thirty moves (or the game's end): many more lines than the room syncs.
  let seed = 11;
  for (let i = 0; i < 30 && a.room.state.phase === 'playing'; i++) {
    const mover = await until(() => [a, b].find((p) => p.legal.length > 0) ?? a.room.state.phase !== 'playing');
    if (mover === true) break;
    seed = (seed * 1664525 + 1013904223) >>> 0;
    const before = logCount(a.room.state);
    mover.room.send('action', mover.legal[seed % mover.legal.length]);
    await until(() => [a, b, sam].every((p) => logCount(p.room.state) > before || p.room.state.phase === 'over'));
  }
  const total = logCount(sam.room.state);
  expect(total).toBeGreaterThan(LOG_WINDOW * 2);
  const module = getGame('shields')!;
  const texts = sam.lines.flatMap((l) => l.events.map((ev) => module.describe(ev, ['Ana', 'Ben'])));

  const page = await e2e.open('phone');
  // What the room sent this page: its log lines in the first state, then its requests for earlier ones.
  const asked: number[] = [];
  page.on('websocket', (socket) =>
    socket.on('framesent', (f) => {
      if (typeof f.payload !== 'string' && f.payload.includes('log-before')) asked.push(Date.now());
    }),
  );
  await page.goto(`${e2e.server.url}/r/${a.room.roomId}`); // both seats taken: the link lets Lia watch
  const log = page.getByRole('list', { name: 'Game log' });
  const lines = log.locator('li:not(.log-earlier):not(.talk)');
  await log.getByText(texts[0]!, { exact: false }).first().waitFor();
  // It had to ask: the room syncs only its window.
  expect(asked.length).toBeGreaterThanOrEqual(1);
  expect(asked.length).toBeLessThanOrEqual(Math.ceil(texts.length / 100));
  await page.waitForFunction(
    (n) => document.querySelectorAll('ol.log li:not(.log-earlier):not(.talk)').length === n,
    texts.length,
  );
  expect(await log.getByRole('button', { name: /^Earlier moves/ }).count()).toBe(0);
  // Every line of the game, in order, as the watcher who was there from the start reads them.
  const shown = await lines.allTextContents();
  expect(shown).toHaveLength(texts.length);
  for (const [k, text] of shown.entries()) expect(text.startsWith(texts[k]!)).toBe(true);
  // The reader still sees the latest move: the earlier ones came in above it.
  const lastInView = await lines.last().evaluate((li) => {
    const box = li.getBoundingClientRect();
    const list = li.closest('ol')!.getBoundingClientRect();
    return box.bottom <= list.bottom + 1 && box.top >= list.top - 1;
  });
  expect(lastInView).toBe(true);
  await log.scrollIntoViewIfNeeded();
  await shot(page, 'late-log-phone');
  for (const p of [a, b, sam]) await p.room.leave();
});
