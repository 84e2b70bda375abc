// The table's HTML layer is diffed, not rebuilt (#11 item 6): what a player is typing survives a patch, and a
// dropped player's countdown ticks in place without redrawing the seats around it.
import type { Page } from 'playwright-core';
import { e2eSetup, sitDown, status } from '../helpers/e2e';

const e2e = e2eSetup({ graceSeconds: 30 });

/** Tags the current seat lines, so a later check can tell whether they are still the same elements. */
const markSeats = (p: Page) =>
  p.evaluate(() => {
    for (const li of document.querySelectorAll('.seats li')) (li as HTMLElement & { mark?: boolean }).mark = true;
  });
const seatsKept = (p: Page) =>
  p.evaluate(() =>
    [...document.querySelectorAll('.seats li')].every((li) => (li as HTMLElement & { mark?: boolean }).mark === true),
  );

it('keeps the typed chat text, its focus and the seat lines across patches and the countdown', async () => {
  const { context: annContext, page: ann } = await e2e.openContext();
  const { context: bobContext, page: bob } = await e2e.openContext();
  await ann.goto(`${e2e.server.url}/`);
  await ann.getByLabel('Your name').fill('Ann');
  await ann.getByRole('button', { name: 'Create room' }).click();
  await ann.waitForURL(/\/r\/[\w-]+$/);
  await sitDown(bob, ann.url(), 'Bob');
  for (const p of [ann, bob])
    await status(p)
      .filter({ hasText: /turn|to play/ })
      .waitFor();

  // Ann is halfway through a line when Bob's message arrives.
  await markSeats(ann);
  const input = ann.getByLabel('Chat message');
  await input.click();
  await input.pressSequentially('half a sen');
  await bob.getByLabel('Chat message').fill('hello Ann');
  await bob.getByRole('button', { name: 'Send' }).click();
  await ann.locator('.chat li').filter({ hasText: 'hello Ann' }).waitFor();
  expect(await input.inputValue()).toBe('half a sen');
  expect(await ann.evaluate(() => document.activeElement?.getAttribute('aria-label'))).toBe('Chat message');
  expect(await seatsKept(ann)).toBe(true);

  // Bob drops: his seat counts down second by second, in the same elements.
  await bobContext.setOffline(true);
  const presence = ann.locator('.seats li.seat-1 .presence');
  await presence.filter({ hasText: /disconnected, \d+ s$/ }).waitFor({ timeout: 15000 });
  await markSeats(ann);
  const left = async () => Number((await presence.textContent())?.match(/(\d+) s$/)?.[1]);
  const first = await left();
  await ann.waitForTimeout(2500);
  const later = await left();
  expect(later).toBeLessThan(first);
  expect(later).toBeGreaterThan(first - 5);
  expect(await seatsKept(ann)).toBe(true);
  expect(await input.inputValue()).toBe('half a sen');

  await bobContext.setOffline(false);
  for (const c of [annContext, bobContext]) await c.close();
}, 60000);
