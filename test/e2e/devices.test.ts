// Every board screen on a real phone profile (390x844, touch, ratio 3) and a HiDPI desktop (1280x720, ratio 2):
// the board fills its box, text is drawn at the screen's density, labels keep to 11 px and never overlap,
// Dice Chess squares take a finger, and the one thing to do now is on screen without scrolling.
import type { BrowserContextOptions, Locator, Page } from 'playwright-core';
import { DESKTOP, shot, DEVICES, type DeviceName } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

interface Rect {
  x: number;
  y: number;
  w: number;
  h: number;
}
interface Geometry {
  resolution: number;
  devicePixelRatio: number;
  canvas: Rect;
  backing: { w: number; h: number };
  box: Rect;
  drawn: Rect;
  labels: { text: string; size: number; rect: Rect }[];
  facts: Record<string, unknown>;
}

// Profiles run by default; DEVICES=phone,desktop,desktop1 adds the ratio-1 desktop (screenshots for people).
const RUN = (process.env.DEVICES ?? 'phone,desktop').split(',') as DeviceName[];

const open = (options: BrowserContextOptions, still = false) =>
  e2e.open({ ...options, reducedMotion: still ? 'reduce' : 'no-preference' });

const geometry = (p: Page) =>
  p.evaluate(
    () =>
      (window as unknown as { __dicehall?: { geometry(): unknown } }).__dicehall?.geometry() as Geometry | undefined,
  );

/** Waits until the view has drawn (it reports its facts on every redraw) and layout has settled. */
async function settled(p: Page): Promise<Geometry> {
  await p.waitForFunction(() => {
    const g = (
      window as unknown as { __dicehall?: { geometry(): { facts: Record<string, unknown>; labels: unknown[] } } }
    ).__dicehall?.geometry();
    // Not while a die is in the air (a roll seen live draws its flying die over the table for a moment).
    return (
      !!g &&
      g.labels.length > 0 &&
      Object.keys(g.facts).length > 0 &&
      !document.querySelector('#board canvas[data-rolling]')
    );
  });
  await p.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  return (await geometry(p))!;
}

const overlap = (a: Rect, b: Rect, eps = 0.5) =>
  Math.min(a.x + a.w, b.x + b.w) - Math.max(a.x, b.x) > eps &&
  Math.min(a.y + a.h, b.y + b.h) - Math.max(a.y, b.y) > eps;

/** Figures the closing report quotes: board box, drawn area, density, square size. */
const figures: string[] = [];

async function checkBoard(p: Page, device: DeviceName, screen: string): Promise<Geometry> {
  const g = await settled(p);
  const { box, drawn } = g;
  figures.push(
    `${device} ${screen}: box ${Math.round(box.w)}x${Math.round(box.h)}, drawn ${Math.round(drawn.w)}x${Math.round(drawn.h)}, ` +
      `resolution ${g.resolution} on ratio ${g.devicePixelRatio}${g.facts.square ? `, square ${g.facts.square} px` : ''}`,
  );
  // Drawn inside the box, and filling it along the axis that limits it (margins and whole squares leave a little).
  const slack = 20;
  expect(drawn.x).toBeGreaterThanOrEqual(box.x - 1);
  expect(drawn.y).toBeGreaterThanOrEqual(box.y - 1);
  expect(drawn.x + drawn.w).toBeLessThanOrEqual(box.x + box.w + 1);
  expect(drawn.y + drawn.h).toBeLessThanOrEqual(box.y + box.h + 1);
  expect(Math.min(box.w - drawn.w, box.h - drawn.h)).toBeLessThanOrEqual(slack);
  // Drawn at the screen's density: the canvas's backing store has ratio x its CSS pixels (crisp text and edges).
  expect(g.resolution).toBe(g.devicePixelRatio);
  expect(Math.abs(g.backing.w - g.canvas.w * g.devicePixelRatio)).toBeLessThanOrEqual(1);
  // Readable type and no two labels on top of each other.
  const small = g.labels.filter((l) => l.size < 11).map((l) => `${l.text} (${l.size} px)`);
  expect(small).toEqual([]);
  const clashes: string[] = [];
  g.labels.forEach((a, i) => {
    g.labels.slice(i + 1).forEach((b) => {
      if (overlap(a.rect, b.rect)) clashes.push(`"${a.text}" / "${b.text}"`);
    });
  });
  expect(clashes).toEqual([]);
  // Every label inside the board's box.
  const outside = g.labels.filter(
    (l) =>
      l.rect.x < box.x - 1 ||
      l.rect.y < box.y - 1 ||
      l.rect.x + l.rect.w > box.x + box.w + 1 ||
      l.rect.y + l.rect.h > box.y + box.h + 1,
  );
  expect(outside.map((l) => l.text)).toEqual([]);
  if (g.facts.game === 'dice-chess' && device === 'phone') expect(Number(g.facts.square)).toBeGreaterThanOrEqual(40);
  return g;
}

