// Starts a real Dicehall server on a free port for a test file, and real colyseus.js clients against it.
import { Client, Room } from 'colyseus.js';
import { loadConfig, type Config } from '../../server/src/config';
import { startServer, type Dicehall } from '../../server/src/app';
import type { GameStore } from '../../server/src/store/game-store';
import {
  applyViewMessage,
  decodeLine,
  emptyStream,
  readLine,
  readViewMessage,
  type LineSource,
  type LogPage,
  type PublicLine,
  type ViewMessage,
  type ViewStream,
} from '@dicehall/shared';

/**
 * Every test client comes from 127.0.0.1, so the per-address limits meant for the open internet would stop
 * suites that play hundreds of games; the tests of those limits set them back explicitly.
 */
export const LOOPBACK_LIMITS: Partial<Config> = {
  roomsPerMinute: 100_000,
  joinsPerMinute: 100_000,
  reservationsPerAddress: 10_000,
  botRoomsPerAddress: 10_000,
  archivePerAddress: 100_000,
};

/**
 * What a room's view stream has said so far (issue #29: whose turn, the clocks and the public lines travel in its
 * frames, not in the schema), kept for every colyseus.js room of the test process, raw rooms included.
 */
export interface StreamTable {
  toAct: number[];
  clock: string;
  gameId: string;
  start: number;
  keys: string[][];
  /** Every line of the current game any frame brought (tests read everything). */
  lines: Map<number, PublicLine>;
  /** The newest seq a frame brought (-1: none). */
  newest: number;
  /** Diff frames whose lines skipped lines this client had not seen. */
  holes: number;
  /** The most lines one frame brought. */
  widest: number;
  /** Every frame received, in order. */
  frames: ViewMessage[];
}

const streams = new WeakMap<object, StreamTable>();
/** The same tables by the room's synced state object (tests long read `logCount(room.state)`). */
const byState = new WeakMap<object, StreamTable>();
function streamOf(room: object): StreamTable {
  let t = streams.get(room);
  if (!t)
    streams.set(
      room,
      (t = {
        toAct: [],
        clock: '',
        gameId: '',
        start: 0,
        keys: [],
        lines: new Map(),
        newest: -1,
        holes: 0,
        widest: 0,
        frames: [],
      }),
    );
  return t;
}

/** Reads a frame's table part into its room's StreamTable, before any handler of the frame runs. */
function takeFrame(room: object, raw: unknown) {
  const m = readViewMessage(raw as string);
  if (!m) return;
  const s = streamOf(room);
  const state = (room as { state?: object }).state;
  if (state && typeof state === 'object') byState.set(state, s);
  s.frames.push(m);
  const t = m.t ?? {};
  const full = m.full !== undefined;
  if (t.g !== undefined && t.g !== s.gameId) {
    s.gameId = t.g;
    s.lines.clear();
    s.keys = [];
    s.newest = -1;
  }
  if (t.s !== undefined) s.start = t.s;
  if (t.k) s.keys = full ? t.k : [...s.keys, ...t.k];
  if (t.a) s.toAct = t.a;
  if (t.c !== undefined) s.clock = t.c;
  const lines = t.l ?? [];
  let added = 0;
  for (const [seq, line] of lines) {
    if (s.lines.has(seq)) continue;
    if (!full && seq > s.newest + 1 && s.newest >= 0) s.holes++;
    added++;
    s.lines.set(seq, readLine(seq, line, s.keys, s.start));
    s.newest = Math.max(s.newest, seq);
  }
  s.widest = Math.max(s.widest, added);
}

{
  const proto = Room.prototype as unknown as { dispatchMessage(type: unknown, message: unknown): void };
  const dispatch = proto.dispatchMessage;
  proto.dispatchMessage = function (this: object, type: unknown, message: unknown) {
    if (type === 'view') takeFrame(this, message);
    return dispatch.call(this, type, message);
  };
}

