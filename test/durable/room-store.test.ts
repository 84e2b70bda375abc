// The room on a real game store (PostgreSQL, a fresh schema): what it writes, that nothing is acknowledged
// before it is stored, a game brought back under its room id by replaying its log, and finished logs served
// from the store.
import { matchMaker } from '@colyseus/core';
import { getGame, verifyLog, type GameLog, type LogEntry } from '@dicehall/shared';
import type { GameStore } from '../../server/src/store/game-store';
import { hashSeatToken } from '../../server/src/store/game-store';
import { create, join, sleep, testServer, until, type Player, toActOf, clockOf } from '../helpers/server';
import { logLength, playSome } from '../helpers/durable';
import { postgresBackend, type Backend } from '../store/backends';

let backend: Backend;
let store: GameStore;
let server: Awaited<ReturnType<typeof testServer>>;
/** Appends wait while this is set (to see that nothing is acknowledged before the store has it). */
let gate: Promise<void> | null = null;

beforeAll(async () => {
  backend = postgresBackend();
  const real = await backend.open();
  // The real store, with a gate in front of append: every other call goes straight through.
  const append = async (gameId: string, entries: LogEntry[]) => {
    if (gate) await gate;
    return real.append(gameId, entries);
  };
  store = new Proxy(real, {
    get: (target, prop) =>
      prop === 'append'
        ? append
        : typeof (target as any)[prop] === 'function'
          ? (target as any)[prop].bind(target)
          : (target as any)[prop],
  });
  // archiveGames 0: finished logs can only come from the store.
  server = await testServer({ graceSeconds: 30, archiveGames: 0 }, store);
  await until(() => server.durable.status === 'ready', 'the store');
});
afterAll(async () => {
  await server?.close();
  await backend?.destroy();
});

async function table(): Promise<{ a: Player; b: Player; s: Player }> {
  const a = await create(server.ws, { game: 'high-roll', name: 'Ana' });
  const b = await join(server.ws, a.room.roomId, { name: 'Ben' });
  const s = await join(server.ws, a.room.roomId, { name: 'Sam' });
  await until(() => [a, b, s].every((p) => p.room.state.phase === 'playing'), 'the game to start');
  return { a, b, s };
}

async function storedEntries(gameId: string): Promise<LogEntry[]> {
  const reader = await backend.open();
  try {
    return (await reader.loadUnfinished(gameId))?.entries ?? [];
  } finally {
    await reader.close();
  }
}

