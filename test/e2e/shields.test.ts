// Shields in real browsers: a room made from the home page, a second player by the link, a spectator; a whole
// game played through the named action buttons (plus a few taps on the canvas), and the same ending on all three.
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, shot as save } from '../helpers/browser';
import { createRoom, e2eSetup, whoseTurn, status, moves, sitDown } from '../helpers/e2e';

const e2e = e2eSetup();

/** A page in its own browser context; `still` asks for reduced motion (no roll to render, the result only). */
const open = (viewport = DESKTOP, still = false) =>
  e2e.open({ viewport, reducedMotion: still ? 'reduce' : 'no-preference' });

/** A screenshot of the table as a player sees it on arrival: from the top, or on a phone from the status line. */
async function shot(p: Page, name: string) {
  if ((p.viewportSize()?.width ?? 0) < 600)
    await p.locator('#turn-status').evaluate((el) => el.scrollIntoView({ block: 'start' }));
  else await p.evaluate(() => window.scrollTo(0, 0));
  await save(p, name);
}

const logCount = (p: Page) => p.getByRole('list', { name: 'Game log' }).locator('li').count();

/** Runs `act` and waits until the page's own log has grown: its state shows the action. */
async function actAndWait(p: Page, act: () => Promise<void>) {
  const before = await logCount(p);
  await act();
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before);
}

/** Taps the canvas where the view says a die (or drop zone) is drawn. */
async function tap(p: Page, id: string) {
  await p.locator('#board canvas:not([data-rolling])').waitFor(); // a tap during a roll is ignored
  const canvas = p.locator('#board canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' })); // the move buttons may have scrolled it away
  const box = (await canvas.boundingBox())!;
  const spots = JSON.parse((await canvas.getAttribute('data-shields')) ?? '{}') as Record<string, [number, number]>;
  const at = spots[id];
  if (!at) throw new Error(`${id} is not on the table: ${Object.keys(spots).join(', ')}`);
  await p.mouse.click(box.x + at[0], box.y + at[1]);
}

async function landed(pages: Page[]) {
  await Promise.all(pages.map((p) => p.locator('#board canvas:not([data-rolling])').waitFor()));
}

function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** A quick game: bigger attack dice first, shields last, and an attack whenever there is one. */
function choose(names: string[], random: () => number): string {
  const pick = (xs: string[]) => xs[Math.floor(random() * xs.length)];
  const attacks = names.filter((n) => n.startsWith('Attack '));
  if (attacks.length) return attacks[0]; // the same battery keeps at one target until it falls
  const takes = names.filter((n) => n.startsWith('Take '));
  if (takes.length) {
    const useful = takes.filter((n) => !n.includes('to the trash'));
    const d8 = useful.filter((n) => / d8 attack die/.test(n));
    const d6 = useful.filter((n) => / d6 attack die/.test(n));
    const reserve = useful.filter((n) => / (potion|polish)/.test(n));
    return pick(
      d8.length
        ? d8
        : d6.length
          ? d6
          : reserve.length
            ? reserve
            : takes.filter((n) => !n.includes('shield')).length
              ? takes.filter((n) => !n.includes('shield'))
              : takes,
    );
  }
  return pick(names);
}

