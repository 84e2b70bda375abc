// The client's one store: the latest synced table as plain data. Views subscribe; nobody else writes.
import {
  applyViewMessage,
  decodeLine,
  emptyStream,
  expandDoc,
  expandStream,
  gameRegistered,
  LineMissing,
  readKeys,
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
  /** This game's lines held so far, by seq, and the list the snapshot shows (rebuilt when lines arrive). */
  private lines = {
    gameId: '',
    bySeq: new Map<number, LogItem>(),
    list: [] as LogItem[],
    keys: [] as string[][],
    start: 0,
  };
  /** This connection's view stream: a full document, then diffs (see applyView). */
  private stream: ViewStream = emptyStream();
  private last: { roomId: string; state: TableSync; mySeat: number | null } | null = null;

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
  private readonly source: LineSource = { line: (seq) => this.lines.bySeq.get(seq) };

  /** Forgets the view stream (a new connection gets a full document first). */
  resetView() {
    this.stream = emptyStream();
  }

  /** Reads the decoded Colyseus state into plain data (JSON fields parsed once per change). */
  ingest(roomId: string, state: TableSync, mySeat: number | null) {
    this.last = { roomId, state, mySeat };
    const game = this.lines.gameId;
    const log = this.gather(state);
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
      notice: state.notice,
      graceSeconds: state.graceSeconds ?? 0,
      spectatorChat: state.spectatorChat ?? true,
      nextCommitment: state.nextCommitment ?? '',
    };
    this.emit();
  }

  /** Earlier lines the room sent on request: kept when they join the lines held (an answer for this game). */
  addPage(page: LogPage) {
    const held = this.lines;
    if (page.gameId !== held.gameId || !Array.isArray(page.lines)) return;
    const first = held.list[0]?.seq;
    if (first === undefined) return;
    const earlier = page.lines.filter(([seq]) => seq < first);
    // Contiguous and ending right before the first line held; anything else is an answer to an older question.
    if (!earlier.length || earlier.some(([seq], k) => seq !== first - earlier.length + k)) return;
    for (const [seq, text] of earlier) held.bySeq.set(seq, decodeLine(seq, text, held.keys, held.start));
    held.list = [...held.bySeq.values()].sort((a, b) => a.seq - b.seq);
    if (this.last) this.ingest(this.last.roomId, this.last.state, this.last.mySeat);
  }

  /**
   * The synced window of lines joined to the lines held. The room syncs only its latest lines, so what this
   * client saw before stays here; a new game starts afresh, and lines that no longer join the window (this client
   * was away while others scrolled past) are let go, to be asked for again, so the log never has a hole.
   */
  private gather(state: TableSync): LogItem[] {
    let held = this.lines;
    if (held.gameId !== state.gameId)
      held = this.lines = { gameId: state.gameId, bySeq: new Map(), list: [], keys: [], start: 0 };
    // The game's start, which the lines' times count from (set with the game's first line).
    held.start = state.logStart ?? 0;
    // The game's key lists only grow while it lasts: read again when there are more.
    if ((state.logKeys?.length ?? 0) !== held.keys.length) held.keys = readKeys(state.logKeys ?? []);
    let added = false;
    let oldest = Infinity;
    state.log.forEach((line) => {
      oldest = Math.min(oldest, line.seq);
      if (held.bySeq.has(line.seq)) return;
      held.bySeq.set(line.seq, decodeLine(line.seq, line.json, held.keys, held.start));
      added = true;
    });
    if (!added) return held.list;
    const list = [...held.bySeq.values()].sort((a, b) => a.seq - b.seq);
    // Keep the run of consecutive seqs that reaches the synced window.
    let start = list.findIndex((l) => l.seq === oldest);
    while (start > 0 && list[start - 1]!.seq === list[start]!.seq - 1) start--;
    for (const l of list.slice(0, start)) held.bySeq.delete(l.seq);
    held.list = list.slice(start);
    return held.list;
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
