// Dice Siege in real browsers (D7): a solo siege made from the home page on a ratio-3 phone, watched by a spectator on
// a desktop, played to its end by tapping the play sheet; and a two-player race (desktop ratio 2 and a phone) on the
// same dice, where the same taps give the same sheets and the other's round stays hidden until both have finished.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE, shot as save, trackErrors } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup({ rateBurst: 200, ratePerSecond: 100 });

const DESKTOP_1: BrowserContextOptions = { viewport: DESKTOP, deviceScaleFactor: 1, reducedMotion: 'reduce' };
const DESKTOP_2: BrowserContextOptions = { viewport: DESKTOP, deviceScaleFactor: 2, reducedMotion: 'reduce' };
const PHONE_3: BrowserContextOptions = {
  viewport: PHONE,
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
};

async function open(options: BrowserContextOptions): Promise<Page> {
  const context = await e2e.browser.newContext(options);
  return trackErrors(await context.newPage());
}

interface Facts {
  game: string;
  targets: Record<string, [number, number, number, number]>;
  mode: 'roll' | 'use';
  contentHeight: number;
  tray: number[];
  inBattle: string[];
  openTracks: string[];
  preview: { error: string | null; placed: number } | null;
}
interface Geometry {
  screen: { w: number; h: number };
  canvas: { x: number; y: number };
  labels: { text: string; size: number }[];
  facts: Facts;
}

const geometry = (p: Page) => p.evaluate(() => (window as any).__dicehall.geometry()) as Promise<Geometry>;
const status = (p: Page) => p.locator('#turn-status');
const primary = (p: Page) => p.locator('.siege-primary');
const secondary = (p: Page) => p.locator('.siege-secondary');
const logCount = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li').count();
const phone = (p: Page) => (p.viewportSize()?.width ?? 0) < 600;

async function shot(p: Page, name: string) {
  if (phone(p)) await p.evaluate(() => window.scrollTo(0, 0));
  else await p.evaluate(() => window.scrollTo(0, 0));
  await p.waitForTimeout(150);
  await save(p, name);
}

/** Taps where the sheet says a target is drawn (a touch on the phone, a click on the desktop). */
async function tap(p: Page, key: string, known?: Geometry) {
  const g = known ?? (await geometry(p));
  const t = g.facts.targets[key];
  if (!t) throw new Error(`${key} is not on the sheet: ${Object.keys(g.facts.targets).join(', ')}`);
  const canvas = p.locator('#board canvas');
  const box = (await canvas.boundingBox())!;
  const x = box.x + t[0] + t[2] / 2;
  const y = box.y + t[1] + t[3] / 2;
  if (phone(p)) await p.touchscreen.tap(x, y);
  else await p.mouse.click(x, y);
}

/** What the sheet shows at a phone ratio 3 and desktop: readable labels, big tap targets, everything on the board. */
async function checkReadable(p: Page) {
  const g = await geometry(p);
  expect(g.facts.game).toBe('dice-siege');
  expect(g.labels.length).toBeGreaterThan(20);
  for (const l of g.labels) expect(l.size).toBeGreaterThanOrEqual(12);
  for (const [key, [, , w, h]] of Object.entries(g.facts.targets)) {
    if (
      key.startsWith('die:') ||
      key.startsWith('atk:') ||
      key.startsWith('use:') ||
      key.startsWith('special:') ||
      key.startsWith('thumb:')
    ) {
      expect([key, Math.min(w, h) >= 40]).toEqual([key, true]);
    }
  }
  expect(g.facts.contentHeight).toBeLessThanOrEqual(g.screen.h);
}

/** The primary action (roll, end the round) sits inside the viewport with the page at its top. */
async function primaryInView(p: Page) {
  await p.evaluate(() => window.scrollTo(0, 0));
  const b = (await primary(p).boundingBox())!;
  const vp = p.viewportSize()!;
  expect(b.y).toBeGreaterThanOrEqual(0);
  expect(b.y + b.height).toBeLessThanOrEqual(vp.height);
  expect(b.height).toBeGreaterThanOrEqual(40);
}

async function waitLog(p: Page, before: number) {
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before, {
    timeout: 20000,
  });
}

