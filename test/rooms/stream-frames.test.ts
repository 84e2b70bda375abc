// Issue #29, one ordered stream per audience, at the socket: for every registered game, over real WebSockets, each
// client receives exactly one data frame per mid-game action (its audience's frame: new lines, whose turn, clocks,
// the view's diff), the schema patch only when something rare changes besides (the game's end), and every socket
// negotiated permessage-deflate by default. The server runs in this process, so the frames handed to each client's
// socket are counted where Colyseus hands them to `ws`; each client's own raw socket counts what it received.
import { matchMaker } from '@colyseus/core';
import { WebSocketClient } from '@colyseus/ws-transport';
import { games, seatCount } from '@dicehall/shared';
import { create, join, serverSetup, until, type Player } from '../helpers/server';

const env = serverSetup({ rateBurst: 1000, ratePerSecond: 1000 });

/** Mid-game actions played per game (fewer when the game ends first). */
const ACTIONS = 12;

/** The `ws` WebSocket under a colyseus.js room (Node). */
const socketOf = (p: Player) =>
  (p.room.connection as unknown as { transport: { ws: import('ws').WebSocket } }).transport.ws;

/** A small seeded generator, so a failing run replays with the same choices. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Counts the data frames the server hands each client's socket, by session id, while recording. */
function countSent() {
  const sent = new Map<string, number>();
  const proto = WebSocketClient.prototype as unknown as { raw(this: WebSocketClient, ...args: unknown[]): unknown };
  const raw = proto.raw;
  proto.raw = function (this: WebSocketClient, ...args: unknown[]) {
    sent.set(this.sessionId, (sent.get(this.sessionId) ?? 0) + 1);
    return raw.apply(this, args);
  };
  return { sent, restore: () => (proto.raw = raw) };
}

describe.each(Object.keys(games))('%s', (id) => {
  it('sends each client exactly one data frame per mid-game action, over sockets that negotiated permessage-deflate', async () => {
    const m = games[id]!;
    const seats = seatCount(m, m.options.parse({}));
    const ws = env.server.ws;
    const host = await create(ws, { game: id, name: 'P0', clientSeed: 'p0', options: {} });
    const players = [host];
    for (let k = 1; k < seats; k++)
      players.push(await join(ws, host.room.roomId, { name: `P${k}`, clientSeed: `p${k}` }));
    const watcher = await join(ws, host.room.roomId, { name: 'Wes', want: 'watch' });
    const all = [...players, watcher];
    // Settled: the watcher's arrival (the spectator count, a schema change) has reached everyone.
    await until(
      () => all.every((p) => p.room.state.phase === 'playing' && p.room.state.spectators === 1 && p.view),
      'the game',
    );
    // Compression is on by default: every socket agreed to it in its handshake.
    for (const p of all) expect(socketOf(p).extensions).toContain('permessage-deflate');

    // Every data frame each client's socket receives from now on (heartbeat pings are control frames, not counted).
    const received = all.map(() => 0);
    for (const [k, p] of all.entries()) socketOf(p).on('message', () => received[k]!++);
    const random = rng(29);
    const counter = countSent();
    try {
      let played = 0;
      let ended = false;
      while (played < ACTIONS && !ended) {
        // Whose input is awaited, as the spectators' stream says (it carries it like every audience's).
        const toAct = watcher.toAct;
        const mover = players.find((p) => p.seat !== null && toAct.includes(p.seat) && p.legal.length > 0);
        if (!mover) throw new Error(`${id}: nobody to act (toAct ${JSON.stringify(toAct)})`);
        const revs = all.map((p) => p.stream.rev);
        const before = all.map((_, k) => received[k]!);
        counter.sent.clear();
        mover.room.send('action', mover.legal[Math.floor(random() * mover.legal.length)]);
        // Every frame of an action leaves in the handler that accepted it: once the mover holds its own frame, every
        // client's has been handed to its socket.
        await until(() => mover.stream.rev > revs[all.indexOf(mover)]! || mover.errors.length, `${id}: the action`);
        expect(mover.errors).toEqual([]);
        // The room's own state says whether this action ended the game (the clients learn it from the patch after).
        const served = matchMaker.getLocalRoomById(host.room.roomId) as unknown as { state: { phase: string } };
        ended = served.state.phase === 'over';
        if (!ended) await until(() => all.every((p, k) => p.stream.rev > revs[k]!), `${id}: every client's frame`);
        for (const p of all) {
          const frames = counter.sent.get(p.room.sessionId) ?? 0;
          // The last action also ends the game: its frame, then the schema patch with the result (rare, shared).
          if (ended) expect(frames).toBeLessThanOrEqual(2);
          else expect({ who: p.seat, frames }).toEqual({ who: p.seat, frames: 1 });
        }
        // What the server handed each socket is what each client received, frame for frame.
        await until(
          () => all.every((p, k) => received[k]! - before[k]! === (counter.sent.get(p.room.sessionId) ?? 0)),
          `${id}: the frames on the clients' sockets`,
        );
        played++;
      }
      expect(played).toBeGreaterThan(0);
    } finally {
      counter.restore();
      for (const p of all) await p.room.leave();
    }
  }, 60_000);
});

describe('resync', () => {
  it('answers a client that saw a gap with its audience full frame at the latest revision; a malformed ask is refused', async () => {
    const ws = env.server.ws;
    const a = await create(ws, { game: 'shields', name: 'Ana', options: {} });
    const b = await join(ws, a.room.roomId, { name: 'Ben' });
    const s = await join(ws, a.room.roomId, { name: 'Sam', want: 'watch' });
    await until(() => [a, b, s].every((p) => p.room.state.phase === 'playing' && p.view), 'the game');
    const mover = [a, b].find((p) => p.seat !== null && s.toAct.includes(p.seat))!;
    const rev = s.stream.rev;
    mover.room.send('action', mover.legal[0]);
    await until(() => s.stream.rev > rev, 'the action');
    const frames = s.viewMessages.length;
    s.room.send('resync', { rev: rev - 1 });
    await until(() => s.viewMessages.length > frames, 'the snapshot');
    const snap = s.viewMessages.at(-1)!;
    // The full frame at the revision the stream is at: the same document, the latest lines, whose turn.
    expect(snap.full).toBeDefined();
    expect(snap.rev).toBe(s.stream.rev);
    expect(snap.t!.l!.at(-1)![0]).toBe(s.lines.at(-1)!.seq);
    expect(snap.t!.a).toEqual(s.toAct);
    // Bad content is refused with a coded error, and changes nothing.
    for (const bad of [{ rev: 'x' }, { rev: -2 }, { rev: 1, more: 1 }, undefined]) s.room.send('resync', bad);
    await until(() => s.errors.length >= 4, 'the refusals');
    expect(s.errors.map((e) => [e.code, e.of])).toEqual(Array(4).fill(['bad-message', 'resync']));
    expect(s.viewMessages.length).toBe(frames + 1);
    for (const p of [a, b, s]) await p.room.leave();
  });
});
