// Shields readable and played on the board (issue 28, items 4 and 5): on a phone (390x844, ratio 3, touch) and a
// desktop (1280x800, ratio 2), no board text under 12 CSS px, the pool's captions inside the pool, no empty band
// under the board's drawing, and a move made by touching a pool die (not the "All moves" list).
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { createRoom, e2eSetup, sitDown, status } from '../helpers/e2e';

const e2e = e2eSetup();

const PHONE_3: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce',
};
const DESKTOP_2: BrowserContextOptions = {
  viewport: { width: 1280, height: 800 },
  deviceScaleFactor: 2,
  reducedMotion: 'reduce',
};
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots';

type Rect = { x: number; y: number; w: number; h: number };
interface Geometry {
  canvas: Rect;
  box: Rect;
  drawn: Rect;
  labels: { text: string; size: number; rect: Rect }[];
  facts: {
    shields?: Record<string, [number, number]>;
    shieldsPool?: [number, number, number, number];
    shieldsPoolDice?: string[];
  };
}

const geometry = (p: Page) =>
  p.evaluate(() =>
    (window as unknown as { __dicehall: { geometry(): unknown } }).__dicehall.geometry(),
  ) as Promise<Geometry>;

const logCount = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li').count();

/** What is wrong with the board's texts and bands: small type, pool captions outside the pool, an empty band. */
async function problems(p: Page): Promise<string[]> {
  await p.locator('#board canvas:not([data-rolling])').waitFor();
  const g = await geometry(p);
  const out: string[] = [];
  for (const l of g.labels) {
    if (l.size < 12) out.push(`"${l.text}" at ${l.size} px`);
    if (l.rect.h < l.size * 0.9) out.push(`"${l.text}" drawn ${l.rect.h.toFixed(1)} px tall at ${l.size} px`);
    // Every text inside the board.
    if (l.rect.x < g.canvas.x - 1 || l.rect.x + l.rect.w > g.canvas.x + g.canvas.w + 1)
      out.push(`"${l.text}" leaves the board`);
  }
  const pool = g.facts.shieldsPool;
  if (pool) {
    const [x, y, w, h] = pool;
    for (const l of g.labels) {
      const cx = l.rect.x + l.rect.w / 2 - g.canvas.x;
      const cy = l.rect.y + l.rect.h / 2 - g.canvas.y;
      if (cx < x || cx > x + w || cy < y || cy > y + h) continue;
      if (l.rect.x - g.canvas.x < x - 1 || l.rect.x + l.rect.w - g.canvas.x > x + w + 1)
        out.push(`pool text "${l.text}" spills out of the pool`);
    }
  }
  // No empty band: the drawing reaches within a tenth of the board's height of its bottom and top.
  const gapTop = g.drawn.y - g.box.y;
  const gapBottom = g.box.y + g.box.h - (g.drawn.y + g.drawn.h);
  if (gapBottom > g.box.h / 10) out.push(`an empty band of ${Math.round(gapBottom)} px under the drawing`);
  if (gapTop > g.box.h / 10) out.push(`an empty band of ${Math.round(gapTop)} px over the drawing`);
  return out;
}

async function tap(p: Page, id: string) {
  await p.locator('#board canvas:not([data-rolling])').waitFor();
  const box = (await p.locator('#board canvas').boundingBox())!;
  const at = (await geometry(p)).facts.shields?.[id];
  if (!at) throw new Error(`${id} is not on the table`);
  if ((p.viewportSize()?.width ?? 0) < 600) await p.touchscreen.tap(box.x + at[0], box.y + at[1]);
  else await p.mouse.click(box.x + at[0], box.y + at[1]);
}

async function mine(pages: Page[]): Promise<Page> {
  for (let i = 0; i < 400; i++) {
    for (const p of pages) if ((await status(p).textContent()) === 'Your turn.') return p;
    await pages[0].waitForTimeout(25);
  }
  const lines = await Promise.all(pages.map((p) => status(p).textContent()));
  throw new Error(`nobody got the turn: ${lines.join(' | ')}`);
}

/** A pool die taken by a touch: the first die of the pool the view says is there. */
async function takeByBoard(p: Page): Promise<boolean> {
  const names = await p.getByRole('group', { name: 'Your moves' }).getByRole('button').allTextContents();
  if (!names.some((n) => n.startsWith('Take '))) return false;
  for (const id of (await geometry(p)).facts.shieldsPoolDice ?? []) {
    const before = await logCount(p);
    await tap(p, id);
    const moved = await p
      .waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before, {
        timeout: 1500,
      })
      .then(() => true)
      .catch(() => false);
    if (moved) return true;
    // A black shield asks where it goes: a tap on the felt puts it back.
    await p.keyboard.press('Escape');
  }
  return false;
}

it('is readable and played by touching the pool on a phone and a desktop', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const ana = await e2e.open(DESKTOP_2);
  const link = await createRoom(ana, e2e.server.url, 'Ana', 'Shields', [['Match', 'Single game']]);
  const ben = await e2e.open(PHONE_3);
  await sitDown(ben, link, 'Ben');
  const pages = [ana, ben];
  const touched = new Set<Page>();
  for (let moves = 0; touched.size < 2 || moves < 6; moves++) {
    expect(moves).toBeLessThan(30);
    const p = await mine(pages);
    await p.evaluate(() => window.scrollTo(0, 0));
    if (!touched.has(p))
      await p.screenshot({ path: `${SHOTS}/shields-${p === ana ? 'desktop' : 'phone'}-opening.png` });
    expect({ page: p === ana ? 'desktop' : 'phone', problems: await problems(p) }).toEqual({
      page: p === ana ? 'desktop' : 'phone',
      problems: [],
    });
    if (!touched.has(p) && (await takeByBoard(p))) {
      touched.add(p);
      continue;
    }
    const list = p.getByRole('group', { name: 'Your moves' }).getByRole('button');
    const labels = await list.allTextContents();
    const pick = labels.find((l) => l.startsWith('Take ') && !l.includes('shield')) ?? labels[0];
    const before = await logCount(p);
    await list.getByText(pick, { exact: true }).first().click();
    await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
  }
  expect(touched.size).toBe(2);
  for (const [p, name] of [
    [ana, 'desktop'],
    [ben, 'phone'],
  ] as const) {
    await p.evaluate(() => window.scrollTo(0, 0));
    await p.locator('#board canvas:not([data-rolling])').waitFor();
    expect({ name, problems: await problems(p) }).toEqual({ name, problems: [] });
    await p.screenshot({ path: `${SHOTS}/shields-${name}-mid.png` });
  }
}, 150000);
