// Acknowledged appends per second and the latency each append adds (call to durable), for the embedded store
// and PostgreSQL, with 1 and 500 rooms writing at a human pace and flat out. Prints a markdown table.
//   npx tsx bench/store.bench.ts                   (all backends; PostgreSQL from TEST_DATABASE_URL or loopback)
//   BACKENDS=postgres PACE_SECONDS=10 npx tsx bench/store.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir, cpus } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LogEntry } from '@dicehall/shared';
import { openEmbedded } from '../server/src/store/embedded';
import { openPostgres } from '../server/src/store/postgres';
import { migrate, type Sql } from '../server/src/store/sql';
import { SqlGameStore } from '../server/src/store/sql-store';

const PG_URL = process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const PACE_SECONDS = Number(process.env.PACE_SECONDS ?? 20);
const FLAT_SECONDS = Number(process.env.FLAT_SECONDS ?? 5);
const BACKENDS = (process.env.BACKENDS ?? 'embedded,embedded-nosync,postgres').split(',');

/** An entry the size of a real one (a Shields move with its rolls and events: about 450 bytes of JSON). */
function entry(seq: number): LogEntry {
  return {
    seq,
    kind: 'action',
    seat: seq % 2,
    action: { type: 'attack', from: 'red', to: 'blue', dice: [seq % 6, (seq + 1) % 6, (seq + 2) % 6] },
    rolls: [0, 1, 2].map((i) => ({ index: seq * 3 + i, sides: 6, value: 1 + ((seq + i) % 6) })),
    events: [
      { type: 'rolled', seat: seq % 2, values: [1, 4, 6] },
      { type: 'damage', battery: 'blue', amount: 2, left: 3 },
      { type: 'turn', seat: (seq + 1) % 2 },
    ],
    at: Date.now(),
  };
}

interface Run {
  backend: string;
  rooms: number;
  mode: string;
  acks: number;
  seconds: number;
  lat: number[];
  transactions: number;
}

function pct(sorted: number[], p: number) {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] : NaN;
}

/** Counts commits (each durable statement or committed transaction), to show what each group commit carried. */
function counting(sql: Sql) {
  const counter = { transactions: 0 };
  const wrapped: Sql = {
    ...sql,
    afterCommit: () => {
      counter.transactions++;
      return sql.afterCommit();
    },
    writeDurably: (text, params) => {
      counter.transactions++;
      return sql.writeDurably(text, params);
    },
  };
  return { wrapped, counter };
}

async function open(backend: string): Promise<{ sql: Sql; cleanup: () => Promise<void> }> {
  if (backend.startsWith('embedded')) {
    const dir = mkdtempSync(join(tmpdir(), 'dicehall-bench-'));
    const sql = await openEmbedded({ dataDir: dir, syncWal: backend === 'embedded' });
    return { sql, cleanup: async () => rmSync(dir, { recursive: true, force: true }) };
  }
  const schema = `store_bench_${randomBytes(4).toString('hex')}`;
  const sql = await openPostgres({ connectionString: PG_URL, schema });
  return {
    sql,
    cleanup: async () => {
      const admin = await openPostgres({ connectionString: PG_URL });
      await admin.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      await admin.close();
    },
  };
}

type Write = (gameId: string, seq: number) => Promise<void>;

