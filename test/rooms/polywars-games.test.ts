// Polywars through the real server: POLYWARS_ROOM_GAMES (100 by default) whole games between colyseus.js clients
// choosing random legal actions, every scenario and seat counts from 2 to 6 among them, every finished log verifying.
import { Worker } from 'node:worker_threads';
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { testServer } from '../helpers/server';
import { sized } from '../helpers/size';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ rateBurst: 1000, ratePerSecond: 1000, idleSeconds: 1 });
});
afterAll(() => server.close());

const GAMES = sized(25, 300, 'POLYWARS_ROOM_GAMES');
const PARALLEL = Number(process.env.POLYWARS_ROOM_PARALLEL ?? 10);

/** Small forces and short cycle limits bound a game's length; the list cycles so every scenario appears. */
const SETUPS = [
  { scenario: 'kill-the-king', budget: 12, cycleLimit: 2, seats: 2 },
  { scenario: 'capture-the-flag', budget: 12, cycleLimit: 2, seats: 3 },
  { scenario: 'rescue-mission', budget: 10, cycleLimit: 2, seats: 2 },
  { scenario: 'snipe-hunt', budget: 10, cycleLimit: 1, seats: 2 },
  { scenario: 'attack-on-tokyo', budget: 12, cycleLimit: 2, seats: 2 },
  { scenario: 'kill-the-king', budget: 10, cycleLimit: 2, seats: 4 },
  { scenario: 'capture-the-flag', budget: 10, cycleLimit: 2, seats: 2 },
  { scenario: 'kill-the-king', budget: 8, cycleLimit: 2, seats: 6 },
  { scenario: 'kill-the-king', budget: 10, cycleLimit: 2, seats: 3 },
  { scenario: 'capture-the-flag', budget: 8, cycleLimit: 2, seats: 5 },
];