it('creates a room, seats a player by link and a spectator, plays a whole game, and all three see the winner', async () => {
  const t0 = Date.now();
  const ana = await open(DESKTOP);
  const link = await createRoom(ana, e2e.server.url, 'Ana', 'Shields', [['Match', 'Single game']]);

  // Ana's page animates every roll; Ben and Sam ask for reduced motion, which also spares this machine's CPU.
  const ben = await open(PHONE, true);
  await sitDown(ben, link, 'Ben');
  const sam = await open(DESKTOP, true);
  await sam.goto(link); // both seats taken: the link lets Sam watch
  await sam.getByText('1 watching').waitFor();
  await sam
    .getByRole('list', { name: 'Game log' })
    .getByText(/goes first \(won the roll-off\)/)
    .waitFor();

  // The opening: the first player sees the pool glowing and takes the black d12 by taps on the canvas,
  // placing it in front through the drop zone that appears on their side.
  const first = (await whoseTurn([ana, ben]))!;
  await moves(first).getByText('Take the black d12 shield, in front', { exact: true }).waitFor();
  await shot(ana, 'shields-opening-desktop');
  await shot(ben, 'shields-opening-phone');
  await shot(sam, 'shields-opening-spectator-desktop');
  await tap(first, 'shield.black.d12');
  await first.getByRole('button', { name: 'In front of the colored shields' }).waitFor();
  await shot(first, `shields-placing-${first === ana ? 'desktop' : 'phone'}`);
  await actAndWait(first, () => tap(first, 'zone.front'));
  await sam
    .getByRole('list', { name: 'Game log' })
    .getByText(/takes the black d12 shield, in front of the colored shields/)
    .waitFor();

  // Then an attack by taps: the red battery is picked up (its target lights up), a second tap rolls.
  const mySeat = first === ana ? 0 : 1;
  await moves(first)
    .getByText(/^Attack .* with your red d4$/)
    .waitFor();
  await tap(first, `p${mySeat}.battery.red`);
  await first.getByRole('button', { name: /^Roll: attack/ }).waitFor();
  await shot(first, `shields-aiming-${first === ana ? 'desktop' : 'phone'}`);
  await actAndWait(first, () => tap(first, `p${mySeat}.battery.red`));
  await sam
    .getByRole('list', { name: 'Game log' })
    .getByText(/attacks .*'s yellow battery with the red d4: rolls \d/)
    .waitFor();
  await ana.waitForTimeout(250); // the roll in the air on Ana's page
  await shot(ana, 'shields-first-roll-desktop');
  await landed([ana]);
  await shot(ben, 'shields-first-roll-still-phone');

  // The rest through the named buttons.
  const random = rng(20240611);
  let turns = 2;
  let midShot = false;
  let healed = false;
  for (;;) {
    const turn = await whoseTurn([ana, ben]);
    if (!turn) break;
    const names = await moves(turn).allTextContents();
    // Once, a potion by taps: the reserve die is picked up, then the battery it heals.
    const potion = names.map((n) => /^Potion d(\d+)(?: \((\d)\))? on your (\w+) battery/.exec(n)).find((m) => m);
    if (!healed && potion && turns >= 10) {
      healed = true;
      const seat = turn === ana ? 0 : 1;
      await tap(turn, `potion.d${potion[1]}${potion[2] ? `.${potion[2]}` : ''}`);
      await turn.getByText(/^Pick where the d\d+ potion/).waitFor();
      await shot(turn, `shields-potion-${turn === ana ? 'desktop' : 'phone'}`);
      await actAndWait(turn, () => tap(turn, `p${seat}.battery.${potion[3]}`));
      await sam
        .getByRole('list', { name: 'Game log' })
        .getByText(/uses the d\d+ potion/)
        .waitFor();
      turns++;
      continue;
    }
    const choice = choose(names, random);
    await actAndWait(turn, () => moves(turn).getByText(choice, { exact: true }).click());
    turns++;
    if (!midShot && turns >= 16) {
      midShot = true;
      await landed([ana, ben, sam]); // let the last roll land before the pictures
      await shot(ana, 'shields-mid-desktop');
      await shot(ben, 'shields-mid-phone');
      await shot(sam, 'shields-mid-spectator-desktop');
    }
    expect(turns).toBeLessThan(400);
  }

  // Everyone ends on the same line, the result in plain words with names.
  const lines = await Promise.all(
    [ana, ben, sam].map(async (p) => {
      await status(p)
        .getByText(/^Game over: /)
        .waitFor();
      return (await status(p).textContent())!;
    }),
  );
  const winner = /^Game over: (\w+) wins /.exec(lines[2])![1];
  expect(['Ana', 'Ben']).toContain(winner);
  expect(lines[0]).toBe(lines[2]);
  expect(lines[1]).toBe(lines[2]);
  expect(lines[2]).toBe(
    `Game over: ${winner} wins — two of ${winner === 'Ana' ? 'Ben' : 'Ana'}'s batteries are destroyed.`,
  );
  await sam
    .getByRole('list', { name: 'Game log' })
    .getByText(new RegExp(`^${winner} wins: two of \\w+'s batteries are destroyed`))
    .waitFor();
  expect(await moves(ana).count()).toBe(0);
  console.log(healed ? 'a potion was used by taps' : 'no potion came up to use by taps');
  await landed([ana, ben, sam]);
  await shot(ana, 'shields-end-desktop');
  await shot(ben, 'shields-end-phone');
  await shot(sam, 'shields-end-spectator-desktop');
  await sam.setViewportSize(PHONE);
  await shot(sam, 'shields-end-spectator-phone');

  await sam.getByRole('button', { name: 'Verify this game' }).click();
  await sam.getByText(/^Verified: all \d+ rolls match the seed, and the replay gives the same result\.$/).waitFor();
  // The finished game steps back and forth in the replay, drawn by the same view.
  await sam.setViewportSize(DESKTOP);
  await sam.getByRole('link', { name: 'Replay this game' }).click();
  await sam.getByText(/^Move (\d+) of \1/).waitFor();
  await sam.getByRole('button', { name: 'Back' }).click();
  await sam.getByText(/^Move \d+ of \d+$/).waitFor();
  await shot(sam, 'shields-replay-desktop');
  console.log(`shields e2e: ${turns} actions through the UI, ${((Date.now() - t0) / 1000).toFixed(1)} s; ${lines[2]}`);
  // Longer than the other games: on the animated page each attack's roll lands before the turn and buttons show.
}, 240000);
