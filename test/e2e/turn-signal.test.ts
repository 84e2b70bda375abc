// In-page turn signals (issue 33 item 4) in headless Chromium: Ben's page is made hidden (document.hidden and
// visibilityState overridden by an init script, visibilitychange dispatched, as a switch of tabs does) and when his
// turn comes the tab's title says so, the favicon takes its red dot and a short sound plays; back on the page the
// favicon is plain again; with sound off no sound plays. And the table offers Web Push to a seated player.
import type { Page } from 'playwright-core';
import { DEVICES, shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { TURN_ICON, TURN_TITLE, TITLE } from '../../client/src/ui/turn-signal';

const e2e = e2eSetup();
// Four rooms and seven pages in the second test: on a loaded 2-core machine past jest's 30 s default.
jest.setTimeout(120_000);

/** A page whose visibility the test sets, and that counts the oscillators the sound starts. */
const HIDEABLE = () => {
  const w = window as unknown as { __hidden: boolean; __tones: number; __setHidden(v: boolean): void };
  w.__hidden = false;
  w.__tones = 0;
  Object.defineProperty(Document.prototype, 'hidden', { configurable: true, get: () => w.__hidden });
  Object.defineProperty(Document.prototype, 'visibilityState', {
    configurable: true,
    get: () => (w.__hidden ? 'hidden' : 'visible'),
  });
  w.__setHidden = (v: boolean) => {
    w.__hidden = v;
    document.dispatchEvent(new Event('visibilitychange'));
  };
  const make = AudioContext.prototype.createOscillator;
  AudioContext.prototype.createOscillator = function (this: AudioContext) {
    w.__tones++;
    return make.call(this);
  };
};

const setHidden = (p: Page, v: boolean) => p.evaluate((x) => (window as any).__setHidden(x), v);
const tones = (p: Page) => p.evaluate(() => (window as any).__tones as number);
const icon = (p: Page) => p.evaluate(() => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href ?? '');
const roll = (p: Page) => p.getByRole('button', { name: 'Roll' }).click();

async function highRoll(): Promise<{ ana: Page; ben: Page }> {
  const ana = await e2e.open('desktop1');
  await ana.goto(`${e2e.server.url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = ana.url();
  const { context, page: ben } = await e2e.openContext('desktop1');
  await context.addInitScript(HIDEABLE);
  await ben.goto(`${e2e.server.url}/`);
  await ben.evaluate(() => localStorage.setItem('dicehall:name', 'Ben'));
  await ben.goto(link);
  await ben.getByRole('button', { name: 'Sit down' }).click();
  await ana.getByRole('button', { name: 'Roll' }).waitFor();
  return { ana, ben };
}

it('shows "your turn" in the title and favicon of a hidden page, with a sound, and puts them back', async () => {
  const { ana, ben } = await highRoll();
  await setHidden(ben, true);
  // Ana's turn: nothing for Ben.
  expect(await ben.title()).toBe(TITLE);
  expect(await icon(ben)).not.toBe(TURN_ICON);
  const before = await tones(ben);
  await roll(ana);
  // Ben's turn comes while his page is hidden.
  await ben.waitForFunction((t) => document.title === t, TURN_TITLE);
  await ben.waitForFunction((i) => document.querySelector<HTMLLinkElement>('link[rel~="icon"]')?.href === i, TURN_ICON);
  expect(await tones(ben)).toBeGreaterThan(before);
  // Back on the page: the plain favicon; the title still says whose turn it is.
  await setHidden(ben, false);
  expect(await icon(ben)).not.toBe(TURN_ICON);
  expect(await ben.title()).toBe(TURN_TITLE);
  // Hidden again during his own turn: the dot comes back at once.
  await setHidden(ben, true);
  expect(await icon(ben)).toBe(TURN_ICON);
  await roll(ben);
  await ben.waitForFunction((t) => document.title === t, TITLE);
  expect(await icon(ben)).not.toBe(TURN_ICON);
  // With sound off, the next turn is silent, and still shown.
  await ben.evaluate(() => localStorage.setItem('dicehall:muted-sound', '1'));
  const silent = await tones(ben);
  await roll(ana);
  await ben.waitForFunction((t) => document.title === t, TURN_TITLE);
  expect(await icon(ben)).toBe(TURN_ICON);
  expect(await tones(ben)).toBe(silent);
});

it('offers "Notify me when it’s my turn" to a seated player, not to a spectator', async () => {
  const { ana } = await highRoll();
  await ana.getByRole('button', { name: 'Notify me when it’s my turn' }).waitFor();
  const sam = await e2e.open('desktop1');
  await sam.goto(ana.url());
  await sam.locator('.table.live').waitFor();
  expect(await sam.getByRole('button', { name: 'Notify me when it’s my turn' }).count()).toBe(0);
  for (const [name, device] of [
    ['desktop1', DEVICES.desktop1],
    ['desktop2', DEVICES.desktop],
    ['phone', DEVICES.phone],
  ] as const) {
    const p = await e2e.open({
      ...device,
      viewport: name === 'phone' ? device.viewport : { width: 1280, height: 800 },
    });
    await p.goto(`${e2e.server.url}/`);
    await p.evaluate(() => localStorage.setItem('dicehall:name', 'Cy'));
    await p.goto(`${e2e.server.url}/?all`);
    await p.getByLabel('Your name').fill('Cy');
    await p.getByLabel('Game').selectOption('high-roll');
    await p.getByRole('button', { name: 'Create room' }).click();
    await p.waitForURL(/\/r\/[\w-]+$/);
    const dee = await e2e.open('desktop1');
    await dee.goto(`${e2e.server.url}/`);
    await dee.evaluate(() => localStorage.setItem('dicehall:name', 'Dee'));
    await dee.goto(p.url());
    await dee.getByRole('button', { name: 'Sit down' }).click();
    const button = p.getByRole('button', { name: 'Notify me when it’s my turn' });
    await button.waitFor();
    await button.scrollIntoViewIfNeeded();
    await shot(p, `turn-signal-push-switch-${name}`);
  }
});
