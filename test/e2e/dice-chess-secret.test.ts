// C2 in real browsers: an arrangement starts from a layout shuffled privately in the player's browser, so a player
// who confirms at once reveals nothing the public log had shown; the opponent's page receives no layout until both confirm.
import type { BrowserContextOptions, Page } from 'playwright-core';
import { join, until } from '../helpers/server';
import { shot } from '../helpers/browser';
import { e2eSetup } from '../helpers/e2e';

const e2e = e2eSetup();

const DESK2 = { viewport: { width: 1280, height: 720 }, deviceScaleFactor: 2, reducedMotion: 'reduce' as const };
const PHONE3 = {
  viewport: { width: 390, height: 844 },
  deviceScaleFactor: 3,
  isMobile: true,
  hasTouch: true,
  reducedMotion: 'reduce' as const,
};

/** A page whose received WebSocket frames are all kept, as text. */
async function open(options: BrowserContextOptions): Promise<{ page: Page; frames: string[] }> {
  const page = await e2e.open(options);
  const frames: string[] = [];
  page.on('websocket', (ws) =>
    ws.on('framereceived', ({ payload }) =>
      frames.push(typeof payload === 'string' ? payload : Buffer.from(payload).toString('latin1')),
    ),
  );
  return { page, frames };
}

const slots = (p: Page) => p.getByRole('group', { name: 'Your home squares' }).getByRole('button');

/** The layout a page shows, square → value, from its home-square buttons ("a1: 4"). */
async function layout(p: Page): Promise<Record<string, number>> {
  await slots(p).first().waitFor();
  const out: Record<string, number> = {};
  for (const t of await slots(p).allTextContents()) {
    const [sq, v] = t.split(': ');
    out[sq] = Number(v);
  }
  return out;
}

const inOrder = (l: Record<string, number>, squares: string[]) => JSON.stringify(squares.map((s) => l[s]));

it('C2 a player who confirms at once reveals nothing the log had shown: shuffled privately, hidden until both confirm', async () => {
  const ana = await open(DESK2);
  await ana.page.goto(`${e2e.server.url}/`);
  await ana.page.getByLabel('Your name').fill('Ana');
  await ana.page.getByLabel('Game').selectOption({ label: 'Dice Chess' });
  await ana.page.getByLabel('Setup').selectOption({ label: 'Arrange your dice in secret' });
  await ana.page.getByRole('button', { name: 'Create room' }).click();
  await ana.page.waitForURL(/\/r\/[\w-]+$/);
  const roomId = ana.page.url().split('/r/')[1];
  const ben = await open(PHONE3);
  await ben.page.goto(ana.page.url());
  await ben.page.getByLabel('Your name').fill('Ben');
  await ben.page.getByRole('button', { name: 'Sit down' }).click();
  // A watcher over the wire reads the public view: the rolled order everyone has seen in the log.
  const sam = await join(e2e.server.ws, roomId, { name: 'Sam', want: 'watch' });
  const publicView = await until(() => {
    const v = sam.view;
    return v?.phase === 'arrange' && v;
  }, 'the arrangement phase');
  const seat = 0; // the room's creator sits first
  const squares: string[] = publicView.homeSquares[seat];
  const rolledOrder = JSON.stringify(publicView.rolled[seat]);
  const sorted = JSON.stringify([...publicView.rolled[seat]].sort());

  // The screen says the layout stays hidden; the starting layout is a private shuffle, not the rolled order.
  await ana.page
    .getByText(
      /starts shuffled in this browser and stays hidden from your opponent and watchers until both of you confirm/,
    )
    .waitFor();
  const first = await layout(ana.page);
  expect(JSON.stringify(Object.values(first).sort())).toBe(sorted);
  expect(inOrder(first, squares)).not.toBe(rolledOrder);
  await shot(ana.page, 'dice-chess-secret-arrange-desktop2');
  await ben.page.getByRole('button', { name: 'Shuffle' }).scrollIntoViewIfNeeded();
  await shot(ben.page, 'dice-chess-secret-arrange-phone3');

  // Another run (a reload) starts from another layout of the same dice; Shuffle draws yet another.
  await ana.page.reload();
  const second = await layout(ana.page);
  expect(JSON.stringify(Object.values(second).sort())).toBe(sorted);
  expect(inOrder(second, squares)).not.toBe(inOrder(first, squares));
  const shown = (await slots(ana.page).allTextContents()).join();
  await ana.page.getByRole('button', { name: 'Shuffle' }).click();
  await ana.page.waitForFunction(
    (before) => [...document.querySelectorAll('.dc-slot')].map((b) => b.textContent).join() !== before,
    shown,
  );
  const confirmed = await layout(ana.page);
  expect(inOrder(confirmed, squares)).not.toBe(rolledOrder);

  // Ana confirms at once. Ben's page learns that she confirmed, and nothing of where her dice are.
  const secret = inOrder(confirmed, squares);
  const benBefore = ben.frames.length;
  await ana.page.getByRole('button', { name: 'Confirm arrangement' }).click();
  await ana.page.getByText('Waiting for the opponent to arrange…').waitFor();
  await ben.page.getByRole('list', { name: 'Game log' }).getByText('Ana has confirmed an arrangement').waitFor();
  const received = ben.frames.join('');
  expect(ben.frames.length).toBeGreaterThan(benBefore);
  // Her confirmation's log line: its event `[keys, "arranged", 0]` (shared/src/core/log-line.ts).
  expect(received).toMatch(/\[\d+,"arranged",0\]/);
  expect(received).not.toContain(secret);
  // Views travel as JSON text, whole (`"key":value`) or as patches shaped like the view (`"key":[value]` set whole,
  // `"key":{...}` changed inside); the flat diff ops of earlier versions (`[[...path,"key"],value]`) are searched too.
  expect(received).not.toMatch(/"arrangement"(:\[|:\{|\],\[|,\d)/);
  expect(received).not.toMatch(/"board"(:\[\[?\{|:\{|\],\[\{|,\d+\],\{)/);
  expect(sam.view.board).toEqual([]);
  // Control: Ana's own page does receive her arrangement, in the form searched for above.
  expect(ana.frames.join('')).toMatch(new RegExp(`"arrangement"(:|\\],|:\\[)${secret.replace(/[[\]]/g, '\\$&')}`));

  // Ben confirms; the reveal shows Ana's dice exactly where she confirmed them.
  await ben.page.getByRole('button', { name: 'Confirm arrangement' }).click();
  await ben.page.getByRole('list', { name: 'Game log' }).getByText('Both arrangements are revealed').waitFor();
  const board = await until(() => {
    const v = sam.view;
    return v?.board?.length === 32 && v.board;
  }, 'the reveal');
  const revealed = Object.fromEntries(
    board
      .filter((d: { owner: number }) => d.owner === seat)
      .map((d: { square: string; value: number }) => [d.square, d.value]),
  );
  expect(inOrder(revealed, squares)).toBe(secret);
}, 90000);
