// What the client load benches share (bench/client-load.ts, client-load-ab.ts, room-link-waterfall.ts): when a
// board counts as drawn, and a running game a newcomer's link opens straight onto. The throttled link itself is
// test/helpers/browser.ts `throttle`, which the browser tests use too.
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP } from '../test/helpers/browser';

/** Waits until the game view has drawn the board once (the geometry hook lists its labels and facts). */
export const boardDrawn = (page: Page) =>
  page.waitForFunction(
    () => {
      const g = (
        window as unknown as { __dicehall?: { geometry(): { labels: unknown[]; facts: Record<string, unknown> } } }
      ).__dicehall?.geometry();
      return !!g && g.labels.length > 0 && Object.keys(g.facts).length > 0;
    },
    undefined,
    { timeout: 60000, polling: 50 },
  );

/**
 * A running game with both seats taken (unthrottled desktop pages), so a newcomer's link opens straight onto the
 * board. `options` go to both contexts (Caddy's local certificate, say).
 */
export async function runningRoom(
  browser: Browser,
  base: string,
  game: string,
  options: BrowserContextOptions = {},
): Promise<{ link: string; close: () => Promise<void> }> {
  const contexts = [0, 1].map(() => browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce', ...options }));
  const [hostContext, guestContext] = await Promise.all(contexts);
  const host = await hostContext!.newPage();
  await host.goto(`${base}/`);
  await host.getByLabel('Your name').fill('Ana');
  await host.getByLabel('Game').selectOption({ label: game });
  await host.getByRole('button', { name: 'Create room' }).click();
  await host.waitForURL(/\/r\/[\w-]+$/);
  const link = host.url();
  const guest = await guestContext!.newPage();
  await guest.goto(link);
  await guest.getByLabel('Your name').fill('Ben');
  await guest.getByRole('button', { name: 'Sit down' }).click();
  await boardDrawn(guest);
  return {
    link,
    close: async () => {
      await hostContext!.close();
      await guestContext!.close();
    },
  };
}
