// Hostile input never crashes the server, never changes a game it refuses, and never stalls the others: random
// and malformed messages of every type and every wire family of issue 8, from players and spectators of live
// rooms of every game, while honest players elsewhere keep playing and /health keeps answering within 100 ms.
// CI runs FUZZ_MESSAGES (default 3,000); the full run is `FUZZ_MESSAGES=100000 npx jest test/rooms/fuzz.test.ts`.
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import fc from 'fast-check';
import { matchMaker } from '@colyseus/core';
import { games, seatCount } from '@dicehall/shared';
import { healthLatency, serverSetup, until } from '../helpers/server';
import { bigIntBomb, frame, packed, referenceBomb } from '../helpers/frames';

const TOTAL = Number(process.env.FUZZ_MESSAGES ?? 3000);
const BATCH = 100;

// Limits high enough that junk reaches the handlers; the limits themselves have their own tests.
const env = serverSetup({
  rateBurst: 1e6,
  ratePerSecond: 1e6,
  strikeLimit: 1e9,
  graceSeconds: 600,
  chatPerSecond: 1e6,
});

const crashes: unknown[] = [];
const onCrash = (e: unknown) => crashes.push(e);
beforeAll(() => {
  process.on('uncaughtException', onCrash);
  process.on('unhandledRejection', onCrash);
});
afterAll(() => {
  process.off('uncaughtException', onCrash);
  process.off('unhandledRejection', onCrash);
});

const TYPES = [
  'action',
  'resign',
  'claim',
  'draw',
  'rematch',
  'chat',
  'spectator-chat',
  'log-before',
  'hello',
  '',
  '*',
  '__proto__',
  'constructor',
  'toString',
  '__no_message_handler',
  'filter',
  'x'.repeat(70),
];

/** Server-side watch on one room: every frame that was not accepted by a handler left the room exactly as it was. */
interface Watch {
  frames: number;
  unchanged: number;
  accepted: number;
  violations: string[];
  full(): string;
}

function watchRoom(roomId: string): Watch {
  const room = matchMaker.getLocalRoomById(roomId) as any;
  const w: Watch = {
    frames: 0,
    unchanged: 0,
    accepted: 0,
    violations: [],
    full: () => JSON.stringify(room.state.toJSON()),
  };
  let dispatched = false;
  let refused = false;
  const refuse = room.refuse;
  room.refuse = function (...args: unknown[]) {
    refused = true;
    return refuse.apply(this, args);
  };
  for (const handler of Object.values(room.onMessageHandlers) as { callback: (...a: unknown[]) => unknown }[]) {
    const callback = handler.callback;
    handler.callback = (...args: unknown[]) => {
      dispatched = true;
      return callback(...args);
    };
  }
  // The game's truth is an immutable Table (replaced on every accepted action); the rest is platform state.
  const snapshot = () =>
    JSON.stringify([
      room.record.entries.length,
      room.seating.holders.map((h: any) => h?.token),
      room.state.phase,
      room.state.chat.length,
      [...room.state.drawOffer],
      [...room.state.rematch],
      room.state.spectatorChat,
      room.state.seats.map((x: any) => [x.name, x.taken]),
    ]);
  const onMessage = room._onMessage;
  room._onMessage = (client: unknown, buf: unknown) => {
    const before = snapshot();
    const table = room.table;
    dispatched = false;
    refused = false;
    onMessage(client, buf);
    w.frames++;
    if (dispatched && !refused) return void w.accepted++;
    if (snapshot() !== before || room.table !== table)
      w.violations.push(
        `a refused frame changed the room: ${Buffer.from(buf as Uint8Array)
          .toString('hex')
          .slice(0, 80)}`,
      );
    else w.unchanged++;
  };
  // Sockets that joined before the watch are bound to the unwrapped entry point: bind them again.
  for (const client of room.clients) {
    client.ref.removeAllListeners('message');
    client.ref.on('message', room._onMessage.bind(room, client));
  }
  return w;
}

