// Client weight and load time on a throttled phone: wire bytes of the home page, time until the home page is
// interactive and until a room's board is drawn, in headless Chromium at 390x844 (touch, ratio 3) with the network
// at 1.6 Mbps down / 150 ms RTT and the CPU slowed 4x through the DevTools protocol. Run after `npm run build`.
// THROTTLE=0 measures without throttling; RUNS sets the cold loads per measure (median reported).
// VIA=caddy puts Caddy in front, as deploy/Caddyfile does for a public server: HTTPS (a local certificate), so the
// browser speaks HTTP/2 and every asset, the join request and the socket share one connection. Without it the
// browser talks HTTP/1.1 to Node directly: six connections, and the join request queues behind the downloads.
// CHUNKS=1 also lists, for the first cold load of the home page and of each room link, every response on the wire
// (path and encoded bytes, largest first): which chunks a page downloads.
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { DEVICES, launch, throttle } from '../test/helpers/browser';
import { boardDrawn, runningRoom } from './phone';

const DIST = path.resolve(__dirname, '../client/dist');
const THROTTLE = process.env.THROTTLE !== '0';
const RUNS = Number(process.env.RUNS ?? 5);
const VIA_CADDY = process.env.VIA === 'caddy';
const CHUNKS = process.env.CHUNKS === '1';
/** Contexts accept Caddy's local certificate. */
const TLS = VIA_CADDY ? { ignoreHTTPSErrors: true } : {};

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as { port: number }).port;
      s.close(() => resolve(port));
    });
  });

/** Caddy serving https://localhost:<port> with its own local CA, proxying to the Node server. */
async function caddyInFront(upstream: number): Promise<{ base: string; stop: () => void }> {
  const port = await freePort();
  const dir = mkdtempSync(path.join(tmpdir(), 'dicehall-caddy-'));
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(
    file,
    `{\n\tadmin off\n\tskip_install_trust\n\tauto_https disable_redirects\n}\nhttps://localhost:${port} {\n\ttls internal\n\treverse_proxy 127.0.0.1:${upstream}\n}\n`,
  );
  const child: ChildProcess = spawn('caddy', ['run', '--config', file, '--adapter', 'caddyfile'], {
    env: { ...process.env, XDG_DATA_HOME: dir, XDG_CONFIG_HOME: dir },
    stdio: 'ignore',
  });
  const base = `https://localhost:${port}`;
  for (let i = 0; i < 100; i++) {
    const ok = await fetch(`${base}/health`).then(
      () => true,
      (e: { cause?: { code?: string } }) => e.cause?.code !== 'ECONNREFUSED',
    );
    if (ok) break;
    await new Promise((r) => setTimeout(r, 100));
  }
  return { base, stop: () => child.kill() };
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) =>
    statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : [path.join(dir, f)],
  );
}

/** The HTTP versions the measured pages' responses came over (h2 through Caddy, http/1.1 without it). */
const protocols = new Set<string>();

/** A fresh phone context (empty cache), throttled like a slow 3G-to-4G phone; counts the bytes that cross the wire. */
async function phone(
  browser: Browser,
): Promise<{ page: Page; wire: () => number; list: () => [string, number][]; close: () => Promise<void> }> {
  const context = await browser.newContext({ ...DEVICES.phone, ...TLS });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Network.enable');
  const urls = new Map<string, string>();
  cdp.on('Network.responseReceived', (e: { requestId: string; response: { url: string; protocol?: string } }) => {
    if (e.response.protocol) protocols.add(e.response.protocol);
    urls.set(e.requestId, new URL(e.response.url).pathname);
  });
  let bytes = 0;
  const each: [string, number][] = [];
  cdp.on('Network.loadingFinished', (e: { requestId: string; encodedDataLength: number }) => {
    bytes += e.encodedDataLength;
    each.push([urls.get(e.requestId) ?? e.requestId, e.encodedDataLength]);
  });
  if (THROTTLE) await throttle(cdp, 4);
  return { page, wire: () => bytes, list: () => [...each].sort((a, b) => b[1] - a[1]), close: () => context.close() };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)];
const range = (xs: number[]) => `median ${median(xs)} ms (min ${Math.min(...xs)}, max ${Math.max(...xs)})`;
const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
/** A page's responses, one a line: `  12.3 KiB  /assets/…`. */
const listing = (what: string, list: [string, number][]) =>
  console.log(`${what}, every response:\n${list.map(([u, n]) => `  ${kb(n).padStart(10)}  ${u}`).join('\n')}`);

async function main() {
  const assets = files(DIST).filter((f) => /\.(js|css|html)$/.test(f));
  let raw = 0;
  let gz = 0;
  let br = 0;
  for (const f of assets) {
    const b = readFileSync(f);
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
    br += brotliCompressSync(b).length;
  }
  console.log(`bundle: ${assets.length} files, ${kb(raw)} raw, ${kb(gz)} gzip, ${kb(br)} brotli`);

  const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1' }));
  const caddy = VIA_CADDY ? await caddyInFront(server.port) : null;
  const base = caddy?.base ?? `http://127.0.0.1:${server.port}`;
  const browser = await launch();
  console.log(
    `phone 390x844 ratio 3, ${THROTTLE ? '1.6 Mbps down, 150 ms RTT, CPU 4x slower' : 'no throttling'}, ${RUNS} cold loads each, ${caddy ? 'through Caddy (HTTPS)' : 'Node directly'}`,
  );

  const home: number[] = [];
  const homeBytes: number[] = [];
  const lobby: number[] = [];
  for (let i = 0; i < RUNS; i++) {
    const p = await phone(browser);
    const t0 = Date.now();
    await p.page.goto(`${base}/`);
    await p.page.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
    home.push(Date.now() - t0);
    await p.page.locator('[aria-label="Public rooms"][data-ready="true"]').waitFor({ timeout: 60000 });
    lobby.push(Date.now() - t0);
    homeBytes.push(p.wire());
    if (CHUNKS && i === 0) listing('home page with the lobby list', p.list());
    // A second visit: hashed assets come from the cache, index.html revalidates (304).
    if (i === 0) {
      const t1 = Date.now();
      const before = p.wire();
      await p.page.reload();
      await p.page.locator('body[data-ready="true"]').waitFor({ timeout: 60000 });
      console.log(`home, repeat visit (warm cache): ${Date.now() - t1} ms, ${kb(p.wire() - before)} on the wire`);
    }
    await p.close();
  }
  console.log(`home interactive (form usable): ${range(home)}`);
  console.log(
    `home with the live lobby list (network code loaded, lobby subscribed): ${range(lobby)}; on the wire ${kb(median(homeBytes))}`,
  );

  for (const game of ['Dice Chess', 'Shields']) {
    const room = await runningRoom(browser, base, game, TLS);
    const drawn: number[] = [];
    const bytes: number[] = [];
    for (let i = 0; i < RUNS; i++) {
      const p = await phone(browser);
      const t0 = Date.now();
      await p.page.goto(room.link);
      await boardDrawn(p.page);
      drawn.push(Date.now() - t0);
      bytes.push(p.wire());
      if (CHUNKS && i === 0) listing(`${game} room link (board drawn)`, p.list());
      await p.close();
    }
    console.log(`${game} board drawn from a cold link: ${range(drawn)}; on the wire ${kb(median(bytes))}`);
    await room.close();
  }
  console.log(`responses came over: ${[...protocols].join(', ')}`);
  await browser.close();
  caddy?.stop();
  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
