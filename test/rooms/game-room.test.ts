// The generic room over real WebSockets with real colyseus.js clients, on the High Roll test game.
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { matchMaker } from '../../server/src/app';
import type { GameRoom } from '../../server/src/rooms/game-room';
import {
  create,
  join,
  nextError,
  parse,
  reconnect,
  sleep,
  testServer,
  serverSetup,
  until,
  type Player,
  logCount,
} from '../helpers/server';

// The claim grace is server policy (P3); short here so the tests that wait it out stay quick.
// (One server per test file: Colyseus' matchmaker is process-wide, a second server would take over the room type.)
const env = serverSetup({ rateBurst: 20, ratePerSecond: 10, graceSeconds: 2 });

async function table(on = env.server) {
  const a = await create(on.ws, { game: 'high-roll', name: 'Ana', clientSeed: 'ana-seed' });
  const b = await join(on.ws, a.room.roomId, { name: 'Ben', clientSeed: 'ben-seed' });
  const s = await join(on.ws, a.room.roomId, { name: 'Sam' });
  await until(
    () => [a, b, s].every((p) => p.room.state.phase === 'playing' && p.room.state.spectators === 1),
    'the game to start',
  );
  return { a, b, s };
}

const logLength = (p: Player) => logCount(p.room.state);

async function rollAndWait(p: Player, watcher: Player) {
  const before = logLength(watcher);
  p.room.send('action', { type: 'roll' });
  await until(() => logLength(watcher) > before, 'the roll to reach the watcher');
}

