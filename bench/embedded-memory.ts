// Memory of the small default (issue 31, item 4): RSS of the server as `npm start` runs it (server/dist, its V8
// flags) on the embedded store: idle on a fresh data directory, idle after a restart on it, and with ROOMS rooms in
// play; PostgreSQL mode (MODE=postgres, DATABASE_URL or the local test database) for comparison.
// `npx tsc -b server && npx tsx --tsconfig tsconfig.base.json bench/embedded-memory.ts` (ROOMS=500, PLAY_SECONDS=30;
// SERVER_V8 the server's V8 flags, default npm start's).
// RSS from /proc: the process's own pages, worker threads (PGlite, bots) included; the peak is VmHWM. Where it goes:
// the WebAssembly memory (PGlite's, the one mapping of several GiB reserved) from /proc/<pid>/smaps, the main
// thread's V8 heap spaces and its event-loop delay from bench/mem-report.cjs, preloaded into the server.
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, unlinkSync } from 'node:fs';
import net from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Client, type Room } from 'colyseus.js';

const ROOT = path.resolve(__dirname, '..');
const ROOMS = Number(process.env.ROOMS ?? 500);
const PLAY_SECONDS = Number(process.env.PLAY_SECONDS ?? 30);
const MODE = process.env.MODE ?? 'embedded';
/** The server's V8 flags: `npm start`'s unless SERVER_V8 says otherwise. */
const V8_FLAGS = (process.env.SERVER_V8 ?? '--v8-pool-size=1 --heap-growing-percent=50').split(' ').filter(Boolean);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const REPORT = path.join(tmpdir(), `dicehall-mem-${process.pid}.json`);

interface Report {
  rss: number;
  heapTotal: number;
  spaces: Record<string, number>;
  loopMs: { p50: number; p99: number; max: number };
}

/** The server's own account (bench/mem-report.cjs): V8 heap spaces of the main thread, event-loop delay since last. */
async function report(pid: number): Promise<Report> {
  if (existsSync(REPORT)) unlinkSync(REPORT);
  process.kill(pid, 'SIGUSR2');
  for (let i = 0; i < 100 && !existsSync(REPORT); i++) await sleep(50);
  await sleep(50);
  return JSON.parse(readFileSync(REPORT, 'utf8')) as Report;
}

/**
 * Resident MB of the WebAssembly memory (PGlite's): V8 maps it read-write right before a guard region of several
 * GiB that it reserves with no access (---p), so it is the read-write mapping that such a region follows.
 */
function wasmRss(pid: number): number {
  const maps: { start: bigint; end: bigint; perms: string; rss: number }[] = [];
  for (const line of readFileSync(`/proc/${pid}/smaps`, 'utf8').split('\n')) {
    const head = /^([0-9a-f]+)-([0-9a-f]+) (\S+) /.exec(line);
    if (head) maps.push({ start: BigInt(`0x${head[1]}`), end: BigInt(`0x${head[2]}`), perms: head[3]!, rss: 0 });
    const rss = /^Rss:\s+(\d+) kB/.exec(line);
    if (rss && maps.length > 0) maps[maps.length - 1]!.rss = Number(rss[1]);
  }
  let kb = 0;
  maps.forEach((m, i) => {
    const next = maps[i + 1];
    if (
      m.perms === 'rw-p' &&
      next &&
      next.start === m.end &&
      next.perms === '---p' &&
      next.end - next.start >= 1n << 30n
    )
      kb += m.rss;
  });
  return Math.round(kb / 1024);
}

/** One row's breakdown: WebAssembly memory, the main thread's young generation and whole heap, loop delay. */
async function where(pid: number): Promise<string> {
  const r = await report(pid);
  const young = (r.spaces.new_space ?? 0) + (r.spaces.new_large_object_space ?? 0);
  return `wasm ${wasmRss(pid)} MB, main heap ${r.heapTotal} MB (young ${young}, old ${r.spaces.old_space ?? 0}), loop p99 ${r.loopMs.p99.toFixed(1)} / max ${r.loopMs.max.toFixed(1)} ms`;
}

const status = (pid: number) => {
  const s = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = (k: string) => Number(new RegExp(`${k}:\\s+(\\d+)`).exec(s)?.[1] ?? 0);
  return { rss: Math.round(kb('VmRSS') / 1024), peak: Math.round(kb('VmHWM') / 1024) };
};
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

