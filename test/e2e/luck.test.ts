// The luck report in the browser (issue 34): folded on the end overlay of a game just played, open beside the replay
// with a chart whose points jump the replay to that roll, on a phone (ratio 3, touch) and desktops (ratios 2 and 1).
// What it says is checked against the report computed here from the same log (a game under a known seed, and a game
// played through the UI), and the phone's geometry: the report reachable, the chart inside 390 px.
import {
  advance,
  commitmentOf,
  FAIR_SCHEME,
  FairDice,
  getGame,
  LOG_FORMAT,
  luckReport,
  normalCdf,
  percentText,
  pick,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type GameLog,
  type LogEntry,
  type LuckReport,
} from '@dicehall/shared';
import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import type { DeviceName } from '../helpers/browser';
import { e2eSetup, moves, status, whoseTurn } from '../helpers/e2e';
import { enter, startTable as seatTable } from '../helpers/party';
import { sleep, until, type Player } from '../helpers/server';

const e2e = e2eSetup();
/** Screenshots for the note go outside the repository when SHOTS is set. */
const SHOTS = process.env.SHOTS;
const shoot = async (page: Page, name: string) => {
  if (!SHOTS) return;
  mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: `${SHOTS}/${name}.png`, fullPage: false });
};

/** A finished Shields game under a known server seed, its choices from a seeded source: the same log every run. */
function knownShieldsLog(): GameLog {
  const module = getGame('shields')!;
  const serverSeed = `${'5e'.repeat(31)}01`;
  const gameId = '0000000000000a34';
  const clientSeed = 'luck-e2e';
  const dice = new RecordingDice(new FairDice(serverSeed, { gameId, clientSeed }));
  const choose = seededDice(34);
  const start = startTable(module, {}, 2, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table;
  const entries: LogEntry[] = [start.entry];
  while (!resultOf(module, table)) {
    const seat = module.toAct(table.state)[0]!;
    const step = advance(module, table, seat, 'action', pick(choose, module.legalActions(table.state, seat)), dice);
    if (!step.ok) throw new Error(step.message);
    table = step.table;
    entries.push(step.entry);
  }
  return {
    format: LOG_FORMAT,
    game: 'shields',
    rules: module.rulesVersion,
    gameId,
    options: module.options.parse({}),
    seats: 2,
    players: ['Alice', 'Bob'],
    fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(serverSeed), clientSeed, serverSeed },
    entries,
    result: resultOf(module, table),
  };
}

function reportOf(log: GameLog): LuckReport {
  const r = luckReport(log, getGame);
  if (!r.ok) throw new Error(r.problem);
  return r;
}

/** Clicks (or taps) the chart where series point `k` is drawn, as a player aims at it. */
async function pickPoint(page: Page, report: LuckReport, k: number, touch: boolean) {
  const chart = page.locator('.luck-chart').first();
  await chart.scrollIntoViewIfNeeded();
  const box = (await chart.boundingBox())!;
  const n = report.series.length;
  const x = 6 + ((k + 1) * (box.width - 12)) / n;
  if (touch) await page.touchscreen.tap(box.x + x, box.y + box.height / 2);
  else await chart.click({ position: { x, y: box.height / 2 } });
}

/** The page fits its viewport's width (nothing scrolls sideways) and the chart lies inside it. */
async function fitsWidth(page: Page) {
  const { scroll, width, chart } = await page.evaluate(() => {
    const c = document.querySelector('.luck-chart')!.getBoundingClientRect();
    return {
      scroll: document.documentElement.scrollWidth,
      width: innerWidth,
      chart: [c.left, c.right],
    };
  });
  expect(scroll).toBeLessThanOrEqual(width);
  expect(chart[0]).toBeGreaterThanOrEqual(0);
  expect(chart[1]).toBeLessThanOrEqual(width);
}