/** One hostile frame: a typed message with a random payload, a mutated legal action, or raw wire junk. */
function hostileFrame(legal: unknown[]) {
  const json = fc.jsonValue({ maxDepth: 4 });
  const typed = fc
    .tuple(fc.oneof(fc.constantFrom(...TYPES), fc.string({ maxLength: 40 }), fc.integer()), json)
    .map(([type, payload]) => packed(type, payload));
  const mutated = fc
    .tuple(fc.constantFrom(...(legal.length ? legal : [{ type: 'roll' }])), fc.string({ maxLength: 3 }), json)
    .map(([action, key, value]) => packed('action', { ...(action as object), [key || 'type']: value }));
  const wire = fc.oneof(
    // Not a lone LEAVE_ROOM byte: that is a polite goodbye, and it would end this socket's part of the batch.
    fc.uint8Array({ minLength: 1, maxLength: 300 }).filter((b) => !(b.length === 1 && b[0] === 12)),
    fc.uint8Array({ maxLength: 200 }).map((b) => frame('action', b)),
    fc.integer({ min: 1, max: 2000 }).map((n) => frame('chat', bigIntBomb(n))),
    fc.integer({ min: 1, max: 24 }).map((n) => frame('action', referenceBomb(n))),
    fc.constantFrom(
      frame('action', [0xc4, 2, 1, 2]),
      frame('action', [0xd6, 0xff, 0, 0, 0, 0]),
      frame('chat', [0x81, 0xa2, 0x61]),
      frame('claim', [0xc0, 0xc0]),
      frame('chat', [0x81, 0xa4, 0x74, 0x65, 0x78, 0x74, 0xa2, 0xff, 0xfe]),
      frame('action', [0x81, 0xa9, ...Buffer.from('__proto__'), 0xc3]),
      frame('action', [...Array(40).fill(0x91), 0xc0]),
      frame('action', [0xd4, 0x72, 0x40, 0x90]),
      frame('action', [0xd4, 0x72, 0x40, 0x91, 0x01, 0x02]),
      frame('action', [0x40]),
      frame('__no_message_handler', [0x81, 0xa8, ...Buffer.from('toString'), 0x00]),
      frame('__no_message_handler', [0xd9, 200, ...Array(200).fill(0x61)]),
      Uint8Array.from([17, 0xa6, ...Buffer.from('action'), 1, 2, 3]),
      Uint8Array.from([10]),
      Uint8Array.from([13]),
      Uint8Array.from([13, 0xda, 0xff, 0xff]),
      Uint8Array.from([13, 0xcf, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]),
    ),
  );
  return fc.oneof({ arbitrary: typed, weight: 4 }, { arbitrary: mutated, weight: 3 }, { arbitrary: wire, weight: 3 });
}

/** Every frame of the run, made before it starts (so making them costs the server nothing while it is measured). */
function plan(rooms: { legal: unknown[] }[]) {
  const batches: { target: number; items: [string, Uint8Array][]; oversized: boolean }[] = [];
  for (let n = 0, batch = 0; n < TOTAL; batch++) {
    const target = batch % rooms.length;
    const items = fc.sample(fc.tuple(fc.constantFrom('a', 'b', 's'), hostileFrame(rooms[target].legal)), {
      numRuns: Math.min(BATCH, TOTAL - n),
      seed: batch,
    });
    batches.push({ target, items, oversized: batch % 10 === 0 });
    n += items.length;
  }
  return batches;
}

