// The client's one store: the latest synced table as plain data. Views subscribe; nobody else writes.
import {
  applyViewMessage,
  emptyStream,
  expandStream,
  frameOrder,
  gameRegistered,
  HeldLines,
  readViewMessage,
  rulesNeeded,
  type LineSource,
  type LogPage,
  type PublicLine,
  type Result,
  type TableSync,
  type ViewMessage,
  type ViewStream,
} from '@dicehall/shared/core';

export interface SeatInfo {
  name: string;
  taken: boolean;
  connected: boolean;
  graceEndsAt: number;
  claimable: boolean;
  /** The level of the bot playing this seat ('' or absent when its player plays it). */
  bot?: string;
}

/** One public line of the game log (the entry without its action). */
export type LogItem = PublicLine;

export interface ChatItem {
  id: number;
  /** Opaque id of the sending connection (mute by this, not by name). */
  sender: string;
  from: string;
  seat: number;
  text: string;
  at: number;
}

/** An offer or an answer said at the table (not a move): shown after the log entry `after`. */
export interface TalkItem {
  after: number;
  kind: 'draw-offer' | 'draw-decline' | 'draw-lapse' | 'rematch-ask' | 'rematch-decline' | 'rematch-accept' | string;
  seat: number;
  name: string;
  at: number;
}

export interface Snapshot {
  roomId: string;
  game: string;
  options: Record<string, unknown>;
  isPublic: boolean;
  phase: 'waiting' | 'playing' | 'over';
  seats: SeatInfo[];
  spectators: number;
  /** Whose input is awaited (from the view stream). */
  toAct: number[];
  /** The clocks as JSON (server/src/rooms/room-clock.ts), '' or absent when untimed (from the view stream). */
  clock?: string;
  /** My seat, or null when watching. */
  mySeat: number | null;
  /** The view to draw: my seat's if I sit, otherwise the public one; each game's view reads it as its own View type. */
  view: unknown;
  legal: unknown[];
  /** The lines this client holds, contiguous, oldest first: from `logStart` to the latest. */
  log: LogItem[];
  /**
   * The seq of the first line held: above 0 when earlier lines were never synced to this client (it joined late,
   * or was away while they scrolled out of the room's window) and may be asked for (`log-before`). Absent: 0.
   */
  logStart?: number;
  chat: ChatItem[];
  gameId: string;
  commitment: string;
  clientSeed: string;
  serverSeed: string;
  result: Result | null;
  round: number;
  rematch: number[];
  drawOffer: number[];
  /** Absent where nobody talks (a replay). */
  talk?: TalkItem[];
  notice: string;
  /** Server policy: seconds a dropped player keeps the seat (P3). */
  graceSeconds: number;
  spectatorChat: boolean;
  /** Commitment of the next game's server seed, shown once a game ends. */
  nextCommitment: string;
}

export type Connection = 'connecting' | 'connected' | 'reconnecting' | 'restarting' | 'gone' | 'lost' | 'elsewhere';

type Listener = () => void;

/** A snapshot asked for after a gap is asked for again if none came within this (the room may refuse a burst). */
const RESYNC_AGAIN_MS = 2000;

export class Store {
  snapshot: Snapshot | null = null;
  connection: Connection = 'connecting';
  private listeners = new Set<Listener>();
  /** This game's lines held so far (the list the snapshot shows is rebuilt when lines arrive). */
  private lines = new HeldLines();
  /** This connection's stream: a full frame, then one frame per change (see applyView). */
  private stream: ViewStream = emptyStream();
  /** Whose turn and the clocks, as the stream's frames last said. */
  private toAct: number[] = [];
  private clock = '';
  private last: { roomId: string; state: TableSync; mySeat: number | null } | null = null;
  /** The server's notice outside the synced state ('saving-paused' while its store cannot write), else ''. */
  private serverNotice = '';
  /** Asks the room for a snapshot of this client's audience (TABLE_IN.resync); set by the connection. */
  private askResync: ((rev: number) => void) | null = null;
  /** When a snapshot was last asked for (ms): asked again only if none came within RESYNC_AGAIN_MS. */
  private askedAt = -Infinity;
  /** Snapshots asked for so far (tests). */
  resyncs = 0;
  /** The newest revision any frame has shown (those past a gap were dropped, but say how far the room is). */
  private newest = -1;

  /**
   * `loadRules` loads a game's rules module and registers it for the view stream (client/src/games: `loadGame`), for
   * a document that needs it (a view in its smaller form, legal actions derived here); passed in, so the store never
   * names a game's code.
   */
  constructor(private readonly loadRules: (game: string) => Promise<unknown> = () => Promise.resolve()) {}

  subscribe(fn: Listener): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  setConnection(c: Connection) {
    this.connection = c;
    this.emit();
  }

  /** How a gap in the stream is told to the room (the connection's `resync` message). */
  onResync(fn: ((rev: number) => void) | null) {
    this.askResync = fn;
  }

