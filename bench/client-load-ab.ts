// Board load time of two builds, paired: the same throttled phone as bench/client-load.ts (390x844 ratio 3, 1.6 Mbps
// down, 150 ms RTT, CPU 4x slower, cold cache), alternating cold room links between this checkout's server and
// another checkout's (OTHER=/path/to/checkout, built with `npm run build:client`), A B B A A B …, so both builds
// see the same machine load. On a shared 2-core machine whose load average swings between 3 and 15 within minutes,
// rounds measured one after the other differ by more than the change; paired loads a few seconds apart do not.
// `OTHER=/tmp/before RUNS=8 npx tsx --tsconfig tsconfig.base.json bench/client-load-ab.ts` (GAMES='Dice Chess').
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { DEVICES, launch, throttle } from '../test/helpers/browser';
import { boardDrawn, runningRoom } from './phone';

const OTHER = process.env.OTHER;
const RUNS = Number(process.env.RUNS ?? 6);
const GAMES = (process.env.GAMES ?? 'Dice Chess,Shields').split(',');

/** The other checkout's server in its own process (its own server code and client build), on a free port. */
async function otherServer(dir: string): Promise<{ base: string; stop: () => void }> {
  const script = path.join(mkdtempSync(path.join(tmpdir(), 'dicehall-ab-')), 'serve.ts');
  writeFileSync(
    script,
    `import { loadConfig } from '${dir}/server/src/config';\nimport { startServer } from '${dir}/server/src/app';\n` +
      `startServer(loadConfig({}, { port: 0, host: '127.0.0.1' })).then((s) => console.log('PORT ' + s.port));\n`,
  );
  // Its own process group: npx starts tsx, which starts node; stopping the group stops all three.
  const child: ChildProcess = spawn('npx', ['tsx', '--tsconfig', `${dir}/tsconfig.base.json`, script], {
    cwd: dir,
    stdio: ['ignore', 'pipe', 'inherit'],
    detached: true,
  });
  const port = await new Promise<number>((resolve, reject) => {
    let out = '';
    child.stdout!.on('data', (b: Buffer) => {
      out += b.toString();
      const m = out.match(/PORT (\d+)/);
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`the other server exited (${code})`)));
  });
  return { base: `http://127.0.0.1:${port}`, stop: () => process.kill(-child.pid!, 'SIGTERM') };
}

/** A fresh throttled phone context (empty cache), as in bench/client-load.ts. */
async function phone(browser: Browser): Promise<{ page: Page; close: () => Promise<void> }> {
  const context = await browser.newContext(DEVICES.phone);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp, 4);
  return { page, close: () => context.close() };
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const m = Math.floor(s.length / 2);
  return s.length % 2 ? s[m]! : Math.round((s[m - 1]! + s[m]!) / 2);
};
const load = () => loadavg()[0]!.toFixed(1);

async function main() {
  if (!OTHER) throw new Error('OTHER=/path/to/another/checkout (its client built)');
  const here = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1' }));
  const other = await otherServer(path.resolve(OTHER));
  const sides = { A: `http://127.0.0.1:${here.port}`, B: other.base };
  const browser = await launch();
  console.log(`A = this checkout, B = ${OTHER}; ${RUNS} cold loads each, paired A B B A …; load average ${load()}`);
  for (const game of GAMES) {
    const rooms = { A: await runningRoom(browser, sides.A, game), B: await runningRoom(browser, sides.B, game) };
    const ms: Record<'A' | 'B', number[]> = { A: [], B: [] };
    for (let i = 0; i < RUNS; i++) {
      for (const side of i % 2 ? (['B', 'A'] as const) : (['A', 'B'] as const)) {
        const p = await phone(browser);
        const t0 = Date.now();
        await p.page.goto(rooms[side].link);
        await boardDrawn(p.page);
        ms[side].push(Date.now() - t0);
        await p.close();
      }
    }
    const diff = ms.A.map((a, i) => a - ms.B[i]!);
    console.log(
      `${game}: A median ${median(ms.A)} ms [${ms.A.join(', ')}]; B median ${median(ms.B)} ms [${ms.B.join(', ')}]; ` +
        `A − B per pair: median ${median(diff)} ms, A faster in ${diff.filter((d) => d < 0).length} of ${RUNS}; load ${load()}`,
    );
    await rooms.A.close();
    await rooms.B.close();
  }
  await browser.close();
  other.stop();
  await here.close();
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