/** The element is on screen with the page scrolled to the top: no scrolling needed to reach it. */
async function inReach(p: Page, target: Locator) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await target.waitFor();
  const b = (await target.boundingBox())!;
  const v = p.viewportSize()!;
  expect({
    top: b.y >= 0,
    bottom: b.y + b.height <= v.height,
    left: b.x >= 0,
    right: b.x + b.width <= v.width,
  }).toEqual({ top: true, bottom: true, left: true, right: true });
  // A finger-sized target.
  expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(40);
}

async function picture(p: Page, name: string) {
  await p.evaluate(() => window.scrollTo(0, 0));
  await shot(p, name);
}

const moveButtons = (p: Page) => p.getByRole('group', { name: 'Your moves' }).getByRole('button');
const logCount = (p: Page) => p.locator('[aria-label="Game log"] li').count();

/** Plays `n` actions by the first legal-move button of whoever is to act, waiting for each to land on both pages. */
async function playSome(pages: Page[], n: number) {
  for (let i = 0; i < n; i++) {
    const p = (await Promise.all(pages.map(async (q) => ((await moveButtons(q).count()) > 0 ? q : null)))).find(
      Boolean,
    );
    if (!p) {
      await pages[0].waitForTimeout(200);
      continue;
    }
    const before = await logCount(p);
    await moveButtons(p).first().click();
    await p.waitForFunction((k) => document.querySelectorAll('[aria-label="Game log"] li').length > k, before);
    await p.waitForFunction(() => !document.querySelector('#board canvas[data-rolling]'));
  }
}

async function startRoom(device: DeviceName, game: string): Promise<{ host: Page; guest: Page }> {
  const host = await open(DEVICES[device]);
  await host.goto(`${e2e.server.url}/`);
  await host.getByLabel('Your name').fill('Ana');
  await host.getByLabel('Game').selectOption({ label: game });
  await host.getByRole('button', { name: 'Create room' }).click();
  await host.waitForURL(/\/r\/[\w-]+$/);
  // Waiting: the link to send is the thing to do.
  await inReach(host, host.getByRole('button', { name: 'Copy link' }));
  await picture(host, `devices-${game === 'Shields' ? 'shields' : 'dice-chess'}-waiting-${device}`);
  const guest = await open({ viewport: DESKTOP }, true);
  await guest.goto(host.url());
  await guest.getByLabel('Your name').fill('Ben');
  await guest.getByRole('button', { name: 'Sit down' }).click();
  return { host, guest };
}

