// Play over days (issue 33) through real server processes on one PostgreSQL and one Redis: a turn-based Dice Chess
// game over a simulated week (the servers' time shifted, a restart in the middle, the room unloaded between moves),
// a clock falling with no room loaded applied exactly once by two processes, "Your games", and device codes.
import { Client } from 'colyseus.js';
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { until, wirePlayer, type Player } from '../helpers/server';
import { clusterStore, flushRedis, startNode, stopNode, type Node } from '../helpers/cluster';
import { testRedisUrl } from '../services/urls';
import { playSome } from '../helpers/durable';

jest.setTimeout(300_000);

/** A Redis database of this file's own. */
const REDIS = testRedisUrl(12);
const HOUR = 3_600_000;
const ENV = { DAYS_TEST_TIME: '1', IDLE_SECONDS: '1', DEADLINE_SWEEP_MS: '0', GRACE_SECONDS: '30' };

let a: Node;
let b: Node;
/** The time both processes have been moved forward so far (a restarted process is moved as far at once). */
let shifted = 0;
const open: Player[] = [];

const post = async (node: Node, path: string, body: unknown) => {
  const res = await fetch(`${node.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

async function advance(ms: number) {
  shifted += ms;
  await Promise.all([a, b].map((n) => post(n, '/api/test/time', { advanceMs: ms })));
}

const loaded = async (node: Node, roomId: string) =>
  ((await (await fetch(`${node.url}/api/test/loaded/${roomId}`)).json()) as { loaded: boolean }).loaded;

async function unloaded(roomId: string) {
  for (let i = 0; i < 300; i++) {
    if (!(await loaded(a, roomId)) && !(await loaded(b, roomId))) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the room stayed loaded');
}

async function sit(node: Node, roomId: string, options: Record<string, unknown>): Promise<Player> {
  const client = new Client(node.ws);
  const p = wirePlayer(client, await client.joinById(roomId, options));
  await until(() => p.room.state?.game && p.token, 'the seat', 15_000);
  open.push(p);
  return p;
}

async function leaveAll(players: Player[]) {
  await Promise.all(players.map((p) => p.room.leave(true).catch(() => undefined)));
}

beforeAll(async () => {
  await flushRedis(REDIS);
  [a, b] = await Promise.all([startNode(ENV, REDIS), startNode(ENV, REDIS)]);
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((p) => p.room.connection.isOpen && p.room.leave().catch(() => undefined)));
  await Promise.all([a && stopNode(a), b && stopNode(b)]);
  await flushRedis(REDIS);
  await clusterStore.destroy();
}, 60_000);

describe('a Dice Chess game played over a week', () => {
  let roomId = '';
  let gameId = '';
  let tokens: string[] = [];

  it('is played a move a day, the room unloaded between moves and a server restarted midweek', async () => {
    const c = new Client(a.ws);
    const ana = wirePlayer(
      c,
      await c.create('table', { game: 'dice-chess', name: 'Ana', clock: { mode: 'days', days: 1 } }),
    );
    open.push(ana);
    roomId = ana.room.roomId;
    const ben = await sit(b, roomId, { name: 'Ben' });
    await until(() => ana.room.state.phase === 'playing' && ana.token, 'the game to start');
    gameId = ana.room.state.gameId;
    tokens = [ana.token!, ben.token!];
    await playSome([ana, ben], 2);
    // A turn-based table: a player away gets no grace countdown, and the seat is never claimable.
    await ben.room.leave(true);
    await new Promise((r) => setTimeout(r, 300));
    const away = ana.room.state.seats[1];
    expect([away.connected, away.graceEndsAt, away.claimable]).toEqual([false, 0, false]);
    await leaveAll([ana]);
    await unloaded(roomId);

    for (let day = 1; day <= 6; day++) {
      await advance(20 * HOUR);
      // Nothing is due after 20 hours of a one-day clock.
      const swept = await Promise.all([a, b].map((n) => post(n, '/api/test/sweep', {})));
      expect(swept.map((s) => s.body.due)).toEqual([0, 0]);
      if (day === 3) {
        await stopNode(a);
        a = await startNode(ENV, REDIS);
        await post(a, '/api/test/time', { advanceMs: shifted });
      }
      const [first, second] = day % 2 ? [a, b] : [b, a];
      const p0 = await sit(first, roomId, { name: 'Ana', seatToken: tokens[0] });
      const p1 = await sit(second, roomId, { name: 'Ben', seatToken: tokens[1] });
      expect([p0.seat, p1.seat]).toEqual([0, 1]);
      await until(() => p0.room.state.phase === 'playing' && (p0.legal.length > 0 || p1.legal.length > 0), 'a move');
      expect(await playSome([p0, p1], 1, day)).toBe(1);
      await leaveAll([p0, p1]);
      await unloaded(roomId);
    }
  });

  it('loses on time when the clock falls with no room loaded, applied once by two processes', async () => {
    await advance(25 * HOUR);
    // Both processes sweep at once: one wakes the game (the resume lease decides), the other finds it busy or live.
    const swept = await Promise.all([a, b].map((n) => post(n, '/api/test/sweep', {})));
    expect(swept.map((s) => s.body.due)).toEqual([1, 1]);
    expect(swept.reduce((n, s) => n + s.body.woken, 0)).toBe(1);
    let log: GameLog | null = null;
    for (let i = 0; i < 300 && !log; i++) {
      const res = await fetch(`${b.url}/api/games/${gameId}/log`);
      if (res.status === 200) log = (await res.json()) as GameLog;
      else await new Promise((r) => setTimeout(r, 100));
    }
    expect(log).not.toBeNull();
    const timeouts = log!.entries.filter((e) => e.kind === 'timeout');
    expect(timeouts).toHaveLength(1);
    expect(verifyLog(log!, getGame).problems).toEqual([]);
    // Swept again by both: nothing is due any more, and the log still has one timeout.
    const again = await Promise.all([a, b].map((n) => post(n, '/api/test/sweep', {})));
    expect(again.map((s) => s.body.due)).toEqual([0, 0]);
    const res = await fetch(`${a.url}/api/games/${gameId}/log`);
    expect(((await res.json()) as GameLog).entries.filter((e) => e.kind === 'timeout')).toHaveLength(1);
  });

  it('"Your games" lists the seats the tokens open, and nothing about other tables', async () => {
    const res = await post(b, '/api/your-games', {
      seats: [
        { room: roomId, token: tokens[0] },
        { room: roomId, token: 'x'.repeat(32) },
        { room: 'nosuchroom', token: tokens[1] },
      ],
    });
    expect(res.status).toBe(200);
    expect(res.body.games).toHaveLength(1);
    expect(res.body.games[0]).toMatchObject({ roomId, gameId, seat: 0, game: 'dice-chess', over: true });
    expect(res.body.games[0].opponents).toEqual(['Ben']);
    expect((await post(b, '/api/your-games', { seats: 'all' })).body.code).toBe('bad-seats');
  });

  it('a device code opens the seat once, within ten minutes; forged, reused and expired codes are refused', async () => {
    const made = await post(a, '/api/device-code', { seats: [{ room: roomId, token: tokens[1] }] });
    expect(made.status).toBe(200);
    expect(made.body.code).toMatch(/^[\w-]{24}$/);
    const got = await post(b, '/api/device-code/redeem', { code: made.body.code });
    expect(got).toEqual({ status: 200, body: { seats: [{ room: roomId, token: tokens[1] }] } });
    expect((await post(a, '/api/device-code/redeem', { code: made.body.code })).body.code).toBe('code-used');
    expect((await post(a, '/api/device-code/redeem', { code: 'A'.repeat(24) })).body.code).toBe('code-unknown');
    expect((await post(a, '/api/device-code/redeem', { code: 'short' })).body.code).toBe('bad-code');
    // A seat the token does not open: no code at all.
    const forged = await post(a, '/api/device-code', { seats: [{ room: roomId, token: 'y'.repeat(32) }] });
    expect([forged.status, forged.body.code]).toEqual([403, 'bad-seat']);
    const late = await post(b, '/api/device-code', { seats: [{ room: roomId, token: tokens[0] }] });
    await advance(11 * 60_000);
    expect((await post(a, '/api/device-code/redeem', { code: late.body.code })).body.code).toBe('code-expired');
  });

  it('device codes are rate-limited per address: guessing is refused before it reaches the store', async () => {
    const tries = [];
    for (let i = 0; i < 14; i++)
      tries.push(await post(b, '/api/device-code/redeem', { code: `${'B'.repeat(20)}${1000 + i}` }));
    const codes = tries.map((t) => t.body.code);
    expect(codes).toContain('code-unknown');
    expect(codes.at(-1)).toBe('rate-limited');
    expect(tries.at(-1)!.status).toBe(429);
    const makes = [];
    for (let i = 0; i < 7; i++)
      makes.push(await post(b, '/api/device-code', { seats: [{ room: roomId, token: tokens[0] }] }));
    expect(makes.at(-1)!.body.code).toBe('rate-limited');
  });
});
