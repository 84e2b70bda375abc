// Shields Up in real browsers: a room from the home page, a second player on a phone by the link, a spectator; the
// opening by taps on the cards, the rest through the named action buttons, the same ending on all three, verify, replay.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { DESKTOP, PHONE, shot as save } from '../helpers/browser';
import { createRoom, e2eSetup, whoseTurn, status, moves, sitDown } from '../helpers/e2e';

const e2e = e2eSetup();

const DESKTOP_1: BrowserContextOptions = { viewport: DESKTOP, deviceScaleFactor: 1 };
const DESKTOP_2: BrowserContextOptions = { viewport: DESKTOP, deviceScaleFactor: 2 };
const PHONE_3: BrowserContextOptions = { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true };

const open = (options: BrowserContextOptions) => e2e.open(options);

/** A screenshot from the status line down on a phone (the board below it), from the top on a desktop. */
async function shot(p: Page, name: string) {
  if ((p.viewportSize()?.width ?? 0) < 600)
    await p.locator('#turn-status').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await p.evaluate(() => window.scrollTo(0, 0));
  await p.waitForTimeout(100);
  await save(p, name);
}

const logCount = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li').count();
const spots = async (p: Page) =>
  JSON.parse((await p.locator('#board canvas').getAttribute('data-shields-up')) ?? '{}') as Record<
    string,
    [number, number]
  >;

async function actAndWait(p: Page, act: () => Promise<void>) {
  const before = await logCount(p);
  await act();
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
}

