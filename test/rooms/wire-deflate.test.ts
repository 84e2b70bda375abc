// permessage-deflate on the table's sockets (server/src/deflate.ts, issues 18 and 29), `WIRE_DEFLATE`: 'large' (the
// default) compresses only large messages (a joiner's full frame and state), small per-action frames go plain; 'all'
// every message; 'off' none.
// Bytes are counted as the TCP socket reads them, against what the client decodes.
import { Client } from 'colyseus.js';
import { loadConfig } from '../../server/src/config';
import { create, join, testServer, until, sleep, logCount } from '../helpers/server';

type Wired = { room: any; ws: any; decoded: number; frames: { size: number }[] };

async function watch(ws: string, roomId: string): Promise<Wired> {
  const room = await new Client(ws).joinById(roomId, { want: 'watch' });
  const sock = (room.connection as any).transport.ws;
  const w: Wired = { room, ws: sock, decoded: 0, frames: [] };
  sock.addEventListener('message', (e: { data: ArrayBuffer }) => {
    w.decoded += e.data.byteLength;
    w.frames.push({ size: e.data.byteLength });
  });
  room.onMessage('*', () => {});
  await until(() => room.state?.game, 'state');
  return w;
}

/** Plays twenty Shields turns through two seats, so the table has a log worth compressing. */
async function playedTable(ws: string): Promise<string> {
  const a = await create(ws, { game: 'shields', options: {} });
  const b = await join(ws, a.room.roomId);
  await until(() => a.room.state.phase === 'playing', 'playing');
  for (let i = 0; i < 20; i++) {
    const mover = await until(() => [a, b].find((p) => p.legal.length > 0), 'a seat to act');
    const before = logCount(a.room.state);
    mover.room.send('action', mover.legal[i % mover.legal.length]);
    await until(() => logCount(a.room.state) > before && logCount(b.room.state) > before, 'the action');
  }
  return a.room.roomId;
}

/** Bytes the joiner's socket read in each mode, in the order run: 'off' first, the plain figure the others save on. */
const readIn: Partial<Record<'off' | 'large' | 'all', number>> = {};

it("is 'large' unless configured otherwise", () => {
  expect(loadConfig({}, {}).wireDeflate).toBe('large');
  expect(loadConfig({ WIRE_DEFLATE: 'off' }, {}).wireDeflate).toBe('off');
});

describe.each(['off', 'large', 'all'] as const)('wire deflate %s', (mode) => {
  let d: Awaited<ReturnType<typeof testServer>>;
  beforeAll(async () => {
    d = await testServer({ wireDeflate: mode });
  });
  afterAll(async () => {
    await d.close();
  });

  it('negotiates as configured, and what a joiner is sent costs fewer bytes on the wire than plain only where compressed', async () => {
    const roomId = await playedTable(d.ws);
    const w = await watch(d.ws, roomId);
    await sleep(100);
    // What the handshake settled (the ws client keeps the accepted parameters per extension).
    const params = w.ws._extensions?.['permessage-deflate']?.params ?? null;
    // Counted from the connection's start: the HTTP upgrade and the join message (the schema's reflection) included.
    const read = w.ws._socket.bytesRead as number;
    readIn[mode] = read;
    // A joiner is sent its full frame (view, latest log lines: over 1 KiB) and its first state (under 1 KiB).
    const large = w.frames.filter((f) => f.size >= 1024).reduce((n, f) => n + f.size, 0);
    const small = w.frames.filter((f) => f.size < 1024).reduce((n, f) => n + f.size, 0);
    expect(large).toBeGreaterThan(1024);
    expect(small).toBeGreaterThan(100);
    if (mode === 'off') {
      expect(params).toBeNull();
      expect(read).toBeGreaterThanOrEqual(w.decoded);
    } else {
      expect(params.server_max_window_bits).toBe(12);
      expect(params.server_no_context_takeover === true).toBe(mode === 'large');
      if (mode === 'large') {
        // The large messages arrived compressed (a JSON document shrinks by half or more): a quarter of them at
        // least is saved against the plain run.
        expect(read).toBeLessThan(readIn.off! - large / 4);
      } else {
        // Every message compressed: under 3/4 of what was decoded, and the small ones saved on too against 'large'.
        expect(read).toBeLessThan(w.decoded * 0.75);
        expect(read).toBeLessThan(readIn.large! - small / 8);
      }
    }
    await w.room.leave();
  });
});