async function scenario(
  store: SqlGameStore,
  counter: { transactions: number },
  backend: string,
  rooms: number,
  mode: 'pace' | 'flat',
  bare?: Write,
): Promise<Run> {
  const ids = Array.from({ length: rooms }, (_, i) => `bench-${mode}-${rooms}-${i}-${randomBytes(3).toString('hex')}`);
  for (let i = 0; i < ids.length; i += 50) {
    await Promise.all(
      ids.slice(i, i + 50).map((gameId) =>
        store.createGame({
          gameId,
          roomId: gameId,
          round: 0,
          game: 'shields',
          rulesVersion: 'shields/1',
          options: {},
          seatCount: 2,
          commitment: 'c'.repeat(64),
          serverSeed: 's'.repeat(64),
          seats: [
            { seat: 0, token: 'a', name: 'Ann' },
            { seat: 1, token: 'b', name: 'Bob' },
          ],
        }),
      ),
    );
  }
  const lat: number[] = [];
  const seconds = mode === 'pace' ? PACE_SECONDS : FLAT_SECONDS;
  const tx0 = counter.transactions;
  const start = performance.now();
  const end = start + seconds * 1000;
  const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
  await Promise.all(
    ids.map(async (id) => {
      // A human-paced room moves every 1–3 s (500 rooms: ~250 appends/s); one lone room every 50 ms so the run
      // gathers enough samples. Flat out, each room appends again as soon as the last one is acknowledged.
      if (mode === 'pace') await sleep(Math.random() * (rooms === 1 ? 50 : 2000));
      for (let seq = 0; performance.now() < end; seq++) {
        const t = performance.now();
        if (bare) await bare(id, seq);
        else await store.append(id, [entry(seq)]);
        lat.push(performance.now() - t);
        if (mode === 'pace') await sleep(rooms === 1 ? 50 : 1000 + Math.random() * 2000);
      }
    }),
  );
  const elapsed = (performance.now() - start) / 1000;
  return {
    backend: bare ? `${backend}: bare INSERT, no store` : backend,
    rooms,
    mode,
    acks: lat.length,
    seconds: elapsed,
    lat: lat.sort((a, b) => a - b),
    transactions: counter.transactions - tx0,
  };
}

async function main() {
  const runs: Run[] = [];
  const load0 = loadavg()[0];
  for (const backend of BACKENDS) {
    const { sql, cleanup } = await open(backend);
    await migrate(sql);
    const { wrapped, counter } = counting(sql);
    const store = new SqlGameStore(wrapped, backend.startsWith('embedded') ? 'embedded' : 'postgres');
    try {
      // The floor on this machine: one autocommitted single-row INSERT per append, without the store.
      await sql.exec('CREATE TABLE bare (game_id text, seq int, entry text, PRIMARY KEY (game_id, seq))');
      const bare: Write = async (gameId, seq) => {
        await sql.writeDurably('INSERT INTO bare VALUES ($1, $2, $3)', [gameId, seq, JSON.stringify(entry(seq))]);
      };
      for (const [rooms, mode, floor] of [
        [1, 'pace', true],
        [1, 'pace', false],
        [500, 'pace', false],
        [1, 'flat', true],
        [1, 'flat', false],
        [500, 'flat', false],
      ] as const) {
        const run = await scenario(store, counter, backend, rooms, mode, floor ? bare : undefined);
        runs.push(run);
        console.error(`${run.backend} ${rooms} ${mode}: ${run.acks} acks`);
      }
    } finally {
      await store.close();
      await cleanup();
    }
  }
  console.log(
    `node ${process.version}, ${cpus().length} cores (${cpus()[0]?.model}), load average at start ${load0.toFixed(1)}, at end ${loadavg()[0].toFixed(1)}`,
  );
  console.log('');
  console.log('| backend | rooms | pace | acked appends/s | p50 ms | p99 ms | max ms | appends per transaction |');
  console.log('| --- | ---: | --- | ---: | ---: | ---: | ---: | ---: |');
  for (const r of runs) {
    console.log(
      `| ${r.backend} | ${r.rooms} | ${r.mode === 'pace' ? 'human' : 'flat out'} | ${(r.acks / r.seconds).toFixed(0)} | ${pct(r.lat, 0.5).toFixed(2)} | ${pct(r.lat, 0.99).toFixed(2)} | ${r.lat[r.lat.length - 1].toFixed(1)} | ${r.backend.includes('bare') ? '–' : (r.acks / Math.max(1, r.transactions)).toFixed(1)} |`,
    );
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