/** Taps (a touch on the phone) where the view says a card is drawn. */
async function tap(p: Page, key: string) {
  const canvas = p.locator('#board canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const at = (await spots(p))[key];
  if (!at) throw new Error(`${key} is not on the table: ${Object.keys(await spots(p)).join(', ')}`);
  if ((p.viewportSize()?.width ?? 0) < 600) await p.touchscreen.tap(box.x + at[0], box.y + at[1]);
  else await p.mouse.click(box.x + at[0], box.y + at[1]);
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** A quick game: strike, fire, build weapons, buy, draw; a shield or a swap of hands only when nothing else. */
function choose(names: string[], random: () => number): string {
  const pick = (xs: string[]) => xs[Math.floor(random() * xs.length)];
  for (const re of [
    /^Destroy /,
    /^Play Space Mine/,
    /^Build (Death Ray|Plasma|Laser)/,
    /^Use Battery/,
    /^Smuggle their/,
    /^Buy .*(Death Ray|Cannon|Space Mine)/,
    /^Draw/,
    /^End the turn/,
  ]) {
    const some = names.filter((n) => re.test(n));
    if (some.length) return pick(some);
  }
  return pick(names);
}

it('plays a whole game between a desktop and a phone with a spectator, who never sees a hidden card', async () => {
  const t0 = Date.now();
  const ana = await open(DESKTOP_1);
  const link = await createRoom(ana, e2e.server.url, 'Ana', 'Shields Up', [], (p) =>
    p.getByRole('link', { name: 'Rules of Shields Up' }).waitFor(),
  );
  const ben = await open(PHONE_3);
  await sitDown(ben, link, 'Ben');
  const sam = await open(DESKTOP_2);
  await sam.goto(link);
  await sam.getByText('1 watching').waitFor();
  await sam
    .getByRole('list', { name: 'Game log' })
    .getByText(/^Roll-off: /)
    .first()
    .waitFor();

  // The opening by taps: the draw pile, then a hand card picked up and built or played through its choices.
  const first = (await whoseTurn([ana, ben]))!;
  await shot(ana, 'shields-up-opening-desktop');
  await shot(ben, 'shields-up-opening-phone');
  await shot(sam, 'shields-up-opening-spectator-desktop-2x');
  const hidden = Object.keys(await spots(sam)).filter((k) => k.startsWith('hand:'));
  expect(hidden).toEqual([]);
  await actAndWait(first, () => tap(first, 'draw'));
  const hand = Object.keys(await spots(first)).filter((k) => k.startsWith('hand:'));
  expect(hand.length).toBe(3);
  await tap(first, hand[0]);
  await first.getByRole('button', { name: 'Cancel' }).waitFor();
  await shot(first, `shields-up-picked-${first === ana ? 'desktop' : 'phone'}`);
  const labels = await first.getByRole('button', { name: /^(Shield|Build|Play|Smuggle)/ }).allTextContents();
  expect(labels.length).toBeGreaterThan(0);
  await actAndWait(first, () =>
    first
      .getByRole('button', { name: labels[labels.length - 1], exact: true })
      .first()
      .click(),
  );

  const random = rng(20261123);
  let actions = 2;
  let strikeShot = false;
  let midShot = false;
  for (;;) {
    const turn = await whoseTurn([ana, ben]);
    if (!turn) break;
    const names = await moves(turn).allTextContents();
    // A strike's pick by a tap on the opponent's face-down shield, once, with a picture of it.
    const strike = names.find((n) => n.startsWith('Destroy '));
    if (strike && !strikeShot) {
      strikeShot = true;
      await shot(turn, `shields-up-strike-${turn === ana ? 'desktop' : 'phone'}`);
      await shot(sam, 'shields-up-strike-spectator-desktop-2x');
      const key = Object.keys(await spots(turn)).find((k) => k.startsWith(`shield:${turn === ana ? 1 : 0}:`))!;
      await actAndWait(turn, () => tap(turn, key));
      actions++;
      continue;
    }
    // Two cards of one kind give two buttons with the same words (smuggling either Death Ray): either is that move.
    await actAndWait(turn, () => moves(turn).getByText(choose(names, random), { exact: true }).first().click());
    actions++;
    if (!midShot && actions >= 6) {
      midShot = true;
      await shot(ana, 'shields-up-mid-desktop');
      await shot(ben, 'shields-up-mid-phone');
      await shot(sam, 'shields-up-mid-spectator-desktop-2x');
    }
    // The spectator's table never holds a face-up hand card or a named shield.
    expect(Object.keys(await spots(sam)).filter((k) => k.startsWith('hand:'))).toEqual([]);
    expect(actions).toBeLessThan(600);
  }

  const lines = await Promise.all(
    [ana, ben, sam].map(async (p) => {
      await status(p)
        .getByText(/^Game over: /)
        .waitFor();
      return (await status(p).textContent())!;
    }),
  );
  expect(lines[2]).toMatch(
    /^Game over: ((Ana|Ben) wins — (Ana|Ben)'s ship is destroyed|Draw — both ships were destroyed|Draw — no ship was destroyed in 200 turns)\.$/,
  );
  expect(await moves(ana).count()).toBe(0);
  await shot(ana, 'shields-up-end-desktop');
  await shot(ben, 'shields-up-end-phone');
  await shot(sam, 'shields-up-end-spectator-desktop-2x');

  await sam.getByRole('button', { name: 'Verify this game' }).click();
  await sam.getByText(/^Verified: all \d+ rolls match the seed, and the replay gives the same result\.$/).waitFor();
  await sam.getByRole('link', { name: 'Replay this game' }).click();
  await sam.getByText(/^Move (\d+) of \1/).waitFor();
  await sam.getByRole('button', { name: 'Back', exact: true }).click();
  await sam.getByText(/^Move \d+ of \d+$/).waitFor();
  // The replay of the finished game shows the hidden cards: hands face up. The last positions may hold two empty
  // hands (a game that ran the piles dry), so step back until one holds a card; the opening deals three each.
  const faceUp = () =>
    sam.evaluate(
      () =>
        (document.querySelector('#board canvas') as HTMLElement | null)?.dataset.shieldsUp?.includes('"hand:') ?? false,
    );
  for (let back = 0; !(await faceUp()); back++) {
    expect(back).toBeLessThan(40);
    const at = await sam.getByText(/^Move \d+ of \d+$/).textContent();
    await sam.getByRole('button', { name: 'Back', exact: true }).click();
    await sam.waitForFunction((was) => !document.body.innerText.includes(was!), at);
  }
  expect(Object.keys(await spots(sam)).some((k) => /^hand:[a-z0-9-]+$/i.test(k))).toBe(true);
  await shot(sam, 'shields-up-replay-desktop-2x');
  console.log(
    `shields-up e2e: ${actions} actions through the UI, ${((Date.now() - t0) / 1000).toFixed(1)} s; ${lines[2]}`,
  );
}, 240000);

it('U1 the rules page marks the reconstructed cards and is listed from the home page', async () => {
  const p = await open(PHONE_3);
  await p.goto(`${e2e.server.url}/`);
  await p.getByLabel('Game').selectOption({ label: 'Shields Up' });
  await p.getByRole('link', { name: 'Rules of Shields Up' }).click();
  await p.getByRole('heading', { name: 'Shields Up', exact: true }).first().waitFor();
  await p.getByText('Plasma Cannon *', { exact: true }).waitFor();
  await p.getByText(/part of this deck is our reconstruction/).waitFor();
  await save(p, 'shields-up-rules-phone');
  await p.context().close();
});
