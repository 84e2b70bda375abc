// Crash tests with real clients: the server runs as its own process on a store; half a game of every registered
// game is played, the process is killed with SIGKILL, a new process starts on the same store, and every game comes
// back at the state its players had been acknowledged (plus at most the one action in flight at the kill, and only
// if it had been stored), with players and a spectator back in their seats; each game then finishes and its
// log, served by the new process from the store, verifies. On the embedded store and on PostgreSQL.
import type { ChildProcess } from 'node:child_process';
import { Client } from 'colyseus.js';
import { games, getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { until, wirePlayer, type Player, toActOf } from '../helpers/server';
import { freePort, startServerProcess } from '../helpers/process';
import { logLength, playSome, twoSeats } from '../helpers/durable';
import { embeddedBackend, postgresBackend, type Backend } from '../store/backends';

// PGlite's first open took up to 105 s on the loaded 2-core machine.
jest.setTimeout(480_000);

/** The real server as its own process, on the backend's store. */
const startProcess = (port: number, backend: Backend) =>
  startServerProcess(port, { NODE_ID: `crash-test-${port}`, ...backend.childEnv() });

async function connect(ws: string, roomId: string | null, options: Record<string, unknown>): Promise<Player> {
  const client = new Client(ws);
  const room = roomId ? await client.joinById(roomId, options) : await client.create('table', options);
  const p = wirePlayer(client, room);
  await until(() => p.room.state?.game, 'state');
  // A seat comes with its welcome, which may follow the first state.
  if (options.seatToken || !roomId) await until(() => p.token, 'the welcome');
  return p;
}

interface Table {
  game: string;
  roomId: string;
  gameId: string;
  tokens: string[];
  players: Player[];
  spectator: Player;
}

async function openTable(ws: string, game: string): Promise<Table> {
  const a = await connect(ws, null, { game, options: twoSeats(game), name: 'Ana' });
  const b = await connect(ws, a.room.roomId, { name: 'Ben' });
  const s = await connect(ws, a.room.roomId, { want: 'watch', name: 'Sam' });
  await until(() => [a, b, s].every((p) => p.room.state.phase === 'playing'), `${game} to start`);
  await until(() => a.token && b.token, 'tokens');
  return {
    game,
    roomId: a.room.roomId,
    gameId: a.room.state.gameId,
    tokens: [a.token!, b.token!],
    players: [a, b],
    spectator: s,
  };
}

/** The game's public lines as the room serves them (`log-before` past the end: the whole log, a page of ≤ 100). */
async function logOf(p: Player): Promise<[number, string][]> {
  const pages = p.pages.length;
  p.room.send('log-before', { before: 1_000_000_000 });
  // The answer starts at the game's first line (a page sent on joining, which may come meanwhile, has the latest).
  const whole = () => p.pages.slice(pages).find((page) => page.lines[0]?.[0] === 0);
  await until(() => whole(), 'the log page');
  return whole()!.lines;
}

describe.each([
  ['embedded', embeddedBackend],
  ['postgres', postgresBackend],
] as const)('on the %s store', (_name, make) => {
  let backend: Backend;
  let child: ChildProcess | null = null;
  beforeAll(() => {
    backend = make();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await backend.destroy();
  });

  it('every game survives kill -9: same state, no acknowledged action lost, seats back, the finished log verifies', async () => {
    const port = await freePort();
    const ws = `ws://127.0.0.1:${port}`;
    const url = `http://127.0.0.1:${port}`;
    const first = await startProcess(port, backend);
    child = first.child;
    const ids = Object.keys(games);
    // Every registered game, by the registry's own list (a new game is not named again here).
    expect(ids.length).toBeGreaterThanOrEqual(6);
    const tables: Table[] = [];
    for (const game of ids) tables.push(await openTable(ws, game));
    // Half a game each (or less when a game ends sooner; those are checked as finished games).
    // High Roll is six rolls long: half of it is three.
    for (const t of tables) await playSome(t.players, t.game === 'high-roll' ? 3 : 6, 1);
    const acked = [];
    for (const t of tables)
      acked.push({
        log: JSON.stringify(await logOf(t.players[0])),
        length: logLength(t.players[0]),
        views: t.players.map((p) => JSON.stringify(p.view)),
        publicView: JSON.stringify(t.spectator.view),
        phase: t.players[0].room.state.phase as string,
      });
    // Every game is still running at the kill: what is tested is a resume, not a finished log.
    expect(acked.map((x) => x.phase)).toEqual(ids.map(() => 'playing'));
    // One more action in flight as the process dies: it may or may not have been stored, never acknowledged.
    for (const t of tables) {
      if (t.players[0].room.state.phase !== 'playing') continue;
      const mover = t.players.find((p) => toActOf(t.players[0].room).includes(p.seat))!;
      mover.room.send('action', mover.legal[0]);
    }
    child.kill('SIGKILL');
    await until(() => child!.exitCode !== null || child!.signalCode !== null, 'the process to die');
    for (const t of tables) for (const p of [...t.players, t.spectator]) p.room.removeAllListeners();

    let inFlightStored = 0;
    const second = await startProcess(port, backend);
    child = second.child;
    for (const [i, t] of tables.entries()) {
      if (acked[i].phase !== 'playing') {
        // Finished before the kill: its log is in the store.
        const log = (await (await fetch(`${url}/api/games/${t.gameId}/log`)).json()) as GameLog;
        expect(verifyLog(log, getGame).problems).toEqual([]);
        continue;
      }
      const [a, b] = [
        await connect(ws, t.roomId, { seatToken: t.tokens[0] }),
        await connect(ws, t.roomId, { seatToken: t.tokens[1] }),
      ];
      const s = await connect(ws, t.roomId, { want: 'watch' });
      expect([a.seat, b.seat, s.seat]).toEqual([0, 1, null]);
      expect(a.room.state.gameId).toBe(t.gameId);
      await until(() => a.view && b.view && s.view, `${t.game} views`);
      const resumed = await logOf(a);
      // Every acknowledged entry is there, unchanged; at most the one in flight follows.
      expect(JSON.stringify(resumed.slice(0, acked[i].length))).toBe(acked[i].log);
      expect(resumed.length - acked[i].length).toBeLessThanOrEqual(1);
      inFlightStored += resumed.length - acked[i].length;
      if (resumed.length === acked[i].length) {
        expect([a, b].map((p) => JSON.stringify(p.view))).toEqual(acked[i].views);
        expect(JSON.stringify(s.view)).toBe(acked[i].publicView);
      }
      // Play on a little, then end it; the new process serves the finished log from the store and it verifies.
      await playSome([a, b], 4, 3);
      if (a.room.state.phase === 'playing') {
        a.room.send('resign');
        // In a race (Dice Siege) a resignation takes out only that player; the other resigns too.
        if (games[t.game]?.playsOnAlone) b.room.send('resign');
        await until(() => [a, b, s].every((p) => p.room.state.phase === 'over'), `${t.game} to end`);
      }
      const res = await fetch(`${url}/api/games/${t.gameId}/log`);
      expect(res.status).toBe(200);
      const log = (await res.json()) as GameLog;
      expect(log.entries.length).toBe(logLength(a));
      expect(verifyLog(log, getGame).problems).toEqual([]);
      for (const p of [a, b, s]) await p.room.leave();
    }
    // eslint-disable-next-line no-console
    console.log(
      `${backend.name}: ready after ${first.readyMs} ms (first start), ${second.readyMs} ms (after the kill); ` +
        `in-flight action stored in ${inFlightStored}/${tables.length} games`,
    );
  });
});

describe('a planned shutdown (SIGTERM)', () => {
  let backend: Backend;
  let child: ChildProcess | null = null;
  beforeAll(() => {
    backend = postgresBackend();
  });
  afterAll(async () => {
    child?.kill('SIGKILL');
    await backend.destroy();
  });

  it('tells players, refuses new actions, flushes, exits in bounded time, and the game comes back', async () => {
    const port = await freePort();
    const ws = `ws://127.0.0.1:${port}`;
    child = (await startProcess(port, backend)).child;
    const t = await openTable(ws, 'dice-chess');
    await playSome(t.players, 4, 2);
    const acked = JSON.stringify(await logOf(t.players[0]));
    const exited = new Promise<{ code: number | null; ms: number }>((resolve) => {
      const start = Date.now();
      child!.once('exit', (code) => resolve({ code, ms: Date.now() - start }));
    });
    child.kill('SIGTERM');
    // Everyone is told (the page shows "Server restarting — your game is safe").
    await until(
      () => [...t.players, t.spectator].every((p) => p.room.state.notice === 'restart'),
      'the restart notice',
    );
    const mover = t.players.find((p) => toActOf(t.players[0].room).includes(p.seat))!;
    const errors = mover.errors.length;
    mover.room.send('action', mover.legal[0]);
    await until(() => mover.errors.length > errors, 'the refusal');
    expect(mover.errors[errors].code).toBe('restarting');
    const { code, ms } = await exited;
    expect(code).toBe(0);
    expect(ms).toBeLessThan(10_000);

    child = (await startProcess(port, backend)).child;
    const a = await connect(ws, t.roomId, { seatToken: t.tokens[0] });
    expect(a.seat).toBe(0);
    expect(JSON.stringify(await logOf(a))).toBe(acked);
    expect(a.room.state.notice).toBe('');
    await a.room.leave();
  });
});
