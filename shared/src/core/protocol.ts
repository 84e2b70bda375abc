// The wire protocol between the rooms and the browser: message names, their payloads, error and close codes, and
// the synced snapshot's shape. The server's rooms and the client both import it, so neither spells a name alone.
// The server still parses every payload with zod (server/src/rooms/messages.ts): these types say what a
// well-behaved client sends, not what arrives.
import type { TimeControl } from './clock';
import type { LogPage } from './log-line';
import type { ViewMessage } from './view-stream';

/** Messages a client sends to a game table. */
export const TABLE_IN = {
  action: 'action',
  resign: 'resign',
  claim: 'claim',
  draw: 'draw',
  drawDecline: 'draw-decline',
  rematch: 'rematch',
  rematchDecline: 'rematch-decline',
  chat: 'chat',
  spectatorChat: 'spectator-chat',
  sit: 'sit',
  rename: 'rename',
  /** Past the grace, let a bot play the missing player's seat until they return. */
  standIn: 'stand-in',
  /** The public log lines before a seq (the synced state keeps only the latest): answered with a `log-page`. */
  logBefore: 'log-before',
  /**
   * The client saw a gap in its stream (a frame missing, out of order or unreadable): it holds revision `rev` and
   * asks for a snapshot of its audience (answered with a full `view` frame).
   */
  resync: 'resync',
} as const;

/** Messages a game table sends to a client (besides the synced state). */
export const TABLE_OUT = {
  welcome: 'welcome',
  error: 'error',
  /** A `ViewMessage` as its JSON text: one encode shared by every spectator. */
  view: 'view',
  /** Earlier public log lines, to the one client that asked (`LogPage`). */
  logPage: 'log-page',
  /** The server's notice outside the synced state (`TableNotice`): it must reach clients while patches wait. */
  notice: 'notice',
} as const;

/** Messages a member sends to a lobby for friends. */
export const PARTY_IN = {
  configure: 'configure',
  sit: 'sit',
  stand: 'stand',
  ready: 'ready',
  start: 'start',
  spectate: 'spectate',
  remove: 'remove',
  allow: 'allow',
  passHost: 'pass-host',
  chat: 'chat',
  /** A member changes the name shown in the members list, seats and scoreboard. */
  rename: 'rename',
  /** The host puts the computer in an open seat, at a level, or takes it out again. */
  seatBot: 'seat-bot',
  unseatBot: 'unseat-bot',
} as const;

/** Messages a lobby for friends sends to a member. */
export const PARTY_OUT = {
  welcome: 'welcome',
  error: 'error',
  /** Go to your table: a seat reservation in it. */
  table: 'table',
} as const;

/** WebSocket close codes the rooms use (4000–4999 are the application's). */
export const CLOSE = {
  /** A normal leave: the client asked for it (1000) or the room closed it on purpose (4000). */
  consented: [1000, 4000] as readonly number[],
  /** The same seat (or lobby member) was opened in another tab or window; this one is closed. */
  seatElsewhere: 4100,
  /** The socket kept breaking the frame or rate limits after being told (server/src/rooms/inbound.ts). */
  abuse: 4101,
  /** The lobby's host removed this member. */
  removed: 4403,
} as const;

/** The platform's own refusal codes; a game module adds its own (`Refusal.code`), so any string may arrive. */
export type PlatformErrorCode =
  | 'bad-message'
  | 'too-large'
  | 'rate-limited'
  | 'not-seated'
  | 'not-your-turn'
  | 'game-over'
  | 'not-playing'
  | 'not-claimable'
  | 'bad-action'
  | 'no-draw'
  | 'seat-elsewhere'
  | 'draw-declined'
  | 'no-offer'
  | 'rematch-declined'
  | 'no-rematch'
  | 'seat-taken'
  | 'game-started'
  | 'name-invalid'
  | 'already-seated'
  | 'name-taken'
  | 'removed'
  | 'restarting'
  | 'store-unavailable'
  | 'bot-playing'
  | 'log-busy';
/** `string & {}` keeps the platform's codes offered by the editor while admitting a module's. */
export type ErrorCode = PlatformErrorCode | (string & {});

/** A refusal, sent to the one client whose message it refuses. */
export interface ErrorMessage {
  code: ErrorCode;
  message: string;
  /** The message type that was refused. */
  of: string;
}

/**
 * The game store cannot take a write (issue 31): actions are refused with `store-unavailable` until it is back. Sent
 * to every client when it begins (and to one joining meanwhile), and with the empty code when it is over.
 */
export type TableNoticeCode = 'saving-paused';
export interface TableNotice {
  code: TableNoticeCode | '';
  message: string;
}
export const SAVING_PAUSED = 'Saving is paused — your game is safe';

/** Sent on joining a table and on taking a seat: the seat (null: watching) and the token that owns it. */
export interface TableWelcome {
  seat: number | null;
  token?: string;
}

/** Sent on joining a lobby for friends: the member's public id and its secret token. */
export interface PartyWelcome {
  member: string;
  token: string;
}

/** What each table message carries (`undefined`: nothing). */
export interface TableInPayloads {
  /** The game's own action; the game's zod schema parses it. */
  action: unknown;
  resign: undefined;
  claim: undefined;
  draw: undefined;
  'draw-decline': undefined;
  /** A rematch request may bring this browser's fresh seed (P1). */
  rematch: { clientSeed?: string } | undefined;
  'rematch-decline': undefined;
  chat: { text: string };
  'spectator-chat': { on: boolean };
  /** A watcher takes a free seat; the name is required since a seat is seen by everyone. */
  sit: { name: string; clientSeed?: string };
  rename: { name: string };
  'stand-in': { level: 'easy' | 'normal' | 'hard' };
  /** The lines before this seq (at most a page of them). */
  'log-before': { before: number };
  /** The revision the client holds (-1: none). */
  resync: { rev: number };
}

