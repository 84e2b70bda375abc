// Fast failover (issue 31, item 5): a process killed with `kill -9` has its games back on another process within
// 5 s (short resume leases, renewed in one statement), exactly once; a planned SIGTERM hands them over at once
// (writes flushed, then the leases released). Real processes on the machine's Redis and PostgreSQL.
import { Client } from 'colyseus.js';
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { create, join, logCount, until, wirePlayer, type Player, toActOf } from '../helpers/server';
import { clusterStore, flushRedis, startNode, stopNode, TEST_REDIS_URL, type Node } from '../helpers/cluster';
import { playSome } from '../helpers/durable';
import { openPostgres } from '../../server/src/store/postgres';
import { TEST_PG_URL } from '../services/urls';

/** A Redis database of this file's own, so another scale suite flushing its database does not pull the rug. */
const REDIS_URL = TEST_REDIS_URL.replace(/\/\d+$/, '/9');
const GAMES = 3;

const open: Player[] = [];
afterAll(async () => {
  await Promise.all(open.map((p) => p.room.connection.isOpen && p.room.leave().catch(() => undefined)));
  await flushRedis(REDIS_URL);
}, 30_000);
afterAll(() => clusterStore.destroy());

const socketOf = (p: Player) => (p.room as any).connection.transport.ws.url as string;
const on = (node: Node, p: Player) => socketOf(p).startsWith(`ws://${node.publicAddress}/`);
const resumedIn = (node: Node, gameId: string) =>
  node.output
    .join('')
    .split('\n')
    .filter((l) => l.includes('"event":"resumed"') && l.includes(gameId)).length;

interface Game {
  /** The players as they were on the first host. */
  first: Player[];
  roomId: string;
  gameId: string;
  tokens: [string, string];
  acked: string;
}

/** GAMES games of Dice Chess hosted by `host` (players joined through `via`), a few moves into each. */
async function startGames(host: Node, via: Node): Promise<Game[]> {
  const out: Game[] = [];
  for (let i = 0; i < GAMES; i++) {
    const ana = await create(host.ws, { game: 'dice-chess', name: 'Ana', clientSeed: `ana${i}` });
    const ben = await join(via.ws, ana.room.roomId, { name: 'Ben', clientSeed: `ben${i}` });
    open.push(ana, ben);
    expect(on(host, ana) && on(host, ben)).toBe(true);
    await until(() => ana.room.state.phase === 'playing' && ana.token && ben.token, 'the game to start');
    await playSome([ana, ben], 4, i);
    out.push({
      first: [ana, ben],
      roomId: ana.room.roomId,
      gameId: ana.room.state.gameId,
      tokens: [ana.token!, ben.token!],
      acked: JSON.stringify(ben.room.state.toJSON().log),
    });
    for (const p of [ana, ben]) p.room.removeAllListeners();
  }
  return out;
}

/**
 * Resolves once every game's resume lease has been renewed at least once (its expiry moved on), as in games that
 * have been going for a while: read from the shared store's resume_leases, polled.
 */
async function leasesRenewed(gameIds: string[], ms = 20_000) {
  const sql = await openPostgres({ connectionString: TEST_PG_URL });
  const table = `${clusterStore.settings.schema}.resume_leases`;
  const read = async () =>
    new Map(
      (
        await sql.query<{ game_id: string; expires_at: Date }>(
          `SELECT game_id, expires_at FROM ${table} WHERE game_id = ANY($1::text[])`,
          [gameIds],
        )
      ).map((r) => [r.game_id, new Date(r.expires_at).getTime()]),
    );
  try {
    const first = await read();
    const end = Date.now() + ms;
    for (;;) {
      const now = await read();
      if (gameIds.every((g) => (now.get(g) ?? 0) > (first.get(g) ?? Infinity))) return;
      if (Date.now() > end) throw new Error('timed out waiting for every lease to be renewed');
      await new Promise((r) => setTimeout(r, 100));
    }
  } finally {
    await sql.close();
  }
}