const known = (roomOrState: object): StreamTable | undefined => streams.get(roomOrState) ?? byState.get(roomOrState);
/** Whose input a room's stream last said is awaited (the room, or its synced state). */
// Typed as loosely as the synced state it replaces (`Room<any>`), so `includes(p.seat)` reads as before.
export const toActOf = (roomOrState: object): any[] => known(roomOrState)?.toAct ?? [];
/** The clocks as a room's stream last said them (JSON, '' untimed). */
export const clockOf = (roomOrState: object): string => known(roomOrState)?.clock ?? '';
/** Everything a room's stream said so far. */
export const tableOf = (room: object): StreamTable => streamOf(room);
/**
 * How many public log lines the game has published so far, as a room's stream brought them (seqs run from 0 without
 * a gap): the room, or its synced state.
 */
export const logCount = (roomOrState: object | undefined): number =>
  roomOrState ? (known(roomOrState)?.newest ?? -1) + 1 : 0;

export type TestServer = Dicehall & { url: string; ws: string };

/**
 * Without `store`, games live in memory only (the room suites whose subject is not durability); the durable
 * suites pass a real store (test/store/backends.ts).
 */
export async function testServer(
  overrides: Partial<Config> = {},
  store: GameStore | Promise<GameStore> | null = null,
): Promise<TestServer> {
  const config = loadConfig({}, { port: 0, host: '127.0.0.1', ...LOOPBACK_LIMITS, ...overrides });
  const d = await startServer(config, store);
  return { ...d, url: `http://127.0.0.1:${d.port}`, ws: `ws://127.0.0.1:${d.port}` };
}

/**
 * The one set-up of a room test file: a server on a free port, started before the file's tests and closed after
 * them (one per file: Colyseus' matchmaker is process-wide). `const env = serverSetup({ … })`; then `env.server`.
 */
export function serverSetup(overrides: Partial<Config> = {}): { readonly server: TestServer } {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await testServer(overrides);
  });
  afterAll(() => server?.close());
  return {
    get server() {
      if (!server) throw new Error('the server is not started (use env.server inside a test)');
      return server;
    },
  };
}

/** Polls until `check` returns a truthy value (patches are not awaited one by one: nothing may change). */
export async function until<T>(check: () => T | undefined | null | false, what = 'condition', ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = check();
    if (v) return v;
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 10));
  }
}

export const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export interface Player {
  client: Client;
  room: Room<any>;
  seat: number | null;
  token?: string;
  errors: { code: string; message: string; of: string }[];
  /** The 'view' stream as the client store keeps it: this seat's view (or the public one) and legal actions. */
  stream: ViewStream;
  /** Every 'view' message received, in order. */
  viewMessages: ViewMessage[];
  readonly view: any;
  readonly legal: any[];
  /** Every 'log-page' answer received, in order. */
  pages: LogPage[];
  /**
   * The current game's public lines this client has held, oldest first: every frame's lines as they came, and the
   * lines of every page received (./store in the client keeps only a run without holes; tests read everything).
   */
  readonly lines: PublicLine[];
  /** Times a frame's lines skipped lines this client had not seen (it would have to ask for them). */
  readonly holes: number;
  /** The most lines one frame brought at once. */
  readonly widest: number;
  /** Whose input is awaited, as the stream last said. */
  readonly toAct: number[];
  /** The clocks as JSON, as the stream last said ('' untimed). */
  readonly clock: string;
}

/** A test player over a room it already holds: welcome, errors and the view stream wired. */
export function wirePlayer(client: Client, room: Room<any>): Player {
  const table = streamOf(room);
  const pagesRead = new Set<LogPage>();
  const gather = () => {
    // Pages of this game not read yet (answers to `log-before`).
    for (const page of p.pages) {
      if (page.gameId !== table.gameId || pagesRead.has(page)) continue;
      pagesRead.add(page);
      for (const [seq, text] of page.lines)
        if (!table.lines.has(seq)) table.lines.set(seq, decodeLine(seq, text, table.keys, table.start));
    }
  };
  const p: Player = {
    client,
    room,
    seat: null,
    errors: [],
    stream: emptyStream(),
    viewMessages: [],
    pages: [],
    get holes() {
      return table.holes;
    },
    get widest() {
      return table.widest;
    },
    get toAct() {
      return table.toAct;
    },
    get clock() {
      return table.clock;
    },
    get view() {
      return this.stream.doc?.view ?? null;
    },
    get legal() {
      return (this.stream.doc?.legal as any[]) ?? [];
    },
    get lines() {
      gather();
      return [...table.lines.values()].sort((x, y) => x.seq - y.seq);
    },
  };
  // A view may point into the lines held (GameModule.wireView): the frame's own lines are read before this handler.
  const source: LineSource = { line: (seq) => table.lines.get(seq) };
  room.onMessage('log-page', (page: LogPage) => {
    p.pages.push(page);
    gather();
  });
  room.onMessage('view', (text: string) => {
    const m = readViewMessage(text)!;
    p.viewMessages.push(m);
    if (m.full === undefined && m.rev <= p.stream.rev)
      throw new Error(`view frame again: rev ${m.rev} after ${p.stream.rev}`);
    const next = applyViewMessage(p.stream, m, source);
    if (next) p.stream = next;
    else throw new Error(`view frame out of step: rev ${m.rev} after ${p.stream.rev}`);
  });
  room.onMessage('welcome', (m: { seat: number | null; token?: string }) => {
    p.seat = m.seat;
    if (m.token) p.token = m.token;
  });
  room.onMessage('error', (e) => p.errors.push(e));
  return p;
}