describe('the replay of a game under a known seed', () => {
  const log = knownShieldsLog();
  const report = reportOf(log);
  const last = log.entries.length - 1;
  const moveOf = (seq: number) => log.entries.findIndex((e) => e.seq === seq);

  it.each<DeviceName>(['phone', 'desktop', 'desktop1'])(
    'says who the dice favoured and jumps to a tapped point of the chart (%s)',
    async (device) => {
      e2e.server.archive.put(log);
      // The sentence this seed gives, pinned: the report's numbers are the log's, not the browser's guess.
      expect(report.sentence).toBe(PINNED_SENTENCE);
      const page = await e2e.open(device);
      await page.goto(`${e2e.server.url}/replay/${log.gameId}`);
      await page.getByText(`Move ${last} of ${last}`).waitFor();
      const luck = page.getByRole('region', { name: 'Luck' });
      await luck.getByText(report.sentence, { exact: true }).waitFor();
      for (const s of report.seats)
        await luck.getByText(new RegExp(`^${s.name}: luckier than ${percent(s.percentile)} of fair games`)).waitFor();
      await expect(luck.getByRole('img', { name: /cumulative luck over \d+ counted rolls/ }).count()).resolves.toBe(1);
      await shoot(page, `replay-${device}`);
      if (device === 'phone') await fitsWidth(page);

      // A point of the chart: the replay shows that roll's move, and the board comes back into view.
      const k = Math.floor(report.series.length / 3);
      await pickPoint(page, report, k, device === 'phone');
      await page.getByText(`Move ${moveOf(report.series[k]!.seq)} of ${last}`).waitFor();
      const board = await page.locator('#board').boundingBox();
      expect(board!.y + board!.height).toBeGreaterThan(0);
      await shoot(page, `replay-picked-${device}`);
      // The biggest swing, by its button.
      const swing = report.swings[0]!;
      await luck.getByRole('button', { name: new RegExp(`^Move ${swing.seq} — `) }).click();
      await page.getByText(`Move ${moveOf(swing.seq)} of ${last}`).waitFor();
      // Every roll, folded until asked.
      await luck.getByText(/^Every roll \(/).click();
      const every = luck.getByRole('list', { name: 'Every roll' }).getByRole('listitem');
      await every.nth(report.rolls.length - 1).waitFor();
      await expect(every.count()).resolves.toBe(report.rolls.length);
      // `?at=` (the end overlay's chart links there) opens the replay at that move.
      await page.goto(`${e2e.server.url}/replay/${log.gameId}?at=${swing.seq}`);
      await page.getByText(`Move ${moveOf(swing.seq)} of ${last}`).waitFor();
      await page.context().close();
    },
    90000,
  );
});

it('folds the report on the end overlay of a game played through the UI, and opens the replay at a tapped roll', async () => {
  const ana = await e2e.open('desktop');
  await ana.goto(`${e2e.server.url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  const link = ana.url();
  const ben = await e2e.open('phone');
  await ben.goto(link);
  await ben.getByLabel('Your name').fill('Ben');
  await ben.getByRole('button', { name: 'Sit down' }).click();
  // A turn's button can go as the page catches up (the last roll ends the game): then whose turn is asked again.
  for (let p = await whoseTurn([ana, ben]); p; p = await whoseTurn([ana, ben]))
    await moves(p)
      .first()
      .click({ timeout: 5000 })
      .catch(() => undefined);
  await status(ana)
    .getByText(/^Game over/)
    .waitFor();
  const overlay = (p: Page) => p.getByRole('region', { name: 'Game over' });
  const gameId = new URL(
    (await overlay(ana).getByRole('link', { name: 'Replay this game' }).getAttribute('href'))!,
    link,
  ).pathname
    .split('/')
    .pop()!;
  const log = (await (await fetch(`${e2e.server.url}/api/games/${gameId}/log`)).json()) as GameLog;
  const report = reportOf(log);

  // A spectator who comes in after the end (a plain desktop, ratio 1) sees the same overlay and report.
  const sam = await e2e.open('desktop1');
  await sam.goto(link);
  for (const [page, device] of [
    [ana, 'desktop'],
    [ben, 'phone'],
    [sam, 'desktop1'],
  ] as const) {
    const folded = overlay(page).getByText('Luck: who had the better dice?');
    await folded.waitFor();
    // Folded: nothing of the report is shown (or fetched) until asked.
    await expect(overlay(page).locator('.luck-report').count()).resolves.toBe(0);
    await shoot(page, `end-folded-${device}`);
    await folded.click();
    await overlay(page).getByText(report.sentence, { exact: true }).waitFor();
    // Reachable on the phone: the open report scrolls inside the overlay, which stays on the screen.
    const sentence = overlay(page).getByText(report.sentence, { exact: true });
    await sentence.scrollIntoViewIfNeeded();
    const box = (await sentence.boundingBox())!;
    const view = page.viewportSize()!;
    expect(box.y).toBeGreaterThanOrEqual(0);
    expect(box.y + box.height).toBeLessThanOrEqual(view.height);
    expect(box.x + box.width).toBeLessThanOrEqual(view.width);
    await shoot(page, `end-open-${device}`);
    if (device === 'phone') await fitsWidth(page);
  }
  // A tap on the chart opens the replay at that roll's move.
  const k = report.series.length - 2;
  await pickPoint(ben, report, k, true);
  const seq = report.series[k]!.seq;
  await ben.waitForURL(new RegExp(`/replay/${gameId}\\?at=${seq}$`));
  const last = log.entries.length - 1;
  await ben.getByText(`Move ${log.entries.findIndex((e) => e.seq === seq)} of ${last}`).waitFor();
  await shoot(ben, 'end-picked-phone');
}, 120000);

it("adds up each member's luck over a party's games on its scoreboard, on a phone and a desktop", async () => {
  // Ana and Ben play two games of High Roll through real clients; Cat, Dan and Eve read the scoreboard in browsers.
  const ana = await enter(e2e.server.ws, null, 'Ana');
  const ben = await enter(e2e.server.ws, ana.room.roomId, 'Ben');
  ana.room.send('configure', { game: 'high-roll', options: {} });
  await until(() => ana.room.state.game === 'high-roll' && ana.room.state.seats === 2, 'the game set');
  const reports: LuckReport[] = [];
  for (let g = 0; g < 2; g++) {
    const players = await seatTable(ana, ana, ben);
    await playOut(players);
    await until(() => ana.room.state.finished.length === g + 1, 'the result on the scoreboard', 10000);
    const gameId = ana.room.state.finished[g].gameId as string;
    reports.push(reportOf(await (await fetch(`${e2e.server.url}/api/games/${gameId}/log`)).json()));
  }
  // The expected figure: the sum of the games' S against the sum of their σ², as a percentile.
  const expected = (seat: number) => {
    const s = reports.reduce((t, r) => t + r.seats[seat]!.luck, 0);
    const v = reports.reduce((t, r) => t + r.seats[seat]!.sd ** 2, 0);
    return `${percentText(normalCdf(s / Math.sqrt(v)))} · 2 games`;
  };
  for (const [device, watcher] of [
    ['phone', 'Cat'],
    ['desktop', 'Dan'],
    ['desktop1', 'Eve'],
  ] as const) {
    const cat = await e2e.open(device);
    await cat.goto(`${e2e.server.url}/`);
    await cat.evaluate((name) => localStorage.setItem('dicehall:name', name), watcher);
    await cat.goto(`${e2e.server.url}/p/${ana.room.roomId}`);
    const board = cat.getByRole('table', { name: 'Scoreboard' });
    await board.getByRole('columnheader', { name: 'Luck' }).waitFor();
    for (const [name, seat] of [
      ['Ana', 0],
      ['Ben', 1],
    ] as const)
      await board
        .getByRole('row', { name: new RegExp(`^${name} `) })
        .getByRole('cell', { name: expected(seat) })
        .waitFor();
    // A watcher has played no game: no luck to add up.
    await board
      .getByRole('row', { name: new RegExp(`^${watcher} `) })
      .getByRole('cell', { name: '–' })
      .first()
      .waitFor();
    await board.scrollIntoViewIfNeeded();
    if (device === 'phone') {
      const { scroll, width } = await cat.evaluate(() => ({
        scroll: document.documentElement.scrollWidth,
        width: innerWidth,
      }));
      expect(scroll).toBeLessThanOrEqual(width);
    }
    await shoot(cat, `party-${device}`);
    await cat.context().close();
  }
  await Promise.all([ana, ben].map((m) => m.room.leave()));
}, 120000);

/** Whose input the table awaits, as this client last heard (the view stream's, or the synced state's). */
const toAct = (p: Player): number[] => (p as Player & { toAct?: number[] }).toAct ?? p.room.state.toAct ?? [];

/** Both seats play the first legal action whenever it is their turn, until the table's game is over. */
async function playOut(players: Player[]) {
  const end = Date.now() + 30000;
  while (players[0]!.room.state.phase === 'playing') {
    if (Date.now() > end) throw new Error('the game did not end');
    for (const p of players) if (toAct(p).includes(p.seat!) && p.legal.length) p.room.send('action', p.legal[0]);
    await sleep(60);
  }
}

/** The report's percentages as it writes them (shared's percentText), escaped for a RegExp. */
const percent = (p: number) => percentText(p).replace('.', '\\.');

const PINNED_SENTENCE = 'The dice favoured Bob: their rolls were better than 99% of fair games like this one.';
