// Polywars in real browsers: a 3-seat Kill the King made from the home page, two players by the link, a spectator;
// played to its end (a short cycle limit) through the named buttons for secret steps and attacks, with steps and
// an attack made by tapping the field, a refused step snapping back with its reason, and no bid shown early.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, shot as save } from '../helpers/browser';
import { e2eSetup, status, moves, sitDown } from '../helpers/e2e';

const e2e = e2eSetup();

const open = (kind: 'desktop1' | 'desktop2' | 'phone') =>
  e2e.open(
    kind === 'phone'
      ? { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true, reducedMotion: 'reduce' }
      : { viewport: DESKTOP, deviceScaleFactor: kind === 'desktop2' ? 2 : 1, reducedMotion: 'reduce' },
  );

const logItems = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li');

async function shot(p: Page, name: string) {
  await p.locator('#board canvas').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  await p.waitForTimeout(120);
  await save(p, name);
}

interface Drawn {
  selected: number | null;
  moving: boolean;
  sw: number;
  scale: number;
  ox: number;
  oy: number;
  me: number | null;
  field: { width: number; height: number };
  mid: [number, number];
  dice: Record<string, [number, number, number, number, string]>;
  truth: Record<string, [number, number]>;
}

async function drawn(p: Page): Promise<Drawn> {
  const canvas = p.locator('#board canvas');
  return JSON.parse((await canvas.getAttribute('data-polywars')) ?? 'null') as Drawn;
}