export async function create(ws: string, options: Record<string, unknown>): Promise<Player> {
  const client = new Client(ws);
  const p = wirePlayer(client, await client.create('table', options));
  await until(() => p.room.state?.game, 'state');
  return p;
}

export async function join(ws: string, roomId: string, options: Record<string, unknown> = {}): Promise<Player> {
  const client = new Client(ws);
  const p = wirePlayer(client, await client.joinById(roomId, options));
  await until(() => p.room.state?.game, 'state');
  return p;
}

export async function reconnect(p: Player): Promise<Player> {
  const room = await p.client.reconnect(p.room.reconnectionToken);
  const q = wirePlayer(p.client, room);
  q.seat = p.seat;
  q.token = p.token;
  await until(() => q.room.state?.game, 'state');
  return q;
}

/** The last error a player received, waiting for it. */
export async function nextError(p: Player, count = p.errors.length + 1) {
  await until(() => p.errors.length >= count, 'an error message');
  return p.errors[count - 1];
}

export const parse = (json: string) => (json ? JSON.parse(json) : null);

/** Polls /health every `everyMs` until `stop` resolves; resolves with the slowest answer's time in ms. */
export async function healthLatency(
  url: string,
  stop: Promise<unknown>,
  everyMs = 20,
): Promise<{ max: number; count: number; times: number[] }> {
  let done = false;
  void stop.finally(() => (done = true));
  let max = 0;
  let count = 0;
  const times: number[] = [];
  while (!done) {
    const t = performance.now();
    const res = await fetch(`${url}/health`);
    await res.arrayBuffer();
    if (res.status !== 200) throw new Error(`/health answered ${res.status}`);
    times.push(performance.now() - t);
    max = Math.max(max, times[times.length - 1]);
    count++;
    await sleep(everyMs);
  }
  return { max, count, times };
}

/**
 * Keeps every byte each room's socket receives, for the tests that read the wire for secrets: registers hooks on
 * the enclosing `describe` (colyseus.js' `Room.prototype.connect` is wrapped while it runs). `received(p)` is all
 * of a player's bytes so far as one latin1 string, in which the state's JSON fields appear verbatim. colyseus.js
 * keeps its socket at room.connection.transport.ws (the `ws` package under Node); the listener goes on as the room
 * connects, before the join handshake and the first full state arrive.
 */
export function recordFrames(): { received(p: Player): string } {
  const frames = new WeakMap<object, Buffer[]>();
  const connect = Room.prototype.connect;
  beforeAll(() => {
    Room.prototype.connect = function (this: Room, ...args: Parameters<typeof connect>) {
      const out = connect.apply(this, args);
      const list: Buffer[] = [];
      frames.set(this, list);
      const ws = (
        this.connection as unknown as {
          transport: { ws: { addEventListener(t: string, f: (e: { data: ArrayBuffer }) => void): void } };
        }
      ).transport.ws;
      ws.addEventListener('message', (e) => list.push(Buffer.from(e.data)));
      return out;
    };
  });
  afterAll(() => {
    Room.prototype.connect = connect;
  });
  return { received: (p) => Buffer.concat(frames.get(p.room) ?? []).toString('latin1') };
}
