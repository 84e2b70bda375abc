// Polywars on a phone (390x844, ratio 3, touch), issue 28: the smallest game (Kill the King for two, 20 sides each,
// one cycle) played to its end twice against a scripted opponent (a colyseus.js client answering with the fewest
// dice and "done"): once through the board (the force builder, the named buttons, a die and its point or target
// tapped on the field) and once through the "All moves" list (a die chosen in the list, then its move). At every
// step: no text under 12 CSS px in the board (the stage's own labels) or its controls, each die drawn at least
// 28 px across with its value, every die inside the field's box (the view framed on the forces).
import type { Page } from 'playwright-core';
import { create, logCount, toActOf, type Player } from '../helpers/server';
import { PHONE, shot } from '../helpers/browser';
import { e2eSetup, moves, sitDown, status } from '../helpers/e2e';

const e2e = e2eSetup();

type Die = [number, number, number, number, string];
interface Drawn {
  me: number | null;
  moving: boolean;
  selected: number | null;
  sw: number;
  box: [number, number, number, number];
  dice: Record<string, Die>;
}

const drawn = async (p: Page) =>
  JSON.parse((await p.locator('#board canvas').getAttribute('data-polywars')) ?? 'null') as Drawn;

/** Ben, scripted: whenever the rules wait for him, the force with the fewest dice, else "done", else the first. */
function script(ben: Player) {
  let answered = -1;
  const answer = () => {
    const state = ben.room.state;
    const seen = logCount(state);
    if (seen === answered || state.phase !== 'playing' || !ben.legal.length) return;
    if (![...toActOf(state)].includes(ben.seat)) return;
    const legal = ben.legal;
    const builds = legal.filter((a) => a.type === 'build').sort((a, b) => a.dice.length - b.dice.length);
    const pick =
      builds[0] ??
      legal.find((a) => a.type === 'done') ??
      legal.find((a) => a.type === 'bid' && a.points === 0) ??
      legal[0];
    answered = seen;
    ben.room.send('action', pick);
  };
  ben.room.onStateChange(answer);
  ben.room.onMessage('view', () => setTimeout(answer, 0));
  answer();
}

/** Issue 28's legibility at this moment: canvas and control texts at 12 px or more, dice 28 px and framed. */
async function legible(p: Page) {
  const g = (await p.evaluate(() =>
    (window as unknown as { __dicehall: { geometry(): unknown } }).__dicehall.geometry(),
  )) as {
    labels: { text: string; size: number }[];
  };
  const small = g.labels.filter((l) => l.text.trim() && l.size < 12);
  expect(small).toEqual([]);
  const tiny = await p.evaluate(() => {
    const out: string[] = [];
    for (const root of document.querySelectorAll('.game-controls, .actions, .board-wrap, .board')) {
      for (const el of root.querySelectorAll<HTMLElement>('*')) {
        const own = [...el.childNodes].some((n) => n.nodeType === 3 && n.textContent?.trim());
        if (!own || el.getClientRects().length === 0) continue;
        const size = Number.parseFloat(getComputedStyle(el).fontSize);
        if (size < 12) out.push(`${size}px: ${el.textContent?.slice(0, 40)}`);
      }
    }
    return out;
  });
  expect(tiny).toEqual([]);
  const d = await drawn(p);
  const k = (await p.locator('#board canvas').boundingBox())!.width / d.sw;
  for (const [x, y, , across, name] of Object.values(d.dice)) {
    expect(across * k).toBeGreaterThanOrEqual(28);
    expect(name).toMatch(/'s (\w+ )?d\d+ \(\d+\)$/);
    expect(x).toBeGreaterThanOrEqual(d.box[0]);
    expect(x).toBeLessThanOrEqual(d.box[0] + d.box[2]);
    expect(y).toBeGreaterThanOrEqual(d.box[1]);
    expect(y).toBeLessThanOrEqual(d.box[1] + d.box[3]);
  }
}

async function tapAt(p: Page, x: number, y: number) {
  const canvas = p.locator('#board canvas');
  await canvas.evaluate((el) => el.scrollIntoView({ block: 'center' }));
  const box = (await canvas.boundingBox())!;
  const k = box.width / (await drawn(p)).sw;
  if (await p.evaluate(() => navigator.maxTouchPoints > 0)) await p.touchscreen.tap(box.x + x * k, box.y + y * k);
  else await p.mouse.click(box.x + x * k, box.y + y * k);
}

const lines = (p: Page) => p.locator('[aria-label="Game log"] li').count();

/** Clicks and waits for the log to grow (the move landed). */
async function act(p: Page, click: () => Promise<void>) {
  const before = await lines(p);
  await click();
  await p.waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before, {
    timeout: 15000,
  });
}

