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
/** Public log lines published so far: the synced state keeps only the latest (seqs run from 0 without a gap). */
const logCount = (state) => (state.log.length ? state.log.at(-1).seq + 1 : 0);

/** Applies one message of the room's view stream (server/src/rooms/projection.ts) to a client's document. */
function applyView(doc, m) {
  if (typeof m === 'string') m = JSON.parse(m);
  if (m.full !== undefined) return m.full;
  for (const [path, ...rest] of m.ops) {
    if (path.length === 0) {
      doc = rest.length ? rest[0] : null;
      continue;
    }
    let node = doc;
    for (const k of path.slice(0, -1)) node = node[k];
    if (rest.length) node[path[path.length - 1]] = rest[0];
    else delete node[path[path.length - 1]];
  }
  return doc;
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

module.exports = { rng, when, json, applyView, runQueue, logCount };
