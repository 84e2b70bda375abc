// The embedded backend: PGlite (PostgreSQL compiled to WebAssembly) in a data directory, no server needed.
import { spawn } from 'node:child_process';
import { existsSync, linkSync, mkdirSync, readFileSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { Worker } from 'node:worker_threads';
import { StoreError } from './game-store';
import type { Sql, SqlRunner } from './sql';

export interface EmbeddedOptions {
  dataDir: string;
  /**
   * PGlite's fsync is a no-op under Node: a commit reaches the kernel (it survives the process being killed)
   * but not the disk. With syncWal the store fdatasyncs the WAL segment after each commit, so a committed
   * entry also survives the machine losing power (default on).
   */
  syncWal?: boolean;
}

const LOCK_FILE = 'dicehall.lock';

/**
 * PostgreSQL's memory settings for the embedded store, smaller than PGlite's (shared_buffers 160 MB, temp_buffers
 * 10 MB, maintenance_work_mem 64 MB): its buffers live in the WebAssembly memory, which never shrinks, so whatever
 * they once held stays resident. The working set is small (each game's newest entries; finished logs are read
 * once), and pages not in the buffers come from the kernel's page cache (bench/embedded-memory.results.md).
 */
export const EMBEDDED_SETTINGS = [
  '-c',
  'shared_buffers=16MB',
  '-c',
  'temp_buffers=1MB',
  '-c',
  'maintenance_work_mem=8MB',
  '-c',
  'work_mem=2MB',
];

/*
 * A new directory is initialised (initdb) in a child process of its own: initdb's WebAssembly module, its memory
 * and the file-system bundle it unpacks took the process to 800 MB, and a worker thread's end did not give that
 * back to the system (freed, not returned: 208 MB stayed). A process's end does.
 */
const INIT = `
const { PGlite } = require(process.argv[1]);
const settings = JSON.parse(process.argv[3]);
PGlite.create(process.argv[2], { startParams: [...PGlite.defaultStartParams, ...settings] })
  .then((db) => db.close())
  .then(() => process.exit(0), (err) => { console.error(String((err && err.message) || err)); process.exit(1); });
`;

function initialise(dataDir: string, pglite: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      process.execPath,
      ['--liftoff-only', '-e', INIT, pglite, dataDir, JSON.stringify(EMBEDDED_SETTINGS)],
      {
        stdio: ['ignore', 'ignore', 'pipe'],
      },
    );
    let err = '';
    child.stderr.on('data', (d: Buffer) => {
      err = (err + d.toString()).slice(-2000);
    });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`initialising ${dataDir} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/*
 * PGlite runs in a worker thread, for two reasons: its WebAssembly runs synchronously on the thread that
 * calls it, which would stall every room's event loop for the length of each query and fsync; and it loads
 * its own files with dynamic import(), which only Node's own loader (not a test runner's sandbox) provides.
 * The worker is plain CommonJS kept here as text, so it needs no build step of its own.
 */
const WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
// Before PGlite's module is compiled: baseline (Liftoff) code only. V8 would also compile the hot functions again
// with TurboFan and keep both; that held ~50 MB more and, on 2 busy cores, made queries no faster (the compiles
// compete for the CPU): bench/embedded-memory.results.md. V8 flags are per process; no other WebAssembly runs here.
require('node:v8').setFlagsFromString('--liftoff-only');
const fs = require('node:fs');
const path = require('node:path');
const { PGlite } = require(workerData.pglite);
let db = null;
let lastWal = null;
function syncFile(file) {
  const fd = fs.openSync(file, 'r+');
  try { fs.fdatasyncSync(fd); } finally { fs.closeSync(fd); }
}
async function syncWal() {
  const f = (await db.query('SELECT pg_walfile_name(pg_current_wal_insert_lsn()) AS f')).rows[0].f;
  // A commit that crossed into a new segment left its beginning in the previous one.
  if (lastWal && lastWal !== f) syncFile(path.join(workerData.dataDir, 'pg_wal', lastWal));
  syncFile(path.join(workerData.dataDir, 'pg_wal', f));
  lastWal = f;
}
async function run(m) {
  switch (m.op) {
    case 'open': db = await PGlite.create(workerData.dataDir, { startParams: [...PGlite.defaultStartParams, ...workerData.settings] }); return null;
    case 'query': return (await db.query(m.text, m.params)).rows;
    case 'exec': await db.exec(m.text); return null;
    case 'sync': await syncWal(); return null;
    case 'write': {
      const rows = (await db.query(m.text, m.params)).rows;
      if (workerData.syncWal) await syncWal();
      return rows;
    }
    case 'close': if (db) await db.close(); db = null; return null;
  }
  throw new Error('unknown op ' + m.op);
}
parentPort.on('message', (m) => {
  run(m).then(
    (result) => parentPort.postMessage({ id: m.id, result }),
    (err) => parentPort.postMessage({ id: m.id, error: { message: String((err && err.message) || err), code: err && err.code } }),
  );
});
`;

interface Reply {
  id: number;
  result?: unknown;
  error?: { message: string; code?: string };
}

export async function openEmbedded(options: EmbeddedOptions): Promise<Sql> {
  mkdirSync(options.dataDir, { recursive: true });
  const lockPath = join(options.dataDir, LOCK_FILE);
  takeLock(lockPath);
  const syncWal = options.syncWal ?? true;
  const pglite = require.resolve('@electric-sql/pglite');
  if (!existsSync(join(options.dataDir, 'PG_VERSION'))) {
    try {
      await initialise(options.dataDir, pglite);
    } catch (err) {
      unlinkSync(lockPath);
      throw err;
    }
  }
  const worker = new Worker(WORKER, {
    eval: true,
    workerData: { dataDir: options.dataDir, syncWal, pglite, settings: EMBEDDED_SETTINGS },
  });
  const pending = new Map<number, { resolve: (v: unknown) => void; reject: (e: Error) => void }>();
  let nextId = 0;
  let dead: Error | null = null;
  const fail = (err: Error) => {
    dead ??= err;
    for (const p of pending.values()) p.reject(err);
    pending.clear();
  };
  worker.on('message', (r: Reply) => {
    const p = pending.get(r.id);
    if (!p) return;
    pending.delete(r.id);
    if (r.error) p.reject(Object.assign(new Error(r.error.message), { code: r.error.code }));
    else p.resolve(r.result);
  });
  worker.on('error', fail);
  worker.on('exit', (code) => fail(new Error(`the embedded database stopped (exit ${code})`)));
  const call = <T>(op: string, text?: string, params?: unknown[]) => {
    if (dead) return Promise.reject(dead);
    const id = nextId++;
    return new Promise<T>((resolve, reject) => {
      pending.set(id, { resolve: resolve as (v: unknown) => void, reject });
      worker.postMessage({ id, op, text, params });
    });
  };

  // PGlite is one session: a statement sent while a transaction is open would run inside it. Every use
  // therefore takes turns, a transaction holding its turn from BEGIN to COMMIT.
  let turn: Promise<unknown> = Promise.resolve();
  const exclusive = <T>(fn: () => Promise<T>): Promise<T> => {
    const mine = turn.then(fn);
    turn = mine.catch(() => {});
    return mine;
  };
  const direct: SqlRunner = {
    query: <R>(text: string, params?: unknown[]) => call<R[]>('query', text, params ?? []),
    exec: (text: string) => call<void>('exec', text),
  };

  try {
    await call('open');
  } catch (err) {
    await worker.terminate();
    unlinkSync(lockPath);
    throw err;
  }
  return {
    query: (text, params) => exclusive(() => direct.query(text, params)),
    exec: (text) => exclusive(() => direct.exec(text)),
    transaction: (fn) =>
      exclusive(async () => {
        await direct.exec('BEGIN');
        try {
          const out = await fn(direct);
          await direct.exec('COMMIT');
          return out;
        } catch (err) {
          await direct.exec('ROLLBACK').catch(() => {});
          throw err;
        }
      }),
    afterCommit: () => (syncWal ? exclusive(() => call<void>('sync')) : Promise.resolve()),
    writeDurably: (text, params) => exclusive(() => call('write', text, params ?? [])),
    async close() {
      try {
        await exclusive(() => call('close'));
      } finally {
        await worker.terminate();
        unlinkSync(lockPath);
      }
    },
  };
}

/**
 * Two PGlite instances on one directory would corrupt it, and PGlite does not stop that itself: a lock file
 * holding the owner's pid does. A lock left by a dead process (kill -9) is taken over.
 */
function takeLock(path: string) {
  for (let attempt = 0; attempt < 2; attempt++) {
    // Written aside then linked in: the lock appears atomically with its pid already inside.
    const aside = `${path}.${process.pid}`;
    writeFileSync(aside, String(process.pid));
    try {
      linkSync(aside, path);
      return;
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const pid = Number(readFileSync(path, 'utf8'));
      if (Number.isInteger(pid) && pid > 0 && alive(pid)) {
        throw new StoreError('store-locked', `the data directory is in use by process ${pid}`);
      }
      unlinkSync(path);
    } finally {
      unlinkSync(aside);
    }
  }
  throw new StoreError('store-locked', 'could not take the data directory lock');
}

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}
