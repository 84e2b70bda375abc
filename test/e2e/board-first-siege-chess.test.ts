// Dice Siege and Dice Chess played on the board on a phone (390x844 ratio 3, touch) and a desktop (1280x800 ratio
// 2), issue 28 items 4 and 5: in each phase the named parts (Dice Siege: the walls, the dice, the round's button;
// Dice Chess: the board, the moving side's dice) lie inside the first viewport and are not covered
// (elementFromPoint at their centres), no text of the board or its controls is under 12 CSS px, and a move is made
// by touching the board (dice held by touching them, a die then its square). One browser, one server for the file.
// SHOTS_DIR=/some/dir saves a screenshot of every phase checked.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { trackErrors } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { create, join, until, type Player } from '../helpers/server';

const e2e = e2eSetup({
  rateBurst: 1000,
  ratePerSecond: 1000,
  ...(process.env.CLIENT_DIST ? { clientDist: process.env.CLIENT_DIST } : {}),
});
const SHOTS = process.env.SHOTS_DIR;

const SIZES: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 },
};

type Rect4 = [number, number, number, number];
interface Geometry {
  canvas: { x: number; y: number; w: number; h: number };
  labels: { text: string; size: number }[];
  facts: Record<string, any>;
}
const geometry = (p: Page) => p.evaluate(() => (window as any).__dicehall.geometry()) as Promise<Geometry>;

/** The page as the seat's own browser opens it: its name and seat token stored, the room link opened. */
async function seated(size: string, roomId: string, token: string, name: string): Promise<Page> {
  const context = await e2e.browser.newContext({ ...SIZES[size], reducedMotion: 'reduce' });
  await context.addInitScript(
    ([key, tok, who]) => {
      localStorage.setItem('dicehall:name', who);
      localStorage.setItem(key, tok);
    },
    [`dicehall:seat:${roomId}`, token, name],
  );
  const p = trackErrors(await context.newPage());
  await p.goto(`${e2e.server.url}/r/${roomId}`);
  await p.locator('#board canvas').waitFor();
  return p;
}

/**
 * Problems with the first screen, in words: each named canvas target (a rect in canvas CSS px) and each named
 * element must lie inside the viewport with the page at its top, not covered; no text of the board (its Pixi
 * labels) or of the game's controls under 12 CSS px.
 */
async function firstScreen(p: Page, targets: Record<string, Rect4>, elements: Record<string, string>) {
  await p.evaluate(() => window.scrollTo(0, 0));
  const g = await geometry(p);
  const problems: string[] = await p.evaluate(
    ({ targets, elements, canvas }) => {
      const out: string[] = [];
      const check = (what: string, l: number, t: number, w: number, h: number, owner: (e: Element) => boolean) => {
        if (l < -1 || t < -1 || l + w > innerWidth + 1 || t + h > innerHeight + 1)
          out.push(`${what} lies outside the first viewport: ${[l, t, l + w, t + h].map(Math.round)}`);
        else {
          const hit = document.elementFromPoint(l + w / 2, t + h / 2);
          if (!hit || !owner(hit)) out.push(`${what} is covered by ${hit?.tagName}.${hit?.className}`);
        }
      };
      const cv = document.querySelector('#board canvas')!;
      for (const [k, [x, y, w, h]] of Object.entries(targets))
        check(k, canvas.x + x, canvas.y + y, w, h, (e) => e === cv);
      for (const [k, sel] of Object.entries(elements)) {
        const el = document.querySelector(sel);
        if (!el) {
          out.push(`${k} (${sel}) is missing`);
          continue;
        }
        const r = el.getBoundingClientRect();
        check(k, r.left, r.top, r.width, r.height, (e) => el.contains(e));
      }
      const it = document.createTreeWalker(document.querySelector('.game-controls')!, NodeFilter.SHOW_TEXT);
      for (let n = it.nextNode(); n; n = it.nextNode()) {
        const el = n.parentElement!;
        if (!n.textContent!.trim() || el.getClientRects().length === 0) continue;
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        if (size < 12) out.push(`control text "${n.textContent!.trim().slice(0, 30)}" at ${size} px`);
      }
      return out;
    },
    { targets, elements, canvas: g.canvas },
  );
  for (const l of g.labels) if (l.size < 12) problems.push(`board text "${l.text}" at ${l.size} px`);
  return problems;
}

async function shoot(p: Page, name: string) {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await p.evaluate(() => window.scrollTo(0, 0));
  await p.screenshot({ path: `${SHOTS}/${name}.png` });
}