/** Resigns from the guest's page, then checks the end, the verification and the replay on the host's. */
async function endVerifyReplay(host: Page, guest: Page, device: DeviceName, id: string) {
  guest.once('dialog', (d) => void d.accept());
  await guest.getByRole('button', { name: 'Resign' }).click();
  await host
    .getByText(/Game over/)
    .first()
    .waitFor();
  await checkBoard(host, device, 'end');
  await inReach(host, host.getByRole('button', { name: 'Rematch' }));
  await inReach(host, host.getByRole('button', { name: 'Verify this game' }));
  await picture(host, `devices-${id}-end-${device}`);
  await host.getByRole('button', { name: 'Verify this game' }).click();
  const verdict = host.getByText(/^Verified: all \d+ rolls match/);
  await verdict.waitFor();
  await host.evaluate(() => window.scrollTo(0, 0));
  const vb = (await verdict.boundingBox())!;
  expect(vb.y + vb.height).toBeLessThanOrEqual(host.viewportSize()!.height);
  await picture(host, `devices-${id}-verify-${device}`);
  await host.getByRole('link', { name: 'Replay this game' }).click();
  await host.waitForURL(/\/replay\//);
  await checkBoard(host, device, 'replay');
  await inReach(host, host.getByRole('button', { name: 'Back', exact: true }));
  await picture(host, `devices-${id}-replay-${device}`);
  // The arrow keys step back through the game, and the move list follows the move shown.
  const position = host.locator('.status[role="status"]');
  const [, shown, last] = (await position.textContent())!.match(/^Move (\d+) of (\d+)/)!.map(Number);
  expect(shown).toBe(last);
  for (let i = 0; i < 3; i++) await host.keyboard.press('ArrowLeft');
  await host.getByText(new RegExp(`^Move ${last - 3} of ${last}$`)).waitFor();
  const list = (await host.getByRole('list', { name: 'Moves' }).boundingBox())!;
  const current = (await host.locator('[aria-label="Moves"] li[aria-current]').boundingBox())!;
  expect(current.y).toBeGreaterThanOrEqual(list.y - 1);
  expect(current.y + current.height).toBeLessThanOrEqual(list.y + list.height + 1);
  await host.goto(`${e2e.server.url}/rules/${id}`);
  await host.getByRole('heading', { level: 1 }).waitFor();
  await picture(host, `devices-${id}-rules-${device}`);
  // An unknown path: the product's own page, not the framework's text.
  const missing = await host.goto(`${e2e.server.url}/no/such/page`);
  expect(missing?.status()).toBe(404);
  await host.getByRole('heading', { name: 'Nothing at this address' }).waitFor();
  await host.getByRole('link', { name: 'Go to the Dicehall home page' }).waitFor();
  await picture(host, `devices-not-found-${device}`);
  await host.goto(`${e2e.server.url}/rules/${id}`);
  // The page never scrolls sideways.
  expect(await host.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
    host.viewportSize()!.width,
  );
}

it('a board follows a change of pixel ratio (a page zoom, or a window dragged to a HiDPI screen, then back)', async () => {
  const { host, guest } = await startRoom('desktop1', 'Dice Chess');
  await host.getByRole('button', { name: 'Confirm arrangement' }).waitFor();
  expect((await settled(host)).resolution).toBe(1);
  const cdp = await host.context().newCDPSession(host);
  // A zoom, or another screen: the density changes and so does the window's size in CSS pixels. (Headless
  // Chromium's emulation does not fire the media-query change the stage also watches for a density change alone.)
  for (const [ratio, width] of [
    [2, 1100],
    [1, DESKTOP.width],
  ] as const) {
    await cdp.send('Emulation.setDeviceMetricsOverride', {
      width,
      height: DESKTOP.height,
      deviceScaleFactor: ratio,
      mobile: false,
    });
    await host.waitForFunction(
      (r) =>
        (window as unknown as { __dicehall?: { geometry(): { resolution: number } } }).__dicehall?.geometry()
          .resolution === r,
      ratio,
      { timeout: 10000 },
    );
    const g = await settled(host);
    // Drawn at the new density (a backing store of ratio x its CSS size) and filling its box.
    expect(g.devicePixelRatio).toBe(ratio);
    expect(Math.abs(g.backing.w - g.canvas.w * ratio)).toBeLessThanOrEqual(1);
    expect(Math.min(g.box.w - g.drawn.w, g.box.h - g.drawn.h)).toBeLessThanOrEqual(20);
  }
  await host.context().close();
  await guest.context().close();
});

describe.each(RUN)('on %s', (device) => {
  it("the home page never scrolls sideways, whichever game is picked (Polywars' long options once widened it)", async () => {
    const p = await open(DEVICES[device]);
    await p.goto(e2e.server.url);
    const games = await p.locator('#game option').evaluateAll((os) => os.map((o) => (o as HTMLOptionElement).value));
    expect(games.length).toBeGreaterThanOrEqual(5);
    for (const game of games) {
      await p.selectOption('#game', game);
      if (await p.locator('#vs-computer').isVisible()) await p.locator('#vs-computer').check();
      const wide = await p.evaluate(() => document.documentElement.scrollWidth);
      expect({ game, wide }).toEqual({ game, wide: p.viewportSize()!.width });
      // Every choice reads whole in its closed select: its words, in the select's own font, fit the room the select
      // leaves beside its padding and arrow (a select cuts what does not fit; Polywars' defaults once did on a phone).
      const cut = await p.locator('.options select').evaluateAll((selects) => {
        const ctx = document.createElement('canvas').getContext('2d')!;
        return selects.flatMap((el) => {
          const select = el as HTMLSelectElement;
          const css = getComputedStyle(select);
          ctx.font = css.font;
          const room = select.clientWidth - parseFloat(css.paddingLeft) - parseFloat(css.paddingRight) - 24;
          return [...select.options]
            .filter((o) => ctx.measureText(o.text).width > room)
            .map((o) => `${select.name}: ${o.text}`);
        });
      });
      expect({ game, cut }).toEqual({ game, cut: [] });
    }
    await p.context().close();
  });

  it('Dice Chess: arranging, mid-game, end, verify and replay are laid out for the screen', async () => {
    const { host, guest } = await startRoom(device, 'Dice Chess');
    await host.getByRole('button', { name: 'Confirm arrangement' }).waitFor();
    await checkBoard(host, device, 'arranging');
    await inReach(host, host.getByRole('button', { name: 'Confirm arrangement' }));
    await picture(host, `devices-dice-chess-arranging-${device}`);
    await guest.getByRole('button', { name: 'Confirm arrangement' }).click();
    await host.getByRole('button', { name: 'Confirm arrangement' }).click();
    await host.waitForFunction(() => /turn|to play/.test(document.querySelector('#turn-status')?.textContent ?? ''));
    await playSome([host, guest], 8);
    await checkBoard(host, device, 'mid-game');
    // Mid-game the board is where moves are made: all of it on screen.
    const board = (await host.locator('#board').boundingBox())!;
    expect(board.y + board.height).toBeLessThanOrEqual(host.viewportSize()!.height);
    await picture(host, `devices-dice-chess-mid-game-${device}`);
    await endVerifyReplay(host, guest, device, 'dice-chess');
  }, 180000);

  it('Shields: mid-game, end, verify and replay are laid out for the screen', async () => {
    const { host, guest } = await startRoom(device, 'Shields');
    await host.waitForFunction(() => /turn|to play/.test(document.querySelector('#turn-status')?.textContent ?? ''));
    await checkBoard(host, device, 'start');
    await playSome([host, guest], 10);
    await checkBoard(host, device, 'mid-game');
    const board = (await host.locator('#board').boundingBox())!;
    expect(board.y + board.height).toBeLessThanOrEqual(host.viewportSize()!.height);
    await picture(host, `devices-shields-mid-game-${device}`);
    await endVerifyReplay(host, guest, device, 'shields');
  }, 180000);
});

afterAll(() => {
  // The figures behind the closing note, printed once.
  if (figures.length) console.log(figures.join('\n'));
});
