// Client weight and load time: gzip size of the production bundle, and time until the home page is ready
// in headless Chromium against a local server (median of runs). Run after `npm run build`.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { launch } from '../test/helpers/browser';

const DIST = path.resolve(__dirname, '../client/dist');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => (statSync(path.join(dir, f)).isDirectory() ? files(path.join(dir, f)) : [path.join(dir, f)]));
}

async function main() {
  const assets = files(DIST).filter((f) => /\.(js|css|html)$/.test(f));
  let raw = 0;
  let gz = 0;
  for (const f of assets) {
    const b = readFileSync(f);
    raw += b.length;
    gz += gzipSync(b, { level: 9 }).length;
  }
  const entry = readFileSync(path.join(DIST, 'index.html'), 'utf8');
  const initial = [...entry.matchAll(/(?:src|href)="\/(assets\/[^"]+\.(?:js|css))"/g)].map((m) => path.join(DIST, m[1]));
  const initialGz = initial.reduce((acc, f) => acc + gzipSync(readFileSync(f), { level: 9 }).length, 0);

  const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1' }));
  const browser = await launch();
  const times: number[] = [];
  for (let i = 0; i < 7; i++) {
    const context = await browser.newContext();
    const page = await context.newPage();
    const t0 = Date.now();
    await page.goto(`http://127.0.0.1:${server.port}/`);
    await page.locator('body[data-ready="true"]').waitFor();
    times.push(Date.now() - t0);
    await context.close();
  }
  await browser.close();
  await server.close();
  times.sort((a, b) => a - b);
  const kb = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  console.log(`bundle: ${assets.length} files, ${kb(raw)} raw, ${kb(gz)} gzip (entry chunk + css: ${kb(initialGz)} gzip)`);
  console.log(`home ready in headless Chromium (local server, cold context): median ${times[3]} ms, min ${times[0]} ms, max ${times[6]} ms`);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
