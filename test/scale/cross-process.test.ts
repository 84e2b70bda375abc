// Scale-out (issue 12, item 4): two real server processes on one real Redis; real colyseus.js clients reach rooms of
// either process through either one, by link, by reconnection and by seat token, and the lobby lists both.
import { Client, type Room } from 'colyseus.js';
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { create, join, until, wirePlayer, type Player, logCount } from '../helpers/server';
import Redis from 'ioredis';
import { RedisPresence } from '@colyseus/redis-presence';
import { ClusterLimiter } from '../../server/src/scale/cluster-limit';
import {
  clusterStore,
  flushRedis,
  freePort,
  startCaddy,
  startNode,
  stopNode,
  TEST_REDIS_URL,
  type Node,
  type Proxy as CaddyProxy,
} from '../helpers/cluster';
import { runTs } from '../helpers/process';
import { playSome } from '../helpers/durable';
import { backToTable, enter, members, startTable } from '../helpers/party';

let a: Node;
let b: Node;
const open: Room[] = [];

beforeAll(async () => {
  await flushRedis();
  [a, b] = await Promise.all([startNode({ GRACE_SECONDS: '30' }), startNode({ GRACE_SECONDS: '30' })]);
}, 120_000);

afterAll(async () => {
  await Promise.all(open.map((r) => r.connection.isOpen && r.leave().catch(() => undefined)));
  await Promise.all([a && stopNode(a), b && stopNode(b)]);
  await flushRedis();
}, 30_000);
afterAll(() => clusterStore.destroy());

/** The address the client's socket actually went to. */
const socketOf = (p: Player | Room) => (('room' in p ? p.room : p) as any).connection.transport.ws.url as string;
const hosts = (node: Node) => (url: string) => url.startsWith(`ws://${node.publicAddress}/`);
const track = <T extends Player>(p: T) => {
  open.push(p.room);
  return p;
};
const rollAndWait = async (p: Player, watcher: Player) => {
  const before = logCount(watcher.room.state);
  p.room.send('action', { type: 'roll' });
  await until(() => logCount(watcher.room.state) > before, 'the roll to reach the watcher');
};

