// What the test files' client workers share (plain JS: a worker thread loads no TS): a seeded generator, a wait on
// state changes, and the view stream applied to a plain document. `require(workerData.kit)` in a worker.

/** A small seeded generator (LCG), so a failing run replays with the same choices. */
function rng(seed) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

/** Resolves when check() holds, re-checking on every state change of the rooms. */
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
      return [r, fn];
    });
    function off() {
      clearTimeout(timer);
      for (const [r, fn] of listeners) r.onStateChange.remove(fn);
    }
  });
}

const json = (s) => (s ? JSON.parse(s) : null);
/** Public log lines published so far (seqs run from 0 without a gap): the last of the latest patch's lines, + 1. */
function logCount(state) {
  const lines = state.newLines ? JSON.parse(state.newLines) : [];
  return lines.length ? lines[lines.length - 1][0] + 1 : 0;
}

/** Each room's lines as this client holds them (shared's HeldLines), kept from when `track` was called. */
const heldOf = new WeakMap();
/**
 * Keeps the room's log lines as the web client does (every patch's lines, the latest on joining): call it when the
 * room is joined, before any state comes, so a view pointing into them (GameModule.wireView) finds them.
 */
function track(shared, room) {
  let held = heldOf.get(room);
  if (held) return held;
  held = new shared.HeldLines();
  heldOf.set(room, held);
  if (room.state) held.sync(room.state);
  room.onStateChange((state) => held.sync(state));
  room.onMessage('log-page', (page) => held.page(page));
  return held;
}

/**
 * Applies one message of the room's view stream (server/src/rooms/projection.ts) to a client's document: the patch
 * format of shared/src/core/view-stream.ts (`applyPatch`), written again here in plain JS, changing `doc` in place.
 */
function applyView(doc, m) {
  if (typeof m === 'string') m = JSON.parse(m);
  // A diff travels as `[rev, ops]` (shared/src/core/view-stream.ts encodeViewMessage).
  if (Array.isArray(m)) return patch(doc, m[1]);
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
  const held = heldOf.get(room);
  if (!held) throw new Error('expand: the room was not tracked (track(shared, room) when it is joined)');
  const lines = { line: (seq) => held.line(seq) };
  try {
    return shared.expandDoc(doc ?? null, lines);
  } catch (e) {
    if (e instanceof shared.LineMissing) return null;
    throw e;
  }
}

module.exports = { rng, when, json, applyView, runQueue, logCount, track, expand };
