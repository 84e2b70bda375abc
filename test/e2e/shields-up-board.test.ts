// Shields Up readable and played on the board (issue 28, items 4 and 5): on a phone (390x844, ratio 3, touch) and a
// desktop (1280x800, ratio 2), no board text under 12 CSS px, every text drawn on a card inside that card's box,
// desktop cards sized to the board, and moves made by touching a hand card and then its action in the popover.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { createRoom, e2eSetup, sitDown, status } from '../helpers/e2e';

const e2e = e2eSetup();

const PHONE_3: BrowserContextOptions = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
};
const DESKTOP_2: BrowserContextOptions = { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 };
const SHOTS = process.env.SHOTS_DIR ?? '/work/shots';

type Rect = { x: number; y: number; w: number; h: number };
interface Geometry {
  canvas: Rect;
  box: Rect;
  labels: { text: string; size: number; rect: Rect }[];
  facts: {
    shieldsUpPopover?: [number, number, number, number];
    shieldsUp?: Record<string, [number, number]>;
    shieldsUpCards?: Record<string, [number, number, number, number]>;
  };
}

const geometry = (p: Page) =>
  p.evaluate(() =>
    (window as unknown as { __dicehall: { geometry(): unknown } }).__dicehall.geometry(),
  ) as Promise<Geometry>;

const logCount = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li').count();

/** What is wrong with the board's texts: any under 12 CSS px, any on a card that leaves the card's box. */
async function textProblems(p: Page): Promise<string[]> {
  const g = await geometry(p);
  const cards = Object.entries(g.facts.shieldsUpCards ?? {}).map(([key, [x, y, w, h]]) => ({
    key,
    x: g.canvas.x + x,
    y: g.canvas.y + y,
    w,
    h,
  }));
  const problems: string[] = [];
  // The popover lies over the cards on purpose: its texts belong to it.
  const pop = g.facts.shieldsUpPopover;
  const inPop = (x: number, y: number) =>
    pop !== undefined &&
    x >= g.canvas.x + pop[0] &&
    x <= g.canvas.x + pop[0] + pop[2] &&
    y >= g.canvas.y + pop[1] &&
    y <= g.canvas.y + pop[1] + pop[3];
  for (const l of g.labels) {
    if (l.size < 12) problems.push(`"${l.text}" at ${l.size} px`);
    // Drawn size: a text scaled down after it was made would be smaller than it says.
    const cx = l.rect.x + l.rect.w / 2;
    const cy = l.rect.y + l.rect.h / 2;
    if (inPop(cx, cy)) continue;
    const on = cards.find((c) => cx >= c.x && cx <= c.x + c.w && cy >= c.y && cy <= c.y + c.h);
    if (!on) continue;
    const inside =
      l.rect.x >= on.x - 1 &&
      l.rect.y >= on.y - 1 &&
      l.rect.x + l.rect.w <= on.x + on.w + 1 &&
      l.rect.y + l.rect.h <= on.y + on.h + 1;
    if (!inside) problems.push(`"${l.text}" leaves ${on.key}`);
    if (l.rect.h < l.size * 0.9) problems.push(`"${l.text}" drawn ${l.rect.h.toFixed(1)} px tall at ${l.size} px`);
  }
  return problems;
}

/** Taps (a touch on the phone) the board where the view says `key` is drawn. */
async function tap(p: Page, key: string) {
  const canvas = p.locator('#board canvas');
  const box = (await canvas.boundingBox())!;
  const at = (await geometry(p)).facts.shieldsUp?.[key];
  if (!at) throw new Error(`${key} is not on the board`);
  if ((p.viewportSize()?.width ?? 0) < 600) await p.touchscreen.tap(box.x + at[0], box.y + at[1]);
  else await p.mouse.click(box.x + at[0], box.y + at[1]);
}

const spots = async (p: Page) => Object.keys((await geometry(p)).facts.shieldsUp ?? {});