describe('two processes on one Redis', () => {
  it('a room created through A is joined by link through B by a player and a spectator, whose sockets go to A', async () => {
    const ana = track(await create(a.ws, { game: 'high-roll', name: 'Ana', clientSeed: 'ana' }));
    const roomId = ana.room.roomId;
    expect(hosts(a)(socketOf(ana))).toBe(true);
    // The link's check answers on the other process too.
    const info = await fetch(`${b.url}/api/rooms/${roomId}`);
    expect(info.status).toBe(200);
    expect(await info.json()).toMatchObject({ roomId, metadata: { game: 'high-roll', seated: 1, seats: 2 } });
    expect((await fetch(`${b.url}/api/rooms/nosuchroom`)).status).toBe(404);

    const ben = track(await join(b.ws, roomId, { name: 'Ben', clientSeed: 'ben' }));
    const sam = track(await join(b.ws, roomId, { name: 'Sam' }));
    expect([ana.seat, ben.seat, sam.seat]).toEqual([0, 1, null]);
    expect(ben.token).toMatch(/^[\w-]{32}$/);
    // B answered matchmaking, but the sockets went where the room lives: A's public address.
    expect(hosts(a)(socketOf(ben))).toBe(true);
    expect(hosts(a)(socketOf(sam))).toBe(true);
    await until(
      () => [ana, ben, sam].every((p) => p.room.state.phase === 'playing' && p.room.state.spectators === 1),
      'the game to start',
    );
    // Both processes counted their matchmaking requests in the cluster-wide budget of this address.
    const redis = new Redis(TEST_REDIS_URL);
    const minute = Math.floor(Date.now() / 60_000);
    const counted = await Promise.all(
      [minute - 1, minute].flatMap((m) => [
        redis.hget(`dicehall:limit:create:${m}`, '127.0.0.1'),
        redis.hget(`dicehall:limit:join:${m}`, '127.0.0.1'),
      ]),
    );
    redis.disconnect();
    expect(Number(counted[0]) + Number(counted[2])).toBeGreaterThanOrEqual(1);
    expect(Number(counted[1]) + Number(counted[3])).toBeGreaterThanOrEqual(2);
  });

  it('reconnection and the seat token work across processes, and a game played to the end verifies from either process', async () => {
    const ana = track(await create(a.ws, { game: 'high-roll', name: 'Ana', clientSeed: 'ana-seed' }));
    const roomId = ana.room.roomId;
    const ben = track(await join(b.ws, roomId, { name: 'Ben', clientSeed: 'ben-seed' }));
    const sam = track(await join(b.ws, roomId, { name: 'Sam' }));
    await until(() => sam.room.state.phase === 'playing', 'the game to start');
    await rollAndWait(ana, sam);

    // A dropped connection comes back through B with Colyseus' reconnection token (checked by A over Redis).
    const token = ben.room.reconnectionToken;
    await ben.room.leave(false);
    await until(() => sam.room.state.seats[1].connected === false, 'the drop to show');
    const ben2 = track(wirePlayer(new Client(b.ws), await new Client(b.ws).reconnect(token)));
    await until(() => sam.room.state.seats[1].connected === true, 'the return to show');
    expect(hosts(a)(socketOf(ben2))).toBe(true);
    await rollAndWait(ben2, sam);

    // A refreshed page (new connection, same seat token) through B takes the seat back and retires the old tab.
    const ben3 = track(await join(b.ws, roomId, { seatToken: ben.token }));
    expect(ben3.seat).toBe(1);
    await until(() => ben2.room.connection.isOpen === false, 'the old tab to be retired');
    // A spectator holds no seat to reconnect to: dropped, they come back by the link, through A this time.
    await sam.room.leave(false);
    const sam2 = track(await join(a.ws, roomId, { name: 'Sam' }));
    expect(sam2.seat).toBe(null);
    await until(() => sam2.room.state.spectators === 1, 'one spectator again');

    for (let i = 0; i < 2; i++) {
      await rollAndWait(ana, sam2);
      await rollAndWait(ben3, sam2);
    }
    await until(() => sam2.room.state.phase === 'over', 'the end');
    const gameId = sam2.room.state.gameId as string;
    // The log is kept by A, which hosted the game; B asks A for it.
    for (const node of [a, b]) {
      const res = await fetch(`${node.url}/api/games/${gameId}/log`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-disposition')).toContain(`dicehall-high-roll-${gameId}.json`);
      const log = (await res.json()) as GameLog;
      expect(log.fair.clientSeed).toBe('ana-seed:ben-seed');
      expect(log.fair.serverSeed).toBe(sam2.room.state.serverSeed);
      expect(verifyLog(log, getGame)).toEqual({ ok: true, rollsChecked: 6, problems: [] });
    }
    // A game nobody finished is still unknown everywhere (and a malformed id is refused before any peer is asked).
    expect((await fetch(`${b.url}/api/games/0123456789abcdef/log`)).status).toBe(404);
    expect((await fetch(`${b.url}/api/games/nope/log`)).status).toBe(400);
  });

  it('the public lobby, wherever it runs, lists the public rooms of both processes, and drops them once full', async () => {
    // One lobby on each process; the one on A is open before the rooms exist (live '+'), B's joins after (initial list).
    const lobbyA = await new Client(a.ws).create('lobby');
    open.push(lobbyA);
    expect(hosts(a)(socketOf(lobbyA))).toBe(true);
    const seenA = new Map<string, any>();
    lobbyA.onMessage('rooms', (list: any[]) => {
      for (const r of list) seenA.set(r.roomId, r);
    });
    lobbyA.onMessage('+', ([id, r]: [string, any]) => seenA.set(id, r));
    lobbyA.onMessage('-', (id: string) => seenA.delete(id));

    const onA = track(await create(a.ws, { game: 'high-roll', name: 'Abe', public: true }));
    const onB = track(await create(b.ws, { game: 'high-roll', name: 'Bea', public: true }));
    expect(hosts(b)(socketOf(onB))).toBe(true);
    // A room is listed as it is created (nobody seated yet), then updated once its creator sits: wait for the update.
    await until(
      () => seenA.has(onA.room.roomId) && seenA.get(onB.room.roomId)?.metadata?.seated === 1,
      'both rooms in the lobby on A, Bea seated',
    );
    expect(seenA.get(onB.room.roomId)).toMatchObject({ metadata: { game: 'high-roll', host: 'Bea', seated: 1 } });

    const lobbyB = await new Client(b.ws).create('lobby');
    open.push(lobbyB);
    expect(hosts(b)(socketOf(lobbyB))).toBe(true);
    const seenB = new Map<string, any>();
    lobbyB.onMessage('rooms', (list: any[]) => {
      for (const r of list) seenB.set(r.roomId, r);
    });
    lobbyB.onMessage('+', ([id, r]: [string, any]) => seenB.set(id, r));
    lobbyB.onMessage('-', (id: string) => seenB.delete(id));
    await until(() => seenB.has(onA.room.roomId) && seenB.has(onB.room.roomId), 'both rooms in the lobby on B');

    // The room on B fills through A: both lobbies drop it.
    track(await join(a.ws, onB.room.roomId, { name: 'Cid' }));
    await until(
      () => !seenA.has(onB.room.roomId) && !seenB.has(onB.room.roomId),
      'the full room to leave both lobbies',
    );
    expect(seenA.has(onA.room.roomId) && seenB.has(onA.room.roomId)).toBe(true);
  });

  it('a lobby for friends created through A seats a member who came through B at a table in its own process', async () => {
    const host = await new Client(a.ws).create('party', { name: 'Hal' });
    open.push(host);
    expect(hosts(a)(socketOf(host))).toBe(true);
    const guestClient = new Client(b.ws);
    const guest = await guestClient.joinById(host.roomId, { name: 'Gus' });
    open.push(guest);
    expect(hosts(a)(socketOf(guest))).toBe(true);
    const tables: { seat: number; reservation: any }[] = [];
    host.onMessage('table', (m) => tables.push(m));
    guest.onMessage('table', (m) => tables.push(m));
    for (const r of [host, guest]) r.onMessage('*', () => undefined);
    await until(() => host.state.members?.size === 2, 'both members');
    host.send('configure', { game: 'high-roll', options: {} });
    await until(() => host.state.game === 'high-roll', 'the game chosen');
    host.send('sit', { seat: 0 });
    guest.send('sit', { seat: 1 });
    await until(() => [...host.state.members.values()].every((m: any) => m.seat >= 0), 'both seated');
    host.send('ready', { ready: true });
    guest.send('ready', { ready: true });
    await until(() => [...host.state.members.values()].every((m: any) => m.ready), 'both ready');
    host.send('start');
    // Reservations come one seat at a time; each member consumes its own, on the table's process.
    const seated: Room[] = [];
    for (let seat = 0; seat < 2; seat++) {
      const m = await until(() => tables.find((t) => t.seat === seat), `the reservation for seat ${seat}`);
      const client = seat === 0 ? new Client(a.ws) : guestClient;
      const table = await client.consumeSeatReservation(m.reservation);
      table.onMessage('*', () => undefined);
      open.push(table);
      expect(hosts(a)(socketOf(table))).toBe(true);
      seated.push(table);
    }
    await until(() => seated[0].state.phase === 'playing' && seated[1].state.phase === 'playing', 'the table to start');
    // The lobby's patch naming its table follows the reservations by up to a patch interval.
    await until(() => host.state.tableId, 'the lobby to name its table');
    expect(seated.map((t) => t.roomId)).toEqual([host.state.tableId, host.state.tableId]);
  });

  it('a party follows its table on another process by presence: the result reaches the scoreboard', async () => {
    // The party and its table start on a third process; a planned stop lets both go. The table comes back on B
    // (its players' seat tokens), the party on A (its members' tokens): A learns the end only through Redis.
    const c = await startNode({ GRACE_SECONDS: '30' });
    try {
      const hal = await enter(c.ws, null, 'Hal');
      const gus = await enter(c.ws, hal.room.roomId, 'Gus');
      hal.room.send('configure', { game: 'high-roll', options: {} });
      await until(() => hal.room.state.game === 'high-roll', 'the game chosen');
      const [h1, g1] = await startTable(hal, hal, gus);
      const tableId = h1.room.roomId;
      await playSome([h1, g1], 1);
      // The lobby's record names the table and its game before the stop.
      await until(() => hal.room.state.tableId === tableId, 'the lobby to name its table');
      for (const r of [hal.room, gus.room, h1.room, g1.room]) r.removeAllListeners();
      await stopNode(c);

      const [h2, g2] = [await backToTable(b.ws, tableId, h1.token!), await backToTable(b.ws, tableId, g1.token!)];
      expect([h2, g2].every((p) => hosts(b)(socketOf(p)))).toBe(true);
      const hal2 = await enter(a.ws, hal.room.roomId, 'Hal', hal.token);
      open.push(hal2.room, h2.room, g2.room);
      expect(hosts(a)(socketOf(hal2.room))).toBe(true);
      expect([hal2.room.state.phase, hal2.room.state.tableId]).toEqual(['playing', tableId]);
      await playSome([h2, g2], 20);
      await until(
        () => hal2.room.state.phase === 'gathering' && hal2.room.state.finished.length === 1,
        'the result on the scoreboard of the party on A',
      );
      expect(hal2.room.state.finished[0].gameId).toBe(h2.room.state.gameId);
      const played = members(hal2).map((m) => m.total.wins + m.total.losses + m.total.draws);
      expect(played).toEqual([1, 1]);
    } finally {
      await stopNode(c);
    }
  });

  it('refuses to start with REDIS_URL but no PUBLIC_ADDRESS, saying why', async () => {
    const child = runTs('server/src/index.ts', {
      PORT: '0',
      HOST: '127.0.0.1',
      REDIS_URL: TEST_REDIS_URL,
      PUBLIC_ADDRESS: '',
      LOG_LEVEL: 'fatal',
    });
    let out = '';
    child.stdout?.on('data', (d: Buffer) => (out += d.toString()));
    const code = await new Promise((resolve) => child.once('exit', resolve));
    expect(code).toBe(1);
    expect(out).toContain('PUBLIC_ADDRESS');
  });
});

// In this file rather than its own: a suite in parallel would flush the database under it.
describe('the per-address matchmaking budget across processes', () => {
  const run = Math.random().toString(36).slice(2);
  let presence: RedisPresence;
  beforeAll(() => {
    presence = new RedisPresence(TEST_REDIS_URL);
  });
  afterAll(() => presence.shutdown());

  it('holds an address to one budget across processes, and leaves other addresses alone', async () => {
    // The count is per calendar minute: do not start on the edge of one.
    const intoMinute = Date.now() % 60_000;
    if (intoMinute > 55_000) await new Promise((r) => setTimeout(r, 60_500 - intoMinute));
    // Two processes' limiters on one Redis, five requests a minute.
    const onA = new ClusterLimiter(`create-${run}`, 5, () => presence);
    const onB = new ClusterLimiter(`create-${run}`, 5, () => presence);
    const answers: boolean[] = [];
    for (let i = 0; i < 7; i++) answers.push(await (i % 2 ? onB : onA).take('203.0.113.7'));
    expect(answers).toEqual([true, true, true, true, true, false, false]);
    expect(await onB.take('198.51.100.1')).toBe(true);
    // Another kind of request has its own budget.
    expect(await new ClusterLimiter(`join-${run}`, 5, () => presence).take('203.0.113.7')).toBe(true);
  });

  it('lets requests through when Redis cannot answer (each process keeps its own bucket)', async () => {
    const broken = { hincrbyex: () => Promise.reject(new Error('connection lost')) } as unknown as RedisPresence;
    const limiter = new ClusterLimiter(`broken-${run}`, 1, () => broken);
    expect([await limiter.take('203.0.113.9'), await limiter.take('203.0.113.9')]).toEqual([true, true]);
  });
});

// The deployment's own proxy config (deploy/Caddyfile) in front of two more processes, as docker-compose.yml runs it.
describe('behind Caddy with deploy/Caddyfile', () => {
  let proxy: CaddyProxy;
  let c: Node;
  let d: Node;
  beforeAll(async () => {
    const port = await freePort();
    const env = (n: number) => ({ PUBLIC_ADDRESS: `127.0.0.1:${port}/n${n}`, TRUST_PROXY: '1' });
    [c, d] = await Promise.all([startNode(env(1)), startNode(env(2))]);
    proxy = await startCaddy(port, [`127.0.0.1:${c.port}`, `127.0.0.1:${d.port}`]);
  }, 120_000);
  afterAll(async () => {
    proxy?.child.kill('SIGTERM');
    await Promise.all([c && stopNode(c), d && stopNode(d)]);
  }, 30_000);

  it("serves matchmaking at the shared entry, sends each socket to its process's path, and the game verifies", async () => {
    const entry = proxy.ws;
    const viaPath = (p: Player) => /^ws:\/\/127\.0\.0\.1:\d+\/(n[12])\//.exec(socketOf(p))?.[1];
    // Rooms created at the entry land on the process the proxy picked: round robin reaches both.
    const hosts = [];
    for (let i = 0; i < 2; i++)
      hosts.push(track(await create(entry, { game: 'high-roll', name: `Host ${i}`, clientSeed: `h${i}` })));
    expect(hosts.map(viaPath).sort()).toEqual(['n1', 'n2']);

    const ana = hosts[0];
    const roomId = ana.room.roomId;
    expect((await fetch(`${proxy.url}/api/rooms/${roomId}`)).status).toBe(200);
    const ben = track(await join(entry, roomId, { name: 'Ben', clientSeed: 'ben' }));
    const sam = track(await join(entry, roomId, { name: 'Sam' }));
    expect([viaPath(ben), viaPath(sam)]).toEqual([viaPath(ana), viaPath(ana)]);
    await until(() => sam.room.state.phase === 'playing', 'the game to start');
    await rollAndWait(ana, sam);
    // A drop, and the reconnection through the entry.
    const token = ben.room.reconnectionToken;
    await ben.room.leave(false);
    await until(() => sam.room.state.seats[1].connected === false, 'the drop to show');
    const ben2 = track(wirePlayer(new Client(entry), await new Client(entry).reconnect(token)));
    expect(viaPath(ben2)).toBe(viaPath(ana));
    for (let i = 0; i < 3; i++) {
      if (i > 0) await rollAndWait(ana, sam);
      await rollAndWait(ben2, sam);
    }
    await until(() => sam.room.state.phase === 'over', 'the end');
    // Twice, so round robin asks both processes: the host's archive and its peer.
    for (let i = 0; i < 2; i++) {
      const res = await fetch(`${proxy.url}/api/games/${sam.room.state.gameId}/log`);
      expect(res.status).toBe(200);
      expect(verifyLog((await res.json()) as GameLog, getGame)).toEqual({ ok: true, rollsChecked: 6, problems: [] });
    }
  });
});

describe('the process hosting a game dies (kill -9)', () => {
  /** Comes back to a room through `node` by seat token (or as a spectator), retrying while the cluster notices the death. */
  async function comeBack(
    node: Node,
    roomId: string,
    options: Record<string, unknown>,
  ): Promise<{ p: Player; tries: number }> {
    const end = Date.now() + 90_000;
    for (let tries = 1; ; tries++) {
      try {
        const p = track(wirePlayer(new Client(node.ws), await new Client(node.ws).joinById(roomId, options)));
        await until(() => p.room.state?.game && (options.seatToken ? p.token : true), 'the welcome');
        return { p, tries };
      } catch (err) {
        // "process … is not available" (the dead process's listing, cleaned up by that very attempt), then "busy"
        // until the dead process's resume lease runs out (30 s at most).
        if (Date.now() > end) throw err;
        await new Promise((r) => setTimeout(r, 250));
      }
    }
  }

  it('the game comes back on the other process: every acknowledged entry, seats by token, and it ends and verifies', async () => {
    const [c, d] = await Promise.all([startNode({ GRACE_SECONDS: '30' }), startNode({ GRACE_SECONDS: '30' })]);
    try {
      const ana = track(await create(c.ws, { game: 'dice-chess', name: 'Ana', clientSeed: 'ana' }));
      const roomId = ana.room.roomId;
      const ben = track(await join(d.ws, roomId, { name: 'Ben', clientSeed: 'ben' }));
      const sam = track(await join(d.ws, roomId, { name: 'Sam' }));
      // Every socket went to the hosting process, whichever process answered matchmaking.
      expect([ana, ben, sam].every((p) => hosts(c)(socketOf(p)))).toBe(true);
      await until(
        () => [ana, ben, sam].every((p) => p.room.state.phase === 'playing') && ana.token && ben.token,
        'the game to start',
      );
      const gameId = ana.room.state.gameId as string;
      await playSome([ana, ben], 6, 1);
      const acked = JSON.stringify(sam.room.state.toJSON().log);
      const tokens = [ana.token!, ben.token!];

      c.child.kill('SIGKILL');
      await c.exited;
      for (const p of [ana, ben, sam]) p.room.removeAllListeners();
      const t0 = Date.now();
      const a2 = await comeBack(d, roomId, { seatToken: tokens[0] });
      const waited = Date.now() - t0;
      const b2 = (await comeBack(d, roomId, { seatToken: tokens[1] })).p;
      const s2 = (await comeBack(d, roomId, { want: 'watch' })).p;
      // Now hosted by the survivor, under the same room id, the same game, every acknowledged entry.
      expect([a2.p, b2, s2].every((p) => hosts(d)(socketOf(p)))).toBe(true);
      expect([a2.p.seat, b2.seat, s2.seat]).toEqual([0, 1, null]);
      expect(s2.room.state.gameId).toBe(gameId);
      expect(JSON.stringify(s2.room.state.toJSON().log)).toBe(acked);
      await playSome([a2.p, b2], 4, 2);
      if (a2.p.room.state.phase === 'playing') a2.p.room.send('resign');
      await until(() => s2.room.state.phase === 'over', 'the end');
      const res = await fetch(`${d.url}/api/games/${gameId}/log`);
      expect(res.status).toBe(200);
      expect(verifyLog((await res.json()) as GameLog, getGame).problems).toEqual([]);
      // eslint-disable-next-line no-console
      console.log(
        `kill -9 of the hosting process: the game was back on the other after ${waited} ms (${a2.tries} tries)`,
      );
    } finally {
      await Promise.all([stopNode(c), stopNode(d)]);
    }
  }, 180_000);
});
