// Shields Up through the real server: 200 whole games between colyseus.js clients choosing random legal actions, each
// log verifying (the shuffles' rolls against the seed), and U8 on the wire: no hidden card in anyone else's bytes.
import { Worker } from 'node:worker_threads';
import { getGame, replayLog, verifyLog, type GameLog } from '@dicehall/shared';
import { CARD_IDS, shieldsUp, type ShieldsUpState } from '@dicehall/shared/shields-up';
import {
  create,
  join,
  nextError,
  serverSetup,
  until,
  type Player,
  recordFrames,
  logCount,
  toActOf,
} from '../helpers/server';
import { sized } from '../helpers/size';

const env = serverSetup({ rateBurst: 1000, ratePerSecond: 1000, idleSeconds: 1 });

/** SHIELDS_UP_ROOM_GAMES sets how many games the first test plays (200 by default). */
const GAMES = sized(50, 1000, 'SHIELDS_UP_ROOM_GAMES');

/**
 * The clients run in a worker thread, as in shields-games.test.ts: colyseus' decoder is many times slower inside
 * jest's module sandbox. Plain JS, as the worker loads no TS. Each public log line is checked to carry no rolls
 * while the game runs (they would give away the shuffled deck).
 */
const CLIENTS = `
const { parentPort, workerData } = require('node:worker_threads');
const { Client } = require(workerData.colyseus);
const { ws, games, parallel } = workerData;

const { rng, when, json, applyView, runQueue, logCount, toActOf, track } = require(workerData.kit);

async function playOne(i) {
  // Each seat's view stream (server/src/rooms/projection.ts): a full document, then diffs applied in order.
  // Listened to from the first moment: a message with no listener yet is dropped by colyseus.js.
  const docs = new Map();
  const listen = (r) => { r.onMessage('view', (m) => docs.set(r, applyView(docs.get(r), m))); return r; };
  const a = listen(await new Client(ws).create('table', { game: 'shields-up', name: 'Ana', clientSeed: 'ana-' + i }));
  const b = listen(await new Client(ws).joinById(a.roomId, { name: 'Ben', clientSeed: 'ben-' + i }));
  const rooms = [a, b];
  const errors = [];
  for (const r of rooms) r.onMessage('error', (e) => errors.push(e));
  for (const r of rooms) r.onMessage('welcome', () => {});
  // The latest log lines a joining client is sent: lines are read as each patch brings them (countRolls).
  for (const r of rooms) r.onMessage('log-page', () => {});
  await when(rooms, () => a.state.phase === 'playing' && b.state.phase === 'playing', 'game ' + i + ' to start');
  const random = rng(5000 + i);
  let seen = Math.max(logCount(a.state), logCount(b.state));
  let actions = 0;
  let rollsInPublicLines = 0;
  // A public line is [kind, seat, rolls, events, at] (shared/src/core/log-line.ts): its rolls are the third.
  const linesRead = new Set();
  const countRolls = () => {
    for (const line of track(null, b).list) {
      if (linesRead.has(line.seq)) continue;
      linesRead.add(line.seq);
      rollsInPublicLines += line.rolls.length;
    }
  };
  // Every patch's lines, as they come (a patch's lines are replaced by the next's).
  countRolls();
  b.onStateChange(countRolls);
  try {
    while (a.state.phase === 'playing') {
      const seat = toActOf(a)[0];
      const legal = docs.get(rooms[seat])?.legal;
      if (!legal || legal.length === 0) throw new Error('game ' + i + ': seat ' + seat + ' is to act without legal actions');
      rooms[seat].send('action', legal[Math.floor(random() * legal.length)]);
      actions++;
      seen++;
      await when(rooms, () => logCount(a.state) >= seen && logCount(b.state) >= seen, 'game ' + i + ' action ' + actions);
      countRolls();
      if (actions > 2000) throw new Error('game ' + i + ' does not end');
    }
    countRolls();
    // Every line of the game was read (the synced state keeps only the latest: each was read as it came).
    if (linesRead.size !== logCount(b.state)) throw new Error('game ' + i + ': read ' + linesRead.size + ' of ' + logCount(b.state) + ' lines');
    await when(rooms, () => b.state.phase === 'over' && a.state.serverSeed, 'game ' + i + ' to end on both');
    return { i, gameId: a.state.gameId, actions, errors, rollsInPublicLines };
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
  rollsInPublicLines: number;
}

function playInWorker(games: number[], parallel: number): Promise<Played[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(CLIENTS, {
      eval: true,
      workerData: {
        ws: env.server.ws,
        games,
        parallel,
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

it(`plays ${GAMES} random games through the server, ten at a time, and every log verifies, shuffles included`, async () => {
  const t0 = Date.now();
  const results = await playInWorker(
    Array.from({ length: GAMES }, (_, i) => i),
    10,
  );
  const played = Date.now() - t0;
  expect(results).toHaveLength(GAMES);
  let actions = 0;
  let rolls = 0;
  const reasons: Record<string, number> = {};
  for (const r of results) {
    expect(r.errors).toEqual([]);
    expect(r.rollsInPublicLines).toBe(0);
    const res = await fetch(`${env.server.url}/api/games/${r.gameId}/log`);
    expect(res.status).toBe(200);
    const log = (await res.json()) as GameLog;
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(log.game).toBe('shields-up');
    // The full log, published at the end, holds the shuffle: 17 rolls from a d18 down to a d2.
    expect(log.entries[0].rolls.slice(0, 17).map((x) => x.sides)).toEqual(Array.from({ length: 17 }, (_, k) => 18 - k));
    reasons[log.result!.reason] = (reasons[log.result!.reason] ?? 0) + 1;
    actions += r.actions;
    rolls += verdict.rollsChecked;
  }
  console.log(
    `shields-up: ${GAMES} games, ${actions} actions, ${rolls} rolls verified; played in ${(played / 1000).toFixed(1)} s, ` +
      `verified by ${((Date.now() - t0) / 1000).toFixed(1)} s; endings ${JSON.stringify(reasons)}`,
  );
}, 180000);

it('refuses bad and illegal Shields Up actions with a code, changing nothing', async () => {
  const a = await create(env.server.ws, { game: 'shields-up', name: 'Ana' });
  const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
  // The views travel ahead of the schema patch: wait for both.
  await until(() => a.view && b.view && [a, b].every((p) => logCount(p.room.state) === 1), 'the game to start');
  const turn = a.view.turn as number;
  const [mover, other] = turn === 0 ? [a, b] : [b, a];
  const hand = mover.view.players[turn].hand as string[];
  const theirs = other.view.players[1 - turn].hand as string[];
  const before = { view: a.stream, log: logCount(a.room.state) };
  const cases: Array<[Player, unknown, string]> = [
    [other, { type: 'draw' }, 'not-your-turn'],
    [mover, { type: 'shield', card: theirs[0] }, 'not-in-hand'],
    [mover, { type: 'build', card: 'no-such-card' }, 'not-equipment'],
    [mover, { type: 'strike', shield: 0 }, 'no-strike'],
    [mover, { type: 'end' }, 'actions-left'],
    [mover, { type: 'draw', extra: 1 }, 'bad-action'],
    [mover, { type: 'buy', which: 'middle' }, 'bad-action'],
    [mover, { type: 'play', card: 'x'.repeat(500) }, 'bad-action'],
  ];
  for (const [p, action, code] of cases) {
    p.room.send('action', action);
    expect((await nextError(p)).code).toBe(code);
  }
  expect(hand.length).toBe(2);
  expect(a.stream).toBe(before.view);
  expect(logCount(a.room.state)).toBe(before.log);
  // A legal action still goes through afterwards.
  mover.room.send('action', { type: 'draw' });
  await until(() => logCount(a.room.state) === before.log + 1, 'the draw');
  await Promise.all([a, b].map((p) => p.room.leave()));
});

// ---- U8 on the wire -------------------------------------------------------------------------------

/** Every raw WebSocket frame a room receives from its first (colyseus.js keeps the socket at connection.transport.ws). */
const ID_RE = new RegExp(CARD_IDS.join('|'), 'g');
const idsIn = (text: string) => new Set(text.match(ID_RE) ?? []);

describe('U8 secrets on the wire', () => {
  const { received } = recordFrames();

  it("U8 each one's bytes name only cards the rules let them see (checked against the replayed log); no roll before the end", async () => {
    let withSecrets = 0;
    for (let g = 0; g < 3; g++) {
      const a = await create(env.server.ws, { game: 'shields-up', name: 'Ana', clientSeed: `wire-${g}` });
      const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
      const s = await join(env.server.ws, a.room.roomId, { name: 'Sam', want: 'watch' });
      await until(() => [a, b, s].every((p) => p.view && p.room.state.phase === 'playing'), 'the game to start');
      expect([a.seat, b.seat, s.seat]).toEqual([0, 1, null]);
      const players = [a, b];
      const early = new Map([a, b, s].map((p) => [p, received(p)]));
      let seed = 77 + g;
      const random = (n: number) => Math.floor(((seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32) * n);
      let acted = -1;
      await new Promise<void>((resolve, reject) => {
        const timer = setTimeout(
          () =>
            reject(
              new Error(
                `the game did not finish: ${JSON.stringify({
                  toAct: [...toActOf(a.room)],
                  logs: players.map((p) => logCount(p.room.state)),
                  legal: players.map((p) => p.legal.length),
                  revs: players.map((p) => p.stream.rev),
                  errors: players.map((p) => p.errors),
                  acted,
                })}`,
              ),
            ),
          20000,
        );
        const step = () => {
          const st = a.room.state;
          if (st.phase === 'over') {
            clearTimeout(timer);
            return resolve();
          }
          const seat = toActOf(st)[0];
          // The game's last frame says nobody is to act; its end comes in the patch after it.
          if (seat === undefined) return;
          const p = players[seat];
          const legal = p.legal;
          // Two sockets race: act once the mover's own stream has caught up (then its legal actions are those of
          // this position).
          if (logCount(p.room.state) !== logCount(st) || !legal.length || acted === logCount(st)) return;
          acted = logCount(st);
          p.room.send('action', legal[random(legal.length)]);
        };
        // A mid-game action is one frame of each client's stream (issue #29), after its player's own handler.
        for (const p of players) {
          p.room.onStateChange(step);
          p.room.onMessage('view', step);
        }
        step();
      });
      // The truth, from the full log replayed through the rules: what each seat's view and the events ever named.
      const log = (await (await fetch(`${env.server.url}/api/games/${a.room.state.gameId}/log`)).json()) as GameLog;
      const rightful = (seat: number | null, upTo: number) => {
        const out = new Set<string>();
        for (let k = 0; k <= upTo; k++) {
          const replay = replayLog(log, getGame, k);
          if (!replay.ok) throw new Error(replay.problem);
          for (const id of idsIn(
            JSON.stringify([shieldsUp.view(replay.table.state as ShieldsUpState, seat), log.entries[k].events]),
          ))
            out.add(id);
        }
        return out;
      };
      const last = log.entries.length - 1;
      for (const p of [a, b, s]) {
        for (const [bytes, upTo] of [
          [early.get(p)!, 0],
          [received(p), last],
        ] as const) {
          // Nobody's bytes hold a roll while the game runs: the log lines carry none, the views no deck order.
          expect(bytes).not.toMatch(/"rolls":\[\{/);
          // A log line is `[kind, seat, rolls, ...]` (shared/src/core/log-line.ts): its rolls, when any, `[[index, …`.
          expect(bytes).not.toMatch(/\[("(setup|resign|claim|draw|timeout)"|0),(null|\d+),\[\[/);
          const allowed = rightful(p.seat, upTo);
          expect([...idsIn(bytes)].filter((id) => !allowed.has(id))).toEqual([]);
        }
      }
      // Control: Ana's own first bytes name cards Ben and Sam had no right to see, so the search does find secrets.
      const notBens = rightful(1, 0);
      const secretOfAna = [...idsIn(early.get(a)!)].filter((id) => !notBens.has(id));
      withSecrets += secretOfAna.length;
      for (const p of [a, b, s]) expect(p.errors).toEqual([]);
      await Promise.all([a, b, s].map((p) => p.room.leave()));
    }
    expect(withSecrets).toBeGreaterThan(0);
  }, 120000);
});
