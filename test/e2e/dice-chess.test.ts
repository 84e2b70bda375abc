// Dice Chess in real browsers: two players arrange in secret and play a whole game through the UI while a
// spectator follows; the board is driven by its named buttons, and once each by taps and a drag on the canvas.
import type { Page } from 'playwright-core';
import type { GameLog } from '@dicehall/shared';
import { DESKTOP, PHONE, shot } from '../helpers/browser';
import { createRoom, e2eSetup, status, moves, sitDown } from '../helpers/e2e';

const e2e = e2eSetup();

/** A page in its own browser context; `still` asks for reduced motion (no slide or tumble to render). */
const open = (viewport = DESKTOP, still = false) =>
  e2e.open({ viewport, reducedMotion: still ? 'reduce' : 'no-preference' });

const logItems = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li');
const slots = (p: Page) => p.getByRole('group', { name: 'Your home squares' }).getByRole('button');

/** A screenshot of the table as a player sees it on arrival: from the top, or on a phone from the status line. */
async function picture(p: Page, name: string) {
  if ((p.viewportSize()?.width ?? 0) < 600) await status(p).evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await p.evaluate(() => window.scrollTo(0, 0));
  await shot(p, name);
}

/** The page point at the centre of a square, from the board geometry the view publishes on its canvas. */
async function squarePoint(p: Page, square: string) {
  const canvas = p.locator('#board canvas');
  await canvas.scrollIntoViewIfNeeded();
  const box = (await canvas.boundingBox())!;
  const [bx, by, sq, bottom] = (await canvas.getAttribute('data-dice-chess-board'))!.split(',').map(Number);
  const f = square.charCodeAt(0) - 97;
  const r = Number(square[1]) - 1;
  const [c, row] = bottom === 0 ? [f, 7 - r] : [7 - f, r];
  return { x: box.x + bx + (c + 0.5) * sq, y: box.y + by + (row + 0.5) * sq };
}

async function tap(p: Page, square: string) {
  const { x, y } = await squarePoint(p, square);
  await p.mouse.click(x, y);
}

/** The value shown on a home-square button such as "a1: 4". */
async function slotValue(p: Page, square: string): Promise<number> {
  const name = await p.getByRole('button', { name: new RegExp(`^${square}: \\d$`) }).textContent();
  return Number(name!.split(': ')[1]);
}

/** Clicks a button and waits until the page's own log has grown (its state shows the action). */
async function actAndWait(p: Page, click: () => Promise<void>) {
  const before = await logItems(p).count();
  await click();
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
}

// A small seeded generator so a failing run can be replayed with the same choices.
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