it(
  `answers ${TOTAL} hostile messages to rooms of every game: no crash, no change from a refusal, others play on, /health < 100 ms`,
  async () => {
    const ids = Object.keys(games);
    // Each game's room is made for two players: its defaults, or a `seats: 2` option where seats vary by option.
    const twoSeats = (id: string): Record<string, unknown> => {
      const module = games[id];
      for (const raw of [{}, { seats: 2 }]) {
        const o = module.options.safeParse(raw);
        if (o.success && seatCount(module, o.data) === 2) return raw;
      }
      throw new Error(`no two-seat room for ${id}`);
    };
    const worker = new Worker(path.join(__dirname, '../helpers/fuzz-clients.js'), {
      workerData: {
        ws: env.server.ws,
        url: env.server.url,
        games: ids,
        options: Object.fromEntries(ids.map((id) => [id, twoSeats(id)])),
        colyseus: require.resolve('colyseus.js'),
      },
    });
    const inbox: any[] = [];
    worker.on('message', (m) => inbox.push(m));
    worker.on('error', (e) => inbox.push({ type: 'error', error: String(e) }));
    const receive = async (type: string) => {
      await until(() => inbox.some((m) => m.type === type || m.type === 'error'), `the clients' ${type}`, 120_000);
      const m = inbox.splice(
        inbox.findIndex((x) => x.type === type || x.type === 'error'),
        1,
      )[0];
      if (m.type === 'error') throw new Error(m.error);
      return m;
    };
    try {
      const { rooms } = (await receive('rooms')) as { rooms: { game: string; roomId: string; legal: unknown[] }[] };
      const watches = rooms.map((r) => watchRoom(r.roomId));
      const batches = plan(rooms);
      const before = watches.map((w) => w.full());

      let sent = 0;
      let quiet = true;
      const started = Date.now();
      const fuzz = (async () => {
        for (const b of batches) {
          const w = watches[b.target];
          const read = w.frames;
          const accepted = w.accepted;
          worker.postMessage({ type: 'batch', target: b.target, items: b.items, oversized: b.oversized });
          const { closed } = await receive('sent');
          sent += b.items.length;
          await until(() => w.frames >= read + b.items.length || closed, 'the batch to be read', 30_000);
          if (w.accepted !== accepted) quiet = false;
        }
      })();
      const health = await healthLatency(env.server.url, fuzz, 25);
      await fuzz;
      const seconds = (Date.now() - started) / 1000;
      worker.postMessage({ type: 'stop' });
      const { honest, statuses } = (await receive('done')) as {
        honest: { actions: number; games: number; errors: string[] }[];
        statuses: number[];
      };

      const frames = watches.reduce((n, w) => n + w.frames, 0);
      const accepted = watches.reduce((n, w) => n + w.accepted, 0);
      // eslint-disable-next-line no-console
      console.log(
        `fuzz: ${sent} messages (${frames} frames read, ${accepted} accepted as legal) in ${seconds.toFixed(1)} s; ${statuses.length} junk requests; ` +
          `/health ${health.count} probes, median ${[...health.times].sort((x, y) => x - y)[health.times.length >> 1].toFixed(1)} ms, slowest ${health.max.toFixed(1)} ms; honest play: ${honest.map((h, i) => `${ids[i]} ${h.actions} actions/${h.games} games`).join(', ')}`,
      );

      expect(crashes).toEqual([]);
      for (const [i, w] of watches.entries()) expect([rooms[i].game, w.violations]).toEqual([rooms[i].game, []]);
      // With nothing accepted anywhere, each room's whole synced state is as it was.
      if (quiet) for (const [i, w] of watches.entries()) expect(w.full()).toBe(before[i]);
      expect(frames).toBeGreaterThanOrEqual(sent * 0.95);
      expect(accepted).toBeLessThan(frames / 5);
      expect(statuses.every((s) => s > 0 && s < 500)).toBe(true);
      // /health within 100 ms as a rule (the median), and never a freeze (the bombs of issue 8 froze it for 6–9 s).
      // The slowest probe is printed, not asserted under 100 ms: on a 2-core machine shared with other jobs an idle
      // server's slowest probe alone passed 100 ms (median 8 ms, slowest 266 ms, idle, at load average 16). A freeze is
      // seconds: alone the slowest probe is ~100 ms, but CI runs this beside browser suites whose software WebGL takes
      // both cores, and one probe there took 1,172 ms (2026-11-26). The bound catches a freeze, not that scheduling.
      const sorted = [...health.times].sort((x, y) => x - y);
      expect(sorted[sorted.length >> 1]).toBeLessThan(100);
      expect(health.max).toBeLessThan(3000);
      // The honest games went on. Their bots act on the state they last saw, so a few actions race the other seat's
      // (a coded refusal, as for any late click); anything more would mean the fuzz disturbed them.
      for (const [i, h] of honest.entries()) {
        expect([ids[i], h.actions > 5, h.errors.length <= h.actions * 0.05]).toEqual([ids[i], true, true]);
        expect([ids[i], h.errors.filter((c) => !['not-your-turn', 'wrong-phase', 'not-playing'].includes(c))]).toEqual([
          ids[i],
          [],
        ]);
      }
    } finally {
      await worker.terminate();
    }
  },
  60 * 60 * 1000,
);