/** What changes when an action lands: the dice, the round's button, the status line and the log. */
const sig = (p: Page) =>
  p.evaluate(() =>
    JSON.stringify([
      (window as any).__dicehall?.geometry().facts.tray,
      document.querySelector('.siege-primary')?.textContent,
      document.querySelector('#turn-status')?.textContent,
      document.querySelectorAll('[aria-label="Game log"] li').length,
    ]),
  );

/** Waits until an action has landed. */
async function settle(p: Page, before: string) {
  await p.waitForFunction(
    (b) =>
      JSON.stringify([
        (window as any).__dicehall?.geometry().facts.tray,
        document.querySelector('.siege-primary')?.textContent,
        document.querySelector('#turn-status')?.textContent,
        document.querySelectorAll('[aria-label="Game log"] li').length,
      ]) !== b,
    before,
    { timeout: 30000, polling: 250 },
  );
}

/**
 * One round by taps: roll; hold the 2's and 6's and reroll the rest once; then use the dice: 6's on open
 * reinforcement boxes, 2's (and 3's and 5's where an ability takes them) on the attackers in battle, three or more
 * 4's on them too; then end the round. Returns false when the player has nothing to do.
 */
async function playRound(p: Page, shots: (step: string) => Promise<void> = async () => {}): Promise<boolean> {
  if (!(await primary(p).isVisible())) return false;
  let s = await sig(p);
  await primary(p).click();
  await settle(p, s);
  let g = await geometry(p);
  await shots('rolled');
  const keep = g.facts.tray.flatMap((v, i) => (v === 2 || v === 6 ? [i] : []));
  if (keep.length < g.facts.tray.length && g.facts.mode === 'roll') {
    for (const i of keep) await tap(p, `die:${i}`, g);
    await shots('held');
    s = await sig(p);
    await primary(p).click();
    await settle(p, s);
    g = await geometry(p);
  }
  if (g.facts.mode === 'roll') {
    await secondary(p).click();
    await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.mode === 'use');
    g = await geometry(p);
  }
  const fours = g.facts.tray.filter((v) => v === 4).length;
  let tracks = [...g.facts.openTracks];
  // Targets stay where they are while the dice are used: one reading of the geometry serves every tap.
  for (let i = 0; i < g.facts.tray.length; i++) {
    const v = g.facts.tray[i];
    if (v === 6 && tracks.length) {
      await tap(p, `die:${i}`, g);
      await tap(p, `use:box-${tracks[0]}`, g);
      const after = await geometry(p);
      if (after.facts.preview?.error) {
        await tap(p, `die:${i}`, g);
        await tap(p, `die:${i}`, g);
        tracks = tracks.slice(1);
      }
    } else if ((v === 2 || v === 3 || v === 5 || (v === 4 && fours >= 3)) && g.facts.inBattle.length) {
      await tap(p, `die:${i}`, g);
      await tap(p, `atk:${g.facts.inBattle[0]}`, g);
    }
  }
  g = await geometry(p);
  if (g.facts.preview?.error) {
    // A use the rules refuse (an ability not open): start the plan over with no dice used.
    await p.locator('.siege-clear').click();
  }
  await shots('planned');
  s = await sig(p);
  expect(await primary(p).isEnabled()).toBe(true);
  await primary(p).click();
  await settle(p, s);
  return true;
}

it('D7 a solo siege from the home page on a ratio-3 phone, watched by a spectator on a desktop, played to the end by taps', async () => {
  const ana = await open(PHONE_3);
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption({ label: 'Dice Siege' });
  await ana.getByLabel('Players').selectOption({ label: 'Solo (spectators may watch)' });
  await ana.getByLabel('Difficulty').selectOption({ label: 'Normal' });
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const sam = await open(DESKTOP_1);
  await sam.goto(ana.url());
  await sam.getByText('1 watching').waitFor();
  await primary(ana).waitFor();
  expect(await primary(ana).textContent()).toBe('Roll 6 dice');
  await shot(ana, 'siege-solo-phone-start');
  await checkReadable(ana);
  await primaryInView(ana);
  let rounds = 0;
  while (!(await status(ana).textContent())?.startsWith('Game over')) {
    const shoot =
      rounds === 1
        ? async (step: string) => {
            await checkReadable(ana);
            await primaryInView(ana);
            await shot(ana, `siege-solo-phone-${step}`);
            if (step === 'planned') await shot(sam, 'siege-solo-spectator-desktop1');
          }
        : undefined;
    if (!(await playRound(ana, shoot))) await ana.waitForTimeout(100);
    rounds++;
    if (rounds > 60) throw new Error('the siege does not end');
  }
  await sam.waitForFunction(() => document.querySelector('#turn-status')?.textContent?.startsWith('Game over'));
  expect(await logCount(sam)).toBe(await logCount(ana));
  expect(await status(sam).textContent()).toMatch(/destroy|fell|overrun/i);
  await checkReadable(sam);
  await shot(ana, 'siege-solo-phone-over');
  await shot(sam, 'siege-solo-spectator-over-desktop1');
  // The game verifies in the browser.
  await sam.getByRole('button', { name: /Verify/ }).click();
  await sam.getByText(/^Verified: all \d+ rolls match the seed/).waitFor({ timeout: 30000 });
}, 1200000);

