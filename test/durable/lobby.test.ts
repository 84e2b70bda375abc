// Durable lobbies (#16 item 6, on #12's store) with real clients and the real server as its own process on
// PostgreSQL: a private lobby with a finished game, a scoreboard, chat, a removed member and a table in play is
// killed with SIGKILL; a new process brings the lobby back under its link when a member opens it, every member by
// their token, the removed one still out, and the table that was being played comes back too, its result reaching
// the scoreboard. A planned shutdown (SIGTERM) tells the members first and keeps the lobby the same way.
import type { ChildProcess } from 'node:child_process';
import { Client } from 'colyseus.js';
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import type { GameStore } from '../../server/src/store/game-store';
import { until, logCount } from '../helpers/server';
import { backToTable, enter, members, startTable, type Member } from '../helpers/party';
import { freePort, startServerProcess } from '../helpers/process';
import { playSome } from '../helpers/durable';
import { postgresBackend, type Backend } from '../store/backends';

jest.setTimeout(240_000);

const scores = (m: Member) =>
  Object.fromEntries(members(m).map((x) => [x.name, [x.total.wins, x.total.losses, x.total.draws]]));
const chat = (m: Member) => m.room.state.chat.map((c: { from: string; text: string }) => `${c.from}: ${c.text}`);

/** The lobby as the store has it, read with a connection of its own. */
async function stored(backend: Backend, lobbyId: string): Promise<any> {
  const reader: GameStore = await backend.open();
  try {
    return await reader.loadLobby(lobbyId);
  } finally {
    await reader.close();
  }
}

let backend: Backend;
let child: ChildProcess | null = null;
/** Every server process started here: each test leaves its last one running, so the file stops them all. */
const started: ChildProcess[] = [];
beforeAll(() => {
  backend = postgresBackend();
});
afterAll(async () => {
  for (const c of started) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
  await backend.destroy();
});

const start = async (port: number, env: Record<string, string> = {}) => {
  child = (await startServerProcess(port, { NODE_ID: `lobby-test-${port}`, ...backend.childEnv(), ...env })).child;
  started.push(child);
};