/** Clicks the canvas at a point in its own pixels. */
async function tapAt(p: Page, x: number, y: number) {
  const canvas = p.locator('#board canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  // The view draws in stage units, which the canvas's CSS box may scale (today's stage at a device pixel ratio of 2).
  const sw = (JSON.parse((await canvas.getAttribute('data-polywars')) ?? '{}') as Drawn).sw || box.width;
  const k = box.width / sw;
  await p.mouse.click(box.x + x * k, box.y + y * k);
}

async function act(p: Page, click: () => Promise<void>) {
  const before = await logItems(p).count();
  await click();
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before, {
    timeout: 15000,
  });
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

it('W5 W6 three players and a spectator play Kill the King from the home page to the end, by buttons and taps', async () => {
  const t0 = Date.now();
  const ana = await open('desktop2');
  await ana.goto(`${e2e.server.url}/`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption({ label: 'Polywars' });
  await ana.getByLabel('Scenario').selectOption({ label: 'Kill the King' });
  await ana.getByLabel('Players').selectOption({ label: '3 players' });
  await ana.getByLabel('Force size').selectOption({ label: '30 sides each' });
  await ana.getByLabel('Length').selectOption({ label: 'At most 3 cycles' });
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = ana.url();
  const ben = await open('phone');
  await sitDown(ben, link, 'Ben');
  const cid = await open('desktop1');
  await sitDown(cid, link, 'Cid');
  const sam = await open('desktop1');
  await sam.goto(link);
  await sam.getByText('1 watching').waitFor();
  const players = [ana, ben, cid];
  const random = rng(7);
  let taps = 0;
  let refused = false;
  let tapAttack = false;
  let dragged = false;
  let stepsLanded = 0;
  let waitingShot = false;
  let selectShot = false;
  let actions = 0;

  for (;;) {
    const lines = await Promise.all(players.map((p) => status(p).textContent()));
    if (lines.every((l) => l?.startsWith('Game over'))) break;
    let acted = false;
    for (const p of players) {
      const builder = p.getByRole('group', { name: 'Your force' });
      if (await builder.isVisible()) {
        // The force builder (issue 28): five d6, 30 of 30 sides, then Done.
        for (let i = 0; i < 5; i++) await builder.getByRole('button', { name: 'One d6 more' }).click();
        await builder.getByText('Your force: 30 of 30 sides, 5 dice').waitFor();
        await act(p, () => builder.getByRole('button', { name: 'Done' }).click());
        acted = true;
        continue;
      }
      const names = await moves(p).allTextContents();
      if (!names.length) continue;
      const bar = await drawn(p);
      if (names.some((n) => n.startsWith('Bid '))) {
        const bidders = (
          await Promise.all(
            players.map((q) =>
              moves(q)
                .getByText(/^Bid \d$/)
                .count(),
            ),
          )
        ).filter((n) => n > 0).length;
        await act(p, () =>
          moves(p)
            .getByText(`Bid ${Math.floor(random() * 4)}`, { exact: true })
            .click(),
        );
        // While others still bid, the spectator sees who answered but no number.
        const log = (await logItems(sam).allTextContents()).join('\n');
        const thisCycle = log.slice(log.lastIndexOf('bid for initiative'));
        if (bidders > 1) expect(thisCycle).not.toMatch(/Bids: /);
        if (!waitingShot && bidders > 1) {
          waitingShot = true;
          await shot(p, `polywars-bid-waiting-${p === ben ? 'phone' : 'desktop'}`);
          await shot(sam, 'polywars-bid-waiting-spectator-desktop');
        }
      } else if (
        names.includes('End phase') &&
        bar?.me !== null &&
        names.every((n) => !/attacks|zaps/.test(n)) &&
        bar.moving &&
        taps < 6
      ) {
        // A step by taps: select one's own die, a refused far point first (once), then a point toward the middle.
        // The die nearest the middle of the field, so the points toward the middle are clear of its friends.
        const [cx, cy] = bar.mid;
        const mine = Object.entries(bar.dice)
          .filter(([, d]) => d[2] === bar.me)
          .sort(([, a], [, b]) => Math.hypot(a[0] - cx, a[1] - cy) - Math.hypot(b[0] - cx, b[1] - cy));
        const [id, [dx, dy]] = mine[0];
        if (bar.selected !== Number(id)) await tapAt(p, dx, dy); // a second tap would put it down again
        // Points are measured from where the die stands (its disc may be drawn pushed clear of a crowded friend).
        const [x, y] = bar.truth[id];
        const len = Math.hypot(cx - x, cy - y) || 1;
        const toward = (r: number) =>
          [x + ((cx - x) / len) * r * 100 * bar.scale, y + ((cy - y) / len) * r * 100 * bar.scale] as const;
        if (!selectShot) {
          selectShot = true;
          await shot(p, `polywars-selected-${p === ben ? 'phone' : 'desktop'}`);
        }
        if (!refused) {
          refused = true;
          const [fx, fy] = toward(2.5);
          await tapAt(p, fx, fy);
          await p.getByText(/^Too far: a step moves the centre at most one range unit\.$/).waitFor();
          await shot(p, `polywars-refused-step-${p === ben ? 'phone' : 'desktop'}`);
        }
        const [tx, ty] = toward(0.8);
        const before = await logItems(p).count();
        if (!dragged && p !== ben) {
          // Once, the step by dragging the die instead of tapping the point.
          const canvas = p.locator('#board canvas');
          await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
          const box = (await canvas.boundingBox())!;
          const k = box.width / bar.sw;
          await p.mouse.move(box.x + dx * k, box.y + dy * k);
          await p.mouse.down();
          await p.mouse.move(box.x + tx * k, box.y + ty * k, { steps: 6 });
          await p.mouse.up();
          dragged = true;
        } else await tapAt(p, tx, ty);
        taps++;
        // A legal step shows in the log (in words, on the spectator's page too); one the rules refuse snaps back with a reason.
        // (Landed means this die's step line came, not any line: another seat's line may arrive meanwhile.)
        const landed = await p
          .waitForFunction(
            ([n, who]) => {
              const lines = [...document.querySelectorAll('[aria-label="Game log"] li')];
              return lines.length > n && lines.slice(n).some((li) => (li.textContent ?? '').includes(`${who} steps `));
            },
            [before, bar.dice[id][4]] as const,
            { timeout: 4000 },
          )
          .then(
            () => true,
            () => false,
          );
        if (landed) {
          stepsLanded++;
          await sam
            .getByRole('list', { name: 'Game log' })
            .getByText(`${bar.dice[id][4]} steps `)
            .last()
            .waitFor({ state: 'attached' }); // (the spectator's log may sit folded below the board)
        } else
          console.log(
            `a tapped step did not land: ${await p.locator('.pw-message').textContent()} ${await p.locator('p.error').textContent()}`,
          );
        // One step a turn by hand, then the phase ends.
        await act(p, () => moves(p).getByText('End phase', { exact: true }).click());
      } else {
        const attacks = names.filter((n) => /attacks|zaps/.test(n));
        if (attacks.length && !tapAttack && bar) {
          // One attack by taps: the attacker, then the target (the odds show), then the target again.
          tapAttack = true;
          // The label names both dice in words ("Ana's d6 (4) attacks Ben's d8 (3): …"); the hook names each drawn die.
          const [an, rest] = attacks[0].split(/ (?:attacks|zaps \(range \d+\)) /);
          const idOf = (name: string) => Object.entries(bar.dice).find(([, d]) => d[4] === name)![0];
          const m = [attacks[0], idOf(an), idOf(rest.slice(0, rest.indexOf(':')))];
          if (bar.selected !== Number(m[1])) await tapAt(p, bar.dice[m[1]][0], bar.dice[m[1]][1]);
          await tapAt(p, bar.dice[m[2]][0], bar.dice[m[2]][1]);
          await p.getByText(/perfect \d+%, success \d+%, fail \d+%\. Tap it again or press Attack\./).waitFor();
          await shot(p, `polywars-odds-${p === ben ? 'phone' : 'desktop'}`);
          await act(p, () => tapAt(p, bar.dice[m[2]][0], bar.dice[m[2]][1]));
        } else {
          const pick =
            attacks[0] ??
            names.find((n) => n.startsWith('Zap back')) ??
            names.find((n) => n.startsWith('Heal ') && n !== 'Heal nothing') ??
            (names.includes('End phase') ? 'End phase' : names[Math.floor(random() * names.length)]);
          // The module may list one healing twice (the most damaged die alone is also the whole pick): either button will do.
          await act(p, () => moves(p).getByText(pick, { exact: true }).first().click());
        }
      }
      acted = true;
      actions++;
      if (actions === 40) {
        await shot(ana, 'polywars-mid-desktop');
        await shot(ben, 'polywars-mid-phone');
        await shot(sam, 'polywars-mid-spectator-desktop');
        // The spectator zooms in with the wheel over the field, then fits it again.
        const before = (await drawn(sam)).scale;
        const box = (await sam.locator('#board canvas').boundingBox())!;
        await sam.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
        await sam.mouse.wheel(0, -500);
        await sam.waitForFunction(
          (s) => JSON.parse(document.querySelector('#board canvas')!.getAttribute('data-polywars')!).scale > s * 1.5,
          before,
        );
        await shot(sam, 'polywars-zoomed-spectator-desktop');
        await sam.getByRole('button', { name: 'Fit the field' }).click();
        expect((await drawn(sam)).scale).toBeCloseTo(before, 5);
      }
      expect(actions).toBeLessThan(600);
    }
    if (!acted) await ana.waitForTimeout(30);
  }

  const lines = await Promise.all(
    [...players, sam].map(async (p) => {
      await status(p)
        .getByText(/^Game over/)
        .waitFor();
      return (await status(p).textContent())!;
    }),
  );
  expect(new Set(lines.slice(1)).size).toBe(1);
  expect(lines[3]).toMatch(/^Game over: /);
  expect(taps).toBeGreaterThan(0);
  expect(refused).toBe(true);
  expect(dragged).toBe(true);
  expect(stepsLanded).toBeGreaterThan(2);
  await shot(ana, 'polywars-end-desktop');
  await shot(ben, 'polywars-end-phone');
  await shot(sam, 'polywars-end-spectator-desktop');
  await sam.getByRole('button', { name: 'Verify this game' }).click();
  await sam.getByText(/^Verified: all \d+ rolls match the seed, and the replay gives the same result\.$/).waitFor();
  console.log(
    `polywars e2e: ${actions} actions, ${taps} steps by hand (${stepsLanded} landed), attack by taps: ${tapAttack}, a step by dragging: ${dragged}, ${Math.round((Date.now() - t0) / 1000)} s`,
  );
}, 600000);

it('W1 W9 the rules page names every ruling and the table decisions', async () => {
  const p = await open('phone');
  await p.goto(`${e2e.server.url}/rules/polywars`);
  // The rules screen is its own chunk (lazy since #9): wait for it to draw before counting anchors.
  await p.locator('article.rules nav.toc').waitFor();
  for (const id of ['W1', 'W2', 'W3', 'W4', 'W5', 'W6', 'W7', 'W8', 'W9'])
    expect(await p.locator(`article.rules [id="${id}"]`).count()).toBe(1);
  await p.getByText(/Table decision on terrain/).waitFor();
  await save(p, 'polywars-rules-phone');
  await p.context().close();
});
