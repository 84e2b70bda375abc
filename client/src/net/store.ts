// The client's one store: the latest synced table as plain data. Views subscribe; nobody else writes.
import {
  applyViewMessage,
  emptyStream,
  expandDoc,
  expandStream,
  gameRegistered,
  HeldLines,
  LineMissing,
  rulesNeeded,
  type LineSource,
  type LogPage,
  type PublicLine,
  type Result,
  type TableSync,
  type ViewMessage,
  type ViewStream,
  type WireDoc,
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
  toAct: number[];
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

export class Store {
  snapshot: Snapshot | null = null;
  connection: Connection = 'connecting';
  private listeners = new Set<Listener>();
  /** This game's lines held so far (the list the snapshot shows is rebuilt when lines arrive). */
  private lines = new HeldLines();
  /** This connection's view stream: a full document, then diffs (see applyView). */
  private stream: ViewStream = emptyStream();
  private last: { roomId: string; state: TableSync; mySeat: number | null } | null = null;
  /** The server's notice outside the synced state ('saving-paused' while its store cannot write), else ''. */
  private serverNotice = '';

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

  /**
   * Takes one 'view' message: a full document (on joining, returning or changing seat) or the diff to the next
   * revision. A diff that does not follow is dropped; the server's next full document puts the store right.
   */
  applyView(msg: ViewMessage | string) {
    // A view may point into the log's latest lines (GameModule.wireView); the patch bringing a new one follows the
    // message, so until it comes the stream waits and the document shown stays the one before (see `ingest`).
    const next = applyViewMessage(this.stream, msg, this.source);
    if (!next) return;
    this.stream = next;
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

  /** The document to show: none while its game's rules module, which expands it, has not loaded. */
  private doc() {
    const game = rulesNeeded(this.stream.wire);
    return game && !gameRegistered(game) ? null : this.stream.doc;
  }

  /** Expands the current document again (its game's rules module has just loaded). */
  private derive() {
    const s = this.stream;
    try {
      this.stream = { ...s, doc: expandDoc(s.wire !== undefined ? s.wire : (s.doc as WireDoc | null), this.source) };
    } catch (e) {
      if (!(e instanceof LineMissing)) throw e;
      this.stream = { ...s, waiting: true };
    }
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

  /** Forgets the view stream (a new connection gets a full document first). */
  resetView() {
    this.stream = emptyStream();
  }

  /** Reads the decoded Colyseus state into plain data (JSON fields parsed once per change). */
  ingest(roomId: string, state: TableSync, mySeat: number | null) {
    this.last = { roomId, state, mySeat };
    const game = this.lines.gameId;
    this.lines.sync(state);
    const log = this.lines.list;
    // The line a waiting view points to may have come with this patch; with a new game's first lines, a view read
    // against the last game's (a diff can come just ahead of the new game's id) is read again.
    this.stream = expandStream(this.stream, this.source, game !== this.lines.gameId);
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
      toAct: [...state.toAct],
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