/** Polls an asynchronous check (the store) until it holds. */
async function eventually(check: () => Promise<boolean>, what: string, ms = 10_000) {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

it('a lobby survives kill -9: members by token, host, scoreboard, games played, chat, a removal, and its table in play', async () => {
  const port = await freePort();
  const ws = `ws://127.0.0.1:${port}`;
  const url = `http://127.0.0.1:${port}`;
  await start(port);

  const ana = await enter(ws, null, 'Ana');
  const lobbyId = ana.room.roomId;
  const ben = await enter(ws, lobbyId, 'Ben');
  const cat = await enter(ws, lobbyId, 'Cat');
  const dan = await enter(ws, lobbyId, 'Dan');
  ana.room.send('configure', { game: 'high-roll', options: {} });
  await until(() => ana.room.state.game === 'high-roll', 'the game set');

  // Game one, played to the end: Ben and Cat.
  const [b1, c1] = await startTable(ana, ben, cat);
  await playSome([b1, c1], 20);
  await until(
    () => ana.room.state.phase === 'gathering' && ana.room.state.finished.length === 1,
    'game one on the scoreboard',
  );
  const firstGame = ana.room.state.finished[0].gameId as string;
  // Each seat's luck (issue 34) is kept with the game, and comes back with it.
  const firstLuck = ana.room.state.finished[0].luck as string;
  expect(JSON.parse(firstLuck)).toHaveLength(2);
  ana.room.send('chat', { text: 'good game' });
  ben.room.send('chat', { text: 'rematch?' });
  ana.room.send('remove', { member: dan.id });
  await until(
    () => ana.room.state.members.size === 3 && ana.room.state.chat.length === 2,
    'Dan removed, two chat lines',
  );
  const scoreOne = scores(ana);
  expect(
    Object.values(scoreOne)
      .flat()
      .reduce((x, y) => x + y, 0),
  ).toBe(2);

  // Game two, with the clock of nobody: seats swapped, half played at the kill.
  const [c2, b2] = await startTable(ana, cat, ben);
  await playSome([c2, b2], 2);
  const tableId = c2.room.roomId;
  const tableLog = logCount(c2.room.state);
  const tokens = { cat: c2.token!, ben: b2.token! };
  // The store has the lobby as the members last saw it (written within a patch of each change).
  await eventually(async () => (await stored(backend, lobbyId))?.phase === 'playing', 'the playing lobby stored');
  const snap = await stored(backend, lobbyId);
  expect(snap.members.map((m: { name: string }) => m.name)).toEqual(['Ana', 'Ben', 'Cat']);
  expect(JSON.stringify(snap)).not.toContain(ben.token);
  expect(snap.members.every((m: { tokenHash: string }) => /^[0-9a-f]{64}$/.test(m.tokenHash))).toBe(true);

  child!.kill('SIGKILL');
  await until(() => child!.exitCode !== null || child!.signalCode !== null, 'the process to die');
  for (const m of [ana, ben, cat, dan]) m.room.removeAllListeners();
  for (const p of [b1, c1, b2, c2]) p.room.removeAllListeners();
  await start(port);

  // Ben opens the lobby's link: it comes back under the same id, Ben as himself, the others away.
  const ben2 = await enter(ws, lobbyId, 'Ben', ben.token);
  expect(ben2.id).toBe(ben.id);
  expect(ben2.room.state.host).toBe(ana.id);
  expect(members(ben2).map((m) => [m.name, m.connected])).toEqual([
    ['Ana', false],
    ['Ben', true],
    ['Cat', false],
  ]);
  expect(scores(ben2)).toEqual(scoreOne);
  expect(ben2.room.state.finished.map((f: { gameId: string }) => f.gameId)).toEqual([firstGame]);
  expect(ben2.room.state.finished[0].luck).toBe(firstLuck);
  expect(chat(ben2)).toEqual(['Ana: good game', 'Ben: rematch?']);
  expect([ben2.room.state.phase, ben2.room.state.tableId]).toEqual(['playing', tableId]);
  // The host's grace runs from the restart: hosting passes on only if Ana does not come back.
  expect(ben2.room.state.hostGraceEndsAt).toBeGreaterThan(Date.now());
  const ana2 = await enter(ws, lobbyId, 'Ana', ana.token);
  expect(ana2.id).toBe(ana.id);
  await until(() => ben2.room.state.hostGraceEndsAt === 0, 'the host back');
  // The removed member stays out; a stranger with the link is a new member.
  await expect(new Client(ws).joinById(lobbyId, { name: 'Dan', memberToken: dan.token })).rejects.toThrow(/removed/);
  const eve = await enter(ws, lobbyId, 'Eve');
  expect(eve.id).not.toBe(dan.id);
  await until(() => members(ana2).length === 4, 'Eve in the member list');

  // The table came back with the lobby; its players return by seat token and finish it: the scoreboard counts it.
  const [c3, b3] = [await backToTable(ws, tableId, tokens.cat), await backToTable(ws, tableId, tokens.ben)];
  expect([c3.seat, b3.seat]).toEqual([0, 1]);
  expect(logCount(c3.room.state)).toBeGreaterThanOrEqual(tableLog);
  await playSome([c3, b3], 20);
  await until(
    () => ana2.room.state.phase === 'gathering' && ana2.room.state.finished.length === 2,
    'game two on the scoreboard',
    10_000,
  );
  const secondGame = ana2.room.state.finished[1].gameId as string;
  const log = (await (await fetch(`${url}/api/games/${secondGame}/log`)).json()) as GameLog;
  expect(verifyLog(log, getGame).problems).toEqual([]);
  const played = (name: string) => scores(ana2)[name].reduce((a: number, b: number) => a + b, 0);
  expect([played('Ben'), played('Cat'), played('Ana')]).toEqual([2, 2, 0]);
  // Chat goes on in the same list.
  ana2.room.send('chat', { text: 'back again' });
  await until(() => chat(ben2).length === 3, 'the chat line');
  for (const m of [ana2, ben2, eve]) await m.room.leave();
  for (const p of [c3, b3]) await p.room.leave();
});

it('a planned shutdown tells the members, keeps the lobby, and it comes back; a lobby closed for good does not', async () => {
  const port = await freePort();
  const ws = `ws://127.0.0.1:${port}`;
  // An empty lobby closes after 3 s here (30 minutes by default).
  const idle = { PARTY_IDLE_SECONDS: '3' };
  await start(port, idle);
  const ana = await enter(ws, null, 'Ana');
  const ben = await enter(ws, ana.room.roomId, 'Ben');
  ana.room.send('configure', { game: 'shields', options: {} });
  ben.room.send('chat', { text: 'see you after the deploy' });
  await until(
    () => ana.room.state.chat.length === 1 && ana.room.state.game === 'shields',
    'the chat line and the game',
  );
  const exited = new Promise<number | null>((resolve) => child!.once('exit', (code) => resolve(code)));
  const left = new Promise<number>((resolve) => ben.room.onLeave((code) => resolve(code)));
  child!.kill('SIGTERM');
  await until(() => ben.room.state.notice === 'restart', 'the restart notice');
  expect(await exited).toBe(0);
  await left;

  await start(port, idle);
  const back = await enter(ws, ana.room.roomId, 'Ben', ben.token);
  expect(back.id).toBe(ben.id);
  expect(back.room.state.notice).toBe('');
  expect(back.room.state.game).toBe('shields');
  expect(chat(back)).toEqual(['Ben: see you after the deploy']);
  await back.room.leave();
  // Nobody is left in it: kept until PARTY_IDLE_SECONDS have passed, then closed for good: the record goes.
  expect(await stored(backend, ana.room.roomId)).not.toBeNull();
  await eventually(async () => (await stored(backend, ana.room.roomId)) === null, 'the idle lobby to be deleted');
  await expect(new Client(ws).joinById(ana.room.roomId, { name: 'Ben', memberToken: ben.token })).rejects.toThrow(
    /not found/i,
  );
});
