// Matchmaking and join latency scaled out (issue 12, item 4): one process alone vs two processes on Redis, the
// join going through the hosting process or through the other one. Every server is its own OS process; the
// variants are interleaved round by round, so a noisy neighbour on the shared machine hits them all alike.
//   ROUNDS=200 npx tsx --tsconfig tsconfig.base.json bench/scale.bench.ts
import os from 'node:os';
import { Client, type Room } from 'colyseus.js';
import { flushRedis, startNode, stopNode, type Node } from '../test/helpers/cluster';

// colyseus.js warns about messages that arrive before a handler is set (welcome, view): the bench reads none.
const warn = console.warn;
console.warn = (...args: unknown[]) =>
  String(args[0]).includes('onMessage() not registered') ? undefined : warn(...args);

const ROUNDS = Number(process.env.ROUNDS ?? 200);
const WARMUP = 20;
const REDIS_URL = process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379/7';

type Sample = { create: number[]; join: number[]; reconnect: number[] };
const sample = (): Sample => ({ create: [], join: [], reconnect: [] });

async function timed<T>(f: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const v = await f();
  return [v, performance.now() - t];
}

/** Waits for the first state, as the page does before it draws the table. */
async function ready(room: Room): Promise<Room> {
  if (room.state?.game) return room;
  await new Promise<void>((resolve) => room.onStateChange.once(() => resolve()));
  return room;
}

/**
 * One round: the host creates a room through `via`, a guest joins it by id through `joinVia`, drops, and comes
 * back with its reconnection token through `joinVia`. Each step is timed from the request to the first state.
 */
async function round(via: Node, joinVia: Node, into: Sample | null) {
  const host = new Client(via.ws);
  const [hostRoom, tCreate] = await timed(async () =>
    ready(await host.create('table', { game: 'high-roll', name: 'Host' })),
  );
  const guest = new Client(joinVia.ws);
  const [guestRoom, tJoin] = await timed(async () => ready(await guest.joinById(hostRoom.roomId, { name: 'Guest' })));
  for (const r of [hostRoom, guestRoom]) r.onMessage('*', () => undefined);
  const token = guestRoom.reconnectionToken;
  // The host's view of the guest's seat goes from connected to dropped: only then is the seat held for it.
  while (hostRoom.state.seats[1]?.connected !== true) await new Promise((r) => setTimeout(r, 5));
  await guestRoom.leave(false);
  while (hostRoom.state.seats[1]?.connected !== false) await new Promise((r) => setTimeout(r, 5));
  const [back, tReconnect] = await timed(async () => ready(await new Client(joinVia.ws).reconnect(token)));
  back.onMessage('*', () => undefined);
  await Promise.all([back.leave(), hostRoom.leave()]);
  if (into) {
    into.create.push(tCreate);
    into.join.push(tJoin);
    into.reconnect.push(tReconnect);
  }
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor((p / 100) * s.length))];
};

async function main() {
  await flushRedis(REDIS_URL);
  const env = { IDLE_SECONDS: '2', RESERVATION_SECONDS: '15', LOG_LEVEL: 'error' };
  // The single process runs without Redis, exactly as `npm start` does.
  const [single, a, b] = await Promise.all([
    startNode({ ...env, REDIS_URL: '', PUBLIC_ADDRESS: '' }),
    startNode(env, REDIS_URL),
    startNode(env, REDIS_URL),
  ]);
  const variants: [string, Node, Node][] = [
    ['single process, no Redis', single, single],
    ['Redis, join through the hosting process', a, a],
    ['Redis, join through the other process', a, b],
  ];
  const results = new Map(variants.map(([name]) => [name, sample()]));
  const failures = new Map<string, string[]>();
  try {
    for (let i = 0; i < WARMUP + ROUNDS; i++) {
      for (const [name, via, joinVia] of variants) {
        try {
          await round(via, joinVia, i < WARMUP ? null : results.get(name)!);
        } catch (e) {
          // Counted and reported, never hidden: a failed round is a finding.
          failures.set(name, [...(failures.get(name) ?? []), `round ${i}: ${(e as Error).message}`]);
        }
      }
    }
  } finally {
    await Promise.all([single, a, b].map((n) => stopNode(n)));
    await flushRedis(REDIS_URL);
  }

  const base = results.get(variants[0][0])!;
  const cpus = os.cpus();
  console.log(`# scale.bench: ${ROUNDS} rounds per variant after ${WARMUP} warm-up, interleaved`);
  console.log(
    `node ${process.version}, ${cpus.length} × ${cpus[0]?.model}, load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log(
    'Times in ms from the request to the first state (client, three server processes and Redis on one machine).\n',
  );
  console.log('| variant | step | p50 | p99 | p50 ÷ single | p99 ÷ single |');
  console.log('| --- | --- | --- | --- | --- | --- |');
  for (const [name] of variants) {
    const r = results.get(name)!;
    for (const step of ['create', 'join', 'reconnect'] as const) {
      const p50 = pct(r[step], 50);
      const p99 = pct(r[step], 99);
      console.log(
        `| ${name} | ${step} | ${p50.toFixed(2)} | ${p99.toFixed(2)} | ${(p50 / pct(base[step], 50)).toFixed(2)} | ${(p99 / pct(base[step], 99)).toFixed(2)} |`,
      );
    }
  }
  console.log(`\nFailed rounds: ${failures.size === 0 ? 'none' : ''}`);
  for (const [name, list] of failures) console.log(`- ${name}: ${list.length} — ${list.slice(0, 5).join('; ')}`);
}

main().then(
  () => process.exit(0),
  (e) => {
    console.error(e);
    process.exit(1);
  },
);
