// The fuzz test's clients, in a worker thread so their work (and colyseus.js decoding, slow inside jest's module
// sandbox) does not share the server's event loop: hostile players and spectators that send the frames they are
// given, honest pairs that keep playing, and junk requests to the matchmaking front door. Plain JS: a worker loads no TS.
const { parentPort, workerData } = require('node:worker_threads');
const { Client } = require(workerData.colyseus);
const { ws, url, games, options } = workerData;

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));
async function until(check, what, ms = 10000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await sleep(5);
  }
}

const { applyView, expand, logCount, track } = require('./worker-kit');
// Shields' and Dice Chess's legal actions do not travel: a client derives them from its view (GameModule.legalFromView).
const shared = require('../../shared/dist/index.js');
const legalOf = (p) => expand(shared, p.doc, p.room)?.legal;

function wire(room) {
  const p = { room, seat: null, token: undefined, doc: null };
  track(shared, room);
  room.onMessage('view', (m) => {
    p.doc = applyView(p.doc, m);
  });
  room.onMessage('welcome', (m) => {
    p.seat = m.seat;
    if (m.token) p.token = m.token;
  });
  room.onMessage('error', () => undefined);
  return p;
}
const create = async (options) => wire(await new Client(ws).create('table', options));
const join = async (roomId, options) => wire(await new Client(ws).joinById(roomId, options));

async function pair(game, names) {
  const a = await create({ game, name: names[0], options: options[game] });
  const b = await join(a.room.roomId, { name: names[1] });
  await until(
    () => a.seat === 0 && b.seat === 1 && a.room.state && a.room.state.phase === 'playing',
    `${game} to start`,
  );
  return { a, b };
}

/**
 * This seat's accepted moves so far (round and count): a sent action is in flight until this changes. A race (Dice
 * Siege) holds a round's log lines back until every player has finished it, so there one's own move shows first in
 * one's own sheet of the view (`view.sheets[seat]`, which only one's own moves change); other games have no such field.
 */
function ownSheet(p) {
  const sheets = p.doc?.view?.sheets;
  return Array.isArray(sheets) && p.seat !== null ? JSON.stringify(sheets[p.seat]) : '';
}

function ownMoves(p, st) {
  // Where one's own sheet is in the view, it alone says: the held lines of a race are released to the log when a
  // round ends, which would otherwise look like an acknowledgement of a move still in flight.
  const sheet = ownSheet(p);
  if (sheet) return `${st.round}:${sheet}`;
  // The seq of its latest line among the lines this client holds.
  let n = -1;
  for (const line of track(shared, p.room).list) if (line.seat === p.seat) n = line.seq;
  return `${st.round}:${n}`;
}

/** Plays random legal actions (and rematches) until stopped; counts actions, games and refusals. */
function honestPair({ a, b }, seed) {
  let s = seed >>> 0;
  const random = () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
  const progress = { actions: 0, games: 0, errors: [] };
  const last = new Map();
  const sentOn = new Map();
  let stopped = false;
  const step = (p) => {
    if (stopped || p.seat === null) return;
    const st = p.room.state;
    const key = `${st.round}:${logCount(st)}:${st.phase}:${st.phase === 'playing' ? ownSheet(p) : ''}`;
    if (last.get(p) === key) return;
    if (st.phase === 'over') {
      last.set(p, key);
      if (p === a) progress.games++;
      return p.room.send('rematch');
    }
    const legal = legalOf(p);
    if (st.phase !== 'playing' || !legal || !legal.length) return;
    // One action in flight per player: in simultaneous steps the other seat's patches arrive before this seat's
    // own action is applied, and acting again on the same list would only race itself.
    const own = ownMoves(p, st);
    if (sentOn.get(p) === own) return;
    last.set(p, key);
    sentOn.set(p, own);
    p.room.send('action', legal[Math.floor(random() * legal.length)]);
    progress.actions++;
  };
  for (const p of [a, b]) {
    p.room.onStateChange(() => step(p));
    p.room.onMessage('error', (e) => {
      progress.errors.push(e.code);
      sentOn.delete(p);
    });
  }
  const timer = setInterval(() => {
    step(a);
    step(b);
  }, 200);
  return {
    progress,
    stop: () => {
      stopped = true;
      clearInterval(timer);
    },
  };
}

