// The table board-first, on a phone (390x844 ratio 3, touch), a small phone (360x640 ratio 2) and a desktop
// (1280x800 ratio 2), for every listed game in the phases reached cheaply: set-up, mid-game, an offer, a
// disconnect, the end and a rematch offer (issue 28). colyseus.js players drive the game; the page holds seat 1
// through its seat token (the newest connection takes a seat, so a player can take it back to move on). In each
// phase the player strips, their clocks, the conversation bar, the board and the thing to do now lie inside the
// first viewport and are not covered (elementFromPoint at their centres), no text of the strips, bar, overlay or
// controls is under 12 CSS px, and no two texts of the strips and bar overlap.
import { mkdirSync } from 'node:fs';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { trackErrors } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';
import { create, join, logCount, reconnect, until, type Player, toActOf } from '../helpers/server';

const e2e = e2eSetup({
  graceSeconds: 45,
  rateBurst: 1000,
  ratePerSecond: 1000,
  // CLIENT_DIST serves another build (as the server's own variable does): how this file was run against main's.
  ...(process.env.CLIENT_DIST ? { clientDist: process.env.CLIENT_DIST } : {}),
});
/** SHOTS_DIR=/some/dir saves a screenshot of every phase checked. */
const SHOTS = process.env.SHOTS_DIR;

const VIEWPORTS: Record<string, BrowserContextOptions> = {
  phone: { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true },
  small: { viewport: { width: 360, height: 640 }, deviceScaleFactor: 2, isMobile: true, hasTouch: true },
  desktop: { viewport: { width: 1280, height: 800 }, deviceScaleFactor: 2 },
};

interface Case {
  game: string;
  options: Record<string, unknown>;
  seats: number;
  timed: boolean;
  draws: boolean;
  /** Each player plays alone (a race): the page resigns too for the game to end. */
  race?: boolean;
  /**
   * A board that needs more height than a short phone's first screen gives it (Shields' two sides and pool): on a
   * phone shorter than 700 px it keeps that height, your strip moves up under the opponents', and the game's
   * controls follow the board below the first screen. (Dice Siege's sheet fits there: not tall.)
   */
  tall?: boolean;
}
const RAPID = { mode: 'chess', baseSeconds: 300, incrementSeconds: 3 };
const CASES: Case[] = [
  { game: 'shields', options: {}, seats: 2, timed: true, draws: false, tall: true },
  { game: 'dice-chess', options: {}, seats: 2, timed: true, draws: true },
  { game: 'shields-up', options: {}, seats: 2, timed: true, draws: true },
  { game: 'dice-siege', options: { seats: 2 }, seats: 2, timed: false, draws: false, race: true },
  { game: 'polywars', options: { scenario: 'kill-the-king', seats: 3 }, seats: 3, timed: true, draws: false },
];
const NAMES = ['Ana', 'Ben', 'Cid'];

/** Sends each awaited player's first legal action (Polywars builds its biggest force) `steps` times. */
async function advance(players: Player[], steps: number) {
  for (let n = 0; n < steps; n++) {
    await until(
      () => players.every((b) => logCount(b.room.state) === logCount(players[0].room.state)),
      'the players to catch up',
      10000,
    );
    const toAct: number[] = [...toActOf(players[0].room)];
    // A race keeps each round's lines secret until all have played it: a sender's own view says its step was taken.
    const senders = new Map<Player, number>();
    for (const b of players) {
      if (b.seat === null || !toAct.includes(b.seat) || !b.legal.length) continue;
      const legal = b.legal;
      senders.set(b, b.viewMessages.length);
      b.room.send('action', legal[0].type === 'build' ? legal[legal.length - 1] : legal[0]);
    }
    const sent = senders.size;
    if (sent === 0) return;
    await until(() => [...senders].every(([b, n]) => b.viewMessages.length > n), 'the step', 10000);
  }
}

interface Layout {
  problems: string[];
  scrollY: number;
}

