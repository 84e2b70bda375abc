// Durability's cost per action: acknowledged actions per second and the action→acknowledgement latency seen by
// the acting client (p50/p99), for N rooms of High Roll played (rematch after rematch) by real colyseus.js clients, with no store (the
// baseline), on PostgreSQL and on the embedded store. Each configuration runs in its own process (the matchmaker
// is process-wide), server and clients together, so every figure shares one machine state with its baseline only
// loosely: run it on a quiet machine and read the ratios.
//   npx tsx --tsconfig tsconfig.base.json bench/durable.bench.ts [rooms ...]   (default: 1 500)
// Needs the local PostgreSQL (DATABASE_URL or postgres://postgres@127.0.0.1:5432/test).
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';

const PG = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const SECONDS = Number(process.env.BENCH_SECONDS ?? 15);

interface Result {
  backend: string;
  rooms: number;
  acked: number;
  perSecond: number;
  p50: number;
  p99: number;
  errors: number;
  setupMs: number;
}

async function child(backend: string, rooms: number): Promise<Result> {
  const { loadConfig } = await import('../server/src/config');
  const { startServer } = await import('../server/src/app');
  const { openGameStore } = await import('../server/src/store/open-store');
  const { Client } = await import('colyseus.js');
  const { wirePlayer, until, logCount, toActOf } = await import('../test/helpers/server');
  const schema = `bench_${process.pid}_${randomBytes(3).toString('hex')}`;
  const dir = backend === 'embedded' ? mkdtempSync(join(tmpdir(), 'bench-durable-')) : '';
  const store =
    backend === 'none'
      ? null
      : openGameStore(
          backend === 'postgres'
            ? { databaseUrl: PG, schema, dataDir: '', retentionDays: 0 }
            : { dataDir: dir, retentionDays: 0 },
        );
  const config = loadConfig(
    {},
    {
      port: 0,
      host: '127.0.0.1',
      roomsPerMinute: 1e6,
      joinsPerMinute: 1e6,
      reservationsPerAddress: 1e6,
      ratePerSecond: 1000,
      rateBurst: 1000,
      graceSeconds: 600,
    },
  );
  const server = await startServer(config, store);
  await until(() => server.durable.ready, 'the store', 300_000);
  const ws = `ws://127.0.0.1:${server.port}`;
  const t0 = Date.now();
  const tables: ReturnType<typeof wirePlayer>[][] = [];
  for (let i = 0; i < rooms; i += 20) {
    await Promise.all(
      Array.from({ length: Math.min(20, rooms - i) }, async () => {
        const ca = new Client(ws);
        const a = wirePlayer(ca, await ca.create('table', { game: 'high-roll', name: 'A' }));
        const cb = new Client(ws);
        const b = wirePlayer(cb, await cb.joinById(a.room.roomId, { name: 'B' }));
        await until(
          () =>
            a.room.state?.phase === 'playing' &&
            b.room.state?.phase === 'playing' &&
            (a.legal.length || b.legal.length),
          'start',
          60_000,
        );
        tables.push([a, b]);
      }),
    );
  }
  const setupMs = Date.now() - t0;
  const latencies: number[] = [];
  let errors = 0;
  const end = Date.now() + SECONDS * 1000;
  await Promise.all(
    tables.map(async (players, r) => {
      for (let k = 0; Date.now() < end; k++) {
        const state = players[0].room.state;
        if (state.phase === 'over') {
          // A rematch: both ask, the next game starts (its setup is stored too, not timed here).
          const round = state.round;
          for (const p of players) p.room.send('rematch');
          await until(
            () => players.every((p) => p.room.state.round > round && p.room.state.phase === 'playing'),
            'rematch',
            30_000,
          );
          continue;
        }
        if (state.phase !== 'playing') return;
        const mover = players.find((p) => [...toActOf(state)].includes(p.seat) && p.legal.length > 0);
        if (!mover) {
          await new Promise((res) => setTimeout(res, 5));
          continue;
        }
        const before = logCount(mover.room.state);
        const legal = mover.legal;
        const t = performance.now();
        mover.room.send('action', legal[(k + r) % legal.length]);
        try {
          await until(
            () => logCount(mover.room.state) > before && players.every((p) => logCount(p.room.state) > before),
            'ack',
            30_000,
          );
        } catch {
          errors++;
          return;
        }
        latencies.push(performance.now() - t);
      }
    }),
  );
  latencies.sort((x, y) => x - y);
  const q = (f: number) => latencies[Math.min(latencies.length - 1, Math.floor(f * latencies.length))] ?? NaN;
  await server.close();
  if (backend === 'postgres') {
    const { openPostgres } = await import('../server/src/store/postgres');
    const sql = await openPostgres({ connectionString: PG });
    await sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.close();
  }
  if (dir) rmSync(dir, { recursive: true, force: true });
  return {
    backend,
    rooms,
    acked: latencies.length,
    perSecond: latencies.length / SECONDS,
    p50: q(0.5),
    p99: q(0.99),
    errors,
    setupMs,
  };
}

async function main() {
  if (process.env.BENCH_CHILD) {
    const [backend, rooms] = process.env.BENCH_CHILD.split(':');
    const r = await child(backend, Number(rooms));
    process.stdout.write(`RESULT ${JSON.stringify(r)}\n`);
    process.exit(0);
  }
  const roomCounts = process.argv
    .slice(2)
    .map(Number)
    .filter((n) => n > 0);
  const results: Result[] = [];
  for (const rooms of roomCounts.length ? roomCounts : [1, 500]) {
    for (const backend of ['none', 'postgres', 'embedded']) {
      const out = spawnSync(process.execPath, ['--import', 'tsx', __filename], {
        env: {
          ...process.env,
          BENCH_CHILD: `${backend}:${rooms}`,
          LOG_LEVEL: 'silent',
          TSX_TSCONFIG_PATH: 'tsconfig.base.json',
        },
        encoding: 'utf8',
        maxBuffer: 64 * 1024 * 1024,
        timeout: 900_000,
      });
      const line = out.stdout.split('\n').find((l) => l.startsWith('RESULT '));
      if (!line) {
        console.error(`${backend} ${rooms}: no result\n${out.stderr.slice(-2000)}`);
        continue;
      }
      const r = JSON.parse(line.slice(7)) as Result;
      results.push(r);
      const base = results.find((x) => x.rooms === rooms && x.backend === 'none');
      const added =
        base && r !== base
          ? ` (p50 +${(r.p50 - base.p50).toFixed(1)} ms, p99 +${(r.p99 - base.p99).toFixed(1)} ms over no store)`
          : '';
      console.log(
        `${rooms} rooms, ${r.backend}: ${r.perSecond.toFixed(0)} acked actions/s, ack p50 ${r.p50.toFixed(1)} ms, p99 ${r.p99.toFixed(1)} ms, errors ${r.errors}, setup ${r.setupMs} ms${added}`,
      );
    }
  }
}

void main();
