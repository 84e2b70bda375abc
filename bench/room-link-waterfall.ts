// The download waterfall of a cold room link on a throttled phone (1.6 Mbps down, 150 ms RTT; CPU slowdown CPU=n,
// default 1): every request's start and end, the first WebSocket frame and the board drawn. Shows the waves of
// downloads a link costs (issue 9). Run after `npm run build`:
// `npx tsx --tsconfig tsconfig.base.json bench/room-link-waterfall.ts` (GAME='Shields' for another board).

import type { Page } from 'playwright-core';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { DESKTOP, DEVICES, launch } from '../test/helpers/browser';
const CPU = Number(process.env.CPU ?? 1);
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
    await cdp.send('Network.enable');
    await cdp.send('Network.emulateNetworkConditions', {
      offline: false,
      latency: 150,
      downloadThroughput: 1.6e6 / 8,
      uploadThroughput: 750e3 / 8,
    });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU });
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
    await page.goto(link);
    const dcl = Date.now() - t0;
    await page.waitForFunction(
      () => {
        const g = (
          window as unknown as { __dicehall?: { geometry(): { labels: unknown[]; facts: Record<string, unknown> } } }
        ).__dicehall?.geometry();
        return !!g && g.labels.length > 0 && Object.keys(g.facts).length > 0;
      },
      undefined,
      { timeout: 60000, polling: 50 },
    );
    const drawn = Date.now() - t0;
    console.log(`run ${run} CPU x${CPU}: goto ${dcl} ms, first ws frame ${firstFrame} ms, board drawn ${drawn} ms`);
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