  /**
   * Takes one frame of the stream: a full one (on joining, returning, changing seat, or after a gap) or the change
   * to the next revision: new log lines, whose turn, clocks and the view's diff, all at once. A frame already applied
   * is dropped; one that does not follow (a frame lost or out of order) makes the store ask for a snapshot and wait
   * for it, showing what it holds.
   */
  applyView(raw: ViewMessage | string) {
    const msg = typeof raw === 'string' ? readViewMessage(raw) : raw;
    // A full frame that starts a stream (joining, another seat) counts revisions afresh; an answer to `resync` does not.
    if (msg?.full !== undefined && msg.re !== 1) this.newest = msg.rev;
    else if (msg && msg.rev > this.newest) this.newest = msg.rev;
    const order = frameOrder(this.stream, msg);
    if (order === 'old') return;
    if (order === 'gap' || !msg) return this.gap();
    const full = msg.full !== undefined;
    // The frame's lines first: its view may point into them (GameModule.wireView).
    const t = msg.t ?? {};
    this.lines.frame(t, full);
    const next = applyViewMessage(this.stream, msg, this.source);
    if (!next) return this.gap();
    this.stream = next;
    if (Array.isArray(t.a)) this.toAct = t.a;
    if (typeof t.c === 'string') this.clock = t.c;
    // In step again (the snapshot came, or the frames did): the next gap asks at once. A snapshot answered while
    // later frames were being dropped is already behind them: ask again now rather than wait for the next frame.
    this.askedAt = -Infinity;
    if (this.newest > next.rev) this.gap();
    // A view in its smaller form, or legal actions derived on this side, need the game's rules module, which loads
    // with the game (usually already here: the router asks for it as soon as the room's game is known). Until then
    // the store shows no document (see `doc`).
    const game = rulesNeeded(next.wire);
    if (game && !gameRegistered(game))
      void this.loadRules(game).then(
        () => this.derive(),
        () => undefined,
      );
    if (this.last) this.ingest(this.last.roomId, this.last.state, this.last.mySeat);
  }

  /** A gap in the stream: ask for a snapshot, at most once per RESYNC_AGAIN_MS while none has come. */
  private gap() {
    const now = Date.now();
    if (now - this.askedAt < RESYNC_AGAIN_MS) return;
    this.askedAt = now;
    this.resyncs++;
    this.askResync?.(this.stream.rev);
  }

  /** The room refused a request for a snapshot (too many at once): ask again now, if still out of step. */
  resyncRefused() {
    this.askedAt = -Infinity;
    this.resyncs++;
    this.askResync?.(this.stream.rev);
  }

  /** The document to show: none while its game's rules module, which expands it, has not loaded. */
  private doc() {
    const game = rulesNeeded(this.stream.wire);
    return game && !gameRegistered(game) ? null : this.stream.doc;
  }

  /** Expands the current document again (its game's rules module has just loaded). */
  private derive() {
    this.stream = expandStream(this.stream, this.source);
    if (this.last) this.ingest(this.last.roomId, this.last.state, this.last.mySeat);
  }

  /** The lines of this game held here, which a view may point into. */
  private readonly source: LineSource = { line: (seq) => this.lines.line(seq) };

  /** A `notice` message: shown as the snapshot's notice (a synced one, such as a restart, comes first). */
  setServerNotice(code: string) {
    if (code === this.serverNotice) return;
    this.serverNotice = code;
    if (this.last) this.ingest(this.last.roomId, this.last.state, this.last.mySeat);
  }

  /** Forgets the stream (a new connection gets a full frame first). */
  resetView() {
    this.stream = emptyStream();
    this.askedAt = -Infinity;
    this.newest = -1;
  }

  /** Reads the decoded Colyseus state into plain data (JSON fields parsed once per change). */
  ingest(roomId: string, state: TableSync, mySeat: number | null) {
    this.last = { roomId, state, mySeat };
    // The lines of the game the stream is on (a new game's come with its first frame, whatever the state says yet).
    const log = this.lines.list;
    const doc = this.doc();
    this.snapshot = {
      roomId,
      game: state.game,
      options: parse<Record<string, unknown>>(state.options) ?? {},
      isPublic: state.isPublic,
      phase: state.phase,
      seats: state.seats.map((s: SeatInfo) => ({
        name: s.name,
        taken: s.taken,
        connected: s.connected,
        graceEndsAt: s.graceEndsAt,
        claimable: s.claimable,
        bot: s.bot ?? '',
      })),
      spectators: state.spectators,
      toAct: this.toAct,
      clock: this.clock,
      mySeat,
      view: doc?.view ?? null,
      legal: doc?.legal ?? [],
      log,
      logStart: log[0]?.seq ?? 0,
      chat: state.chat.map((c) => ({
        id: c.id,
        sender: c.sender ?? '',
        from: c.from,
        seat: c.seat,
        text: c.text,
        at: c.at,
      })),
      gameId: state.gameId,
      commitment: state.commitment,
      clientSeed: state.clientSeed,
      serverSeed: state.serverSeed,
      result: parse<Result>(state.result),
      round: state.round,
      rematch: [...state.rematch],
      drawOffer: [...state.drawOffer],
      talk: (state.talk ?? []).map((t) => ({ after: t.after, kind: t.kind, seat: t.seat, name: t.name, at: t.at })),
      notice: state.notice || this.serverNotice,
      graceSeconds: state.graceSeconds ?? 0,
      spectatorChat: state.spectatorChat ?? true,
      nextCommitment: state.nextCommitment ?? '',
    };
    this.emit();
  }

  /** Lines the room sent: the latest on joining, earlier ones on request; kept where they join the lines held. */
  addPage(page: LogPage) {
    if (!this.lines.page(page)) return;
    if (this.last) this.ingest(this.last.roomId, this.last.state, this.last.mySeat);
  }

  private emit() {
    for (const fn of this.listeners) fn();
  }
}

/** A JSON field of the synced state, as the protocol says it is (`TableSync`): the server wrote it. */
function parse<T>(json: string | undefined): T | null {
  if (!json) return null;
  try {
    return JSON.parse(json);
  } catch {
    return null;
  }
}
