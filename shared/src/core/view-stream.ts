// The view stream between the room and its clients: a full document, then numbered structural diffs.
// The server diffs (server/src/rooms/projection.ts); the client applies, immutably (copying only the path it
// changes) so views comparing by reference still see changes. Plain JSON values only.
import { getGame } from '../games';

/** One change: `[path, value]` sets, `[path]` deletes; a path of `[]` replaces the whole document. */
export type ViewOp = [path: (string | number)[], value?: unknown];

/** What one seat (or every spectator) is shown: its view of the game and, when it is to act, its legal actions. */
export interface ViewDoc {
  view: unknown;
  legal: unknown[];
}

/**
 * What travels for a ViewDoc. A game whose module has `legalFromView` sends no list: while the seat is to act its
 * document carries `act: [game id, seat]` (a few bytes, constant while it stays to act) and each client derives
 * the list from its own view with the shared rules (`expandDoc`). Other games send `legal` whole (diffed).
 * An absent `legal` is an empty list.
 */
export interface WireDoc {
  view: unknown;
  legal?: unknown[];
  act?: [game: string, seat: number];
}

/** `full` carries the whole document at `rev`; otherwise `ops` turn revision `rev - 1` into `rev`. */
export interface ViewMessage {
  rev: number;
  full?: WireDoc | null;
  ops?: ViewOp[];
}

export interface ViewStream {
  rev: number;
  /** The document as the client uses it (legal actions derived where they do not travel). */
  doc: ViewDoc | null;
  /** The document as it travelled, which the next diff applies to; absent means the same as `doc`. */
  wire?: WireDoc | null;
}

export const emptyStream = (): ViewStream => ({ rev: -1, doc: null, wire: null });

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
  if (msg.full !== undefined) return { rev: msg.rev, doc: expandDoc(msg.full), wire: msg.full };
  if (msg.rev !== stream.rev + 1 || !Array.isArray(msg.ops)) return null;
  let wire: unknown = stream.wire !== undefined ? stream.wire : stream.doc;
  for (const op of msg.ops) wire = applyOp(wire, op);
  return { rev: msg.rev, doc: expandDoc(wire as WireDoc | null), wire: wire as WireDoc | null };
}

/** The document a client uses from the one that travelled: legal actions derived when they did not travel. */
export function expandDoc(wire: WireDoc | null): ViewDoc | null {
  if (!wire || typeof wire !== 'object') return null;
  if (Array.isArray(wire.legal)) return wire as ViewDoc;
  return { view: wire.view, legal: wire.act ? derivedLegal(wire.view, wire.act) : [] };
}

function derivedLegal(view: unknown, [game, seat]: [string, number]): unknown[] {
  const m = getGame(game);
  if (!m?.legalFromView) return [];
  try {
    return m.legalFromView(view, seat);
  } catch {
    // A view the rules cannot read offers no action; the server still refuses nothing it would have allowed.
    return [];
  }
}

export function applyOp(root: unknown, [path, ...rest]: ViewOp): unknown {
  const remove = rest.length === 0;
  if (path.length === 0) return remove ? null : rest[0];
  return setIn(root, path, 0, remove, rest[0]);
}

function setIn(node: unknown, path: (string | number)[], i: number, remove: boolean, value: unknown): unknown {
  const key = path[i];
  if (key === undefined) return node;
  // The stream is the server's own, but a key must never reach an object's prototype.
  if (key === '__proto__' || key === 'constructor' || key === 'prototype') return node;
  // An array or an object, written by key either way (a path's keys come from the server's own diff).
  const copy = (
    Array.isArray(node) ? node.slice() : typeof node === 'object' && node !== null ? { ...node } : {}
  ) as Record<string | number, unknown>;
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
