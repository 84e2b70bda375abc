// Play over days (issue 33, item 5): 100,000 sleeping turn-based games in the store cost a server nothing. Boots a
// real server process on an empty PostgreSQL schema, then on one holding 100,000 unfinished Dice Chess games with
// deadlines (each with its seats, a log entry and a turn row), and compares: memory after a full GC, start time,
// the deadline sweep's time (none due, and 100 due at once), and "Your games" for 50 of the tables in one request.
// Run: npx tsx --tsconfig tsconfig.base.json bench/days.bench.ts   (needs the test PostgreSQL: test/services)
import { spawn, type ChildProcess } from 'node:child_process';
import net from 'node:net';
import { randomBytes } from 'node:crypto';
import { Client } from 'pg';
import { getGame } from '@dicehall/shared';
import { openPostgres } from '../server/src/store/postgres';
import { migrate } from '../server/src/store/sql';
import { TEST_PG_URL } from '../test/services/urls';

const GAMES = Number(process.env.GAMES ?? 100_000);
const schema = `days_bench_${randomBytes(4).toString('hex')}`;

const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });

async function boot(): Promise<{ child: ChildProcess; url: string; startMs: number }> {
  const port = await freePort();
  const t0 = performance.now();
  const child = spawn(process.execPath, ['--expose-gc', '--import', 'tsx', 'server/src/index.ts'], {
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: 'tsconfig.base.json',
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: TEST_PG_URL,
      DATABASE_SCHEMA: schema,
      DAYS_TEST_TIME: '1',
      DEADLINE_SWEEP_MS: '0',
      LOG_LEVEL: 'warn',
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 1200; i++) {
    const h = await fetch(`${url}/health`).then(
      (r) => r.json() as Promise<{ ready: boolean; store: string }>,
      () => null,
    );
    if (h?.ready && h.store === 'ready') return { child, url, startMs: performance.now() - t0 };
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error('the server did not start');
}

async function stop(child: ChildProcess) {
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}

/** Memory after a full GC, settled: the lowest of five readings a second apart. */
async function memory(url: string): Promise<{ heapMB: number; rssMB: number }> {
  let heap = Number.POSITIVE_INFINITY;
  let rss = Number.POSITIVE_INFINITY;
  for (let i = 0; i < 5; i++) {
    const m = (await (await fetch(`${url}/api/test/memory`)).json()) as { heapUsed: number; rss: number };
    heap = Math.min(heap, m.heapUsed);
    rss = Math.min(rss, m.rss);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { heapMB: +(heap / 2 ** 20).toFixed(1), rssMB: +(rss / 2 ** 20).toFixed(1) };
}

async function sweepMs(
  url: string,
  runs = 20,
): Promise<{ due: number; queryP50: number; totalP50: number; max: number }> {
  const q: number[] = [];
  const t: number[] = [];
  let due = 0;
  for (let i = 0; i < runs; i++) {
    const r = (await (await fetch(`${url}/api/test/sweep`, { method: 'POST' })).json()) as {
      due: number;
      queryMs: number;
      totalMs: number;
    };
    q.push(r.queryMs);
    t.push(r.totalMs);
    due = r.due;
  }
  const mid = (xs: number[]) => +[...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!.toFixed(2);
  return { due, queryP50: mid(q), totalP50: mid(t), max: +Math.max(...t).toFixed(2) };
}

const token = (i: number) => `benchtoken${String(i).padStart(22, '0')}`;

async function yourGamesMs(url: string, runs = 20): Promise<{ tables: number; p50: number; max: number }> {
  const seats = Array.from({ length: 50 }, (_, i) => ({ room: `r${i}`, token: token(i) }));
  const times: number[] = [];
  let tables = 0;
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    const res = await fetch(`${url}/api/your-games`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ seats }),
    });
    tables = ((await res.json()) as { games: unknown[] }).games.length;
    times.push(performance.now() - t0);
  }
  times.sort((a, b) => a - b);
  return { tables, p50: +times[Math.floor(runs / 2)]!.toFixed(1), max: +times.at(-1)!.toFixed(1) };
}

async function main() {
  const sql = await openPostgres({ connectionString: TEST_PG_URL, schema, prepare: migrate });
  try {
    // An empty store first.
    const empty = await boot();
    const before = await memory(empty.url);
    const sweepEmpty = await sweepMs(empty.url);
    await stop(empty.child);

    const version = String(getGame('dice-chess')!.rulesVersion);
    const now = Date.now();
    const t0 = performance.now();
    // One plain connection without the store's query timeouts: the fill takes longer than any game write may.
    const pg = new Client({ connectionString: TEST_PG_URL });
    await pg.connect();
    await pg.query(`SET search_path TO ${schema}`);
    await pg.query(`
      INSERT INTO games (game_id, room_id, round, game, rules_version, options, seat_count, commitment, server_seed,
                         client_seed, room, created_at)
        SELECT 'g' || i, 'r' || i, 0, 'dice-chess', '${version}', '{}', 2, repeat('c', 64), repeat('s', 64), 'a:b',
               '{"create":{"game":"dice-chess","clock":{"mode":"days","days":1}}}', now()
        FROM generate_series(0, ${GAMES - 1}) i;
      INSERT INTO seats (game_id, seat, token_hash, name)
        SELECT 'g' || i, s, encode(sha256(convert_to(CASE WHEN s = 0 THEN 'benchtoken' || lpad(i::text, 22, '0')
               ELSE 'othertoken' || lpad(i::text, 22, '0') END, 'UTF8')), 'hex'), CASE WHEN s = 0 THEN 'Ana' ELSE 'Ben' END
        FROM generate_series(0, ${GAMES - 1}) i, generate_series(0, 1) s;
      INSERT INTO log_entries (game_id, seq, entry)
        SELECT 'g' || i, 0, '{"seq":0,"kind":"setup","seat":null,"rolls":[],"events":[],"at":${now}}'
        FROM generate_series(0, ${GAMES - 1}) i;
      INSERT INTO turns (game_id, room_id, seq, to_act, words, at, deadline, over)
        SELECT 'g' || i, 'r' || i, 3, CASE WHEN i % 2 = 0 THEN '[0]' ELSE '[1]' END, 'Ben moved a knight', ${now},
               ${now} + 3600000 + (i % 86400) * 1000, false
        FROM generate_series(0, ${GAMES - 1}) i;
      ANALYZE;
    `);
    await pg.end();
    const fillS = +((performance.now() - t0) / 1000).toFixed(1);

    const full = await boot();
    const after = await memory(full.url);
    const sweepNone = await sweepMs(full.url);
    const yours = await yourGamesMs(full.url);
    const plan = await sql.query<{ 'QUERY PLAN': string }>(
      `EXPLAIN SELECT game_id, room_id, deadline FROM turns WHERE deadline IS NOT NULL AND deadline <= ${now} ORDER BY deadline LIMIT 200`,
    );
    await stop(full.child);

    console.log(
      JSON.stringify(
        {
          games: GAMES,
          fillSeconds: fillS,
          start: { emptyMs: Math.round(empty.startMs), fullMs: Math.round(full.startMs) },
          memory: {
            empty: before,
            full: after,
            heapDeltaMB: +(after.heapMB - before.heapMB).toFixed(1),
            rssDeltaMB: +(after.rssMB - before.rssMB).toFixed(1),
          },
          sweep: { empty: sweepEmpty, full: sweepNone },
          yourGames50: yours,
          sweepPlan: plan.map((r) => r['QUERY PLAN']),
        },
        null,
        2,
      ),
    );
  } finally {
    await sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`).catch(() => {});
    await sql.close();
  }
}

void main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