/**
 * Where the table's parts lie in the page as it is now: every problem found, in words. `end`: the overlay covers
 * the board's centre by design, so the board is only required inside the viewport.
 */
function layout(p: Page, end: boolean, tall: boolean): Promise<Layout> {
  return p.evaluate(
    ([end, tall]) => {
      const problems: string[] = [];
      const vw = innerWidth;
      const vh = innerHeight;
      const name = (el: Element) =>
        `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}${el.id ? `#${el.id}` : ''} "${(el.textContent ?? '').trim().slice(0, 40)}"`;
      const shown = (el: Element) => {
        const r = el.getBoundingClientRect();
        return r.width > 0 && r.height > 0 && getComputedStyle(el).visibility !== 'hidden';
      };
      const inView = (el: Element, what: string, centre = true) => {
        const r = el.getBoundingClientRect();
        if (r.left < -1 || r.top < -1 || r.right > vw + 1 || r.bottom > vh + 1)
          problems.push(
            `${what} ${name(el)} lies outside the first viewport: ${[r.left, r.top, r.right, r.bottom].map(Math.round)}`,
          );
        else if (centre) {
          const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
          if (!hit || !el.contains(hit))
            problems.push(`${what} ${name(el)} is covered by ${hit ? name(hit) : 'nothing'}`);
        }
      };
      const strips = [...document.querySelectorAll('.strips .strip')];
      if (strips.length === 0) problems.push('no player strips');
      // Every game lays out board first: every strip, clock and the bar in the first screen; a tall board on a short
      // phone keeps its height, with your strip moved up under the opponents' (at the end, the page scrolls to the overlay).
      const short = tall && vw <= 820 && vh < 700;
      const top = short && end ? '.none' : '.strips';
      for (const s of document.querySelectorAll(`${top} .strip`)) inView(s, 'strip');
      for (const c of document.querySelectorAll(`${top} .clock`)) inView(c, 'clock');
      const bar = document.querySelector('.talk-bar');
      if (!bar) problems.push('no conversation bar');
      else if (!(short && end)) inView(bar, 'bar');
      for (const b of document.querySelectorAll('.talk-bar .talk-banner, .talk-bar .away-banner'))
        if (shown(b)) inView(b, 'banner');
      const board = document.querySelector('#board');
      if (!board) problems.push('no board');
      else if (!short) inView(board, 'board', !end);
      const overlay = document.querySelector('.end-overlay');
      if (end) {
        if (!overlay) problems.push('no end overlay');
        else inView(overlay, 'end overlay');
      }
      // The thing to do now: the end's Rematch, an offer's Accept, or on the player's turn the first of its controls
      // (a move, or the fold of a game's "All moves" list under a board played by touch).
      // The first in reading order as laid out (a game may order its controls by CSS).
      const enabled = (sel: string) =>
        [...document.querySelectorAll<HTMLButtonElement>(sel)]
          .filter((b) => shown(b) && !b.disabled)
          .map((b) => ({ b, r: b.getBoundingClientRect() }))
          .sort((x, y) => x.r.top - y.r.top || x.r.left - y.r.left)[0]?.b ?? null;
      const primary = end
        ? enabled('.end-overlay button.primary')
        : (enabled('.talk-bar button.primary') ??
          (document.querySelector('.table.my-turn')
            ? enabled('.game-controls button, .game-controls summary, .actions button')
            : null));
      if (end && !primary && document.querySelector('.strip.mine')) problems.push('no Rematch on the board');
      if (primary && !(short && !end && !primary.closest('.talk-bar'))) inView(primary, 'primary action');

      // Texts: none under 12 CSS px; those of the strips and the bar never overlap (as drawn, clipped by their boxes).
      const texts: { node: Text; rects: DOMRect[] }[] = [];
      const walk = (root: Element, collect: boolean) => {
        const it = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
        for (let n = it.nextNode() as Text | null; n; n = it.nextNode() as Text | null) {
          if (!n.data.trim() || !n.parentElement || !shown(n.parentElement)) continue;
          const size = Number.parseFloat(getComputedStyle(n.parentElement).fontSize);
          if (size < 12) problems.push(`text "${n.data.trim().slice(0, 30)}" at ${size} px`);
          if (!collect) continue;
          const range = document.createRange();
          range.selectNodeContents(n);
          let clip: DOMRect | null = null;
          for (let a: Element | null = n.parentElement; a && a !== root.parentElement; a = a.parentElement)
            if (getComputedStyle(a).overflow !== 'visible') {
              clip = a.getBoundingClientRect();
              break;
            }
          const rects = [...range.getClientRects()]
            .map((r) =>
              clip
                ? new DOMRect(
                    Math.max(r.left, clip.left),
                    Math.max(r.top, clip.top),
                    Math.min(r.right, clip.right) - Math.max(r.left, clip.left),
                    Math.min(r.bottom, clip.bottom) - Math.max(r.top, clip.top),
                  )
                : r,
            )
            .filter((r) => r.width > 1 && r.height > 1);
          texts.push({ node: n, rects });
        }
      };
      for (const el of document.querySelectorAll('.strips, .talk-bar')) walk(el, true);
      for (const el of document.querySelectorAll('.end-overlay, .game-controls, .actions')) walk(el, false);
      for (let i = 0; i < texts.length; i++)
        for (let j = i + 1; j < texts.length; j++)
          for (const a of texts[i].rects)
            for (const b of texts[j].rects)
              if (
                Math.min(a.right, b.right) - Math.max(a.left, b.left) > 1 &&
                Math.min(a.bottom, b.bottom) - Math.max(a.top, b.top) > 1
              )
                problems.push(`texts "${texts[i].node.data.trim()}" and "${texts[j].node.data.trim()}" overlap`);
      return { problems, scrollY: Math.round(scrollY) };
    },
    [end, tall] as const,
  );
}

