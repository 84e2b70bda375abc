// The view stream between the room and its clients: a full document, then numbered structural diffs.
// The server diffs (server/src/rooms/projection.ts); the client applies, immutably (copying only the nodes it
// changes) so views comparing by reference still see changes. Plain JSON values only.
import type { GameModule } from './game-module';
import type { WireLine } from './log-line';
import { LineMissing, noLines, type LineSource } from './wire-lines';

/**
 * The change that turns one document into the next, shaped like the document (each key on the way to a change is
 * written once, however many changes lie below it):
 * - a string, number, boolean or null: the node becomes that value;
 * - `[v]`: the node becomes `v`, any value (lists and objects travel wrapped so they read as values);
 * - `[]`: an object's field is removed;
 * - an object: the node is an object or a list, changed key by key (`{"lastMove":{"to":"d3"}}`). On a list the key
 *   `~` first reshapes it with {@link ListEdit}s (a list's own keys are indexes, so `~` is never one of them), then
 *   the index keys change elements in place, at their indexes in the reshaped list.
 */
export type ViewPatch = unknown;

/**
 * One reshaping of a list, applied in order: `[i, n, ...items]` (i ≥ 0) removes n elements at i and puts the items
 * there, as `Array.prototype.splice` does; `[-1 - from, to]` takes the element at `from` out and puts it back at
 * `to`. A die leaving the middle of a list of 30 is `[12,1]`, not 18 elements rewritten one index down.
 */
export type ListEdit = unknown[];

/** What one seat (or every spectator) is shown: its view of the game and, when it is to act, its legal actions. */
export interface ViewDoc {
  view: unknown;
  legal: unknown[];
}

/**
 * What travels for a ViewDoc. A game whose module has `legalFromView` sends no list: while the seat is to act its
 * document carries `act: seat` (7 bytes, constant while it stays to act; the game is the document's `game`) and
 * each client derives the list from its own view with the shared rules (`expandDoc`). Other games send `legal`
 * whole (diffed). An absent `legal` is an empty list. (`act: [game, seat]` is the older form, still read.)
 */
export interface WireDoc {
  view: unknown;
  legal?: unknown[];
  act?: number | [game: string, seat: number];
  /**
   * The game, for a game whose views travel in a smaller form (GameModule.wireView) or whose legal actions are
   * derived: the client expands the document with its rules. Set in full documents; it never changes.
   */
  game?: string;
}

/**
 * The table's state that changes with actions, travelling in the same frame as the view (issue #29: one ordered
 * stream per audience, nothing in a frame pointing outside it or ahead of it). A diff frame carries only what
 * changed since the frame before; a full frame carries all of it (`g` and `s` always, the latest lines).
 */
export interface TableDelta {
  /** The game's id: every full frame; the lines and keys below are that game's. */
  g?: string;
  /** The game's start (its setup entry's time, ms): lines' times count from it (./log-line). */
  s?: number;
  /** Event key lists the lines refer to by position: all of them in a full frame, new ones appended in a diff. */
  k?: string[][];
  /** Public log lines `[seq, line]` (./log-line `WireLine`), oldest first: the new ones in a diff, the room's latest in a full frame. */
  l?: [number, WireLine][];
  /** The seats whose input is awaited (when it changed). */
  a?: number[];
  /** The clocks as JSON (server/src/rooms/room-clock.ts), '' when untimed (when they changed). */
  c?: string;
}

/**
 * One frame of an audience's stream. `full` carries the whole document at `rev` (with the whole table state in `t`);
 * otherwise `ops` (absent: the view did not change) turns revision `rev - 1` into `rev`, and `t` says what else
 * changed. Revisions run without a gap: a client that sees one asks for a snapshot (TABLE_IN.resync).
 */
export interface ViewMessage {
  rev: number;
  full?: WireDoc | null;
  ops?: ViewPatch;
  t?: TableDelta;
  /**
   * 1 on a full frame that answers a client's `resync` (the same audience, so revisions compare); absent on one
   * that starts a stream (joining, returning, another seat), which is applied whatever its revision.
   */
  re?: 1;
}

