// The walking skeleton in a real browser: create a table, join it from a second page, watch from a third, roll.

import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

const page = (viewport = DESKTOP) => e2e.open({ viewport });

it('creates a room, seats a second page, shows a spectator, and both players see a roll', async () => {
  const ana = await page();
  await ana.goto(`${e2e.server.url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await shot(ana, 'skeleton-home-desktop');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = await ana.getByLabel('Room link').inputValue();
  expect(link).toBe(ana.url());
  await ana.getByText('Waiting for your opponent').waitFor();

  const ben = await page(PHONE);
  await ben.goto(`${e2e.server.url}/`);
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByLabel('Your name').blur();
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  // A stored name is offered, not taken as a yes: Ben is asked to sit down or watch like anyone else.
  await expect(ben.getByLabel('Your name').inputValue()).resolves.toBe('Ben');
  await ben.getByRole('button', { name: 'Sit down' }).click();
  await ben.getByText('Ana to play.').waitFor();

  const sam = await page();
  await sam.goto(link);
  await sam.getByText('1 watching').waitFor();
  await ana.getByText('1 watching').waitFor();
  await expect(sam.getByRole('button', { name: 'Roll' }).count()).resolves.toBe(0);

  await ana.getByText('Your turn.').waitFor();
  await ana.getByRole('button', { name: 'Roll' }).click();
  for (const p of [ana, ben, sam])
    await p
      .getByRole('list', { name: 'Game log' })
      .getByText(/Ana rolls a d6: \d/)
      .waitFor();
  await ben.getByText('Your turn.').waitFor();
  await shot(ana, 'skeleton-table-desktop');
  await shot(ben, 'skeleton-table-phone');

  // Play it out, then verify in the e2e.browser.
  for (let i = 0; i < 5; i++) {
    const p = i % 2 === 0 ? ben : ana;
    await p.getByText('Your turn.').waitFor();
    await p.getByRole('button', { name: 'Roll' }).click();
  }
  for (const p of [ana, ben, sam]) await p.getByText(/Game over/).waitFor();
  await sam.getByRole('button', { name: 'Verify this game' }).click();
  await sam.getByText(/Verified: all 6 rolls match the seed/).waitFor();
  await shot(sam, 'skeleton-verified-desktop');
}, 120000);