export interface TableOutPayloads {
  welcome: TableWelcome;
  error: ErrorMessage;
  view: string | ViewMessage;
  'log-page': LogPage;
  notice: TableNotice;
}

export interface PartyInPayloads {
  configure: { game: string; options: Record<string, unknown>; clock: TimeControl };
  sit: { seat: number };
  stand: undefined;
  ready: { ready: true; clientSeed?: string } | { ready: false };
  start: undefined;
  spectate: { member: string };
  remove: { member: string };
  allow: { member: string };
  'pass-host': { member: string };
  chat: { text: string };
  rename: { name: string };
  'seat-bot': { seat: number; level: 'easy' | 'normal' | 'hard' };
  'unseat-bot': { seat: number };
}

export interface PartyOutPayloads {
  welcome: PartyWelcome;
  error: ErrorMessage;
  table: { seat: number; reservation: unknown };
}

export type TableInType = keyof TableInPayloads;
export type PartyInType = keyof PartyInPayloads;

/** The arguments of `send(type, payload)`: the payload is left out where the message carries none. */
export type SendArgs<P, T extends keyof P> = undefined extends P[T]
  ? [type: T, payload?: P[T]]
  : [type: T, payload: P[T]];

// The synced state, as a client decodes it: Colyseus schema collections read like these lists. The server's
// schema classes (server/src/rooms/schema.ts) implement these interfaces, so the two cannot drift apart.

/** The parts of a synced collection a client reads (an `ArraySchema` has them all). */
export interface SyncList<T> extends Iterable<T> {
  readonly length: number;
  map<U>(fn: (value: T, index: number) => U): U[];
  forEach(fn: (value: T, index: number) => void): void;
}

export type TablePhase = 'waiting' | 'playing' | 'over';
export type TalkKind =
  | 'draw-offer'
  | 'draw-decline'
  | 'draw-lapse'
  | 'rematch-ask'
  | 'rematch-decline'
  | 'rematch-accept';

export interface SeatSync {
  name: string;
  taken: boolean;
  connected: boolean;
  /** Server time (ms) when a dropped player's grace ends; 0 while connected. */
  graceEndsAt: number;
  /** The grace is over: the opponent may claim the win (P3). */
  claimable: boolean;
}

export interface ChatLineSync {
  id: number;
  from: string;
  /** -1 for a spectator. */
  seat: number;
  text: string;
  at: number;
  /** An opaque id of the sending connection, to mute a sender rather than a name. */
  sender: string;
}

export interface TalkLineSync {
  after: number;
  kind: string;
  seat: number;
  name: string;
  at: number;
}

/** A game table's synced state: what is shared and rare. JSON-valued fields are strings; per-action data travels in `view` frames. */
export interface TableSync {
  game: string;
  /** The room's parsed options, as JSON. */
  options: string;
  isPublic: boolean;
  phase: TablePhase;
  seats: SyncList<SeatSync>;
  spectators: number;
  // Whose turn, the clocks and the public log lines travel in the view stream's frames (./view-stream TableDelta).
  chat: SyncList<ChatLineSync>;
  gameId: string;
  commitment: string;
  clientSeed: string;
  serverSeed: string;
  /** The `Result` as JSON once the game is over, else ''. */
  result: string;
  round: number;
  rematch: SyncList<number>;
  drawOffer: SyncList<number>;
  talk: SyncList<TalkLineSync>;
  graceSeconds: number;
  nextCommitment: string;
  spectatorChat: boolean;
  notice: string;
}

/** The parts of a synced map a client reads (a `MapSchema` has them all). */
export interface SyncMap<T> {
  readonly size: number;
  get(key: string): T | undefined;
  has(key: string): boolean;
  values(): Iterable<T>;
  entries(): Iterable<[string, T]>;
}

export interface ScoreSync {
  wins: number;
  losses: number;
  draws: number;
}

export interface MemberSync {
  /** Public id (not the secret member token). */
  id: string;
  name: string;
  connected: boolean;
  /** The lobby seat taken for the next game, or -1. */
  seat: number;
  ready: boolean;
  /** Moved to the spectators by the host. */
  benched: boolean;
  total: ScoreSync;
  /** Per game id. */
  games: SyncMap<ScoreSync>;
}

export interface FinishedGameSync {
  gameId: string;
  game: string;
  /** Member names by game seat, as JSON. */
  players: string;
  summary: string;
  at: number;
  /** Each seat's luck as JSON, `[[member id, S, σ²], …]` ('' for a computer; server/src/rooms/party-luck.ts). */
  luck: string;
}

/** A private lobby's synced state (server/src/rooms/party-schema.ts implements it). */
export interface PartySync {
  host: string;
  hostGraceEndsAt: number;
  phase: 'gathering' | 'playing';
  members: SyncMap<MemberSync>;
  game: string;
  options: string;
  seats: number;
  clock: string;
  tableId: string;
  finished: SyncList<FinishedGameSync>;
  chat: SyncList<ChatLineSync>;
  maxMembers: number;
  /** Computer seats by seat number ("0", "1", …): the bot's level. */
  bots: SyncMap<string>;
  notice: string;
}