/** A touch on the phone, a click on the desktop, at the centre of a canvas target. */
async function touch(p: Page, [x, y, w, h]: Rect4) {
  const box = (await p.locator('#board canvas').boundingBox())!;
  const at = { x: box.x + x + w / 2, y: box.y + y + h / 2 };
  if (SIZES.phone.viewport!.width === p.viewportSize()!.width) await p.touchscreen.tap(at.x, at.y);
  else await p.mouse.click(at.x, at.y);
}

/** Opens or folds the "All moves" list by its summary, and checks that it did. */
async function allMovesOpen(p: Page, open: boolean) {
  const list = p.locator('.game-controls details.all-moves');
  const isOpen = () => list.evaluate((d) => (d as HTMLDetailsElement).open);
  if ((await isOpen()) !== open) await list.locator('summary').click();
  expect(await isOpen()).toBe(open);
}

const facts = async (p: Page) => (await geometry(p)).facts;
const pick = (t: Record<string, Rect4>, prefix: string) =>
  Object.fromEntries(Object.entries(t).filter(([k]) => k.startsWith(prefix)));

describe.each(Object.keys(SIZES))('at %s size', (size) => {
  it('Dice Siege: walls, dice and the round button on the first screen; dice kept by touching them', async () => {
    const ana: Player = await create(e2e.server.ws, {
      game: 'dice-siege',
      name: 'Ana',
      clientSeed: 'a',
      options: { seats: 1 },
    });
    await until(() => ana.seat === 0 && ana.token, 'the seat', 10000);
    const p = await seated(size, ana.room.roomId, ana.token!, 'Ana');
    const primary = p.locator('.siege-primary');
    await primary.waitFor();
    const named = { 'round button': '.siege-primary' };
    const whole = async (phase: string) => {
      const f = await facts(p);
      const t = f.targets as Record<string, Rect4>;
      await shoot(p, `siege-${size}-${phase}`);
      expect(Object.keys(pick(t, 'wall:')).length).toBe(3);
      // The whole sheet is drawn inside the board (nothing cut off at its foot).
      expect(f.contentHeight).toBeLessThanOrEqual((await geometry(p)).canvas.h);
      // Every tap target of the sheet is at least 40 CSS px across.
      const small = Object.entries(t).filter(([k, r]) => !k.startsWith('wall:') && Math.min(r[2], r[3]) < 40);
      expect(small).toEqual([]);
      expect({
        phase,
        problems: await firstScreen(p, { ...pick(t, 'wall:'), ...pick(t, 'die:') }, named),
      }).toEqual({ phase, problems: [] });
    };
    await whole('set-up');
    await primary.click();
    // The rolled dice and their tap targets (drawn in the same frame as the values, but read apart: wait for both).
    await p.waitForFunction(() => {
      const f = (window as any).__dicehall.geometry().facts;
      return f.tray.every((v: number) => v > 0) && f.targets?.['die:0'] && f.targets?.['die:2'];
    });
    let f = await facts(p);
    // Keep two dice by touching them: the button then rerolls the others.
    await touch(p, f.targets['die:0']);
    await touch(p, f.targets['die:2']);
    await p.waitForFunction(() => `${(window as any).__dicehall.geometry().facts.held}` === '0,2');
    expect(await primary.textContent()).toMatch(/^Reroll 4 dice/);
    await whole('keep');
    // Every legal move is also a named button of the "All moves" list (for keyboards and screen readers).
    const list = p.locator('.game-controls details.all-moves');
    await allMovesOpen(p, true);
    const moves = list.getByRole('button');
    expect(await moves.count()).toBeGreaterThanOrEqual(64);
    await list.getByRole('button', { name: 'Reroll all 6 dice' }).waitFor();
    await list.getByRole('button', { name: /^End round 1: no dice used$/ }).waitFor();
    await allMovesOpen(p, false);
    // The sheet's marks are said in words.
    await p.getByText('checked when you end the round').waitFor();
    const kept = [f.tray[0], f.tray[2]];
    await primary.click();
    await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.attempt === 2);
    f = await facts(p);
    expect([f.tray[0], f.tray[2]]).toEqual(kept);
    await p.locator('.siege-secondary').click();
    await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.mode === 'use');
    await whole('plan');
    await primary.click();
    await p.waitForFunction(() => (window as any).__dicehall.geometry().facts.round === 2);
    await whole('round-end');
    await p.context().close();
    void ana.room.leave().catch(() => undefined);
  }, 90000);

  it("Dice Siege race of 3: the others' thumbnails fit on the sheet too", async () => {
    const ana: Player = await create(e2e.server.ws, {
      game: 'dice-siege',
      name: 'Ana',
      clientSeed: 'a',
      options: { seats: 3 },
    });
    for (const name of ['Ben', 'Cid']) await join(e2e.server.ws, ana.room.roomId, { name, clientSeed: name });
    await until(() => ana.token && ana.room.state.phase === 'playing', 'the race to start', 10000);
    const p = await seated(size, ana.room.roomId, ana.token!, 'Ana');
    await p.locator('.siege-primary').waitFor();
    await shoot(p, `siege-${size}-race`);
    const f = await facts(p);
    expect(Object.keys(pick(f.targets, 'thumb:')).length).toBe(3);
    expect(f.contentHeight).toBeLessThanOrEqual((await geometry(p)).canvas.h);
    const t = f.targets as Record<string, Rect4>;
    const problems = await firstScreen(
      p,
      { ...pick(t, 'wall:'), ...pick(t, 'die:'), ...pick(t, 'thumb:') },
      {
        'round button': '.siege-primary',
      },
    );
    expect(problems).toEqual([]);
    await p.context().close();
    void ana.room.leave().catch(() => undefined);
  }, 60000);

  it('Dice Chess: the board full width on the first screen; a move by touching a die then its square', async () => {
    const ana: Player = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana', clientSeed: 'a' });
    const ben = await join(e2e.server.ws, ana.room.roomId, { name: 'Ben', clientSeed: 'b' });
    await until(() => ana.token && ben.seat === 1 && ben.legal.length, 'both seats', 10000);
    const p = await seated(size, ana.room.roomId, ana.token!, 'Ana');
    const status = p.locator('#turn-status');
    const board = async (): Promise<Record<string, Rect4>> => {
      const [bx, by, sq] = (await p.locator('#board canvas').getAttribute('data-dice-chess-board'))!
        .split(',')
        .map(Number);
      return { board: [bx, by, 8 * sq, 8 * sq] };
    };
    const whole = async (phase: string, named: Record<string, string>) => {
      await shoot(p, `chess-${size}-${phase}`);
      const t = await board();
      // The board takes the phone's full width (less its rank labels and a margin).
      if (size === 'phone') expect(t.board[2]).toBeGreaterThanOrEqual(350);
      expect({ phase, problems: await firstScreen(p, t, named) }).toEqual({ phase, problems: [] });
    };
    const confirm = p.getByRole('button', { name: 'Confirm arrangement' });
    await confirm.waitFor();
    await whole('set-up', { 'confirm button': '.dc-arrange-buttons .primary' });
    ben.room.send('action', ben.legal[0]);
    await confirm.click();
    // Ben moves first when it is his turn; then the page moves by touching the board.
    await p.waitForFunction(() =>
      /^(Your turn|Ben to play)/.test(document.querySelector('#turn-status')!.textContent!),
    );
    if ((await status.textContent())!.startsWith('Ben')) {
      await until(() => ben.legal.some((a) => a.type === 'move'), 'his moves', 10000);
      ben.room.send(
        'action',
        ben.legal.find((a) => a.type === 'move'),
      );
    }
    await status.getByText('Your turn.').waitFor();
    await whole('mid-game', {});
    // The page's legal moves are the "All moves" list's buttons; it folds and opens.
    await allMovesOpen(p, false);
    await allMovesOpen(p, true);
    const labels = await p.locator('.game-controls details.all-moves').getByRole('button').allTextContents();
    const first = labels.map((l) => /^Move (\w\d) to (\w\d)$/.exec(l)).find(Boolean)!;
    expect(first).toBeTruthy();
    const point = async (square: string): Promise<Rect4> => {
      const [bx, by, sq, bottom] = (await p.locator('#board canvas').getAttribute('data-dice-chess-board'))!
        .split(',')
        .map(Number);
      const f = square.charCodeAt(0) - 97;
      const r = Number(square[1]) - 1;
      const [c, row] = bottom === 0 ? [f, 7 - r] : [7 - f, r];
      return [bx + c * sq, by + row * sq, sq, sq];
    };
    const log = () => p.locator('[aria-label="Game log"] li').count();
    const before = await log();
    await touch(p, await point(first[1]));
    await touch(p, await point(first[2]));
    await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
    await status.getByText('Ben to play.').waitFor();
    expect(await p.locator('[aria-label="Game log"] li').last().textContent()).toContain(first[2]);
    await whole('after-move', {});
    await p.context().close();
    for (const b of [ana, ben]) void b.room.leave().catch(() => undefined);
  }, 90000);
});
