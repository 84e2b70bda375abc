// Rulings C7, S14, S15 and the pause between games in real browsers, at desktop 1x and 2x and phone 3x: the rules
// pages (one title, contents whose links land, every rule id anchored), the Dice Chess progress marks, the Shields
// stall count and the finished game held until both press "Next game". Screenshots land in test-artifacts/.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { e2eSetup, status, moves, sitDown } from '../helpers/e2e';

const e2e = e2eSetup();

const DEVICES = {
  'desktop-1x': { viewport: DESKTOP, deviceScaleFactor: 1 },
  'desktop-2x': { viewport: DESKTOP, deviceScaleFactor: 2 },
  'phone-3x': { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
} as const;
type Device = keyof typeof DEVICES;

const open = (device: Device) => e2e.open({ ...DEVICES[device], reducedMotion: 'reduce' });

const logLines = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li');

async function picture(p: Page, name: string) {
  if ((p.viewportSize()?.width ?? 0) < 600) await status(p).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await p.evaluate(() => window.scrollTo(0, 0));
  await p.waitForTimeout(150);
  await shot(p, name);
}

/** Clicks a move button and waits for the page's log to grow. */
async function act(p: Page, label: string | RegExp) {
  const before = await logLines(p).count();
  await moves(p)
    .getByText(label, { exact: typeof label === 'string' })
    .first()
    .click();
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
}

async function room(game: string, host: Page, guest: Page, choose: (p: Page) => Promise<unknown>) {
  await host.goto(`${e2e.server.url}/`);
  await host.getByLabel('Your name').fill('Alice');
  await host.getByLabel('Game').selectOption({ label: game });
  await choose(host);
  await host.getByRole('button', { name: 'Create room' }).click();
  await host.waitForURL(/\/r\/[\w-]+$/);
  const link = host.url();
  await sitDown(guest, link, 'Bob');
  await status(host)
    .filter({ hasNotText: /Waiting/ })
    .waitFor();
  return link;
}

/** The page whose turn it is (with buttons to press), or null once nobody is to act on either. */
async function mover(pages: Page[]): Promise<Page | null> {
  for (let tries = 0; tries < 2000; tries++) {
    const lines = await Promise.all(pages.map((p) => status(p).textContent()));
    if (lines.every((l) => l?.startsWith('Game over'))) return null;
    for (let i = 0; i < pages.length; i++)
      if (lines[i] === 'Your turn.' && (await moves(pages[i]).count()) > 0) return pages[i];
    await pages[0].waitForTimeout(20);
  }
  throw new Error('nobody got the turn');
}

describe('rules pages', () => {
  it.each([
    ['dice-chess', ['C1', 'C2', 'C3', 'C4', 'C5', 'C6', 'C7']],
    ['shields', Array.from({ length: 15 }, (_, i) => `S${i + 1}`)],
  ])(
    '%s: one title, a table of contents whose links land, every rule id anchored',
    async (game, ids) => {
      for (const device of Object.keys(DEVICES) as Device[]) {
        const p = await open(device);
        await p.goto(`${e2e.server.url}/rules/${game}`);
        await p.locator('article.rules nav.toc').waitFor();
        expect(await p.locator('h1').count()).toBe(1);
        expect(await p.locator('article.rules h1, article.rules h2').count()).toBe(0);
        const targets = await p
          .locator('nav.toc a')
          .evaluateAll((as) => as.map((a) => (a as HTMLAnchorElement).hash.slice(1)));
        expect(targets.length).toBeGreaterThan(5);
        for (const t of [...targets, ...ids]) expect(await p.locator(`article.rules [id="${t}"]`).count()).toBe(1);
        // Dice Chess draws its pictures with the board's own die renderer; the text diagrams are the fallback.
        if (game === 'dice-chess') await p.locator('[data-picture][data-drawn="true"]').nth(2).waitFor();
        // So does Shields, with the table's own dice: S4's wheel, S5's layers, S6's black shields.
        if (game === 'shields') {
          for (const name of ['wheel', 'layers', 'blacks']) {
            const img = p.locator(`[data-picture="${name}"][data-drawn="true"] img`);
            await img.waitFor();
            const size = await img.evaluate((el) => ({
              w: (el as HTMLImageElement).naturalWidth,
              h: (el as HTMLImageElement).naturalHeight,
            }));
            const box = (await img.boundingBox())!;
            expect(Math.min(size.w, size.h, box.width, box.height)).toBeGreaterThan(50);
            // Drawn at the screen's density, and never wider than the page.
            expect(size.w / box.width).toBeGreaterThanOrEqual(DEVICES[device].deviceScaleFactor * 0.99);
            expect(box.width).toBeLessThanOrEqual(DEVICES[device].viewport.width);
            expect(await p.locator(`[data-picture="${name}"] pre`).isVisible()).toBe(false);
          }
        }
        await shot(p, `rules-${game}-${device}`);
        // Followed from the keyboard: a wrapped link's box centre may sit on its neighbour.
        const section = game === 'shields' ? 'S6' : 'C4';
        await p.locator(`nav.toc a[href="#${section}"]`).focus();
        await p.keyboard.press('Enter');
        await p.waitForFunction((id) => {
          const r = document.getElementById(id)!.getBoundingClientRect();
          return location.hash === `#${id}` && r.top >= 0 && r.top < innerHeight / 2;
        }, section);
        await p.waitForTimeout(150);
        await shot(p, `rules-${game}-${device}-${section}`);
        if (game === 'dice-chess') {
          await p.locator('[data-picture="capture"]').evaluate((el) => el.scrollIntoView({ block: 'start' }));
          await shot(p, `rules-${game}-${device}-C5-pictures`);
          await p.locator('[data-picture="progress"]').scrollIntoViewIfNeeded();
          await shot(p, `rules-${game}-${device}-C7-pictures`);
        }
        if (game === 'shields') {
          for (const name of ['wheel', 'layers', 'blacks']) {
            await p.locator(`[data-picture="${name}"]`).evaluate((el) => el.scrollIntoView({ block: 'start' }));
            await shot(p, `rules-${game}-${device}-picture-${name}`);
          }
        }
        await p.context().close();
      }
    },
    120000,
  );
});

/** The page point at the centre of a square, from the board geometry the view publishes on its canvas. */
async function tapSquare(p: Page, square: string) {
  const canvas = p.locator('#board canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const [bx, by, sq, bottom] = (await canvas.getAttribute('data-dice-chess-board'))!.split(',').map(Number);
  const f = square.charCodeAt(0) - 97;
  const r = Number(square[1]) - 1;
  const [c, row] = bottom === 0 ? [f, 7 - r] : [7 - f, r];
  await p.mouse.click(box.x + bx + (c + 0.5) * sq, box.y + by + (row + 0.5) * sq);
}

describe('C7 on the board', () => {
  it.each(Object.keys(DEVICES) as Device[])(
    'C7 %s: the count in turns without progress, and a selected die marks the moves that count',
    async (device) => {
      const alice = await open(device);
      const bob = await open(device);
      await room('Dice Chess', alice, bob, (p) =>
        p.getByLabel('Setup').selectOption({ label: 'Place dice at random' }),
      );
      const first = (await mover([alice, bob]))!;
      const second = first === alice ? bob : alice;
      const firstSeat = (await moves(first).getByText('Move d2 to d3', { exact: true }).count()) > 0 ? 0 : 1;
      const [a, b] = firstSeat === 0 ? ['d2', 'd3'] : ['d7', 'd6'];
      const [c, d] = firstSeat === 0 ? ['e7', 'e6'] : ['e2', 'e3'];
      // Forward (progress), the other side forward, both back (no progress): the count stands at 2.
      await act(first, `Move ${a} to ${b}`);
      await act(second, `Move ${c} to ${d}`);
      await act(first, `Move ${b} to ${a}`);
      await act(second, `Move ${d} to ${c}`);
      await logLines(first).filter({ hasText: 'moves back' }).nth(1).waitFor();
      expect(await logLines(first).filter({ hasText: 'onto new ground: progress' }).count()).toBe(2);
      // The die that went back: forward again is no progress, a plain dot.
      await tapSquare(first, a);
      await picture(first, `dice-chess-${device}-same-die-no-progress`);
      // Its neighbour has never left its rank: forward is new ground, an arrow.
      const neighbour = `c${a[1]}`;
      await tapSquare(first, neighbour);
      await picture(first, `dice-chess-${device}-new-ground-arrow`);
      await picture(second, `dice-chess-${device}-waiting-counter`);
      await act(first, `Move ${neighbour} to c${b[1]}`);
      await logLines(second)
        .filter({ hasText: `${neighbour}-c${b[1]}: a` })
        .filter({ hasText: 'onto new ground: progress' })
        .waitFor();
      await alice.context().close();
      await bob.context().close();
    },
    120000,
  );
});

/** Shields: attacks whenever possible (a quick game), or never when `stall` (potions, polish and sacrifices first). */
function shieldsChoice(labels: string[], stall: boolean, n: number): string {
  const attacks = labels.filter((l) => l.startsWith('Attack '));
  const takes = labels.filter((l) => l.startsWith('Take '));
  if (takes.length) {
    const reserve = takes.filter((l) => / (potion|polish)/.test(l));
    const attack = takes.filter((l) => / d8 attack die| d6 attack die/.test(l) && !l.includes('to the trash'));
    const pool = stall
      ? reserve.length
        ? reserve
        : takes
      : attack.length
        ? attack
        : takes.filter((l) => !l.includes('shield')).length
          ? takes.filter((l) => !l.includes('shield'))
          : takes;
    return pool[n % pool.length];
  }
  if (!stall && attacks.length) return attacks[0];
  const quiet = labels.filter((l) => !l.startsWith('Attack ') && l !== 'Next game');
  return quiet.length ? quiet[n % quiet.length] : labels[0];
}

async function labels(p: Page): Promise<string[]> {
  return moves(p).evaluateAll((bs) => bs.map((b) => b.textContent ?? ''));
}

describe('Shields on the board', () => {
  it('S12 the finished game stays on the table until both press Next game; S15 the resign confirmation names the match', async () => {
    const alice = await open('desktop-1x');
    const bob = await open('phone-3x');
    const link = await room('Shields', alice, bob, (p) =>
      p.getByLabel('Match').selectOption({ label: 'Best of three' }),
    );
    const sam = await open('desktop-2x');
    await sam.goto(link);
    await sam.getByText('1 watching').waitFor();
    let prompt = '';
    alice.once('dialog', (dlg) => {
      prompt = dlg.message();
      void dlg.dismiss();
    });
    await alice.getByRole('button', { name: 'Resign' }).click();
    for (let i = 0; i < 100 && !prompt; i++) await alice.waitForTimeout(20);
    expect(prompt).toBe('Resign the whole match (best of three), not only this game?');
    for (let n = 0; ; n++) {
      if (n > 400) throw new Error('no game won after 400 actions');
      const both = await Promise.all([alice, bob].map((p) => moves(p).getByText('Next game', { exact: true }).count()));
      if (both[0] && both[1]) break;
      const p = await mover([alice, bob]);
      if (!p) throw new Error('the match ended at once');
      await act(p, shieldsChoice(await labels(p), false, n));
    }
    await logLines(sam)
      .filter({ hasText: /wins game 1 by destroying two/ })
      .waitFor();
    await picture(alice, 'shields-between-games-desktop-1x');
    await picture(bob, 'shields-between-games-phone-3x');
    await picture(sam, 'shields-between-games-spectator-desktop-2x');
    await act(alice, 'Next game');
    expect(await moves(alice).count()).toBe(0);
    await picture(alice, 'shields-between-games-waiting-desktop-1x');
    await act(bob, 'Next game');
    await logLines(sam)
      .filter({ hasText: /Game 2 begins: .* goes first \(lost the last game\)/ })
      .waitFor();
    await picture(sam, 'shields-game-2-spectator-desktop-2x');
    for (const p of [alice, bob, sam]) await p.context().close();
    // A whole match game on three pages (1x, a ratio-3 phone, 2x) in software WebGL: 323 s (load 11–17) while every
    // redraw built its texts and dice anew and re-rendered a cached copy of the table (#11); 76 s (load 3–8) since
    // they are kept across redraws and the cache is drawn only while a roll flies (bench/shields-redraw.results.md).
    // 129 s alone on the machine of 2026-11-26 (slower: its home page loads 1.5x slower than the last one's), and more
    // than 240 s in CI there, beside the other browser suites on the same 2 cores. So the budget is about 4.5x alone.
  }, 600000);

  it('S14 the count of turns without an attack shows from five, with the variant', async () => {
    const alice = await open('desktop-1x');
    const bob = await open('phone-3x');
    const link = await room('Shields', alice, bob, (p) => p.getByLabel('Resurrection variant').check());
    const sam = await open('desktop-2x');
    await sam.goto(link);
    let quiet = 0;
    for (let n = 0; quiet < 6; n++) {
      if (n > 400) throw new Error('no quiet run after 400 actions');
      const p = await mover([alice, bob]);
      if (!p) throw new Error('the game ended before six quiet turns');
      const label = shieldsChoice(await labels(p), true, n);
      await act(p, label);
      if (!label.startsWith('Take ')) quiet = label.startsWith('Attack ') ? 0 : quiet + 1;
    }
    await picture(alice, 'shields-stall-count-desktop-1x');
    await picture(bob, 'shields-stall-count-phone-3x');
    await picture(sam, 'shields-stall-count-spectator-desktop-2x');
    for (const p of [alice, bob, sam]) await p.context().close();
  }, 240000);
});
