// "Confirm moves" (issue 28 item 9): off by default, nothing asks; switched on (remembered in the browser), ending
// a turn or a round asks first, a "no" sends nothing and a "yes" sends the move. A solo Dice Siege round: roll,
// use the dice, then the plan that ends the round.
import type { Dialog, Page } from 'playwright-core';
import { trackErrors } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { create, until } from '../helpers/server';

const e2e = e2eSetup({ rateBurst: 1000, ratePerSecond: 1000 });
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

const round = (p: Page) => p.evaluate(() => (window as any).__dicehall.geometry().facts.round as number);

/** A solo Dice Siege page at the point where its primary button ends round 1 with a plan. */
async function atPlan(confirmOn: boolean | null) {
  const ana = await create(e2e.server.ws, { game: 'dice-siege', name: 'Ana', clientSeed: 'a', options: { seats: 1 } });
  await until(() => ana.seat === 0 && ana.token, 'the seat', 10000);
  const context = await e2e.browser.newContext({ ...PHONE, reducedMotion: 'reduce' });
  await context.addInitScript(
    ([key, token, on]) => {
      localStorage.setItem('dicehall:name', 'Ana');
      localStorage.setItem(key, token);
      if (on !== null) localStorage.setItem('dicehall.confirmMoves', on ? 'on' : 'off');
    },
    [`dicehall:seat:${ana.room.roomId}`, ana.token!, confirmOn] as const,
  );
  const p = trackErrors(await context.newPage());
  const dialogs: Dialog[] = [];
  p.on('dialog', (d) => {
    dialogs.push(d);
  });
  await p.goto(`${e2e.server.url}/r/${ana.room.roomId}`);
  const primary = p.locator('.siege-primary');
  await primary.click();
  await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.tray.every((v: number) => v > 0));
  await p.locator('.siege-secondary').click();
  await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.mode === 'use');
  return { p, primary, dialogs, ana };
}

it('off by default: the round ends without a question; the switch is there, unticked', async () => {
  const { p, primary, dialogs, ana } = await atPlan(null);
  const box = p.getByRole('checkbox', { name: 'Confirm before ending a turn' });
  expect(await box.isChecked()).toBe(false);
  await primary.click();
  await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.round === 2);
  expect(dialogs).toHaveLength(0);
  // Ticked, it is remembered for the next page.
  await box.check();
  expect(await p.evaluate(() => localStorage.getItem('dicehall.confirmMoves'))).toBe('on');
  await p.context().close();
  void ana.room.leave().catch(() => undefined);
}, 60000);

it('on: ending the round asks; "no" sends nothing, "yes" ends it', async () => {
  const { p, primary, dialogs, ana } = await atPlan(true);
  p.removeAllListeners('dialog');
  p.once('dialog', (d) => {
    dialogs.push(d);
    void d.dismiss();
  });
  await primary.click();
  await until(() => dialogs.length === 1, 'the question', 10000);
  expect(dialogs[0].message()).toBe('End the round with this plan?');
  // Nothing was sent: still round 1 (a move would have come back within this wait on an idle server).
  await p.waitForTimeout(300);
  expect(await round(p)).toBe(1);
  p.once('dialog', (d) => {
    dialogs.push(d);
    void d.accept();
  });
  await primary.click();
  await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.round === 2);
  expect(dialogs).toHaveLength(2);
  await p.context().close();
  void ana.room.leave().catch(() => undefined);
}, 60000);
