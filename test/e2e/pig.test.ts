// Pig, the example game of docs/new-game.md, played to its end through the UI: created from the home page (with
// ?all, as it is unlisted), a second player on a phone, Roll and Hold buttons named for what they do, the scores
// in the board and the strips, and the finished game verified. Its rules page opens from the table's game name.
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { e2eSetup, moves, sitDown, status, whoseTurn } from '../helpers/e2e';

const e2e = e2eSetup();
/** Screens for a person to look at (not in the repository): SHOTS=/some/dir. */
const SHOTS = process.env.SHOTS;
const snap = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
};

it('is created, played to its end with Roll and Hold, and verified', async () => {
  const ana = await e2e.open('desktop');
  await ana.goto(`${e2e.server.url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('pig');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const ben = await e2e.open('phone');
  await sitDown(ben, ana.url(), 'Ben');
  await snap(ana, 'pig-start-desktop');
  await snap(ben, 'pig-start-phone');
  // Before the first roll of a turn only Roll is offered (P3: nothing to hold).
  const first = await whoseTurn([ana, ben]);
  await expect(moves(first!).allTextContents()).resolves.toEqual(['Roll']);

  // Each player rolls until the turn holds 6 or more, then holds; a 1 passes the turn (P2).
  let holds = 0;
  for (let turns = 0; turns < 400; turns++) {
    const p = await whoseTurn([ana, ben]);
    if (!p) break;
    const names = await moves(p).allTextContents();
    const hold = names.find((n) => n.startsWith('Hold '));
    if (hold && Number(hold.slice(5)) >= 6) {
      holds++;
      if (holds === 1) await snap(p, p === ana ? 'pig-hold-desktop' : 'pig-hold-phone');
      await p.getByRole('button', { name: hold }).click();
    } else await p.getByRole('button', { name: 'Roll' }).click();
    // The next state has reached the page: its buttons changed or the turn moved on.
    await p.waitForFunction(
      (before) =>
        [...document.querySelectorAll('[role=group][aria-label="Your moves"] button')]
          .map((b) => b.textContent)
          .join('|') !== before || !document.querySelector('#turn-status')?.textContent?.startsWith('Your turn'),
      names.join('|'),
    );
  }
  for (const p of [ana, ben])
    await status(p)
      .getByText(/Game over/)
      .waitFor();
  await expect(
    ana
      .getByRole('list', { name: 'Game log' })
      .getByText(/holds \d+ \(score \d+\)/)
      .count(),
  ).resolves.toBeGreaterThan(0);
  await snap(ana, 'pig-over-desktop');
  await snap(ben, 'pig-over-phone');
  await ben.getByRole('button', { name: 'Verify this game' }).click();
  await ben.getByText(/Verified: all \d+ rolls match the seed/).waitFor();
}, 180_000);

it('has a rules page with its rulings P1 to P4', async () => {
  const page = await e2e.open('phone');
  await page.goto(`${e2e.server.url}/rules/pig`);
  await page.getByRole('heading', { name: 'Quick start' }).waitFor();
  for (const id of ['P1', 'P2', 'P3', 'P4']) await expect(page.locator(`#${id}`).count()).resolves.toBe(1);
  await snap(page, 'pig-rules-phone');
  const desk = await e2e.open('desktop1');
  await desk.goto(`${e2e.server.url}/rules/pig`);
  await desk.getByRole('heading', { name: 'Quick start' }).waitFor();
  await snap(desk, 'pig-rules-desktop1');
});