describe('GameRoom', () => {
  it('seats two players and a spectator by room id and syncs state to all three', async () => {
    const { a, b, s } = await table();
    expect([a.seat, b.seat, s.seat]).toEqual([0, 1, null]);
    expect(a.token).toMatch(/^[\w-]{32}$/); // 24 random bytes = 192 bits
    expect(b.token).not.toEqual(a.token);
    expect(s.token).toBeUndefined();
    for (const p of [a, b, s]) {
      expect(p.room.state.seats.map((x: any) => x.name)).toEqual(['Ana', 'Ben']);
      expect(p.room.state.spectators).toBe(1);
      expect(p.room.state.commitment).toMatch(/^[0-9a-f]{64}$/);
      expect(p.room.state.serverSeed).toBe('');
    }
    await rollAndWait(a, s);
    await until(() => b.view?.rolls[0].length === 1, 'view on b');
    await until(() => s.view?.rolls[0].length === 1, 'view on s');
    // Private projection: each seat gets its own legal actions, the spectator and the seat that waits none.
    await until(() => b.legal.length === 1, 'b legal');
    expect(s.legal).toEqual([]);
    expect(a.legal).toEqual([]);
  });

  it('refuses out-of-turn, spectator, malformed, unknown and oversized messages with a code, changing nothing', async () => {
    const { a, b, s } = await table();
    const before = s.stream;
    b.room.send('action', { type: 'roll' });
    expect(await nextError(b)).toMatchObject({ code: 'not-your-turn', of: 'action' });
    s.room.send('action', { type: 'roll' });
    expect(await nextError(s)).toMatchObject({ code: 'not-seated' });
    a.room.send('action', { type: 'fly' });
    expect(await nextError(a)).toMatchObject({ code: 'bad-action' });
    a.room.send('action', 'roll');
    expect(await nextError(a)).toMatchObject({ code: 'bad-action' });
    a.room.send('teleport', { x: 1 });
    expect(await nextError(a)).toMatchObject({ code: 'bad-message', of: 'teleport' });
    a.room.send('chat', { text: 'x'.repeat(4100) });
    expect(await nextError(a)).toMatchObject({ code: 'too-large' });
    a.room.send('chat', { text: '' });
    expect(await nextError(a)).toMatchObject({ code: 'bad-message' });
    s.room.send('claim');
    expect(await nextError(s)).toMatchObject({ code: 'not-seated' });
    a.room.send('claim');
    expect(await nextError(a)).toMatchObject({ code: 'not-claimable' });
    await sleep(100);
    expect(s.stream).toBe(before);
    expect(logLength(s)).toBe(1);
    // The room still plays.
    await rollAndWait(a, s);
  });

  it('closes a connection that sends a frame over the hard cap, and keeps serving everyone else', async () => {
    const { a, b } = await table();
    let closed = 0;
    a.room.onLeave((code) => (closed = code));
    a.room.send('chat', { text: 'y'.repeat(5_000) });
    await until(() => closed !== 0, 'the oversized sender to be closed');
    b.room.send('action', { type: 'roll' }); // b is not to act; the room must still answer it
    expect(await nextError(b)).toMatchObject({ code: 'not-your-turn' });
    const res = await fetch(`${env.server.url}/health`);
    expect(res.status).toBe(200);
  });

  it('rate-limits a flood per client', async () => {
    const { a } = await table();
    for (let i = 0; i < 40; i++) a.room.send('chat', { text: `spam ${i}` });
    await until(() => a.errors.some((e) => e.code === 'rate-limited'), 'rate limiting');
    await until(() => a.room.state.chat.length >= 10, 'chat');
    await sleep(200);
    expect(a.room.state.chat.length).toBeLessThan(21);
    // Told once, not once per refused frame; and still connected (a few bursts are not abuse).
    expect(a.errors.filter((e) => e.code === 'rate-limited').length).toBe(1);
    // The bucket refills at RATE_PER_SECOND: offer a line every 250 ms until one gets through, rather than
    // sleeping out a whole second (a refused try is one strike, far under the abuse limit).
    const calm = setInterval(() => a.room.send('chat', { text: 'calm again' }), 250);
    try {
      await until(() => a.room.state.chat.some((l: any) => l.text === 'calm again'), 'chat after the flood', 10_000);
    } finally {
      clearInterval(calm);
    }
  });

  it('P2 lets a dropped player reconnect to the same seat within the grace period', async () => {
    const { a, b, s } = await table();
    await b.room.leave(false);
    await until(() => s.room.state.seats[1].connected === false, 'the drop to show');
    expect(s.room.state.seats[1].graceEndsAt).toBeGreaterThan(Date.now());
    const b2 = await reconnect(b);
    await until(() => s.room.state.seats[1].connected === true, 'the return to show');
    expect(s.room.state.seats[1].graceEndsAt).toBe(0);
    await rollAndWait(a, s);
    await rollAndWait(b2, s);
    await until(() => s.view?.rolls[1].length === 1, 'the second roll on s');
    expect(b2.view.rolls[1]).toHaveLength(1);
  });

  it('P2 returns a refreshed page (same seat token, new connection) to its seat and retires the old tab', async () => {
    const { a, b, s } = await table();
    let oldClosed = 0;
    b.room.onLeave((code) => (oldClosed = code));
    const b2 = await join(env.server.ws, a.room.roomId, { seatToken: b.token });
    await until(() => b2.seat === 1, 'b2 seated');
    await until(() => oldClosed === 4100, 'the old tab to be retired');
    expect(s.room.state.spectators).toBe(1);
    await rollAndWait(a, s);
    await rollAndWait(b2, s);
  });

  it('P3 after the grace the opponent may claim the win; while waiting the seat token still brings the player back', async () => {
    const { a, b, s } = await table();
    expect(s.room.state.graceSeconds).toBe(2);
    await b.room.leave(false);
    await until(() => s.room.state.seats[1].claimable, 'the grace to run out', 6000);
    // Keep waiting: the player comes back with the seat token after the grace.
    const b2 = await join(env.server.ws, a.room.roomId, { seatToken: b.token });
    expect(b2.seat).toBe(1);
    await until(() => !s.room.state.seats[1].claimable && s.room.state.seats[1].connected, 'the return');
    a.room.send('claim');
    expect(await nextError(a)).toMatchObject({ code: 'not-claimable' });
    // Drops again, for good this time: the claim ends the game.
    await b2.room.leave(false);
    await until(() => a.room.state.seats[1].claimable, 'the second grace', 6000);
    a.room.send('claim');
    await until(() => s.room.state.phase === 'over', 'the claim to end the game');
    expect(parse(s.room.state.result)).toMatchObject({ winners: [0], reason: 'abandoned' });
  });

  it('ends a game, reveals its seed, and every roll of its log verifies', async () => {
    const { a, b, s } = await table();
    for (let i = 0; i < 3; i++) {
      await rollAndWait(a, s);
      await rollAndWait(b, s);
    }
    await until(() => s.room.state.phase === 'over', 'the end');
    expect(s.room.state.serverSeed).toMatch(/^[0-9a-f]{64}$/);
    const res = await fetch(`${env.server.url}/api/games/${s.room.state.gameId}/log`);
    expect(res.status).toBe(200);
    const log = (await res.json()) as GameLog;
    expect(log.fair.clientSeed).toBe('ana-seed:ben-seed');
    expect(log.entries.flatMap((e) => e.rolls)).toHaveLength(6);
    expect(verifyLog(log, getGame)).toEqual({ ok: true, rollsChecked: 6, problems: [] });
    // The same log with one roll changed is caught.
    const tampered = structuredClone(log);
    const r = tampered.entries[1].rolls[0];
    r.value = (r.value % 6) + 1;
    expect(verifyLog(tampered, getGame).ok).toBe(false);
    // Further actions are refused.
    a.room.send('action', { type: 'roll' });
    expect(await nextError(a)).toMatchObject({ code: 'not-playing' });
  });

  it('sends a fresh snapshot to a player who returns after state changed while nobody was connected (0.16 stale-state pitfall)', async () => {
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
    const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
    await until(() => a.room.state.phase === 'playing', 'start');
    const roomId = a.room.roomId;
    await a.room.leave(false);
    await b.room.leave(false);
    // The grace timers flip both seats to claimable while no client is connected (read in the server's room).
    await until(
      () => (matchMaker.getLocalRoomById(roomId) as GameRoom | undefined)?.state.seats.every((s) => s.claimable),
      'both seats to become claimable with nobody connected',
    );
    const back = await join(env.server.ws, roomId, { seatToken: a.token });
    expect(back.seat).toBe(0);
    expect(back.room.state.seats[1].claimable).toBe(true);
    expect(back.room.state.seats[1].connected).toBe(false);
    expect(back.room.state.seats[0].connected).toBe(true);
  });

  it('refuses to join an unknown room with a clear error', async () => {
    await expect(join(env.server.ws, 'nosuchroom')).rejects.toThrow(/not found/);
    const res = await fetch(`${env.server.url}/api/rooms/nosuchroom`);
    expect(res.status).toBe(404);
    expect(await res.json()).toMatchObject({ code: 'room-not-found' });
  });

  it('refuses to create a room for an unknown game or with bad options', async () => {
    await expect(create(env.server.ws, { game: 'tiddlywinks' })).rejects.toThrow(/unknown-game/);
    await expect(create(env.server.ws, { game: 'high-roll', options: { sides: 1000 } })).rejects.toThrow(/bad-options/);
  });

  it('plays a rematch with sides swapped and a new commitment, spectators staying', async () => {
    const { a, b, s } = await table();
    for (let i = 0; i < 3; i++) {
      await rollAndWait(a, s);
      await rollAndWait(b, s);
    }
    await until(() => s.room.state.phase === 'over', 'the end');
    const firstCommitment = s.room.state.commitment;
    s.room.send('rematch');
    expect(await nextError(s)).toMatchObject({ code: 'not-seated' });
    a.room.send('rematch');
    b.room.send('rematch');
    await until(() => s.room.state.round === 2 && s.room.state.phase === 'playing', 'the rematch');
    await until(() => a.seat === 1 && b.seat === 0, 'sides to swap');
    expect(s.room.state.seats.map((x: any) => x.name)).toEqual(['Ben', 'Ana']);
    expect(s.room.state.commitment).not.toBe(firstCommitment);
    expect(s.room.state.serverSeed).toBe('');
    await rollAndWait(b, s);
    await until(() => a.legal.length > 0, 'a legal after the swap');
    expect(a.legal).toEqual([{ type: 'roll' }]);
  });
});

describe('a planned restart', () => {
  it('tells every client before closing the rooms', async () => {
    const own = await testServer();
    const a = await create(own.ws, { game: 'high-roll', name: 'Ana' });
    const s = await join(own.ws, a.room.roomId, { want: 'watch' });
    const seen: string[] = [];
    let leftWith = 0;
    s.room.onLeave((code) => {
      leftWith = code;
      seen.push(`left:${s.room.state.notice}`);
    });
    await own.close(300);
    await until(() => leftWith !== 0, 'the room to close');
    expect(seen).toEqual(['left:restart']);
    const down = await fetch(`${own.url}/health`).then(
      () => 'up',
      () => 'down',
    );
    expect(down).toBe('down');
  });
});