/** Checks a phase from the top of the page (the end: where the page scrolled by itself), with a screenshot. */
async function check(p: Page, id: string, phase: string, end = false, tall = false) {
  if (!end) await p.evaluate(() => window.scrollTo(0, 0));
  // The board has drawn at its size (Pixi fits the canvas to it).
  await p.locator('#board canvas').waitFor();
  if (SHOTS) {
    mkdirSync(SHOTS, { recursive: true });
    await p.screenshot({ path: `${SHOTS}/${id}-${phase}.png` });
  }
  const { problems } = await layout(p, end, tall);
  expect({ phase, problems }).toEqual({ phase, problems: [] });
}

const bar = (p: Page) => p.locator('.talk-bar');

describe.each(Object.keys(VIEWPORTS))('at %s size', (size) => {
  it.each(CASES)(
    '$game: strips, bar, board and the move to make fit the first screen in every phase',
    async (c) => {
      const id = `${c.game}-${size}`;
      const first = await create(e2e.server.ws, {
        game: c.game,
        name: NAMES[0],
        clientSeed: 'a',
        options: c.options,
        ...(c.timed ? { clock: RAPID } : {}),
      });
      const players = [first];
      for (let s = 1; s < c.seats; s++)
        players.push(await join(e2e.server.ws, first.room.roomId, { name: NAMES[s], clientSeed: NAMES[s] }));
      await until(() => players.every((b) => b.seat !== null && b.token && b.view), 'the game to start', 10000);
      const roomId = first.room.roomId;
      const link = `${e2e.server.url}/r/${roomId}`;

      // The page holds Ben's seat (seat 1) with his token, as his own browser would.
      const context = await e2e.browser.newContext({ ...VIEWPORTS[size], reducedMotion: 'reduce' });
      await context.addInitScript(
        ([key, token]) => {
          localStorage.setItem('dicehall:name', 'Ben');
          localStorage.setItem(key, token);
        },
        [`dicehall:seat:${roomId}`, players[1].token!],
      );
      const p = trackErrors(await context.newPage());
      p.on('dialog', (d) => void d.accept());
      await p.goto(link);
      await p.locator('.strip.mine').waitFor();
      await check(p, id, 'set-up', false, c.tall);

      // Ben's colyseus.js player takes the seat back, both sides play a few steps, and the page comes back to it.
      players[1] = await join(e2e.server.ws, roomId, { seatToken: players[1].token, clientSeed: 'b2' });
      await until(() => players[1].seat === 1 && players[1].view, 'the seat back', 10000);
      await advance(players, 4);
      await p.reload();
      await p.locator('.strip.mine').waitFor();
      await check(p, id, 'mid-game', false, c.tall);

      if (c.draws) {
        players[0].room.send('draw');
        await bar(p).getByRole('button', { name: 'Accept the draw' }).waitFor();
        await check(p, id, 'offer', false, c.tall);
        await p.getByRole('button', { name: 'Decline the draw' }).click();
        await bar(p).locator('.talk-banner').waitFor({ state: 'hidden' });
      }

      // Ana drops: her countdown is in the bar, her strip says so; she comes back.
      await players[0].room.leave(false);
      await bar(p)
        .getByText(/Ana disconnected — \d+ s/)
        .waitFor();
      await check(p, id, 'disconnect', false, c.tall);
      players[0] = await reconnect(players[0]);
      await bar(p).locator('.away-banner').waitFor({ state: 'hidden' });

      // The end, with the page left scrolled at the bottom: it comes back to the result on the board.
      await p.evaluate(() => window.scrollTo(0, document.body.scrollHeight));
      for (const b of players) if (b.seat !== 1) b.room.send('resign');
      if (c.race) await p.getByRole('button', { name: 'Resign' }).click();
      await p.locator('.end-overlay').waitFor();
      // (Within a pixel: scrolling to a fractional position leaves it at -0.3 px at 360x640, ratio 2.)
      await p.waitForFunction(() => {
        const r = document.querySelector('.end-overlay')!.getBoundingClientRect();
        return r.top >= -1 && r.bottom <= innerHeight + 1;
      });
      await check(p, id, 'end', true, c.tall);

      // A rematch asked of the page: Accept in the bar, the overlay still there.
      players[0].room.send('rematch');
      await bar(p).getByRole('button', { name: 'Accept and play again' }).waitFor();
      // (A tall board on a short phone: its bar is above the overlay, the page is read from the top.)
      await check(p, id, 'rematch-offer', !(c.tall && size === 'small'), c.tall);

      await context.close();
      // Ben's displaced player never hears back from its room: nobody waits for the goodbyes.
      for (const b of players) void b.room.leave().catch(() => undefined);
    },
    90000,
  );
});