async function start(env: Record<string, string>): Promise<{ child: ChildProcess; port: number; readyMs: number }> {
  const port = await freePort();
  const t = Date.now();
  const child = spawn(process.execPath, [...V8_FLAGS, '--require', './bench/mem-report.cjs', 'server/dist/index.js'], {
    cwd: ROOT,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'warn',
      MEM_REPORT: REPORT,
      ROOMS_PER_MINUTE: '100000',
      JOINS_PER_MINUTE: '100000',
      ...env,
    },
  });
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited with ${child.exitCode}`);
    const h = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.json() as Promise<{ ready?: boolean }>,
      () => null,
    );
    if (h?.ready) return { child, port, readyMs: Date.now() - t };
    await sleep(200);
  }
}

async function stop(child: ChildProcess) {
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

/** Idle RSS: sampled for 10 s after a 5 s settle; the last sample and the peak so far. */
async function idle(pid: number) {
  await sleep(5000);
  let last = status(pid);
  for (let i = 0; i < 10; i++, await sleep(1000)) last = status(pid);
  return last;
}

/** ROOMS rooms of High Roll, two players each, rolling in turn (a rematch after each game) for PLAY_SECONDS. */
async function play(port: number, pid: number) {
  const url = `ws://127.0.0.1:${port}`;
  const rooms: Room[][] = [];
  for (let i = 0; i < ROOMS; i += 25) {
    const batch = await Promise.all(
      Array.from({ length: Math.min(25, ROOMS - i) }, async () => {
        const a = await new Client(url).create('table', { game: 'high-roll', name: 'Ana' });
        const b = await new Client(url).joinById(a.roomId, { name: 'Ben' });
        return [a, b];
      }),
    );
    rooms.push(...batch);
  }
  let actions = 0;
  let stopped = false;
  for (const pair of rooms)
    for (const r of pair) {
      r.onMessage('*', () => undefined);
      // Each player rolls at a jittered 1–3 s pace; refused out-of-turn rolls cost the server a parse and a reply.
      const tick = () => {
        if (stopped || !r.connection.isOpen) return;
        const phase = (r.state as any)?.phase;
        if (phase === 'over') r.send('rematch');
        else r.send('action', { type: 'roll' });
        actions++;
        setTimeout(tick, 1000 + Math.random() * 2000);
      };
      setTimeout(tick, Math.random() * 2000);
    }
  let max = 0;
  await report(pid);
  const end = Date.now() + PLAY_SECONDS * 1000;
  while (Date.now() < end) {
    await sleep(1000);
    max = Math.max(max, status(pid).rss);
  }
  stopped = true;
  const last = status(pid);
  const breakdown = await where(pid);
  for (const pair of rooms) for (const r of pair) r.connection.close();
  return { ...last, max, actions, breakdown };
}

async function main() {
  const dir = mkdtempSync(path.join(tmpdir(), 'dicehall-mem-'));
  const storeEnv: Record<string, string> =
    MODE === 'postgres'
      ? {
          DATABASE_URL: process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test',
          DATABASE_SCHEMA: `mem_${process.pid}`,
        }
      : { DATA_DIR: dir };
  const rows: string[] = [];
  const fresh = await start(storeEnv);
  const a = await idle(fresh.child.pid!);
  rows.push(
    `| idle, ${MODE === 'postgres' ? 'new schema' : 'fresh directory'} | ${a.rss} MB | ${a.peak} MB | ready after ${fresh.readyMs} ms; ${await where(fresh.child.pid!)} |`,
  );
  await stop(fresh.child);
  const again = await start(storeEnv);
  const b = await idle(again.child.pid!);
  rows.push(
    `| idle, after a restart | ${b.rss} MB | ${b.peak} MB | ready after ${again.readyMs} ms; ${await where(again.child.pid!)} |`,
  );
  const c = await play(again.port, again.child.pid!);
  rows.push(
    `| ${ROOMS} rooms in play (${PLAY_SECONDS} s, ${Math.round(c.actions / PLAY_SECONDS)} messages/s) | ${c.rss} MB (max ${c.max}) | ${c.peak} MB | ${c.breakdown} |`,
  );
  await stop(again.child);
  rmSync(dir, { recursive: true, force: true });
  console.log(`${MODE}: RSS of the server process (node ${V8_FLAGS.join(' ')} server/dist/index.js)\n`);
  console.log('| state | RSS | peak RSS (VmHWM) | |\n| --- | ---: | ---: | --- |');
  for (const r of rows) console.log(r);
  if (MODE === 'postgres') console.log(`\n(the schema mem_${process.pid} is left in the database; drop it)`);
  process.exit(0);
}
void main();