let seed = 42;
const random = () => (seed = (seed * 1664525 + 1013904223) >>> 0) / 2 ** 32;
const pick = (xs) => xs[Math.floor(random() * xs.length)];
async function hostileRequest() {
  const method = pick(['GET', 'PUT', 'DELETE', 'PATCH', 'POST', 'OPTIONS']);
  const path = pick([
    '/matchmake/create/table',
    '/matchmake/joinById/x',
    '/matchmake/create/__proto__',
    '/matchmake/reconnect/zz',
    '/matchmake',
    '/api/rooms/%00',
    '/api/games/zz/log',
    '/x/matchmake/create/table',
  ]);
  const body = pick([
    '{',
    '[]',
    'null',
    '{"game":"high-roll","name":"\u202e"}',
    '{"game":{"toString":0}}',
    '{"reconnectionToken":"a:b"}',
    'x'.repeat(9000),
  ]);
  const res = await fetch(url + path, {
    method,
    headers: { 'Content-Type': 'application/json' },
    body: method === 'GET' || method === 'OPTIONS' ? undefined : body,
    signal: AbortSignal.timeout(5000),
  });
  await res.arrayBuffer();
  return res.status;
}

const inbox = [];
let wake = null;
parentPort.on('message', (m) => {
  inbox.push(m);
  if (wake) wake();
});
async function next() {
  while (!inbox.length) await new Promise((r) => (wake = r));
  wake = null;
  return inbox.shift();
}

(async () => {
  const targets = [];
  const honest = [];
  for (const [i, game] of games.entries()) {
    const { a, b } = await pair(game, ['Mallory', 'Trudy']);
    const s = await join(a.room.roomId, { want: 'watch', name: 'Eve' });
    await sleep(100);
    const legal = (legalOf(a) || []).concat(legalOf(b) || []);
    targets.push({ game, roomId: a.room.roomId, clients: { a, b, s }, legal });
    honest.push(honestPair(await pair(game, ['Ana', 'Ben']), 1000 + i));
  }
  parentPort.postMessage({
    type: 'rooms',
    rooms: targets.map((t) => ({ game: t.game, roomId: t.roomId, legal: t.legal })),
  });
  const statuses = [];
  for (;;) {
    const m = await next();
    if (m.type === 'stop') break;
    const t = targets[m.target];
    // A hostile client whose socket was closed (oversized frame, a goodbye) comes back: by seat token, or as a new spectator.
    for (const key of ['a', 'b', 's']) {
      const p = t.clients[key];
      if (p.room.connection.isOpen) continue;
      t.clients[key] =
        key === 's' ? await join(t.roomId, { want: 'watch' }) : await join(t.roomId, { seatToken: p.token });
    }
    for (const [who, bytes] of m.items) t.clients[who].room.connection.send(bytes);
    if (m.oversized) {
      const throwaway = await join(t.roomId, { want: 'watch' });
      throwaway.room.connection.send(new Uint8Array(70000).fill(13));
      await until(() => !throwaway.room.connection.isOpen, 'the oversized sender to be closed');
    }
    statuses.push(...(await Promise.all([0, 1, 2].map(hostileRequest))));
    parentPort.postMessage({ type: 'sent', closed: Object.values(t.clients).some((p) => !p.room.connection.isOpen) });
  }
  // The honest games play on until each has made a few moves (the test asserts more than 5), or 20 s pass: a game
  // whose moves come slowly (Pig's turns pass often) or a busy machine is not taken for a game the fuzz froze.
  await sleep(500);
  for (let waited = 0; waited < 20000 && honest.some((h) => h.progress.actions <= 5); waited += 100) await sleep(100);
  for (const h of honest) h.stop();
  parentPort.postMessage({ type: 'done', honest: honest.map((h) => h.progress), statuses });
})().catch((e) => parentPort.postMessage({ type: 'error', error: String(e?.stack || e) }));