it('stores the game as it starts (seed, commitment, token hashes only) and every accepted entry', async () => {
  const { a, b } = await table();
  await playSome([a, b], 3);
  const gameId = a.room.state.gameId;
  const reader = await backend.open();
  const g = (await reader.loadUnfinished(gameId))!;
  await reader.close();
  expect(g.roomId).toBe(a.room.roomId);
  expect(g.game).toBe('high-roll');
  expect(g.commitment).toBe(a.room.state.commitment);
  expect(g.clientSeed).toBe(a.room.state.clientSeed);
  expect(g.seats.map((s) => s.name)).toEqual(['Ana', 'Ben']);
  expect(g.seats.map((s) => s.tokenHash)).toEqual([hashSeatToken(a.token!), hashSeatToken(b.token!)]);
  expect(JSON.stringify(g)).not.toContain(a.token!);
  expect(g.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  // What players saw is what the store holds.
  expect(a.lines.map((l) => l.seq)).toEqual([0, 1, 2, 3]);
});

it('acknowledges an action to nobody until its entry is durably stored', async () => {
  const { a, b, s } = await table();
  const gameId = a.room.state.gameId;
  let open!: () => void;
  gate = new Promise((r) => (open = r));
  const before = [a, b, s].map(logLength);
  const viewsBefore = [a, b, s].map((p) => p.viewMessages.length);
  const mover = [a, b].find((p) => toActOf(a.room).includes(p.seat))!;
  mover.room.send('action', mover.legal[0]);
  await sleep(400);
  // Held: no patch, no view message, and the store does not have it either.
  expect([a, b, s].map(logLength)).toEqual(before);
  expect([a, b, s].map((p) => p.viewMessages.length)).toEqual(viewsBefore);
  expect((await storedEntries(gameId)).length).toBe(before[0]);
  gate = null;
  open();
  await until(() => [a, b, s].every((p, i) => logLength(p) === before[i] + 1), 'the acknowledgement');
  expect((await storedEntries(gameId)).length).toBe(before[0] + 1);
});

it('brings a game whose room went away back under the same room id, at the same state, seats by token', async () => {
  const { a, b, s } = await table();
  await playSome([a, b], 3);
  const roomId = a.room.roomId;
  const gameId = a.room.state.gameId;
  const state = JSON.stringify(a.room.state.toJSON().log);
  const viewA = JSON.stringify(a.view);
  const tokens = [a.token!, b.token!];
  // The room goes (as when its process dies); the store still has the game.
  await matchMaker.getLocalRoomById(roomId)!.disconnect();
  await until(() => !matchMaker.getLocalRoomById(roomId), 'the room to go');

  // The link answers again: the room is back under its id.
  const res = await fetch(`${server.url}/api/rooms/${roomId}`);
  expect(res.status).toBe(200);
  const a2 = await join(server.ws, roomId, { seatToken: tokens[0] });
  const b2 = await join(server.ws, roomId, { seatToken: tokens[1] });
  const s2 = await join(server.ws, roomId, { want: 'watch' });
  expect([a2.seat, b2.seat, s2.seat]).toEqual([0, 1, null]);
  expect(a2.token).toBe(tokens[0]);
  expect(a2.room.state.gameId).toBe(gameId);
  expect(JSON.stringify(a2.room.state.toJSON().log)).toBe(state);
  await until(() => a2.view, 'the view');
  expect(JSON.stringify(a2.view)).toBe(viewA);
  expect(a2.room.state.seats.map((x: { name: string }) => x.name)).toEqual(['Ana', 'Ben']);
  // Play on to the end; the finished log verifies and is served from the store (nothing is archived in memory).
  for (let i = 0; i < 200 && a2.room.state.phase === 'playing'; i++) await playSome([a2, b2], 1, i);
  expect(a2.room.state.phase).toBe('over');
  const log = (await (await fetch(`${server.url}/api/games/${gameId}/log`)).json()) as GameLog;
  expect(log.entries.length).toBe(logLength(a2));
  expect(verifyLog(log, getGame).problems).toEqual([]);
  void s;
});

it('keeps GET /api/games/:id/log 404 while the game is in progress, and a new room id unknown', async () => {
  const { a } = await table();
  expect((await fetch(`${server.url}/api/games/${a.room.state.gameId}/log`)).status).toBe(404);
  expect((await fetch(`${server.url}/api/rooms/nosuchroom1`)).status).toBe(404);
  expect(await fetch(`${server.url}/health`).then((r) => r.json())).toMatchObject({
    ok: true,
    ready: true,
    store: 'ready',
  });
});

it("resumes exactly once: while another process holds the game's lease the join is refused as busy, then it comes back", async () => {
  const { a, b } = await table();
  await playSome([a, b], 2);
  const roomId = a.room.roomId;
  const gameId = a.room.state.gameId;
  const log = JSON.stringify(a.room.state.toJSON().log);
  await matchMaker.getLocalRoomById(roomId)!.disconnect();
  await until(() => !matchMaker.getLocalRoomById(roomId), 'the room to go');
  // Another process (another lease owner on the same store) takes the game first.
  const other = await backend.open();
  expect(await other.acquireResume(gameId, 'other-process', 60_000)).toBe(true);
  await expect(join(server.ws, roomId, { seatToken: a.token })).rejects.toThrow(/being resumed/);
  expect(matchMaker.getLocalRoomById(roomId)).toBeUndefined();
  await other.releaseResume(gameId, 'other-process');
  await other.close();
  const a2 = await join(server.ws, roomId, { seatToken: a.token });
  await until(() => a2.token, 'the welcome');
  expect(a2.seat).toBe(0);
  expect(JSON.stringify(a2.room.state.toJSON().log)).toBe(log);
  // Two joins at once bring back one room, not two.
  await matchMaker.getLocalRoomById(roomId)!.disconnect();
  await until(() => !matchMaker.getLocalRoomById(roomId), 'the room to go again');
  const [x, y] = await Promise.all([
    join(server.ws, roomId, { seatToken: a.token }),
    join(server.ws, roomId, { seatToken: b.token }),
  ]);
  expect(x.room.roomId).toBe(roomId);
  expect(y.room.roomId).toBe(roomId);
  expect((await matchMaker.query({ roomId })).length).toBe(1);
});

it('a room whose game another process took over (its lease lapsed) closes at the next renewal', async () => {
  const { a, b } = await table();
  await playSome([a, b], 2);
  const gameId = a.room.state.gameId;
  const closed = new Promise<number>((resolve) => a.room.onLeave(resolve));
  // As if this process had stalled past its lease and another had taken the game: the lease changes owner.
  const other = await backend.open();
  await other.releaseResume(gameId, server.durable.owner);
  expect(await other.acquireResume(gameId, 'other-process', 60_000)).toBe(true);
  const t0 = Date.now();
  // Renewals come every third of the lease (1 s): the room learns it at the next one and closes as on a store failure.
  expect(await closed).toBe(4201);
  expect(Date.now() - t0).toBeLessThan(3000);
  expect(await other.acquireResume(gameId, server.durable.owner, 1000)).toBe(false);
  await other.releaseResume(gameId, 'other-process');
  await other.close();
});

it("stores a rematch as the next game of the same room; the first game's log comes from the store", async () => {
  const { a, b } = await table();
  for (let i = 0; i < 50 && a.room.state.phase === 'playing'; i++) await playSome([a, b], 1, i);
  expect(a.room.state.phase).toBe('over');
  const first = a.room.state.gameId;
  const round = a.room.state.round;
  a.room.send('rematch');
  b.room.send('rematch');
  await until(() => a.room.state.gameId !== first && a.room.state.phase === 'playing', 'the rematch');
  await playSome([a, b], 1);
  const reader = await backend.open();
  try {
    const g = (await reader.loadUnfinished(a.room.state.gameId))!;
    expect([g.roomId, g.round, g.entries.length]).toEqual([a.room.roomId, round + 1, 2]);
    // Sides swapped (Ana now holds seat 1): each seat's stored hash is of its new holder's token.
    expect(a.seat).toBe(1);
    const bySeat = [a, b].sort((p, q) => p.seat! - q.seat!);
    expect(g.seats.map((s) => s.tokenHash)).toEqual(bySeat.map((p) => hashSeatToken(p.token!)));
    const done = await reader.finishedLog(first);
    expect(verifyLog(done!, getGame).problems).toEqual([]);
  } finally {
    await reader.close();
  }
});

it("brings back a timed game's clocks as of its last entry (time away counts for nobody), and its chat", async () => {
  const a = await create(server.ws, {
    game: 'high-roll',
    name: 'Ana',
    clock: { mode: 'chess', baseSeconds: 60, incrementSeconds: 5 },
  });
  const b = await join(server.ws, a.room.roomId, { name: 'Ben' });
  await until(() => [a, b].every((p) => p.room.state.phase === 'playing' && clockOf(p.room)), 'the timed game');
  await sleep(300);
  const mover = [a, b].find((p) => toActOf(a.room).includes(p.seat))!;
  const other = mover === a ? b : a;
  mover.room.send('action', { type: 'roll' });
  await until(() => JSON.parse(clockOf(a.room)).running[0] === other.seat, 'the clock to pass');
  const atMove = JSON.parse(clockOf(a.room));
  mover.room.send('chat', { text: 'good luck' });
  await until(() => a.room.state.chat.length === 1, 'the chat line');
  await sleep(300); // let the chat line reach the store
  const roomId = a.room.roomId;
  await matchMaker.getLocalRoomById(roomId)!.disconnect();
  await until(() => !matchMaker.getLocalRoomById(roomId), 'the room to go');
  const goneAt = Date.now();
  // Negative claim (time away is charged to nobody): the remaining times are compared to the millisecond, so
  // 100 ms away shows if it were charged; no server timer needs to run out meanwhile, so not a full second.
  await sleep(100);
  const back = await join(server.ws, roomId, { seatToken: other.token });
  await until(() => clockOf(back.room), 'the clock');
  const clock = JSON.parse(clockOf(back.room));
  expect(clock.running).toEqual([other.seat]);
  expect(clock.paused).toBe(false);
  // The mover's clock is what it was after the move; the other's has lost nothing to the second away.
  expect(clock.remaining[mover.seat!]).toBe(atMove.remaining[mover.seat!]);
  expect(clock.remaining[other.seat!]).toBe(60_000);
  expect(Math.abs(clock.since - Date.now())).toBeLessThan(2000);
  expect(clock.since).toBeGreaterThanOrEqual(goneAt + 100); // the clock restarted on the return, not before
  expect(back.room.state.chat.map((c: { text: string; from: string }) => [c.from, c.text])).toEqual([
    [mover === a ? 'Ana' : 'Ben', 'good luck'],
  ]);
});
