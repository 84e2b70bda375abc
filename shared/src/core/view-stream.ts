// The view stream between the room and its clients: a full document, then numbered structural diffs.
// The server diffs (server/src/rooms/projection.ts); the client applies, immutably (copying only the path it
// changes) so views comparing by reference still see changes. Plain JSON values only.

/** One change: `[path, value]` sets, `[path]` deletes; a path of `[]` replaces the whole document. */
export type ViewOp = [path: (string | number)[], value?: unknown];

/** What one seat (or every spectator) is shown: its view of the game and, when it is to act, its legal actions. */
export interface ViewDoc {
  view: unknown;
  legal: unknown[];
}

/** `full` carries the whole document at `rev`; otherwise `ops` turn revision `rev - 1` into `rev`. */
export interface ViewMessage {
  rev: number;
  full?: ViewDoc | null;
  ops?: ViewOp[];
}

export interface ViewStream {
  rev: number;
  doc: ViewDoc | null;
}

export const emptyStream = (): ViewStream => ({ rev: -1, doc: null });

/**
 * The stream after `msg`, or null when `msg` does not follow from it (out of step: wait for a full one).
 * On the wire a message is its JSON text (one encode shared by every spectator, and searchable in raw frames).
 */
export function applyViewMessage(stream: ViewStream, raw: ViewMessage | string): ViewStream | null {
  let msg: ViewMessage;
  try {
    msg = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    return null;
  }
  if (!msg || typeof msg.rev !== 'number') return null;
  if (msg.full !== undefined) return { rev: msg.rev, doc: msg.full };
  if (msg.rev !== stream.rev + 1 || !Array.isArray(msg.ops)) return null;
  let doc: unknown = stream.doc;
  for (const op of msg.ops) doc = applyOp(doc, op);
  return { rev: msg.rev, doc: doc as ViewDoc };
}

export function applyOp(root: unknown, [path, ...rest]: ViewOp): unknown {
  const remove = rest.length === 0;
  if (path.length === 0) return remove ? null : rest[0];
  return setIn(root, path, 0, remove, rest[0]);
}

function setIn(node: any, path: (string | number)[], i: number, remove: boolean, value: unknown): unknown {
  const key = path[i];
  // The stream is the server's own, but a key must never reach an object's prototype.
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') return node;
  const copy: any = Array.isArray(node) ? node.slice() : { ...(node ?? {}) };
  if (i === path.length - 1) {
    if (remove) delete copy[key];
    else copy[key] = value;
  } else {
    copy[key] = setIn(copy[key], path, i + 1, remove, value);
  }
  return copy;
}

/** A sub-tree whose diff has more ops than this is checked against sending it whole. */
const OPS_CHECK = 8;

/** The changes that turn `a` into `b`, as ops on paths; [] when equal. */
export function diff(a: unknown, b: unknown): ViewOp[] {
  const out: ViewOp[] = [];
  walk(a, b, [], out);
  return out;
}

/** `path` is one array pushed and popped on the way down (copied only into an op), to spare allocations. */
function walk(a: unknown, b: unknown, path: (string | number)[], out: ViewOp[]) {
  if (a === b) return;
  const ta = kind(a);
  if (ta !== kind(b) || ta === 'leaf') {
    out.push([path.slice(), b]);
    return;
  }
  const start = out.length;
  if (ta === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    const common = Math.min(x.length, y.length);
    for (let i = 0; i < common; i++) {
      path.push(i);
      walk(x[i], y[i], path, out);
      path.pop();
    }
    for (let i = common; i < y.length; i++) out.push([[...path, i], y[i]]);
    if (y.length < x.length) out.push([[...path, 'length'], y.length]);
  } else {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    // An undefined field is an absent one, as in JSON.
    for (const k in y) {
      if (y[k] === undefined) continue;
      if (x[k] === undefined) out.push([[...path, k], y[k]]);
      else {
        path.push(k);
        walk(x[k], y[k], path, out);
        path.pop();
      }
    }
    for (const k in x) if (x[k] !== undefined && y[k] === undefined) out.push([[...path, k]]);
  }
  // A reshuffled list diffs into more bytes than it weighs: send it whole then.
  if (out.length - start > OPS_CHECK && path.length > 0) {
    const ops = out.splice(start);
    if (JSON.stringify(ops).length < JSON.stringify(b).length) out.push(...ops);
    else out.push([path.slice(), b]);
  }
}

function kind(v: unknown): 'array' | 'object' | 'leaf' {
  if (Array.isArray(v)) return 'array';
  return v !== null && typeof v === 'object' ? 'object' : 'leaf';
}

