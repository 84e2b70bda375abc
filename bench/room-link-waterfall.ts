// The download waterfall of a cold room link on a throttled phone (1.6 Mbps down, 150 ms RTT; CPU slowdown CPU=n,
// default 1): every request's start and end, the first WebSocket frame and the board drawn. Shows the waves of
// downloads a link costs (issue 9). Run after `npm run build`:
// `npx tsx --tsconfig tsconfig.base.json bench/room-link-waterfall.ts` (GAME='Shields' for another board).
// PROFILE=1 also records the page's JavaScript CPU profile during the load and prints the main thread's time by
// script and the heaviest functions (self time), and the long tasks (≥ 50 ms) as they fell.

import type { Page } from 'playwright-core';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { DESKTOP, DEVICES, launch, throttle } from '../test/helpers/browser';
import { boardDrawn } from './phone';
const CPU = Number(process.env.CPU ?? 1);
const PROFILE = process.env.PROFILE === '1';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}
/** Self time (ms) by script and by function of a CDP CPU profile. */
function summarize(profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] }, base: string) {
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<number, number>();
  profile.samples.forEach((id, i) => {
    self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
  });
  const byScript = new Map<string, number>();
  const byFn = new Map<string, number>();
  for (const [id, ms] of self) {
    const f = byId.get(id)!.callFrame;
    const script = f.url.replace(base, '') || `(${f.functionName || 'native'})`;
    byScript.set(script, (byScript.get(script) ?? 0) + ms);
    const fn = `${f.functionName || '(anonymous)'} ${f.url.replace(base, '').slice(-40)}:${f.lineNumber}`;
    byFn.set(fn, (byFn.get(fn) ?? 0) + ms);
  }
  const top = (m: Map<string, number>, n: number) =>
    [...m]
      .sort((a, b) => b[1] - a[1])
      .slice(0, n)
      .map(([k, v]) => `    ${v.toFixed(0).padStart(6)} ms  ${k}`)
      .join('\n');
  console.log(`  main thread by script (self time):\n${top(byScript, 12)}\n  heaviest functions:\n${top(byFn, 20)}`);
}
async function main() {
  const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1' }));
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await launch();
  const hc = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const host = await hc.newPage();
  await host.goto(`${base}/`);
  await host.getByLabel('Your name').fill('Ana');
  await host.getByLabel('Game').selectOption({ label: process.env.GAME ?? 'Dice Chess' });
  await host.getByRole('button', { name: 'Create room' }).click();
  await host.waitForURL(/\/r\/[\w-]+$/);
  const link = host.url();
  const gc = await browser.newContext({ viewport: DESKTOP, reducedMotion: 'reduce' });
  const guest = await gc.newPage();
  await guest.goto(link);
  await guest.getByLabel('Your name').fill('Ben');
  await guest.getByRole('button', { name: 'Sit down' }).click();
  await guest.waitForTimeout(1500);
  for (let run = 0; run < 2; run++) {
    const context = await browser.newContext(DEVICES.phone);
    const page: Page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await throttle(cdp, CPU);
    const t0 = Date.now();
    const reqs = new Map<string, { url: string; start: number; end?: number; bytes?: number }>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; request: { url: string } }) =>
      reqs.set(e.requestId, { url: e.request.url.replace(base, ''), start: Date.now() - t0 }),
    );
    cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
      const r = reqs.get(e.requestId);
      if (r) {
        r.end = Date.now() - t0;
        r.bytes = e.encodedDataLength;
      }
    });
    cdp.on('Network.webSocketCreated', () => console.log(`  ws created ${Date.now() - t0} ms`));
    let firstFrame = 0;
    cdp.on('Network.webSocketFrameReceived', () => {
      if (!firstFrame) {
        firstFrame = Date.now() - t0;
      }
    });
    if (PROFILE) {
      await cdp.send('Profiler.enable');
      await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
      await cdp.send('Profiler.start');
      await page.addInitScript(() => {
        const w = window as unknown as { __long: [number, number][] };
        w.__long = [];
        new PerformanceObserver((l) => {
          for (const e of l.getEntries()) w.__long.push([Math.round(e.startTime), Math.round(e.duration)]);
        }).observe({ type: 'longtask', buffered: true });
      });
    }
    await page.goto(link);
    const dcl = Date.now() - t0;
    await boardDrawn(page);
    const drawn = Date.now() - t0;
    console.log(`run ${run} CPU x${CPU}: goto ${dcl} ms, first ws frame ${firstFrame} ms, board drawn ${drawn} ms`);
    if (PROFILE) {
      const { profile } = await cdp.send('Profiler.stop');
      summarize(profile as never, base);
      const long = await page.evaluate(() => (window as unknown as { __long: [number, number][] }).__long);
      console.log(`  long tasks [start, ms]: ${long.map(([a, d]) => `[${a}, ${d}]`).join(' ')}`);
    }
    for (const r of [...reqs.values()].sort((a, b) => a.start - b.start))
      console.log(
        `  ${String(r.start).padStart(5)} → ${String(r.end ?? '?').padStart(5)}  ${String(r.bytes ?? '').padStart(7)}  ${r.url.slice(0, 80)}`,
      );
    await context.close();
  }
  await browser.close();
  await server.close();
  process.exit(0);
}
main();