/** Sits at a game through `node` by seat token, retrying every 100 ms while the cluster hands it over. */
async function sitAgain(node: Node, roomId: string, seatToken: string, ms = 20_000) {
  const end = Date.now() + ms;
  for (let tries = 1; ; tries++) {
    try {
      const client = new Client(node.ws);
      const p = wirePlayer(client, await client.joinById(roomId, { seatToken }));
      open.push(p);
      await until(() => p.room.state?.game && p.token, 'the welcome');
      return { p, tries };
    } catch (err) {
      if (Date.now() > end) throw err;
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}

/**
 * Both seats come back concurrently, one through each of `nodes`, and one legal move is acknowledged: the game is
 * playable again. Resolves with the time that took from `t0`, and the players.
 */
async function backAndPlayable(nodes: [Node, Node], g: Game, t0: number) {
  const [a, b] = await Promise.all([
    sitAgain(nodes[0], g.roomId, g.tokens[0]),
    sitAgain(nodes[1], g.roomId, g.tokens[1]),
  ]);
  const players = [a.p, b.p];
  await until(() => players.every((p) => p.room.state.phase === 'playing' && p.stream.rev > 0), 'views', 5000);
  // What was acknowledged before the death is all there, nothing else.
  expect(JSON.stringify(a.p.room.state.toJSON().log)).toBe(g.acked);
  const before = logCount(a.p.room.state);
  const mover = players.find((p) => p.legal.length > 0 && [...toActOf(p.room)].includes(p.seat));
  if (!mover) throw new Error('nobody to act');
  mover.room.send('action', mover.legal[0]);
  await until(() => players.every((p) => logCount(p.room.state) > before), 'the move to be acknowledged', 10_000);
  return { ms: Date.now() - t0, players, tries: a.tries + b.tries };
}

describe('fast failover (three processes on one Redis and one PostgreSQL)', () => {
  it('kill -9: every game is back and playable on another process within 5 s, resumed exactly once', async () => {
    await flushRedis(REDIS_URL);
    const env = { GRACE_SECONDS: '30', LOG_LEVEL: 'info' };
    // One after another: three opening at once on a busy 2-core machine can miss PostgreSQL's connect timeout.
    const c = await startNode(env, REDIS_URL);
    const d = await startNode(env, REDIS_URL);
    const e = await startNode(env, REDIS_URL);
    try {
      const games = await startGames(c, d);
      // Leases are renewed in batches: the kill comes after a renewal, as in a game that has been going for a while.
      await leasesRenewed(games.map((g) => g.gameId));
      c.child.kill('SIGKILL');
      const t0 = Date.now();
      await c.exited;
      // Each game's two players come back at once, one through each survivor: both processes try to resume it.
      const back = await Promise.all(games.map((g) => backAndPlayable([d, e], g, t0)));
      const times = back.map((b) => b.ms);
      // eslint-disable-next-line no-console
      console.log(`kill -9: games playable again after ${times.join(', ')} ms (tries ${back.map((b) => b.tries)})`);
      for (const t of times) expect(t).toBeLessThanOrEqual(5000);
      for (const [i, g] of games.entries()) {
        // Exactly once: one survivor resumed it, and every socket of the game went there.
        expect(resumedIn(d, g.gameId) + resumedIn(e, g.gameId)).toBe(1);
        const host = resumedIn(d, g.gameId) === 1 ? d : e;
        expect(back[i]!.players.every((p) => on(host, p))).toBe(true);
      }
      // A game goes on to its end and verifies, on the process that took it.
      const [ana, ben] = back[0]!.players;
      await playSome([ana!, ben!], 3, 5);
      if (ana!.room.state.phase === 'playing') ana!.room.send('resign');
      await until(() => ben!.room.state.phase === 'over', 'the end');
      const res = await fetch(`${d.url}/api/games/${games[0]!.gameId}/log`);
      expect(res.status).toBe(200);
      expect(verifyLog((await res.json()) as GameLog, getGame).problems).toEqual([]);
    } finally {
      await Promise.all([stopNode(c), stopNode(d), stopNode(e)]);
    }
  }, 180_000);

  it('SIGTERM: the games are handed over at once (flushed, leases released), not after their leases lapse', async () => {
    await flushRedis(REDIS_URL);
    // Leases of 30 s here: a game back within a few seconds proves the release, not the lapse.
    const env = { GRACE_SECONDS: '30', LEASE_MS: '30000' };
    const [c, d] = await Promise.all([startNode(env, REDIS_URL), startNode(env, REDIS_URL)]);
    try {
      const games = await startGames(c, d);
      c.child.kill('SIGTERM');
      const t0 = Date.now();
      // As the page does on the "restarting" notice: come back once the stopping process has closed the room.
      await until(
        () => games.every((g) => g.first.every((p) => !p.room.connection.isOpen)),
        'the rooms to close',
        10_000,
      );
      const closed = Date.now() - t0;
      const back = await Promise.all(games.map((g) => backAndPlayable([d, d], g, t0)));
      const exited = await c.exited;
      const times = back.map((b) => b.ms);
      // eslint-disable-next-line no-console
      console.log(
        `SIGTERM: rooms closed after ${closed} ms, games playable again after ${times.join(', ')} ms (tries ${back.map((b) => b.tries)})`,
      );
      expect(exited).toBe(0);
      // The process warns its rooms for 1 s before it closes them; the handover itself is immediate.
      for (const t of times) expect(t).toBeLessThanOrEqual(3000);
      for (const b of back) expect(b.players.every((p) => on(d, p))).toBe(true);
    } finally {
      await Promise.all([stopNode(c), stopNode(d)]);
    }
  }, 180_000);
});