/** A move by the board: a hand card with choices, then the popover's first action; false when no card has one. */
async function playByBoard(p: Page, shot?: string): Promise<boolean> {
  for (const key of (await spots(p)).filter((k) => k.startsWith('hand:'))) {
    await tap(p, key);
    const popped = await p
      .waitForFunction(
        () => {
          const g = (window as unknown as { __dicehall: { geometry(): Geometry } }).__dicehall.geometry();
          return 'pop:0' in (g.facts.shieldsUp ?? {});
        },
        undefined,
        { timeout: 1500 },
      )
      .then(() => true)
      .catch(() => false);
    if (!popped) continue;
    expect(await textProblems(p)).toEqual([]);
    if (shot) await p.screenshot({ path: `${SHOTS}/${shot}.png` });
    const before = await logCount(p);
    await tap(p, 'pop:0');
    await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
    return true;
  }
  return false;
}

async function mine(pages: Page[]): Promise<Page> {
  for (let i = 0; i < 400; i++) {
    for (const p of pages) if ((await status(p).textContent()) === 'Your turn.') return p;
    await pages[0].waitForTimeout(25);
  }
  throw new Error('nobody got the turn');
}

it('is readable and played by touching the cards on a phone and a desktop', async () => {
  mkdirSync(SHOTS, { recursive: true });
  const ana = await e2e.open(DESKTOP_2);
  const link = await createRoom(ana, e2e.server.url, 'Ana', 'Shields Up');
  const ben = await e2e.open(PHONE_3);
  await sitDown(ben, link, 'Ben');
  const pages = [ana, ben];
  const played = new Set<Page>();
  for (let moves = 0; played.size < 2; moves++) {
    expect(moves).toBeLessThan(20);
    const p = await mine(pages);
    await p.locator('#board canvas').waitFor();
    await p.evaluate(() => window.scrollTo(0, 0));
    expect(await textProblems(p)).toEqual([]);
    const name = p === ana ? 'desktop' : 'phone';
    if (!played.has(p) && (await playByBoard(p, `shields-up-${name}-popover`))) {
      played.add(p);
      continue;
    }
    // Otherwise a move from the "All moves" list (a draw when there is one), to pass the turn along.
    const list = p.getByRole('group', { name: 'Your moves' }).getByRole('button');
    const labels = await list.allTextContents();
    const pick = labels.find((l) => l.startsWith('Draw')) ?? labels.find((l) => l.startsWith('End')) ?? labels[0];
    const before = await logCount(p);
    await list.getByText(pick, { exact: true }).first().click();
    await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
  }
  // Mid-game on both: the texts still fit, and on the desktop the hand's cards are sized to the board.
  for (const p of pages) {
    await p.evaluate(() => window.scrollTo(0, 0));
    expect(await textProblems(p)).toEqual([]);
  }
  const g = await geometry(ana);
  const hand = Object.entries(g.facts.shieldsUpCards ?? {}).filter(([k]) => k.startsWith('hand:') || k === 'draw');
  expect(hand.length).toBeGreaterThan(0);
  const cardH = Math.max(...hand.map(([, b]) => b[3]));
  // Four rows of cards fill the board's height: the largest card is over a fifth of it.
  expect(cardH).toBeGreaterThan(g.box.h / 5);
  // Drawn rows span the board: the drawn width is at least half the board's.
  const xs = Object.values(g.facts.shieldsUpCards ?? {}).flatMap(([x, , w]) => [x, x + w]);
  expect(Math.max(...xs) - Math.min(...xs)).toBeGreaterThan(g.box.w / 2);
  await ana.screenshot({ path: `${SHOTS}/shields-up-desktop-mid.png` });
  await ben.evaluate(() => window.scrollTo(0, 0));
  await ben.screenshot({ path: `${SHOTS}/shields-up-phone-mid.png` });
}, 120000);
