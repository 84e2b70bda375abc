// What the test files' client workers share (plain JS: a worker thread loads no TS): a seeded generator, a wait on
// state changes, and the view stream applied to a plain document. `require(workerData.kit)` in a worker.

/** A small seeded generator (LCG), so a failing run replays with the same choices. */
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Resolves when check() holds, re-checking on every state change and every stream frame of the rooms. */
function when(rooms, check, what, ms = 10000) {
  return new Promise((resolve, reject) => {
    if (check()) return resolve();
    const timer = setTimeout(() => {
      off();
      reject(new Error(`timed out waiting for ${what}`));
    }, ms);
    const listeners = rooms.map((r) => {
      const fn = () => {
        if (check()) {
          off();
          resolve();
        }
      };
      r.onStateChange(fn);
      framesOf(r).add(fn);
      return [r, fn];
    });
    function off() {
      clearTimeout(timer);
      for (const [r, fn] of listeners) {
        r.onStateChange.remove(fn);
        framesOf(r).delete(fn);
      }
    }
  });
}

const json = (s) => (s ? JSON.parse(s) : null);
/** Listeners run after each stream frame of a room (`when`). */
const frameListeners = new WeakMap();
function framesOf(room) {
  let set = frameListeners.get(room);
  if (!set) frameListeners.set(room, (set = new Set()));
  return set;
}

/** Each room's stream table (whose turn, clocks, lines held), kept from when `track` was called; also by its state. */
const tableOf = new WeakMap();

/** Public log lines published so far (seqs run from 0 without a gap), as the room's stream brought them. */
function logCount(roomOrState) {
  const t = tableOf.get(roomOrState);
  const list = t ? t.held.list : [];
  return list.length ? list[list.length - 1].seq + 1 : 0;
}

/** Whose input the room's stream last said is awaited. */
function toActOf(roomOrState) {
  return tableOf.get(roomOrState)?.toAct ?? [];
}

/**
 * Keeps the room's stream table as the web client does (issue #29: every frame's lines, whose turn, clocks). Every
 * colyseus.js room of the worker is tracked from its first frame (below); returns the room's lines held.
 */
function track(_shared, room) {
  return tableFor(room).held;
}

const shared = require(require('node:path').join(__dirname, '../../shared/dist/index.js'));
function tableFor(room) {
  let t = tableOf.get(room);
  if (!t) {
    t = { held: new shared.HeldLines(), toAct: [], clock: '' };
    tableOf.set(room, t);
  }
  return t;
}

// Every room's frames are read before its own handlers run, so a view pointing into the frame's lines finds them.
{
  const proto = require('colyseus.js').Room.prototype;
  const dispatch = proto.dispatchMessage;
  proto.dispatchMessage = function (type, m) {
    if (type === 'view') {
      const t = tableFor(this);
      const msg = typeof m === 'string' ? JSON.parse(m) : m;
      const full = !Array.isArray(msg);
      const d = (full ? msg.t : msg[1]) || {};
      t.held.frame(d, full);
      if (d.a) t.toAct = d.a;
      if (d.c !== undefined) t.clock = d.c;
      if (this.state) tableOf.set(this.state, t);
    } else if (type === 'log-page') tableFor(this).held.page(m);
    dispatch.call(this, type, m);
    if (type === 'view') for (const fn of [...framesOf(this)]) fn();
  };
}

/**
 * Applies one message of the room's view stream (server/src/rooms/projection.ts) to a client's document: the patch
 * format of shared/src/core/view-stream.ts (`applyPatch`), written again here in plain JS, changing `doc` in place.
 */
function applyView(doc, m) {
  if (typeof m === 'string') m = JSON.parse(m);
  // A diff travels as `[rev, table]` or `[rev, table, ops]` (shared/src/core/view-stream.ts encodeViewMessage).
  if (Array.isArray(m)) return m.length === 3 ? patch(doc, m[2]) : doc;
  if (m.full !== undefined) return m.full;
  return patch(doc, m.ops);
}

/** A leaf sets, `[v]` sets v, an object changes a list or object key by key (`~`: a list's edits, a text's splices). */
function patch(node, p) {
  if (p === null || typeof p !== 'object') return p;
  if (Array.isArray(p)) return p[0];
  if (typeof node === 'string') {
    for (const [i, n, t] of p['~']) node = node.slice(0, i) + t + node.slice(i + n);
    return node;
  }
  if (node === null || typeof node !== 'object') node = {};
  const list = Array.isArray(node);
  if (list && p['~'])
    for (const [i, n, ...items] of p['~']) {
      if (i >= 0) node.splice(i, n, ...items);
      else node.splice(n, 0, node.splice(-1 - i, 1)[0]);
    }
  for (const k of Object.keys(p)) {
    if (list && k === '~') continue;
    if (Array.isArray(p[k]) && p[k].length === 0) delete node[k];
    else node[k] = patch(node[k], p[k]);
  }
  return node;
}

/**
 * Plays `games` with `playOne`, `parallel` at a time, then posts `{ results }` to the parent (or `{ error }`): the
 * tail every room-games worker shares.
 */
function runQueue(parentPort, games, parallel, playOne) {
  const queue = [...games];
  const results = [];
  Promise.all(
    Array.from({ length: parallel }, async () => {
      while (queue.length) results.push(await playOne(queue.shift()));
    }),
  ).then(
    () => parentPort.postMessage({ results }),
    (e) => parentPort.postMessage({ error: String(e?.stack || e) }),
  );
}

/**
 * A document as this client reads it (shared's `expandDoc`), its view pointing into the log lines the room synced
 * (GameModule.wireView); null while a line it points to has not come yet. `shared`: the shared package, required.
 */
function expand(shared, doc, room) {
  const held = tableOf.get(room)?.held;
  if (!held) throw new Error('expand: the room was not tracked (track(shared, room) when it is joined)');
  const lines = { line: (seq) => held.line(seq) };
  try {
    return shared.expandDoc(doc ?? null, lines);
  } catch (e) {
    if (e instanceof shared.LineMissing) return null;
    throw e;
  }
}

module.exports = { rng, when, json, applyView, runQueue, logCount, toActOf, track, expand };
