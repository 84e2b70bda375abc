// "Your games" for a live timed game (issue 33, item 2), through a real server: a Dice Chess game with a chess
// clock; the answer names the time left from the room's running clock, and it goes down as the clock runs.
import { Client } from 'colyseus.js';
import { until, wirePlayer, type Player } from '../helpers/server';
import { clusterStore, flushRedis, startNode, stopNode, type Node } from '../helpers/cluster';
import { testRedisUrl } from '../services/urls';

jest.setTimeout(120_000);

/** A Redis database of this file's own. */
const REDIS = testRedisUrl(13);
const BUDGET = 600_000;

let node: Node;
const open: Player[] = [];

const post = async (path: string, body: unknown) => {
  const res = await fetch(`${node.url}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
  return { status: res.status, body: (await res.json().catch(() => null)) as any };
};

beforeAll(async () => {
  await flushRedis(REDIS);
  node = await startNode({ DAYS_TEST_TIME: '1' }, REDIS);
}, 90_000);

afterAll(async () => {
  await Promise.all(open.map((p) => p.room.connection.isOpen && p.room.leave().catch(() => undefined)));
  if (node) await stopNode(node);
  await flushRedis(REDIS);
  await clusterStore.destroy();
}, 60_000);

it('a live timed game shows the running clock’s time left, going down, to the seats the tokens open', async () => {
  const c = new Client(node.ws);
  const clock = { mode: 'chess', baseSeconds: BUDGET / 1000, incrementSeconds: 0 };
  const ana = wirePlayer(c, await c.create('table', { game: 'dice-chess', name: 'Ana', clock }));
  open.push(ana);
  const roomId = ana.room.roomId;
  const c2 = new Client(node.ws);
  const ben = wirePlayer(c2, await c2.joinById(roomId, { name: 'Ben' }));
  open.push(ben);
  await until(() => ana.room.state.phase === 'playing' && ana.token && ben.token, 'the game to start', 30_000);
  const tokens = [ana.token!, ben.token!];

  // The game is stored once it starts; until then (or with a wrong token) it is not listed.
  const ask = async () => {
    const res = await post('/api/your-games', {
      seats: [
        { room: roomId, token: tokens[0] },
        { room: roomId, token: tokens[1] },
        { room: roomId, token: 'z'.repeat(32) },
      ],
    });
    expect(res.status).toBe(200);
    return res.body.games as any[];
  };
  let games: any[] = [];
  for (let i = 0; i < 150 && games.length < 2; i++) {
    games = await ask();
    if (games.length < 2) await new Promise((r) => setTimeout(r, 100));
  }
  expect(games).toHaveLength(2);
  const first = games.find((g) => g.seat === 0);
  expect(first).toMatchObject({ roomId, over: false, clockRunning: true, clock });
  for (const g of games) {
    // The time left is the awaited seat's (the soonest to fall); each seat also gets its own clock.
    expect(g.timeLeftMs).toBeGreaterThan(0);
    expect(g.timeLeftMs).toBeLessThanOrEqual(BUDGET);
    expect(g.yourClockMs).toBeLessThanOrEqual(BUDGET);
    if (g.yourTurn) expect(g.timeLeftMs).toBeLessThanOrEqual(g.yourClockMs);
    expect(g.deadline).toBeGreaterThan(0);
  }

  // It goes down as the clock runs (real time, polled), and by a minute when the server's time moves a minute.
  let later = first.timeLeftMs as number;
  for (let i = 0; i < 100 && later >= first.timeLeftMs; i++) {
    await new Promise((r) => setTimeout(r, 100));
    later = (await ask()).find((g) => g.seat === first.seat).timeLeftMs;
  }
  expect(later).toBeLessThan(first.timeLeftMs);
  await post('/api/test/time', { advanceMs: 60_000 });
  const shifted = (await ask()).find((g) => g.seat === first.seat);
  expect(shifted.timeLeftMs).toBeLessThanOrEqual(later - 60_000);
  expect(shifted.timeLeftMs).toBeGreaterThan(0);
  expect(shifted.deadline).toBeGreaterThan(0);
});