it('a page that has lost the server stops saying the others are connected, and says so again once back', async () => {
  const ana = await create(e2e.server.ws, { game: 'shields', name: 'Ana', clientSeed: 'a' });
  const ben = await join(e2e.server.ws, ana.room.roomId, { name: 'Ben', clientSeed: 'b' });
  await until(() => ben.token && ben.view, 'the game to start', 10000);
  const context = await e2e.browser.newContext({ ...VIEWPORTS.phone, reducedMotion: 'reduce' });
  await context.addInitScript(
    ([key, token]) => localStorage.setItem(key, token),
    [`dicehall:seat:${ana.room.roomId}`, ben.token!],
  );
  const p = trackErrors(await context.newPage());
  await p.goto(`${e2e.server.url}/r/${ana.room.roomId}`);
  const anaPresence = p.locator('.strip.seat-0 .presence');
  await anaPresence.filter({ hasText: '— connected' }).waitFor();
  await context.setOffline(true);
  await p.locator('.strip.mine .presence').filter({ hasText: 'reconnecting' }).waitFor({ timeout: 20000 });
  expect(await anaPresence.textContent()).toBe('');
  expect(await p.locator('.strip.seat-0 .dot').getAttribute('class')).toContain('unknown');
  await context.setOffline(false);
  await anaPresence.filter({ hasText: '— connected' }).waitFor({ timeout: 20000 });
  await context.close();
  for (const b of [ana, ben]) void b.room.leave().catch(() => undefined);
}, 60000);
