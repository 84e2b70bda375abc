// A Dicehall server plus a bare Colyseus room, as its own process, for benchmarks that read its CPU from /proc.
// Prints "port <n>" once listening. Loopback only; limits lifted for one address playing many games.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Room as ServerRoom } from '@colyseus/core';
import { Schema, type } from '@colyseus/schema';
import type * as App from '../server/src/app';
import type * as Config from '../server/src/config';
import { recordStalls } from './load/stalls';

/**
 * BENCH_BUILT=1: the server's code as a deployment runs it, tsc's output (server/dist, shared/dist: `npx tsc -b
 * server`, bench/load/run.ts builds it), instead of the sources through tsx. tsx's transform adds work a build does
 * not have: every call into another module reads a property getter, every named closure made is renamed (`__name`).
 */
const BUILT = !!process.env.BENCH_BUILT;
// Literal paths, so the packed bench (bench/load/pack.ts) bundles the sources; it leaves server/dist out.
const { loadConfig } = (BUILT ? require('../server/dist/config') : require('../server/src/config')) as typeof Config;
const { startServer } = (BUILT ? require('../server/dist/app') : require('../server/src/app')) as typeof App;

class BareState extends Schema {
  @type('number') turn = 0;
  @type('number') count = 0;
}
/**
 * The least a turn-based room does: accept a message, change state, patch. Like GameRoom it patches only when an
 * action changed something (patchRate 0): Colyseus' default 20 Hz patch timer is idle work the bare room would
 * otherwise spend per room, and dividing it by the actions credited it to the baseline (issue 29).
 */
export class BareRoom extends ServerRoom<BareState> {
  override onCreate() {
    this.patchRate = 0;
    this.setState(new BareState());
    this.onMessage('action', () => {
      this.state.count++;
      this.state.turn = 1 - this.state.turn;
      this.broadcastPatch();
    });
  }
}

/** BENCH_STORE=postgres|embedded: the server runs on a durable store (default none); DATABASE_URL as for the server. */
async function store() {
  const kind = process.env.BENCH_STORE ?? 'none';
  if (kind === 'none') return null;
  const { openGameStore } = (
    BUILT ? require('../server/dist/store/open-store') : require('../server/src/store/open-store')
  ) as typeof import('../server/src/store/open-store');
  const { mkdtempSync } = await import('node:fs');
  const { tmpdir } = await import('node:os');
  const { join } = await import('node:path');
  if (kind === 'postgres') {
    const url = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
    return openGameStore({ databaseUrl: url, schema: `bench_load_${process.pid}`, dataDir: '', retentionDays: 0 });
  }
  return openGameStore({ dataDir: mkdtempSync(join(tmpdir(), 'bench-load-')), retentionDays: 0 });
}

async function main() {
  const opened = await store();
  const d = await startServer(
    loadConfig({}, {
      port: 0,
      host: '127.0.0.1',
      rateBurst: 1000,
      ratePerSecond: 1000,
      idleSeconds: 1,
      roomsPerMinute: 100_000,
      joinsPerMinute: 100_000,
      reservationsPerAddress: 10_000,
      archivePerAddress: 100_000,
      // BENCH_DEFLATE=off|large|all: the server's permessage-deflate setting (server/src/deflate.ts). Unset, the
      // server's own default (WIRE_DEFLATE, 'off'), so the benchmark measures what a deployment runs; it was
      // 'large' here after the product's default went to 'off', and zlib then took ~2% of the server's time.
      ...(process.env.BENCH_DEFLATE ? { wireDeflate: process.env.BENCH_DEFLATE } : {}),
    } as any),
    opened,
  );
  d.server.define('bare', BareRoom);
  // How late the server's event loop ran (bench/load/run.ts asks over the measured window): a stall of the server
  // shows here, one of the load generator does not.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  // STALLS=1: each gap of the event loop, with what the process did meanwhile (bench/load/stalls.ts).
  const stalls = process.env.STALLS ? recordStalls() : null;
  process.on('message', (m) => {
    if (m === 'loop-reset') {
      loop.reset();
      stalls?.reset();
    } else if (m === 'loop-read') process.send?.({ type: 'loop', ...loopDelay(loop), stalls: stalls?.read() ?? [] });
  });
  console.log(`port ${d.port}`);
  // Stop with the parent: a benchmark never leaves a server behind.
  process.on('disconnect', () => process.exit(0));
  setTimeout(() => process.exit(0), Number(process.env.BENCH_SERVER_MAX_SECONDS ?? 900) * 1000).unref();
}
/** An event-loop delay histogram's p99 and max, in ms. */
function loopDelay(h: import('node:perf_hooks').IntervalHistogram) {
  return { p99: h.percentile(99) / 1e6, max: h.max / 1e6 };
}
void main();
