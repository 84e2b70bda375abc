// A short desktop window (1280x720, a common laptop's browser): Shields keeps its board at the height it needs
// (470 px), and the first block grows to hold it, so the viewer's strip never spills over the "All moves" list
// under it (seen on 2026-11-28: the strip at y 625-655 over the list's summary at y 636).
import type { Page } from 'playwright-core';
import { createRoom, e2eSetup, sitDown, status } from '../helpers/e2e';

const e2e = e2eSetup();

type Box = { top: number; bottom: number };
const box = (p: Page, selector: string) =>
  p.locator(selector).evaluate((el) => {
    const r = el.getBoundingClientRect();
    return { top: r.top, bottom: r.bottom } as Box;
  });

it('Shields at 1280x720: the strips, the board and the moves list do not overlap on your turn', async () => {
  const ana = await e2e.open({ viewport: { width: 1280, height: 720 }, deviceScaleFactor: 1 });
  const link = await createRoom(ana, e2e.server.url, 'Ana', 'Shields', [['Match', 'Single game']]);
  const ben = await e2e.open({ viewport: { width: 1280, height: 800 } });
  await sitDown(ben, link, 'Ben');
  // Whoever starts, play until it is Ana's turn with her moves listed.
  for (let i = 0; i < 20 && (await status(ana).textContent()) !== 'Your turn.'; i++) {
    const list = ben.getByRole('group', { name: 'Your moves' }).getByRole('button');
    if ((await status(ben).textContent()) === 'Your turn.' && (await list.count()) > 0) await list.first().click();
    await ana.waitForTimeout(200);
  }
  await ana.getByText('Your turn.').waitFor();
  await ana.locator('details.all-moves').waitFor();
  await ana.evaluate(() => window.scrollTo(0, 0));
  const [top, board, bottom, moves] = await Promise.all([
    box(ana, '.strips.top'),
    box(ana, '#board'),
    box(ana, '.strips.bottom'),
    box(ana, 'details.all-moves'),
  ]);
  expect(board.bottom - board.top).toBeGreaterThanOrEqual(469);
  expect(top.bottom).toBeLessThanOrEqual(board.top);
  expect(board.bottom).toBeLessThanOrEqual(bottom.top);
  expect(bottom.bottom).toBeLessThanOrEqual(moves.top);
  // The player's own strip (and its clock) is on the first screen.
  expect(bottom.bottom).toBeLessThanOrEqual(720);
});
