// Shields through the real server: 50 whole games (200 under test:soak) between colyseus.js clients choosing random legal actions,
// ten at a time, every one ending with a log that verifies (rolls against the seed, replay against the result).
import { Worker } from 'node:worker_threads';
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { serverSetup } from '../helpers/server';
import { sized } from '../helpers/size';

const env = serverSetup({ rateBurst: 1000, ratePerSecond: 1000 });

/**
 * The clients run in a worker thread: inside jest's module sandbox, colyseus' decoder (a character-by-character
 * UTF-8 reader) is about 14 times slower than in plain Node, which would make 200 games take minutes; in a worker it
 * runs at its real speed, and the server in this thread gets the other core. Plain JS, as the worker loads no TS.
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { Client } = require(workerData.colyseus);
// Shields' legal actions do not travel: each client derives its own from its view (GameModule.legalFromView).
const shared = require(workerData.shared);
const { ws, games, parallel } = workerData;

const { rng, when, json, applyView, runQueue, logCount, toActOf, track, expand } = require(workerData.kit);

async function playOne({ i, options }) {
  // Each seat's view stream (server/src/rooms/projection.ts): a full document, then diffs applied in order.
  // Listened to from the first moment: a message with no listener yet is dropped by colyseus.js.
  const docs = new Map();
  const listen = (r) => { track(shared, r); r.onMessage('view', (m) => docs.set(r, applyView(docs.get(r), m))); return r; };
  const a = listen(await new Client(ws).create('table', { game: 'shields', name: 'Ana', clientSeed: 'ana-' + i, options }));
  const b = listen(await new Client(ws).joinById(a.roomId, { name: 'Ben', clientSeed: 'ben-' + i }));
  const rooms = [a, b];
  const errors = [];
  for (const r of rooms) r.onMessage('error', (e) => errors.push(e));
  for (const r of rooms) r.onMessage('welcome', () => {});
  await when(rooms, () => a.state.phase === 'playing' && b.state.phase === 'playing', 'game ' + i + ' to start');
  const random = rng(1000 + i);
  let seen = Math.max(logCount(a.state), logCount(b.state));
  let actions = 0;
  try {
    while (a.state.phase === 'playing') {
      const seat = toActOf(a)[0];
      const legal = expand(shared, docs.get(rooms[seat]), rooms[seat])?.legal;
      if (!legal || legal.length === 0) throw new Error('game ' + i + ': seat ' + seat + ' is to act without legal actions');
      rooms[seat].send('action', legal[Math.floor(random() * legal.length)]);
      actions++;
      seen++;
      await when(rooms, () => logCount(a.state) >= seen && logCount(b.state) >= seen, 'game ' + i + ' action ' + actions);
      if (actions > 3000) throw new Error('game ' + i + ' does not end');
    }
    await when(rooms, () => b.state.phase === 'over' && a.state.serverSeed, 'game ' + i + ' to end on both');
    return { i, gameId: a.state.gameId, actions, errors };
  } finally {
    await Promise.all(rooms.map((r) => r.leave()));
  }
}

runQueue(parentPort, games, parallel, playOne);
`;

interface Played {
  i: number;
  gameId: string;
  actions: number;
  errors: unknown[];
}

function playInWorker(games: { i: number; options: object }[], parallel: number): Promise<Played[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, {
      eval: true,
      workerData: {
        ws: env.server.ws,
        games,
        parallel,
        colyseus: require.resolve('colyseus.js'),
        kit: require.resolve('../helpers/worker-kit.js'),
        shared: require('node:path').join(__dirname, '../../shared/dist/index.js'),
      },
    });
    worker.once('message', (m: { results?: Played[]; error?: string }) => {
      void worker.terminate();
      if (m.error) reject(new Error(m.error));
      else resolve(m.results!);
    });
    worker.once('error', reject);
  });
}

const GAMES = sized(50, 200, 'SHIELDS_ROOM_GAMES');

it(`plays ${GAMES} random games through the server, ten at a time, and every log verifies`, async () => {
  const t0 = Date.now();
  // Mostly single games (about 75 actions each); every fifth game a best of three (about 200), to keep the run short.
  const single = { bestOf: 1, resurrection: false };
  const singleRes = { bestOf: 1, resurrection: true };
  const variants = [
    single,
    singleRes,
    single,
    singleRes,
    { bestOf: 3, resurrection: false },
    single,
    singleRes,
    single,
    singleRes,
    { bestOf: 3, resurrection: true },
  ];
  const games = Array.from({ length: GAMES }, (_, i) => ({ i, options: variants[i % variants.length] }));
  const results = await playInWorker(games, 10);
  const played = Date.now() - t0;
  expect(results).toHaveLength(GAMES);
  let actions = 0;
  let rolls = 0;
  for (const r of results) {
    expect(r.errors).toEqual([]); // a legal action is never refused
    const res = await fetch(`${env.server.url}/api/games/${r.gameId}/log`);
    expect(res.status).toBe(200);
    const log = (await res.json()) as GameLog;
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(log.game).toBe('shields');
    expect(log.options).toEqual(variants[r.i % variants.length]);
    expect(log.rules).toBe(getGame('shields')!.rulesVersion);
    // A match ends as a match; a single game by two batteries, or with the variant also by S14's stall.
    const { bestOf, resurrection } = variants[r.i % variants.length];
    expect(bestOf === 3 ? ['match'] : resurrection ? ['two-batteries', 'stalled'] : ['two-batteries']).toContain(
      log.result?.reason,
    );
    actions += r.actions;
    rolls += verdict.rollsChecked;
  }
  const mean = (bestOf: number) => {
    const rs = results.filter((r) => variants[r.i % variants.length].bestOf === bestOf);
    return (rs.reduce((n, r) => n + r.actions, 0) / rs.length).toFixed(0);
  };
  const s = (Date.now() - t0) / 1000;
  console.log(
    `shields: ${GAMES} games (${mean(1)} actions per single game, ${mean(3)} per best of three), ${actions} actions, ${rolls} rolls; played in ${(played / 1000).toFixed(1)} s ` +
      `(${Math.round(actions / (played / 1000))} actions/s), verified by ${s.toFixed(1)} s`,
  );
}, 120000);
