// Time controls in the generic room, with real colyseus.js clients and clocks of a few seconds.
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { Client } from 'colyseus.js';
import { matchMaker } from '../../server/src/app';
import type { GameRoom } from '../../server/src/rooms/game-room';
import { create, join, nextError, parse, sleep, serverSetup, until, type Player } from '../helpers/server';

const env = serverSetup({ rateBurst: 20, ratePerSecond: 10 });

async function timedTable(clock: unknown) {
  const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana', clock });
  const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
  const s = await join(env.server.ws, a.room.roomId, { name: 'Sam', want: 'watch' });
  await until(() => [a, b, s].every((p) => p.room.state.phase === 'playing' && p.clock), 'the timed game to start');
  return { a, b, s };
}

const clockOf = (p: Player) => parse(p.clock);

describe('time controls in the room', () => {
  it('syncs the clocks to players and spectators, and adds the increment to the mover', async () => {
    const { a, b, s } = await timedTable({ mode: 'chess', baseSeconds: 30, incrementSeconds: 5 });
    const first = clockOf(s);
    expect(first).toMatchObject({
      control: { mode: 'chess', baseSeconds: 30, incrementSeconds: 5 },
      remaining: [30_000, 30_000],
      running: [0],
      paused: false,
    });
    expect(Math.abs(first.since - Date.now())).toBeLessThan(2000);
    await sleep(300);
    a.room.send('action', { type: 'roll' });
    await until(() => clockOf(s).running[0] === 1, 'the clock to pass to Ben');
    const after = clockOf(b);
    // 30 s, minus the ~0.3 s Ana took, plus 5 s.
    expect(after.remaining[0]).toBeGreaterThan(34_000);
    expect(after.remaining[0]).toBeLessThan(34_800);
    expect(after.remaining[1]).toBe(30_000);
    expect(after.since).toBeGreaterThan(first.since);
  });

  it('a fallen clock loses: the opponent wins by timeout, and the log replays and verifies', async () => {
    const { a, b, s } = await timedTable({ mode: 'turn', turnSeconds: 1 });
    a.room.send('action', { type: 'roll' });
    await until(() => clockOf(s).running[0] === 1, "Ben's turn");
    await until(() => s.room.state.phase === 'over', "Ben's clock to fall", 4000);
    expect(parse(a.room.state.result)).toMatchObject({ winners: [0], reason: 'timeout' });
    const last = s.lines.at(-1);
    expect(last).toMatchObject({ kind: 'timeout', seat: 1, events: [{ type: 'timeout', seat: 1 }] });
    expect(clockOf(s).running).toEqual([]);
    const res = await fetch(`${env.server.url}/api/games/${s.room.state.gameId}/log`);
    const log = (await res.json()) as GameLog;
    expect(log.entries.map((e) => e.kind)).toEqual(['setup', 'action', 'timeout']);
    expect(verifyLog(log, getGame)).toMatchObject({ ok: true, problems: [] });
    // Too late: the game is over, a move is refused.
    b.room.send('action', { type: 'roll' });
    expect(await nextError(b)).toMatchObject({ code: 'not-playing' });
  });

  it('a client cannot send a timeout, and an untimed room keeps no clock', async () => {
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
    const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
    await until(() => b.room.state.phase === 'playing', 'the game');
    a.room.send('timeout');
    expect(await nextError(a)).toMatchObject({ code: 'bad-message', of: 'timeout' });
    await sleep(100);
    expect(a.clock).toBe('');
    expect(a.room.state.phase).toBe('playing');
  });

  it.each([
    [{ mode: 'chess', baseSeconds: 0, incrementSeconds: 0 }],
    [{ mode: 'chess', baseSeconds: 60 }],
    [{ mode: 'turn', turnSeconds: 1e9 }],
    [{ mode: 'blitz' }],
    ['chess'],
  ])('refuses the time control %j at creation', async (clock) => {
    const client = new Client(env.server.ws);
    await expect(client.create('table', { game: 'high-roll', clock })).rejects.toThrow(/bad-options/);
  });

  it('a planned restart pauses every clock, so nobody loses on time while the server is away', async () => {
    const { a, s } = await timedTable({ mode: 'turn', turnSeconds: 1 });
    const room = matchMaker.getLocalRoomById(a.room.roomId) as GameRoom;
    room.announceRestart();
    const paused = await until(() => clockOf(s).paused && clockOf(s), 'the clocks to pause');
    // Negative claim (nobody loses on time): unpaused, the room's timer fires `remaining` + 1 ms after the pause
    // was sent (room-clock.ts), so waiting that long plus a margin for the patch is enough, not 1.5 s.
    await sleep(paused.remaining[0] + 300);
    expect(s.room.state.phase).toBe('playing');
    expect(clockOf(s).remaining[0]).toBeGreaterThan(0);
  });
});