it('arranges in secret, plays a whole game through the UI, and the players and the spectator see the same end', async () => {
  const t0 = Date.now();
  const ana = await open(DESKTOP);
  const link = await createRoom(ana, e2e.server.url, 'Ana', 'Dice Chess', [['Setup', 'Arrange your dice in secret']]);

  // Ana's page animates each move; the other two skip animations, which SwiftShader draws slowly.
  const ben = await open(PHONE, true);
  await sitDown(ben, link, 'Ben');
  const sam = await open(DESKTOP, true);
  await sam.goto(link); // both seats taken: the link lets Sam watch
  await sam.getByText('1 watching').waitFor();

  // C2: each player sees their own sixteen dice on their home squares, in rolled order, and swaps two.
  for (const p of [ana, ben]) {
    await slots(p).first().waitFor();
    expect(await slots(p).count()).toBe(16);
  }
  expect(await slots(sam).count()).toBe(0);
  const [a1, h2] = [await slotValue(ana, 'a1'), await slotValue(ana, 'h2')];
  await ana.getByRole('button', { name: `a1: ${a1}` }).click();
  await expect(ana.getByRole('button', { name: `a1: ${a1}` }).getAttribute('aria-pressed')).resolves.toBe('true');
  await ana.getByRole('button', { name: `h2: ${h2}` }).click();
  await ana.getByRole('button', { name: `a1: ${h2}` }).waitFor();
  await ana.getByRole('button', { name: `h2: ${a1}` }).waitFor();
  // A die picked up, then shown for the screenshot: the selection reads on the board.
  await tap(ana, 'd2');
  await picture(ana, 'dice-chess-arrange-desktop');
  await tap(ana, 'd2');

  // Ben swaps by buttons, then drags a die on the canvas onto another home square.
  const [c8, c7] = [await slotValue(ben, 'c8'), await slotValue(ben, 'c7')];
  await ben.getByRole('button', { name: `c8: ${c8}` }).click();
  await ben.getByRole('button', { name: `c7: ${c7}` }).click();
  await ben.getByRole('button', { name: `c8: ${c7}` }).waitFor();
  const [e8, f7] = [await slotValue(ben, 'e8'), await slotValue(ben, 'f7')];
  const from = await squarePoint(ben, 'e8');
  const to = await squarePoint(ben, 'f7');
  await ben.mouse.move(from.x, from.y);
  await ben.mouse.down();
  await ben.mouse.move((from.x + to.x) / 2, (from.y + to.y) / 2, { steps: 4 });
  await ben.mouse.move(to.x, to.y, { steps: 4 });
  await ben.mouse.up();
  await ben.getByRole('button', { name: `e8: ${f7}` }).waitFor();
  await ben.getByRole('button', { name: `f7: ${e8}` }).waitFor();
  await picture(ben, 'dice-chess-arrange-phone');
  const benHomes = await slots(ben).allTextContents();
  await ben.getByRole('button', { name: 'Confirm arrangement' }).click();
  await ben.getByText('Waiting for the opponent to arrange…').waitFor();
  expect(await slots(ben).count()).toBe(0);
  await sam.getByRole('list', { name: 'Game log' }).getByText('Ben has confirmed an arrangement').waitFor();
  await picture(sam, 'dice-chess-arrange-spectator-desktop');
  const anaHomes = await slots(ana).allTextContents();
  await ana.getByRole('button', { name: 'Confirm arrangement' }).click();
  for (const p of [ana, ben, sam])
    await p.getByRole('list', { name: 'Game log' }).getByText('Both arrangements are revealed').waitFor();
  await expect(ana.getByRole('group', { name: 'Your home squares' }).count()).resolves.toBe(0);
  await expect(ana.getByText('Waiting for the opponent to arrange…').count()).resolves.toBe(0);

  // The opening: the first player picks a die on the canvas (its destinations light up) and taps one.
  const first = await (async () => {
    for (let tries = 0; tries < 500; tries++) {
      if ((await status(ana).textContent()) === 'Your turn.') return ana;
      if ((await status(ben).textContent()) === 'Your turn.') return ben;
      await ana.waitForTimeout(20);
    }
    throw new Error('nobody got the first move');
  })();
  const opening = (await moves(first).allTextContents()).find((m) => m.startsWith('Move '))!;
  const [, oFrom, oTo] = /^Move (\w\d) to (\w\d)$/.exec(opening)!;
  await tap(first, oFrom);
  await picture(ana, 'dice-chess-opening-desktop');
  await picture(ben, 'dice-chess-opening-phone');
  await actAndWait(first, () => tap(first, oTo));
  await sam
    .getByRole('list', { name: 'Game log' })
    .getByText(new RegExp(`${oFrom}-${oTo}`))
    .waitFor();

  // The rest through the named move buttons.
  const random = rng(20240604);
  let plies = 1;
  let captures = 0;
  let midShot = false;
  let next: Page = first === ana ? ben : ana;
  for (;;) {
    // Whose turn: usually the other player's; after an automatic pass (C6), the same player's again.
    let turn: Page | null = null;
    for (let tries = 0; !turn; tries++) {
      const other = next === ana ? ben : ana;
      const [a, b] = await Promise.all([status(next).textContent(), status(other).textContent()]);
      if (a?.startsWith('Game over') && b?.startsWith('Game over')) break;
      turn = a === 'Your turn.' ? next : b === 'Your turn.' ? other : null;
      if (!turn) await next.waitForTimeout(20);
      if (tries > 500) throw new Error('nobody got the turn');
    }
    if (!turn) break;
    const names = await moves(turn).allTextContents();
    expect(names.length).toBeGreaterThan(0);
    // Captures first; until a few have happened, forward moves (to meet the enemy); then moves that are
    // not forward, which let the no-progress counter run out (C7) and end the game.
    const taking = names.filter((n) => n.startsWith('Capture '));
    const up = turn === ana ? 1 : -1;
    const forward = names.filter((n) => {
      const m = /^Move \w(\d) to \w(\d)$/.exec(n);
      return !!m && (Number(m[2]) - Number(m[1])) * up > 0;
    });
    const quiet = names.filter((n) => n.startsWith('Move ') && !forward.includes(n));
    const pool = taking.length
      ? taking
      : captures < 3
        ? forward.length
          ? forward
          : names
        : quiet.length
          ? quiet
          : names;
    const choice = pool[Math.floor(random() * pool.length)];
    const drag = plies === 1 && /^Move (\w\d) to (\w\d)$/.exec(choice);
    if (drag) {
      // The reply to the opening is dragged on the canvas, from the die to its destination.
      const [p0, p1] = [await squarePoint(turn, drag[1]), await squarePoint(turn, drag[2])];
      await actAndWait(turn, async () => {
        await turn!.mouse.move(p0.x, p0.y);
        await turn!.mouse.down();
        await turn!.mouse.move(p1.x, p1.y, { steps: 6 });
        await turn!.mouse.up();
      });
      await sam
        .getByRole('list', { name: 'Game log' })
        .getByText(new RegExp(`${drag[1]}-${drag[2]}`))
        .waitFor();
    } else {
      await actAndWait(turn, () => turn!.getByRole('button', { name: choice, exact: true }).click());
    }
    plies++;
    if (taking.length) captures++;
    next = turn === ana ? ben : ana;
    if (!midShot && captures >= 2) {
      midShot = true;
      await sam.waitForFunction(
        (n) => document.querySelectorAll('[aria-label="Game log"] li').length >= n,
        await logItems(turn).count(),
      );
      await ana.waitForTimeout(900); // the last capture's reroll has landed on Ana's board
      await picture(ana, 'dice-chess-mid-desktop');
      await picture(ben, 'dice-chess-mid-phone');
      await picture(sam, 'dice-chess-mid-spectator-desktop');
    }
    expect(plies).toBeLessThan(400);
  }

  // Everyone ends on the same line, the result in plain words with names (C7), with the same board totals,
  // captures and no-progress count, and the spectator's log holds every move.
  const lines = await Promise.all(
    [ana, ben, sam].map(async (p) => {
      await status(p)
        .getByText(/^Game over: /)
        .waitFor();
      return (await status(p).textContent())!;
    }),
  );
  expect(lines[0]).toBe(lines[2]);
  expect(lines[1]).toBe(lines[2]);
  expect(lines[2]).toMatch(
    /^Game over: ((Ana|Ben) wins — (Ana|Ben) has no dice left on the board|(Ana|Ben) wins — six turns without progress; .*|Draw — six turns without progress; .*)\.$/,
  );
  const summaries = await Promise.all([ana, ben, sam].map((p) => p.locator('.dc-summary').textContent()));
  expect(summaries[0]).toBe(summaries[2]);
  expect(summaries[1]).toBe(summaries[2]);
  const logs = await Promise.all([ana, ben, sam].map((p) => logItems(p).allTextContents()));
  expect(logs[2]).toEqual(logs[0]);
  expect(logs[2].filter((l) => /^(Ana|Ben) [a-h][1-8][-x][a-h][1-8]/.test(l))).toHaveLength(plies);
  expect(await moves(ana).count()).toBe(0);
  expect(await moves(ben).count()).toBe(0);
  await picture(ana, 'dice-chess-end-desktop');
  await picture(ben, 'dice-chess-end-phone');
  await picture(sam, 'dice-chess-end-spectator-desktop');
  await sam.setViewportSize(PHONE);
  await picture(sam, 'dice-chess-end-spectator-phone');

  // The arrangements that reached the server are the ones the players saw on their buttons when they confirmed.
  const verify = ana.getByRole('button', { name: 'Verify this game' });
  await verify.click();
  await ana.getByText(/^Verified: all \d+ rolls match the seed, and the replay gives the same result\.$/).waitFor();
  const href = await ana.getByRole('link', { name: 'Download the log' }).getAttribute('href');
  const log = (await (await fetch(`${e2e.server.url}${href}`)).json()) as GameLog;
  const rolled = log.entries[0].events.filter((e) => e.type === 'rolled').map((e) => e.values as number[]);
  for (const [seat, homes] of [
    [0, anaHomes],
    [1, benHomes],
  ] as const) {
    const arranged = log.entries.find((e) => e.seat === seat && (e.action as { type?: string })?.type === 'arrange')!;
    const values = (arranged.action as { order: number[] }).order.map((i) => rolled[seat][i]);
    const shown = Object.fromEntries(homes.map((t) => t.split(': ')));
    const squares =
      seat === 0
        ? ['a1', 'b1', 'c1', 'd1', 'e1', 'f1', 'g1', 'h1', 'a2', 'b2', 'c2', 'd2', 'e2', 'f2', 'g2', 'h2']
        : ['a8', 'b8', 'c8', 'd8', 'e8', 'f8', 'g8', 'h8', 'a7', 'b7', 'c7', 'd7', 'e7', 'f7', 'g7', 'h7'];
    expect(values).toEqual(squares.map((s) => Number(shown[s])));
  }

  // The spectator steps through the replay, drawn by the same board (the arrangement hidden at its start).
  await sam.getByRole('link', { name: 'Replay this game' }).click();
  await sam.getByText(/^Move (\d+) of \1/).waitFor();
  await sam.getByRole('button', { name: 'Start', exact: true }).click();
  await sam.getByText(/^Move 0 of \d+$/).waitFor();
  await sam.getByRole('button', { name: 'Forward', exact: true }).click();
  await sam.getByText(/^Move 1 of \d+$/).waitFor();
  await sam.setViewportSize(DESKTOP);
  await picture(sam, 'dice-chess-replay-desktop');
  console.log(`dice-chess e2e: ${plies} plies through the UI, ${((Date.now() - t0) / 1000).toFixed(1)} s; ${lines[2]}`);
}, 150000);