/**
 * A frame as the room sends it: a full one as `{"rev":…,"full":…,"t":…}`, a diff, by far the most frequent, as
 * `[rev, t]` or `[rev, t, ops]` (`t` `{}` when only the view changed).
 */
export function encodeViewMessage(msg: ViewMessage): string {
  if (msg.full !== undefined) return JSON.stringify(msg);
  return encodeDiff(msg.rev, msg.t ? JSON.stringify(msg.t) : '{}', msg.ops);
}

/** A diff frame's text from its table delta's JSON text (made once per round, shared by every audience). */
export function encodeDiff(rev: number, tableText: string, ops: ViewPatch | undefined): string {
  return ops === undefined ? `[${rev},${tableText}]` : `[${rev},${tableText},${JSON.stringify(ops)}]`;
}

/** A message from its text (or already parsed), in either form `encodeViewMessage` writes; null when it is neither. */
export function readViewMessage(raw: ViewMessage | unknown[] | string): ViewMessage | null {
  let msg: unknown;
  try {
    msg = typeof raw === 'string' ? JSON.parse(raw) : raw;
  } catch {
    return null;
  }
  if (Array.isArray(msg)) {
    if ((msg.length !== 2 && msg.length !== 3) || typeof msg[0] !== 'number') return null;
    const t = msg[1];
    if (t === null || typeof t !== 'object' || Array.isArray(t)) return null;
    return msg.length === 3 ? { rev: msg[0], t: t as TableDelta, ops: msg[2] } : { rev: msg[0], t: t as TableDelta };
  }
  if (!msg || typeof msg !== 'object' || typeof (msg as ViewMessage).rev !== 'number') return null;
  return msg as ViewMessage;
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
 * How a frame relates to the stream: `next` (apply it), `old` (a revision already applied: a duplicate, dropped),
 * or `gap` (frames are missing before it, or it cannot be read: ask for a snapshot from the stream's revision).
 */
export function frameOrder(stream: ViewStream, msg: ViewMessage | null): 'next' | 'old' | 'gap' {
  if (!msg) return 'gap';
  // A snapshot answered late, older than what is held, is stale: later frames already moved on. A full frame that
  // starts a stream (another audience's revisions) always applies.
  if (msg.full !== undefined) return msg.re === 1 && msg.rev < stream.rev ? 'old' : 'next';
  if (msg.rev <= stream.rev) return 'old';
  return msg.rev === stream.rev + 1 && stream.rev >= 0 ? 'next' : 'gap';
}

/**
 * The stream after `msg`, or null when `msg` does not follow from it (a gap: ask for a snapshot).
 * On the wire a message is its JSON text (one encode shared by every spectator, and searchable in raw frames).
 * `lines`: the public log lines this client holds, with the frame's own lines already added (a view may point into
 * them, GameModule.wireView).
 */
export function applyViewMessage(
  stream: ViewStream,
  raw: ViewMessage | unknown[] | string,
  lines: LineSource = noLines,
): ViewStream | null {
  const msg = typeof raw === 'object' && !Array.isArray(raw) ? raw : readViewMessage(raw);
  if (!msg) return null;
  if (msg.full !== undefined) return expanded({ rev: msg.rev, doc: null, wire: msg.full }, lines);
  if (msg.rev !== stream.rev + 1 || stream.rev < 0) return null;
  if (msg.ops === undefined) return { ...stream, rev: msg.rev };
  const wire = applyPatch(stream.wire !== undefined ? stream.wire : stream.doc, msg.ops) as WireDoc | null;
  return expanded({ rev: msg.rev, doc: null, wire }, lines);
}

/** The stream with its document expanded again (its game's rules, or lines it points to, have come). */
export function expandStream(stream: ViewStream, lines: LineSource): ViewStream {
  return (stream.wire && expanded(stream, lines)) || stream;
}

function expanded(stream: ViewStream, lines: LineSource): ViewStream | null {
  try {
    return { rev: stream.rev, doc: expandDoc(stream.wire ?? null, lines), wire: stream.wire };
  } catch (e) {
    // Never expected: every line a frame's view points to comes in that frame or before it.
    if (e instanceof LineMissing) return null;
    throw e;
  }
}

/**
 * The rules modules documents are expanded with (views from their smaller form, legal actions derived), by game id.
 * The registry (shared/src/games) registers every game when it loads, so the server and anything importing the
 * package's root has them all; the web client imports only the core and registers each game's module as it loads
 * it (client/src/games/index.ts). A document expanded before its game is registered keeps its view as it travelled
 * and offers no action until it is expanded again (see `rulesNeeded`).
 */
const modules = new Map<string, GameModule>();

export function registerGame(module: GameModule): void {
  modules.set(module.id, module);
}

/** Whether `game`'s rules module is registered here. */
export const gameRegistered = (game: string): boolean => modules.has(game);

/**
 * The game whose rules module expanding `wire` needs, if any: its view travels in a smaller form, or its legal
 * actions are derived on the client.
 */
export const rulesNeeded = (wire: WireDoc | null | undefined): string | undefined =>
  wire?.game ?? (Array.isArray(wire?.act) ? wire.act[0] : undefined);

/**
 * The document a client uses from the one that travelled: its view put back whole (from `lines` where it points
 * into the log: the frame's own lines or earlier ones), legal actions derived when they did not travel.
 */
export function expandDoc(wire: WireDoc | null, lines: LineSource = noLines): ViewDoc | null {
  if (!wire || typeof wire !== 'object') return null;
  const game = rulesNeeded(wire);
  const view = game !== undefined ? fullView(game, wire.view, lines) : wire.view;
  if (Array.isArray(wire.legal)) return { view, legal: wire.legal };
  const seat = Array.isArray(wire.act) ? wire.act[1] : wire.act;
  return { view, legal: typeof seat === 'number' && game !== undefined ? derivedLegal(view, game, seat) : [] };
}

/** A view that travelled in its game's smaller form, with what was left out worked out again. */
function fullView(game: string, view: unknown, lines: LineSource): unknown {
  const m = modules.get(game);
  if (!m?.wireView || view === null || typeof view !== 'object') return view;
  try {
    return m.wireView.fromWire(view, lines);
  } catch (e) {
    // A pointer to a line not held: the frame does not follow from what this client holds (a gap, see
    // applyViewMessage). Any other view the rules cannot read is shown as it came; the next full document puts it right.
    if (e instanceof LineMissing) throw e;
    return view;
  }
}

function derivedLegal(view: unknown, game: string, seat: number): unknown[] {
  const m = modules.get(game);
  if (!m?.legalFromView) return [];
  try {
    return m.legalFromView(view, seat);
  } catch {
    // A view the rules cannot read offers no action; the server still refuses nothing it would have allowed.
    return [];
  }
}

/** The list key of a patch: its reshaping edits. */
const EDITS = '~';

/** `node` with `patch` applied, copying only what changes; `node` itself is left as it was. */
export function applyPatch(node: unknown, patch: ViewPatch): unknown {
  if (patch === null || typeof patch !== 'object') return patch;
  if (Array.isArray(patch)) return patch[0];
  const p = patch as Record<string, unknown>;
  if (typeof node === 'string') return editText(node, p[EDITS]);
  let copy: Record<string, unknown>;
  if (Array.isArray(node)) {
    const list = node.slice();
    const edits = p[EDITS];
    if (Array.isArray(edits)) for (const e of edits) if (Array.isArray(e)) edit(list, e);
    copy = list as unknown as Record<string, unknown>;
  } else copy = node !== null && typeof node === 'object' ? { ...node } : {};
  for (const k in p) {
    // The stream is the server's own, but a key must never reach an object's prototype.
    if (k === '__proto__' || k === 'constructor' || k === 'prototype') continue;
    if (k === EDITS && Array.isArray(node)) continue;
    const sub = p[k];
    if (Array.isArray(sub) && sub.length === 0) delete copy[k];
    else copy[k] = applyPatch(copy[k], sub);
  }
  return copy;
}

function edit(list: unknown[], e: unknown[]) {
  const [i, n] = e;
  if (!Number.isInteger(i) || !Number.isInteger(n)) return;
  if ((i as number) >= 0) list.splice(i as number, n as number, ...e.slice(2));
  else {
    const from = -1 - (i as number);
    if (from >= list.length) return;
    const [x] = list.splice(from, 1);
    list.splice(n as number, 0, x);
  }
}

/** A long text's splices, `[i, n, text]` each, applied in order. */
function editText(s: string, edits: unknown): string {
  if (!Array.isArray(edits)) return s;
  for (const e of edits) {
    if (!Array.isArray(e)) continue;
    const [i, n, t] = e;
    if (Number.isInteger(i) && Number.isInteger(n) && typeof t === 'string') s = s.slice(0, i) + t + s.slice(i + n);
  }
  return s;
}

/** A sub-tree whose patch holds more changes than this is checked against sending it whole. */
const OPS_CHECK = 8;
/**
 * Texts at least this long may travel as splices (`{"~":[[i,n,text]]}`, a board notation's two changed squares).
 * Shorter ones (names, ids, card and die names) always travel whole, so a raw-frame search for one finds it.
 */
const LONG_TEXT = 64;
/** Lists are aligned element by element (LCS) while their differing middles multiply to at most this. */
const ALIGN_MAX = 4096;
/** Elements left over on both sides of an alignment are tried as moves while they multiply to at most this. */
const MOVES_MAX = 16;

/**
 * Sub-patches worked out in one round of diffs, by the pair of nodes they turn one into the other, with the count
 * of changes each holds. Audiences' documents that share nodes (a seat's board is the spectators' board object,
 * `shareNodes`) reuse what the first diff of the round found instead of walking them again. Only for documents
 * that are never changed in place (each state's views are new objects).
 */
export type DiffMemo = WeakMap<object, WeakMap<object, [patch: ViewPatch | undefined, changes: number]>>;

/** The patch that turns `a` into `b`, or undefined when they are equal (JSON-wise: undefined fields are absent). */
export function diff(a: unknown, b: unknown, shared?: DiffMemo): ViewPatch | undefined {
  changes = 0;
  memo = shared ?? null;
  try {
    return walk(a, b, true);
  } finally {
    memo = null;
  }
}

/**
 * `node` with each field (or `node` itself) that equals `like`'s replaced by `like`'s own object, so the diffs of
 * a round can share their work (DiffMemo). One level deep: a seat's view whose fields are the public view's but
 * for a few (whose turn it is from where it sits, its own secrets).
 */
export function shareNodes(node: unknown, like: unknown): unknown {
  if (same(node, like)) return like;
  if (kind(node) !== 'object' || kind(like) !== 'object') return node;
  const x = node as Record<string, unknown>;
  const y = like as Record<string, unknown>;
  const out: Record<string, unknown> = {};
  for (const k in x) {
    const v = x[k];
    out[k] = v !== null && typeof v === 'object' && k in y && same(v, y[k]) ? y[k] : v;
  }
  return out;
}

let memo: DiffMemo | null = null;

/** How many changes (values set, fields removed, list edits) the patch being built holds so far. */
let changes = 0;
/** How many of its elements (edits and indexes) the list patch just built touches. */
let touched = 0;

function walk(a: unknown, b: unknown, root = false): ViewPatch | undefined {
  if (a === b) return undefined;
  const ta = kind(a);
  if (ta !== kind(b) || ta === 'leaf') {
    changes++;
    if (typeof a === 'string' && typeof b === 'string' && a.length >= LONG_TEXT && b.length >= LONG_TEXT)
      return textPatch(a, b);
    return value(b);
  }
  if (memo === null || root) return walkNodes(a, b, ta, root);
  const known = memo.get(a as object)?.get(b as object);
  if (known) {
    changes += known[1];
    return known[0];
  }
  const start = changes;
  const patch = walkNodes(a, b, ta, root);
  let byB = memo.get(a as object);
  if (!byB) memo.set(a as object, (byB = new WeakMap()));
  byB.set(b as object, [patch, changes - start]);
  return patch;
}

function walkNodes(a: unknown, b: unknown, ta: 'array' | 'object', root: boolean): ViewPatch | undefined {
  const start = changes;
  let patch: Record<string, unknown> | undefined;
  let check = false;
  if (ta === 'array') {
    const y = b as unknown[];
    // An emptied list is shortest said whole.
    if (y.length === 0) {
      if ((a as unknown[]).length === 0) return undefined;
      changes++;
      return [y];
    }
    patch = walkList(a as unknown[], y);
    // A list whose elements were mostly touched (a list of moves that changed wholesale) may weigh less whole.
    check = touched > 1 && touched * 2 >= y.length;
  } else {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    // An undefined field is an absent one, as in JSON.
    for (const k in y) {
      if (y[k] === undefined) continue;
      let sub: ViewPatch | undefined;
      if (x[k] === undefined) {
        changes++;
        sub = value(y[k]);
      } else sub = walk(x[k], y[k]);
      if (sub !== undefined) (patch ??= {})[k] = sub;
    }
    for (const k in x)
      if (x[k] !== undefined && y[k] === undefined) {
        changes++;
        (patch ??= {})[k] = [];
      }
  }
  // A reshuffled sub-tree can patch into more bytes than it weighs: send it whole then.
  check ||= changes - start > OPS_CHECK;
  if (patch && !root && check && JSON.stringify(b).length + 2 <= JSON.stringify(patch).length) {
    changes = start + 1;
    return [b];
  }
  return patch;
}

/**
 * A long text's patch: its changed runs as splices (runs a few equal characters apart merged into one), or, when
 * the lengths differ, the one span between the common head and tail; the text whole when that is shorter.
 */
function textPatch(a: string, b: string): ViewPatch {
  const edits: [number, number, string][] = [];
  if (a.length === b.length) {
    for (let i = 0; i < a.length; ) {
      if (a[i] === b[i]) {
        i++;
        continue;
      }
      let last = i;
      for (let k = i + 1; k < a.length && k - last <= 6; k++) if (a[k] !== b[k]) last = k;
      edits.push([i, last - i + 1, b.slice(i, last + 1)]);
      i = last + 1;
    }
  } else {
    let pre = 0;
    while (pre < a.length && pre < b.length && a[pre] === b[pre]) pre++;
    let suf = 0;
    while (suf < a.length - pre && suf < b.length - pre && a[a.length - 1 - suf] === b[b.length - 1 - suf]) suf++;
    edits.push([pre, a.length - pre - suf, b.slice(pre, b.length - suf)]);
  }
  const patch = { [EDITS]: edits };
  return JSON.stringify(patch).length < JSON.stringify(b).length ? patch : b;
}

/** `v` as a patch that sets it: leaves bare, lists and objects wrapped (undefined, as JSON has it, is null). */
function value(v: unknown): ViewPatch {
  if (v === undefined) return null;
  return v !== null && typeof v === 'object' ? [v] : v;
}

/**
 * A list's patch. The common head and tail are skipped; the middles are aligned on equal elements (LCS), so an
 * element removed or inserted is one edit. Between aligned elements, left-over old and new elements are paired
 * in place (changed by index); an old one left unpaired is removed, a new one inserted, unless a removed one is
 * found equal or close to an inserted one: then it moves there (and is changed in place).
 */
function walkList(x: unknown[], y: unknown[]): Record<string, unknown> | undefined {
  const n = x.length;
  const m = y.length;
  let pre = 0;
  while (pre < n && pre < m && same(x[pre], y[pre])) pre++;
  if (pre === n && pre === m) return undefined;
  let suf = 0;
  while (suf < n - pre && suf < m - pre && same(x[n - 1 - suf], y[m - 1 - suf])) suf++;
  const on = n - suf - pre; // old middle: x[pre, pre + on)
  const nn = m - suf - pre; // new middle: y[pre, pre + nn)
  const patch: Record<string, unknown> = {};
  if (on === 0 || nn === 0) {
    changes++;
    patch[EDITS] = [on === 0 ? [pre, 0, ...y.slice(pre, pre + nn)] : [pre, on]];
    touched = 1;
    return patch;
  }
  // src[j]: the old index (in the middle) new middle element j comes from, or -1 for one that travels whole.
  const src = new Int32Array(nn).fill(-1);
  const used = new Uint8Array(on);
  const moved = new Uint8Array(nn);
  let xs: string[] | undefined;
  let ys: string[] | undefined;
  if ((on > 1 || nn > 1) && on * nn <= ALIGN_MAX && (on !== nn || shifted(x, y, pre, on))) {
    xs = x.slice(pre, pre + on).map(text);
    ys = y.slice(pre, pre + nn).map(text);
    // Longest common subsequence of the middles, by JSON text: lcs[i * (nn + 1) + j] for xs[i..], ys[j..].
    const w = nn + 1;
    const lcs = new Uint16Array((on + 1) * w);
    for (let i = on - 1; i >= 0; i--)
      for (let j = nn - 1; j >= 0; j--)
        lcs[i * w + j] =
          xs[i] === ys[j] ? lcs[(i + 1) * w + j + 1]! + 1 : Math.max(lcs[(i + 1) * w + j]!, lcs[i * w + j + 1]!);
    let i = 0;
    let j = 0;
    let gi = 0; // the current gap's first old and new elements
    let gj = 0;
    while (i < on || j < nn) {
      if (i < on && j < nn && xs[i] === ys[j]) {
        pairGap(gi, i, gj, j, src, used);
        src[j] = i;
        used[i] = 1;
        gi = ++i;
        gj = ++j;
      } else if (j >= nn || (i < on && lcs[(i + 1) * w + j]! >= lcs[i * w + j + 1]!)) i++;
      else j++;
    }
    pairGap(gi, on, gj, nn, src, used);
  } else pairGap(0, on, 0, nn, src, used);

  // Left-over old elements that equal, or nearly equal, a left-over new one move there instead.
  const trials = new Map<number, ViewPatch | undefined>();
  let gone = 0;
  let fresh = 0;
  for (let i = 0; i < on; i++) if (!used[i]) gone++;
  for (let j = 0; j < nn; j++) if (src[j]! < 0) fresh++;
  if (gone > 0 && fresh > 0 && gone * fresh <= MOVES_MAX) {
    xs ??= x.slice(pre, pre + on).map(text);
    ys ??= y.slice(pre, pre + nn).map(text);
    for (let j = 0; j < nn; j++) {
      if (src[j]! >= 0) continue;
      let best = -1;
      let bestSize = ys[j]!.length - 8; // a move and its index cost about this much more than its patch
      let bestPatch: ViewPatch | undefined;
      for (let i = 0; i < on && bestSize > 0; i++) {
        if (used[i]) continue;
        if (xs[i] === ys[j]) {
          best = i;
          bestPatch = undefined;
          break;
        }
        const a = x[pre + i];
        const b = y[pre + j];
        const k = kind(a);
        if (k === 'leaf' || k !== kind(b)) continue;
        const before = changes;
        const p = walk(a, b);
        changes = before;
        const size = JSON.stringify(p).length;
        if (size < bestSize) {
          best = i;
          bestSize = size;
          bestPatch = p;
        }
      }
      if (best < 0) continue;
      src[j] = best;
      used[best] = 1;
      moved[j] = 1;
      trials.set(j, bestPatch);
    }
  }

  // The edits, on a model of the list's middle (old indexes): removals right to left, then moves (each put just
  // before the element it precedes in the new list, last first), then insertions left to right.
  const edits: unknown[][] = [];
  const model: number[] = [];
  for (let i = 0; i < on; i++) if (used[i]) model.push(i);
  for (let i = on - 1; i >= 0; ) {
    if (used[i]) {
      i--;
      continue;
    }
    let k = i;
    while (k > 0 && !used[k - 1]) k--;
    edits.push([pre + k, i - k + 1]);
    i = k - 1;
  }
  for (let j = nn - 1; j >= 0; j--) {
    if (!moved[j]) continue;
    const from = model.indexOf(src[j]!);
    model.splice(from, 1);
    let next = j + 1;
    while (next < nn && src[next]! < 0) next++;
    const to = next < nn ? model.indexOf(src[next]!) : model.length;
    model.splice(to, 0, src[j]!);
    if (to !== from) edits.push([-1 - (pre + from), pre + to]);
  }
  for (let j = 0; j < nn; ) {
    if (src[j]! >= 0) {
      j++;
      continue;
    }
    let k = j;
    while (k < nn && src[k]! < 0) k++;
    edits.push([pre + j, 0, ...y.slice(pre + j, pre + k)]);
    j = k;
  }
  if (edits.length > 0) {
    changes += edits.length;
    patch[EDITS] = edits;
  }
  // Elements kept (paired in place or moved) change at their new indexes.
  let inPlace = 0;
  for (let j = 0; j < nn; j++) {
    const i = src[j]!;
    if (i < 0) continue;
    let p: ViewPatch | undefined;
    if (moved[j]) {
      p = trials.get(j);
      if (p !== undefined) changes++;
    } else if (xs === undefined || xs[i] !== ys![j]) p = walk(x[pre + i], y[pre + j]);
    if (p !== undefined) {
      patch[pre + j] = p;
      inPlace++;
    }
  }
  touched = edits.length + inPlace;
  return patch;
}

/**
 * Whether middles of one length (x's and y's from `pre`, `len` long) look shifted: an element one place further or
 * nearer at either end. If not, their elements changed where they stand and are paired in place without aligning
 * (which would write every element out as JSON text: a Shields player is kilobytes).
 */
function shifted(x: unknown[], y: unknown[], pre: number, len: number): boolean {
  const e = pre + len - 1;
  return same(x[pre], y[pre + 1]) || same(x[pre + 1], y[pre]) || same(x[e], y[e - 1]) || same(x[e - 1], y[e]);
}

/** Old elements [gi, ie) and new [gj, je) lie between two aligned pairs: paired in place, first with first. */
function pairGap(gi: number, ie: number, gj: number, je: number, src: Int32Array, used: Uint8Array) {
  for (let t = 0; gi + t < ie && gj + t < je; t++) {
    src[gj + t] = gi + t;
    used[gi + t] = 1;
  }
}

/** An element's JSON text, to align lists by. */
const text = (v: unknown): string => JSON.stringify(v) ?? 'null';

/** Whether two JSON values are equal (undefined fields absent), without allocating. */
function same(a: unknown, b: unknown): boolean {
  if (a === b) return true;
  if (typeof a !== 'object' || typeof b !== 'object' || a === null || b === null) return false;
  if (Array.isArray(a)) {
    if (!Array.isArray(b) || a.length !== b.length) return false;
    for (let i = 0; i < a.length; i++) if (!same(a[i], b[i])) return false;
    return true;
  }
  if (Array.isArray(b)) return false;
  const x = a as Record<string, unknown>;
  const y = b as Record<string, unknown>;
  let count = 0;
  for (const k in x) {
    if (x[k] === undefined) continue;
    if (!same(x[k], y[k])) return false;
    count++;
  }
  for (const k in y) if (y[k] !== undefined) count--;
  return count === 0;
}

function kind(v: unknown): 'array' | 'object' | 'leaf' {
  if (Array.isArray(v)) return 'array';
  return v !== null && typeof v === 'object' ? 'object' : 'leaf';
}