async function play(way: 'board' | 'list', device: 'phone' | 'desktop' = 'phone') {
  const t0 = Date.now();
  const options = { scenario: 'kill-the-king', seats: 2, budget: 20, cycleLimit: 1 };
  const ben = await create(e2e.server.ws, { game: 'polywars', name: 'Ben', clientSeed: 'b', options });
  script(ben);
  const p = await e2e.open(
    device === 'phone'
      ? { viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true, reducedMotion: 'reduce' }
      : { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2, reducedMotion: 'reduce' },
  );
  await sitDown(p, `${e2e.server.url}/r/${ben.room.roomId}`, 'Ana');
  const done = { built: false, steps: 0, attacks: 0, shots: new Set<string>() };
  for (let n = 0; n < 200; n++) {
    const line = (await status(p).textContent()) ?? '';
    if (line.startsWith('Game over')) break;
    const builder = p.getByRole('group', { name: 'Your force' });
    if (await builder.isVisible()) {
      // The force builder: three d6 (18 of 20 sides), a fourth is refused by the budget, then Done.
      for (let i = 0; i < 3; i++) await builder.getByRole('button', { name: 'One d6 more' }).click();
      await builder.getByText('Your force: 18 of 20 sides, 3 dice').waitFor();
      expect(await builder.getByRole('button', { name: 'One d6 more' }).isDisabled()).toBe(true);
      await legible(p);
      if (!done.shots.has('setup')) {
        done.shots.add('setup');
        await shot(p, `polywars-${way}-setup-${device}`);
      }
      await act(p, () => builder.getByRole('button', { name: 'Done' }).click());
      done.built = true;
      continue;
    }
    const names = await moves(p).allTextContents();
    if (!names.length || line !== 'Your turn.') {
      await p.waitForFunction(
        () =>
          document.querySelector('#turn-status')?.textContent === 'Your turn.' ||
          document.querySelector('#turn-status')?.textContent?.startsWith('Game over') ||
          !!document.querySelector('[aria-label="Your force"]'),
        undefined,
        { timeout: 15000 },
      );
      continue;
    }
    await legible(p);
    const d = await drawn(p);
    const attack = names.find((t) => / (attacks|zaps \(range \d+\)) /.test(t));
    if (d.moving && done.steps < 2) {
      if (way === 'board') {
        // A step by taps: one's die nearest the enemy, then a point 0.8 R toward that enemy from where the die
        // stands (the hook's `truth`: a crowded die's disc is drawn pushed aside). Should the rules refuse the point
        // (terrain, a friend in the way), or the die cannot step now (another die's move is under way, W4), the next
        // die is tried.
        const theirs = Object.values(d.dice).filter((x) => x[2] !== d.me);
        const near = (a: Die) => Math.min(...theirs.map((t) => Math.hypot(t[0] - a[0], t[1] - a[1])));
        const mine = Object.entries(d.dice)
          .filter(([, x]) => x[2] === d.me)
          .sort(([, a], [, b]) => near(a) - near(b));
        let landed = false;
        for (const [id, die] of mine) {
          const h = await drawn(p);
          if (h.selected !== Number(id)) await tapAt(p, die[0], die[1]);
          await p.waitForFunction(
            (i) => JSON.parse(document.querySelector('#board canvas')!.getAttribute('data-polywars')!).selected === i,
            Number(id),
          );
          const now = (await drawn(p)) as Drawn & { scale: number; truth: Record<string, [number, number]> };
          const [x0, y0] = now.truth[id]!;
          const t = theirs.sort((a, b) => Math.hypot(a[0] - x0, a[1] - y0) - Math.hypot(b[0] - x0, b[1] - y0))[0]!;
          const len = Math.hypot(t[0] - x0, t[1] - y0) || 1;
          const before = await lines(p);
          await tapAt(p, x0 + ((t[0] - x0) / len) * 80 * now.scale, y0 + ((t[1] - y0) / len) * 80 * now.scale);
          landed = await p
            .waitForFunction((n) => document.querySelectorAll('[aria-label="Game log"] li').length > n, before, {
              timeout: 4000,
            })
            .then(
              () => true,
              () => false,
            );
          if (landed) break;
          console.log(
            `a tapped step did not land: "${await p.locator('.pw-message').textContent()}" error "${await p
              .locator('p.error')
              .textContent()
              .catch(() => '')}" selected ${(await drawn(p)).selected} of ${id}`,
          );
        }
        expect(landed).toBe(true);
      } else {
        // A step from the list: open it, choose the first die offered, then its first step.
        if (!(await p.locator('details.pw-moves').evaluate((el) => (el as HTMLDetailsElement).open)))
          await p.getByText(/^All moves/).click();
        await p.getByRole('group', { name: 'Choose a die' }).getByRole('button').first().click();
        await act(p, () =>
          p
            .locator('details.pw-moves ul')
            .first()
            .getByRole('button', { name: / steps \d+\.\d R / })
            .first()
            .click(),
        );
      }
      done.steps++;
      const log = await p.locator('[aria-label="Game log"] li').allTextContents();
      expect(log.join('\n')).toMatch(/Ana's (\w+ )?d\d+ \(\d+\) steps \d+\.\d R /);
      if (!done.shots.has('mid')) {
        done.shots.add('mid');
        await shot(p, `polywars-${way}-mid-${device}`);
      }
      continue;
    }
    if (attack && done.attacks < 1) {
      const [a, t] = attack.split(/ (?:attacks|zaps \(range \d+\)) /);
      const target = t!.slice(0, t!.indexOf(':'));
      const byName = (name: string) => Object.entries(d.dice).find(([, x]) => x[4] === name)!;
      if (way === 'board') {
        const [aid, ad] = byName(a!);
        const [, td] = byName(target);
        if (d.selected !== Number(aid)) await tapAt(p, ad[0], ad[1]);
        await tapAt(p, td[0], td[1]);
        await p.getByText(/Tap it again or press Attack\./).waitFor();
        await act(p, () => tapAt(p, td[0], td[1]));
      } else {
        if (!(await p.locator('details.pw-moves').evaluate((el) => (el as HTMLDetailsElement).open)))
          await p.getByText(/^All moves/).click();
        await p.getByRole('group', { name: 'Choose a die' }).getByRole('button', { name: a!, exact: true }).click();
        await act(p, () =>
          p
            .getByRole('list', { name: `Moves of ${a}` })
            .getByRole('button', { name: attack })
            .click(),
        );
      }
      done.attacks++;
      continue;
    }
    // Everything else by its button: the first placement, bid 0, no healing, the zap back's first split, end phase.
    const pick =
      names.find((t) => t.startsWith('Deploy')) ??
      names.find((t) => t === 'Bid 0') ??
      names.find((t) => t === 'Heal nothing') ??
      names.find((t) => t.startsWith('Zap back')) ??
      names.find((t) => t === 'End phase') ??
      names[0]!;
    if (way === 'list' && pick === 'End phase') {
      // The list has the moves no die makes too.
      if (!(await p.locator('details.pw-moves').evaluate((el) => (el as HTMLDetailsElement).open)))
        await p.getByText(/^All moves/).click();
      await act(p, () =>
        p.getByRole('list', { name: 'Other moves' }).getByRole('button', { name: 'End phase' }).click(),
      );
    } else await act(p, () => moves(p).getByText(pick, { exact: true }).first().click());
  }
  await status(p)
    .getByText(/^Game over/)
    .waitFor();
  await shot(p, `polywars-${way}-end-${device}`);
  expect(done.built).toBe(true);
  expect(done.steps).toBeGreaterThan(0);
  console.log(
    `polywars by the ${way} (${device}): ${done.steps} steps, ${done.attacks} attacks, ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  await ben.room.leave();
  await p.context().close();
}

it('issue 28: a phone plays Polywars to the end through the board: builder, buttons, taps on the field', async () => {
  await play('board');
}, 180000);

it('issue 28: a phone plays Polywars to the end through the "All moves" list', async () => {
  await play('list');
}, 180000);

it('issue 28: a desktop (1280x800, ratio 2) plays it through the board too', async () => {
  await play('board', 'desktop');
}, 180000);
