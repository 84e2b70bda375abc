// Our GameRoom against a bare Colyseus room in the same run: pairs of real colyseus.js clients play
// High Roll games back to back (send an action, wait for the patch that answers it), and the bare room
// answers each message with one state change. The ratio is what the room's work costs per action.
import { Client } from 'colyseus.js';
import { Room as ServerRoom } from '@colyseus/core';
import { Schema, type } from '@colyseus/schema';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { logCount } from './synced-lines';

/** Public log lines published so far: the synced state keeps only the latest (seqs run from 0 without a gap). */

class BareState extends Schema {
  @type('number') turn = 0;
  @type('number') count = 0;
}
/** The least a turn-based room does: accept a message from the seat to move, change state, patch. */
class BareRoom extends ServerRoom<BareState> {
  override onCreate() {
    this.setState(new BareState());
    this.onMessage('action', () => {
      this.state.count++;
      this.state.turn = 1 - this.state.turn;
      this.broadcastPatch();
    });
  }
}

/** Polls without a timer delay; gives up loudly rather than hanging the benchmark. */
function waitFor(check: () => boolean, ms = 10000): Promise<void> {
  const end = Date.now() + ms;
  return new Promise((resolve, reject) => {
    const poll = () =>
      check() ? resolve() : Date.now() > end ? reject(new Error('no answer within 10 s: ')) : setImmediate(poll);
    poll();
  });
}

function r0(rooms: { onMessage(t: string, cb: (m: any) => void): void }[]) {
  for (const r of rooms) {
    r.onMessage('welcome', () => undefined);
    r.onMessage('error', (e) => console.error('refused:', e));
  }
}

const SECONDS = Number(process.env.BENCH_SECONDS ?? 8);
const PAIRS = Number(process.env.BENCH_PAIRS ?? 20);

async function run(
  ws: string,
  kind: 'table' | 'bare',
): Promise<{ actions: number; perSecond: number; p50: number; p95: number }> {
  let actions = 0;
  const latencies: number[] = [];
  const end = Date.now() + SECONDS * 1000;
  async function pair() {
    while (Date.now() < end) {
      const a = new Client(ws);
      const b = new Client(ws);
      const ra =
        kind === 'table' ? await a.create('table', { game: 'high-roll', options: {} }) : await a.create('bare');
      const rb = await b.joinById(ra.roomId, {});
      const rooms = [ra, rb];
      r0(rooms);
      // The table starts once both seats are taken; the bare room is ready at once.
      if (kind === 'table') await waitFor(() => ra.state.phase === 'playing' && rb.state.phase === 'playing');
      else await waitFor(() => typeof ra.state.count === 'number' && typeof rb.state.count === 'number');
      // High Roll: six rolls, alternating; the bare room the same six round trips.
      for (let i = 0; i < 6 && Date.now() < end; i++) {
        const me = rooms[i % 2];
        const before = kind === 'table' ? (logCount(me.state) ?? 0) : me.state.count;
        const t0 = performance.now();
        me.send('action', kind === 'table' ? { type: 'roll' } : {});
        await waitFor(() => (kind === 'table' ? (logCount(me.state) ?? 0) : me.state.count) > before);
        latencies.push(performance.now() - t0);
        actions++;
      }
      await ra.leave();
      await rb.leave();
    }
  }
  const t = Date.now();
  await Promise.all(Array.from({ length: PAIRS }, pair));
  const secs = (Date.now() - t) / 1000;
  latencies.sort((x, y) => x - y);
  return {
    actions,
    perSecond: actions / secs,
    p50: latencies[Math.floor(latencies.length / 2)],
    p95: latencies[Math.floor(latencies.length * 0.95)],
  };
}

async function main() {
  const dicehall = await startServer(
    loadConfig({}, { port: 0, host: '127.0.0.1', rateBurst: 1000, ratePerSecond: 1000 }),
  );
  dicehall.server.define('bare', BareRoom);
  const ws = `ws://127.0.0.1:${dicehall.port}`;
  const cpu0 = process.cpuUsage();
  const bare = await run(ws, 'bare');
  const table = await run(ws, 'table');
  const cpu = process.cpuUsage(cpu0);
  await dicehall.close();
  const fmt = (r: typeof bare) =>
    `${r.actions} actions, ${r.perSecond.toFixed(0)}/s, round trip p50 ${r.p50.toFixed(1)} ms, p95 ${r.p95.toFixed(1)} ms`;
  console.log(`pairs: ${PAIRS}, ${SECONDS} s each; clients and server share this process (one core)`);
  console.log(`bare Colyseus room: ${fmt(bare)}`);
  console.log(`Dicehall GameRoom:  ${fmt(table)}`);
  console.log(
    `ratio GameRoom / bare: throughput ${(table.perSecond / bare.perSecond).toFixed(2)}, p50 latency ${(table.p50 / bare.p50).toFixed(2)}`,
  );
  console.log(`process CPU: ${((cpu.user + cpu.system) / 1e6).toFixed(1)} s over ${2 * SECONDS} s`);
  process.exit(0);
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
