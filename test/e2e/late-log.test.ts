// A spectator who opens a running game's link late, on a phone: the log shows the room's latest lines with an
// "Earlier moves" control at its top (issue #18); a tap brings the game's earlier moves, in order, from its first.
import { getGame } from '@dicehall/shared';
import { LOG_WINDOW } from '../../server/src/rooms/record';
import { shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { create, join, logCount, until } from '../helpers/server';

const e2e = e2eSetup();

it('a late spectator on a phone taps "Earlier moves" and the log holds the whole game from its first line', async () => {
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
  await page.goto(`${e2e.server.url}/r/${a.room.roomId}`); // both seats taken: the link lets Lia watch
  const log = page.getByRole('list', { name: 'Game log' });
  const earlier = log.getByRole('button', { name: /^Earlier moves/ });
  await earlier.waitFor();
  // The window only: its last line is the game's latest, its first is not the game's first.
  const lines = log.locator('li:not(.log-earlier):not(.talk)');
  await lines.first().waitFor();
  expect(await lines.last().textContent()).toContain(texts.at(-1)!);
  expect(await lines.count()).toBeLessThan(texts.length);
  expect(await log.textContent()).not.toContain(texts[0]!);

  await earlier.scrollIntoViewIfNeeded();
  await shot(page, 'late-log-phone-before');
  await earlier.click();
  await log.getByText(texts[0]!, { exact: false }).first().waitFor();
  expect(await earlier.count()).toBe(0);
  // Every line of the game, in order, as the watcher who was there from the start reads them.
  const shown = await lines.allTextContents();
  expect(shown).toHaveLength(texts.length);
  for (const [k, text] of shown.entries()) expect(text.startsWith(texts[k]!)).toBe(true);
  // The reader stays at the top, where the earlier moves came in.
  expect(await log.evaluate((el) => el.scrollTop)).toBeLessThan(50);
  await log.scrollIntoViewIfNeeded();
  await shot(page, 'late-log-phone-after');
  for (const p of [a, b, sam]) await p.room.leave();
});
