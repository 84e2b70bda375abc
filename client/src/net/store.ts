// The client's one store: the latest synced table as plain data. Views subscribe; nobody else writes.
import {
  applyViewMessage,
  emptyStream,
  type GameEvent,
  type Result,
  type Roll,
  type TableSync,
  type ViewMessage,
  type ViewStream,
} from '@dicehall/shared';

export interface SeatInfo {
  name: string;
  taken: boolean;
  connected: boolean;
  graceEndsAt: number;
  claimable: boolean;
  /** The level of the bot playing this seat ('' or absent when its player plays it). */
  bot?: string;
}

export interface LogItem {
  seq: number;
  kind: string;
  seat: number | null;
  rolls: Roll[];
  events: GameEvent[];
  at: number;
  /** Set when a bot made this move for the seat (its level). */
  bot?: string;
}

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
  log: LogItem[];
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
  private logCache = new Map<string, LogItem>();
  /** This connection's view stream: a full document, then diffs (see applyView). */
  private stream: ViewStream = emptyStream();
  private last: { roomId: string; state: TableSync; mySeat: number | null } | null = null;

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
    const next = applyViewMessage(this.stream, msg);
    if (!next) return;
    this.stream = next;
    if (this.last) this.ingest(this.last.roomId, this.last.state, this.last.mySeat);
  }

  /** Forgets the view stream (a new connection gets a full document first). */
  resetView() {
    this.stream = emptyStream();
  }

  /** Reads the decoded Colyseus state into plain data (JSON fields parsed once per change). */
  ingest(roomId: string, state: TableSync, mySeat: number | null) {
    this.last = { roomId, state, mySeat };
    const doc = this.stream.doc;
    const log: LogItem[] = [];
    state.log.forEach((line) => {
      let item = this.logCache.get(line.json);
      if (!item) {
        item = JSON.parse(line.json) as LogItem;
        this.logCache.set(line.json, item);
      }
      log.push(item);
    });
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