it('D7 a two-player race on a desktop and a phone: the same taps, the same sheets; the other round is hidden until both finish', async () => {
  const ana = await open(DESKTOP_2);
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption({ label: 'Dice Siege' });
  await ana.getByLabel('Players').selectOption({ label: 'A race of 2 on the same dice' });
  await ana.getByLabel('Difficulty').selectOption({ label: 'Epic (a smaller stronghold)' });
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const ben = await open(PHONE_3);
  await ben.goto(ana.url());
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByRole('button', { name: 'Sit down' }).click();
  await primary(ana).waitFor();
  await primary(ben).waitFor();
  let rounds = 0;
  let hiddenChecks = 0;
  while (!(await status(ana).textContent())?.startsWith('Game over')) {
    const benLog = await logCount(ben);
    const first =
      rounds === 1
        ? async (step: string) => {
            if (step === 'planned') {
              await checkReadable(ana);
              await shot(ana, 'siege-race-desktop2-planned');
            }
          }
        : undefined;
    const played = await playRound(ana, first);
    if (played && (await primary(ben).isVisible())) {
      // Ana has finished her round; Ben sees none of it yet: no new log line, her thumbnail only says she is done.
      expect(await logCount(ben)).toBe(benLog);
      await ben
        .getByText(/Round \d+/)
        .first()
        .waitFor();
      hiddenChecks++;
      if (rounds === 1) {
        await checkReadable(ben);
        await primaryInView(ben);
        await shot(ben, 'siege-race-phone-waiting-on-him');
      }
      const before = await logCount(ana);
      await playRound(ben);
      await waitLog(ana, before);
      if (rounds === 1) await shot(ana, 'siege-race-desktop2-round-over');
    } else if (!played) await ana.waitForTimeout(100);
    rounds++;
    if (rounds > 60) throw new Error('the race does not end');
  }
  await ben.waitForFunction(() => document.querySelector('#turn-status')?.textContent?.startsWith('Game over'));
  expect(hiddenChecks).toBeGreaterThan(1);
  // The same dice and the same taps: identical sheets, so both share the result.
  expect(await status(ana).textContent()).toMatch(/Ana and Ben/);
  await checkReadable(ben);
  await shot(ana, 'siege-race-desktop2-over');
  await shot(ben, 'siege-race-phone-over');
}, 1200000);

it('D7 the home page offers Dice Siege with its options from the schema, and its rules page says how a race is kept fair', async () => {
  for (const [options, name] of [
    [PHONE_3, 'phone'],
    [DESKTOP_1, 'desktop1'],
    [DESKTOP_2, 'desktop2'],
  ] as const) {
    const p = await open(options);
    await p.goto(`${e2e.server.url}/`);
    await p.getByLabel('Game').selectOption({ label: 'Dice Siege' });
    const players = await p.getByLabel('Players').locator('option').allTextContents();
    expect(players).toEqual([
      'Solo (spectators may watch)',
      ...[2, 3, 4, 5, 6, 7, 8].map((n) => `A race of ${n} on the same dice`),
    ]);
    expect(await p.getByLabel('Difficulty').locator('option').allTextContents()).toEqual([
      'Normal',
      'Epic (a smaller stronghold)',
    ]);
    await save(p, `siege-home-${name}`);
    await p.goto(`${e2e.server.url}/rules/dice-siege`);
    await p.getByText(/A round is secret until everyone has finished it/).waitFor();
    await p
      .getByText(/ranked last/)
      .first()
      .waitFor();
    await save(p, `siege-rules-${name}`);
    await p.context().close();
  }
}, 120000);
