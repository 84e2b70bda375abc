// Rooms leave nothing behind: thousands created, played and disposed, then a thousand never joined, and the
// process is back to its baseline of rooms, timers, sockets and memory. LEAK_ROOMS sets the count (CI: 500; `LEAK_ROOMS=3000 npx jest test/rooms/leak.test.ts` for the long run).
import v8 from 'node:v8';
import vm from 'node:vm';
import { Client } from 'colyseus.js';
import { matchMaker } from '@colyseus/core';
import { sleep, serverSetup, until, logCount, toActOf } from '../helpers/server';

const ROOMS = Number(process.env.LEAK_ROOMS ?? 500);
const PARALLEL = 10;

// Short idle and reservation times so the whole cycle fits a test; a small archive so kept logs are not "growth".
const env = serverSetup({
  idleSeconds: 1,
  reservationSeconds: 5,
  archiveGames: 20,
  ratePerSecond: 1000,
  rateBurst: 1000,
});

v8.setFlagsFromString('--expose-gc');
const gc = vm.runInNewContext('gc') as () => void;

function resources() {
  const info = process.getActiveResourcesInfo();
  return {
    timers: info.filter((r) => r === 'Timeout').length,
    sockets: info.filter((r) => r === 'TCPSocketWrap').length,
  };
}
async function heapMb() {
  for (let i = 0; i < 3; i++) {
    gc();
    await sleep(50);
  }
  return process.memoryUsage().heapUsed / 2 ** 20;
}
const roomCount = async () => (await matchMaker.query({ name: 'table' })).length;

/** One whole High Roll game between two colyseus.js clients, who then leave. */
async function playOne(i: number) {
  const a = await new Client(env.server.ws).create('table', { game: 'high-roll', name: `Ana ${i}` });
  const b = await new Client(env.server.ws).joinById(a.roomId, { name: `Ben ${i}` });
  // Every message handled, as a real client does: colyseus.js warns with a stack trace for each message of a type
  // nobody listens to, and jest keeps every such warning until the file ends (~22 MB at 1,000 games: read as
  // server "growth" by the heap check below before they were handled).
  for (const r of [a, b]) r.onMessage('*', () => undefined);
  await until(() => a.state?.phase === 'playing' && b.state?.phase === 'playing', 'the start');
  const rooms = [a, b];
  while (a.state.phase === 'playing') {
    const seat = toActOf(a)[0];
    const n = logCount(a.state);
    rooms[seat].send('action', { type: 'roll' });
    await until(() => logCount(a.state) > n, 'a roll');
  }
  await Promise.all(rooms.map((r) => r.leave()));
}

it(
  `returns to baseline after ${ROOMS} rooms played and disposed, and ${ROOMS} rooms never joined`,
  async () => {
    for (let i = 0; i < 20; i++) await playOne(-i); // warm-up: lazy modules, JIT, pools
    await until(() => matchMaker.stats.local.roomCount === 0, 'the warm-up rooms to be disposed', 30_000);
    const base = { rooms: await roomCount(), heap: await heapMb(), ...resources() };

    const t0 = Date.now();
    let next = 0;
    await Promise.all(
      Array.from({ length: PARALLEL }, async () => {
        while (next < ROOMS) await playOne(next++);
      }),
    );
    const played = (Date.now() - t0) / 1000;
    const peak = await heapMb();
    // The players left; each room goes after its idle time.
    await until(() => matchMaker.stats.local.roomCount <= base.rooms, 'the played rooms to be disposed', 30_000);

    const t1 = Date.now();
    let alive = 0;
    for (let i = 0; i < ROOMS; i += 50) {
      const made = await Promise.all(
        Array.from({ length: Math.min(50, ROOMS - i) }, async () => {
          // One retry: a pooled keep-alive connection can be closed by the server just as it is reused (ECONNRESET).
          const post = () =>
            fetch(`${env.server.url}/matchmake/create/table`, {
              method: 'POST',
              headers: { 'Content-Type': 'application/json' },
              body: JSON.stringify({ game: 'high-roll' }),
            });
          const res = await post().catch(post);
          return ((await res.json()) as { room?: { roomId: string } }).room?.roomId;
        }),
      );
      expect(made.every(Boolean)).toBe(true);
      alive = Math.max(alive, matchMaker.stats.local.roomCount - base.rooms);
    }
    expect(alive).toBeGreaterThan(0);
    await until(() => matchMaker.stats.local.roomCount <= base.rooms, 'the never-joined rooms to be disposed', 30_000);
    const reservedFor = (Date.now() - t1) / 1000;
    // The last rooms' sockets and timers close just after the rooms go: wait for that, or fail naming what stayed.
    await until(
      () => resources().timers <= base.timers + 2 && resources().sockets <= base.sockets + 2,
      `timers and sockets back near the baseline (${base.timers} timers, ${base.sockets} sockets)`,
      10_000,
    );

    const after = { rooms: await roomCount(), heap: await heapMb(), ...resources() };
    // eslint-disable-next-line no-console
    console.log(
      `leak: ${ROOMS} games played in ${played.toFixed(1)} s, ${ROOMS} never-joined rooms gone ${reservedFor.toFixed(1)} s after the first was made; ` +
        `(at most ${alive} alive at once); heap ${base.heap.toFixed(1)} MB -> peak ${peak.toFixed(1)} -> ${after.heap.toFixed(1)} MB; timers ${base.timers} -> ${after.timers}; sockets ${base.sockets} -> ${after.sockets}`,
    );
    expect(after.rooms).toBe(base.rooms);
    expect(after.timers).toBeLessThanOrEqual(base.timers + 2);
    expect(after.sockets).toBeLessThanOrEqual(base.sockets + 2);
    expect(after.heap - base.heap).toBeLessThan(15);
  },
  15 * 60 * 1000,
);