/**
 * The clients run in a worker thread, as in shields-up-games.test.ts: colyseus' decoder is many times slower inside
 * jest's module sandbox. Plain JS (a worker loads no TS). Every seat awaited in a simultaneous step (forces,
 * placements, bids, healing) is sent its random answer at once, each keeping at most one action in flight.
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { Client } = require(workerData.colyseus);
const { ws, games, parallel, setups } = workerData;

const { rng, applyView, runQueue, logCount, toActOf } = require(workerData.kit);

// Polls as well as listening: a welcome or a view message may be the last thing to arrive, with no patch after it.
function when(rooms, check, what, ms = 15000) {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => { off(); reject(new Error('timed out waiting for ' + what)); }, ms);
    const poll = setInterval(() => { if (check()) { off(); resolve(); } }, 5);
    const listeners = rooms.map((r) => { const fn = () => { if (check()) { off(); resolve(); } }; r.onStateChange(fn); return [r, fn]; });
    function off() { clearTimeout(timer); clearInterval(poll); for (const [r, fn] of listeners) r.onStateChange.remove(fn); }
  });
}

async function playOne(i) {
  const options = setups[i % setups.length];
  const docs = new Map();
  const seatOf = new Map();
  const errors = [];
  const wire = (r) => {
    r.onMessage('view', (m) => docs.set(r, applyView(docs.get(r), m)));
    r.onMessage('welcome', (m) => seatOf.set(r, m.seat));
    // The latest log lines a joining client is sent: Polywars' views do not point into them.
    r.onMessage('log-page', () => {});
    r.onMessage('error', (e) => errors.push(e));
    return r;
  };
  const host = wire(await new Client(ws).create('table', { game: 'polywars', name: 'P0', clientSeed: 'p0-' + i, options }));
  const rooms = [host];
  for (let k = 1; k < options.seats; k++) rooms.push(wire(await new Client(ws).joinById(host.roomId, { name: 'P' + k, clientSeed: 'p' + k + '-' + i })));
  await when(rooms, () => host.state.phase === 'playing' && rooms.every((r) => seatOf.get(r) !== undefined), 'game ' + i + ' to start');
  const bySeat = new Map(rooms.map((r) => [seatOf.get(r), r]));
  const random = rng(9000 + i);
  let actions = 0;
  try {
    while (host.state.phase === 'playing') {
      // Each socket carries its own views ahead of its own patches: a seat's legal actions are current once its own
      // room has the log this far (the wait below), not when the host's has.
      const seen = logCount(host.state);
      const toAct = [...toActOf(host)];
      let sent = 0;
      for (const seat of toAct) {
        const legal = docs.get(bySeat.get(seat))?.legal;
        if (!legal || legal.length === 0) continue;
        bySeat.get(seat).send('action', legal[Math.floor(random() * legal.length)]);
        sent++;
      }
      if (sent === 0) {
        // The view with the legal actions travels ahead of the state patch; wait for it once.
        await when(rooms, () => toAct.some((seat) => docs.get(bySeat.get(seat))?.legal?.length) || logCount(host.state) > seen, 'game ' + i + ': legal actions for ' + toAct);
        continue;
      }
      actions += sent;
      await when(rooms, () => rooms.every((r) => logCount(r.state) >= seen + sent) || host.state.phase !== 'playing' || errors.length, 'game ' + i + ' (' + options.scenario + ') action ' + actions + ' for seats ' + toAct + ', log ' + seen + ' -> ' + logCount(host.state));
      if (errors.length) throw new Error('game ' + i + ': refused ' + JSON.stringify(errors[0]));
      if (actions > 5000) throw new Error('game ' + i + ' does not end');
    }
    await when(rooms, () => host.state.serverSeed, 'game ' + i + ' to reveal its seed');
    return { i, scenario: options.scenario, seats: options.seats, gameId: host.state.gameId, actions, errors };
  } finally {
    await Promise.all(rooms.map((r) => r.leave()));
  }
}

runQueue(parentPort, games, parallel, playOne);
`;

interface Played {
  i: number;
  scenario: string;
  seats: number;
  gameId: string;
  actions: number;
  errors: unknown[];
}

function playInWorker(games: number[]): Promise<Played[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, {
      eval: true,
      workerData: {
        ws: server.ws,
        games,
        parallel: PARALLEL,
        setups: SETUPS,
        colyseus: require.resolve('colyseus.js'),
        kit: require.resolve('../helpers/worker-kit.js'),
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

it(`W5 W7 plays ${GAMES} random Polywars games through the server, every scenario and 2 to 6 seats, and every log verifies`, async () => {
  const t0 = Date.now();
  const results = await playInWorker(Array.from({ length: GAMES }, (_, i) => i));
  const played = Date.now() - t0;
  expect(results).toHaveLength(GAMES);
  let actions = 0;
  let rolls = 0;
  const reasons: Record<string, number> = {};
  const scenarios = new Set<string>();
  const seatCounts = new Set<number>();
  for (const r of results) {
    expect(r.errors).toEqual([]);
    const res = await fetch(`${server.url}/api/games/${r.gameId}/log`);
    expect(res.status).toBe(200);
    const log = (await res.json()) as GameLog;
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(log.game).toBe('polywars');
    expect(log.seats).toBe(r.seats);
    expect(log.result).toBeTruthy();
    scenarios.add(r.scenario);
    seatCounts.add(log.seats);
    reasons[log.result!.reason] = (reasons[log.result!.reason] ?? 0) + 1;
    actions += r.actions;
    rolls += verdict.rollsChecked;
  }
  if (GAMES >= SETUPS.length) {
    expect([...scenarios].sort()).toEqual([
      'attack-on-tokyo',
      'capture-the-flag',
      'kill-the-king',
      'rescue-mission',
      'snipe-hunt',
    ]);
    expect([...seatCounts].sort()).toEqual([2, 3, 4, 5, 6]);
  }
  console.log(
    `polywars: ${GAMES} games (${PARALLEL} at a time), ${actions} actions, ${rolls} rolls verified; played in ` +
      `${(played / 1000).toFixed(1)} s, verified by ${((Date.now() - t0) / 1000).toFixed(1)} s; endings ${JSON.stringify(reasons)}`,
  );
}, 240000);
