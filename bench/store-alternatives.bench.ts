// How the embedded candidates compare on the store's hot path: open a fresh database, reopen it, and append
// one ~450-byte entry per committed transaction, durably (each as durable as the engine can be made).
// The SQLite candidates are not dependencies; install them for the run only:
//   npm install --no-save --no-audit --no-fund better-sqlite3@12 node-sqlite3-wasm@0.8
//   (better-sqlite3 is a native addon: npm must be allowed to run its install script, which builds it)
//   npx tsx bench/store-alternatives.bench.ts
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { openEmbedded } from '../server/src/store/embedded';

const N = Number(process.env.APPENDS ?? 2000);
const row = JSON.stringify({
  seq: 1,
  kind: 'action',
  seat: 0,
  action: { type: 'attack', from: 'red', to: 'blue', dice: [1, 2, 3] },
  rolls: [
    { index: 3, sides: 6, value: 4 },
    { index: 4, sides: 6, value: 1 },
    { index: 5, sides: 6, value: 6 },
  ],
  events: [
    { type: 'rolled', seat: 0, values: [1, 4, 6] },
    { type: 'damage', battery: 'blue', amount: 2, left: 3 },
    { type: 'turn', seat: 1 },
  ],
  at: 1_700_000_000_000,
});
const DDL = 'CREATE TABLE e (game_id text, seq integer, entry text, PRIMARY KEY (game_id, seq))';

interface Candidate {
  name: string;
  create(dir: string): Promise<{ append(seq: number): Promise<void> | void; close(): Promise<void> | void }>;
}

function optional(name: string): any {
  try {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(name);
  } catch {
    return null;
  }
}

const candidates: Candidate[] = [
  {
    name: 'PGlite on the main thread (no fsync: PGlite under Node never reaches the disk itself)',
    async create(dir) {
      const db = await PGlite.create(dir);
      await db.exec('CREATE TABLE IF NOT EXISTS e (game_id text, seq integer, entry text, PRIMARY KEY (game_id, seq))');
      return {
        append: async (seq) => {
          await db.query('INSERT INTO e VALUES ($1, $2, $3)', ['g', seq, row]);
        },
        close: () => db.close(),
      };
    },
  },
  {
    name: "PGlite in the store's worker, WAL fdatasync per commit (the store's default)",
    async create(dir) {
      const sql = await openEmbedded({ dataDir: dir, syncWal: true });
      await sql.exec(
        'CREATE TABLE IF NOT EXISTS e (game_id text, seq integer, entry text, PRIMARY KEY (game_id, seq))',
      );
      return {
        append: async (seq) => {
          await sql.writeDurably('INSERT INTO e VALUES ($1, $2, $3)', ['g', seq, row]);
        },
        close: () => sql.close(),
      };
    },
  },
  {
    name: 'better-sqlite3 (native), WAL, synchronous=FULL',
    async create(dir) {
      const Database = optional('better-sqlite3');
      if (!Database) throw new Error('not installed');
      const db = new Database(join(dir, 'db.sqlite'));
      db.pragma('journal_mode = WAL');
      db.pragma('synchronous = FULL');
      db.exec(DDL.replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS'));
      const ins = db.prepare('INSERT INTO e VALUES (?, ?, ?)');
      return {
        append: (seq) => {
          ins.run('g', seq, row);
        },
        close: () => db.close(),
      };
    },
  },
  {
    name: 'node-sqlite3-wasm (WASM), rollback journal, synchronous=FULL',
    async create(dir) {
      const mod = optional('node-sqlite3-wasm');
      if (!mod) throw new Error('not installed');
      const db = new mod.Database(join(dir, 'db.sqlite'));
      db.exec('PRAGMA synchronous = FULL');
      db.exec(DDL.replace('CREATE TABLE', 'CREATE TABLE IF NOT EXISTS'));
      return {
        append: (seq) => {
          db.run('INSERT INTO e VALUES (?, ?, ?)', ['g', seq, row]);
        },
        close: () => db.close(),
      };
    },
  },
];

const pct = (s: number[], p: number) => s[Math.min(s.length - 1, Math.floor(p * s.length))];

async function main() {
  console.log(`node ${process.version}, load average ${loadavg()[0].toFixed(1)}, ${N} sequential appends each`);
  console.log('');
  console.log('| candidate | first open (initdb) ms | reopen ms | appends/s | p50 ms | p99 ms |');
  console.log('| --- | ---: | ---: | ---: | ---: | ---: |');
  for (const c of candidates) {
    const dir = mkdtempSync(join(tmpdir(), 'dicehall-alt-'));
    try {
      let t = performance.now();
      let db = await c.create(dir);
      const first = performance.now() - t;
      await db.close();
      t = performance.now();
      db = await c.create(dir);
      const reopen = performance.now() - t;
      const lat: number[] = [];
      const start = performance.now();
      for (let i = 0; i < N; i++) {
        const a = performance.now();
        await db.append(i);
        lat.push(performance.now() - a);
      }
      const rate = N / ((performance.now() - start) / 1000);
      await db.close();
      lat.sort((a, b) => a - b);
      console.log(
        `| ${c.name} | ${first.toFixed(0)} | ${reopen.toFixed(0)} | ${rate.toFixed(0)} | ${pct(lat, 0.5).toFixed(2)} | ${pct(lat, 0.99).toFixed(2)} |`,
      );
    } catch (err) {
      console.log(`| ${c.name} | ${(err as Error).message} | | | | |`);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
