// One socket write per client per change (issues 18 and 29): a mid-game action reaches each client's socket as one
// write holding one frame, its audience's stream frame, and no schema patch; when a rare change goes with it (the
// game's end), the frame and the patch leave corked in one write (server/src/rooms/corked.ts). The server runs in
// this process, so its sockets' writes are counted where Node hands them to the kernel.
import { Socket } from 'node:net';
import { matchMaker } from '@colyseus/core';
import { corked } from '../../server/src/rooms/corked';
import { create, join, logCount, serverSetup, sleep, until, toActOf } from '../helpers/server';

const env = serverSetup();

/**
 * Every write the server's sockets hand to the kernel while recording (one `write` or `writev` each), as the
 * Colyseus codes of the WebSocket frames it carries: 13 a message (the view stream's), 15 a state patch.
 */
function recordWrites() {
  const writes: { socket: Socket; codes: number[] }[] = [];
  const proto = Socket.prototype as unknown as Record<string, (...args: unknown[]) => unknown>;
  const original = proto._writeGeneric!;
  proto._writeGeneric = function (this: Socket, writev: unknown, data: unknown, ...rest: unknown[]) {
    const chunks = writev ? (data as { chunk: Buffer }[]).map((c) => c.chunk) : [data as Buffer];
    writes.push({ socket: this, codes: frameCodes(Buffer.concat(chunks.map((c) => Buffer.from(c)))) });
    return original.call(this, writev, data, ...rest);
  };
  return { writes, restore: () => (proto._writeGeneric = original) };
}

/**
 * The first payload byte of each unmasked server frame in `buf` (what a server writes: no mask). The test's own
 * colyseus.js clients write through the same sockets class, masked: their frames are skipped, not read (a mask's
 * first byte read as a code was 13 one time in 256, a lone "view message" that was a client's action).
 */
function frameCodes(buf: Buffer): number[] {
  const codes: number[] = [];
  for (let i = 0; i + 2 <= buf.length; ) {
    const masked = (buf[i + 1]! & 0x80) !== 0;
    let len = buf[i + 1]! & 0x7f;
    let head = 2;
    if (len === 126) {
      len = buf.readUInt16BE(i + 2);
      head = 4;
    } else if (len === 127) {
      len = Number(buf.readBigUInt64BE(i + 2));
      head = 10;
    }
    if (masked) head += 4;
    else if ((buf[i]! & 0x0f) === 2) codes.push(buf[i + head]!);
    i += head + len;
  }
  return codes;
}

/** A Shields room being played: its two players (`a`, `b`) and a spectator, all with the game's first views. */
async function shieldsTable() {
  const a = await create(env.server.ws, { game: 'shields', options: {} });
  const b = await join(env.server.ws, a.room.roomId);
  const s = await join(env.server.ws, a.room.roomId, { want: 'watch' });
  const all = [a, b, s];
  await until(() => all.every((p) => p.room.state.phase === 'playing' && p.view), 'playing');
  await sleep(100);
  return { a, b, all };
}

test('an action reaches each player and spectator in one socket write holding its one frame, and no patch', async () => {
  const { a, b, all } = await shieldsTable();
  for (let k = 0; k < 6; k++) {
    const toAct = [...toActOf(a.room)] as number[];
    const mover = [a, b].find((p) => toAct.includes(p.seat!))!;
    await until(() => mover.legal.length > 0, 'legal actions');
    const before = all.map((p) => ({ log: logCount(p.room.state), views: p.viewMessages.length }));
    const rec = recordWrites();
    try {
      mover.room.send('action', mover.legal[0]);
      await until(
        () => all.every((p, i) => logCount(p.room.state) > before[i]!.log && p.viewMessages.length > before[i]!.views),
        'the action everywhere',
      );
      await sleep(30);
    } finally {
      rec.restore();
    }
    // Each of the room's three server sockets got the action in one write of one frame (a message, 13); no schema
    // patch (15) went anywhere: a mid-game action changes nothing the schema holds.
    const carried = rec.writes.filter((w) => w.codes.length > 0);
    expect(new Set(carried.map((w) => w.socket)).size).toBe(3);
    for (const w of carried) expect(w.codes).toEqual([13]);
    expect(carried).toHaveLength(3);
  }
  for (const p of all) await p.room.leave();
});

test('an action patches once (no timer patch after it), and a patch with nothing to send corks and writes nothing', async () => {
  const { a, b, all } = await shieldsTable();
  const room = matchMaker.getLocalRoomById(a.room.roomId) as unknown as { broadcastPatch(): boolean };
  const patches: boolean[] = [];
  const broadcastPatch = room.broadcastPatch;
  room.broadcastPatch = function (this: typeof room) {
    const sent = broadcastPatch.call(this);
    patches.push(sent);
    return sent;
  };
  try {
    for (let k = 0; k < 3; k++) {
      const mover = [a, b].find((p) => [...toActOf(a.room)].includes(p.seat!))!;
      await until(() => mover.legal.length > 0, 'legal actions');
      const before = all.map((p) => logCount(p.room.state));
      patches.length = 0;
      mover.room.send('action', mover.legal[0]);
      await until(() => all.every((p, i) => logCount(p.room.state) > before[i]!), 'the action everywhere');
      // Longer than the patch pacing (MIN_PATCH_MS, 50 ms): a timer set by the message would have fired by now.
      await sleep(120);
      expect(patches).toEqual([true]);
    }
    // Nothing changed since: a patch now sends nothing, and does not cork (or write to) any socket.
    const rec = recordWrites();
    const proto = Socket.prototype as unknown as { cork(): void };
    const cork = proto.cork;
    let corks = 0;
    proto.cork = function (this: Socket) {
      corks++;
      return cork.call(this);
    };
    try {
      expect(room.broadcastPatch()).toBe(false);
    } finally {
      proto.cork = cork;
      rec.restore();
    }
    expect(corks).toBe(0);
    expect(rec.writes).toEqual([]);
  } finally {
    room.broadcastPatch = broadcastPatch;
  }
  for (const p of all) await p.room.leave();
});

test('corked() holds writes until the sends are done, keeps their order, and skips clients without a socket', async () => {
  const order: string[] = [];
  const socket = {
    corkedDepth: 0,
    cork() {
      this.corkedDepth++;
      order.push('cork');
    },
    uncork() {
      this.corkedDepth--;
      order.push('uncork');
    },
  };
  const clients = [{ ref: { _socket: socket } }, { ref: {} }, {}] as never[];
  const out = corked(clients, () => {
    expect(socket.corkedDepth).toBe(1);
    order.push('send');
    return 7;
  });
  expect(out).toBe(7);
  expect(order).toEqual(['cork', 'send', 'uncork']);
  // A send that throws still uncorks.
  expect(() =>
    corked(clients, () => {
      throw new Error('boom');
    }),
  ).toThrow('boom');
  expect(socket.corkedDepth).toBe(0);
});
