// The durable game store's contract: what a room writes while a game runs and what a process reads to resume it.
import { createHash, timingSafeEqual } from 'node:crypto';
import type { GameLog, LogEntry } from '@dicehall/shared';
import type { StoreHealth } from './guarded-store';

/** A seat as the room fills it. The token is hashed by the store before it touches a table. */
export interface SeatInput {
  seat: number;
  token: string;
  name: string;
}

/** What identifies a game and fixes its dice: written when it starts, read back to resume it. */
export interface GameRecord {
  gameId: string;
  /** The room that hosts it; a rematch is a new game in the same room (next round). */
  roomId: string;
  round: number;
  /** The module id ("shields"). */
  game: string;
  rulesVersion: string;
  options: unknown;
  seatCount: number;
  commitment: string;
  /** Never served before the end; only `finishedLog` (after `finish`) and resume read it back. */
  serverSeed: string;
}

export interface NewGame extends GameRecord {
  /** Settings of the room the resumed room needs (public listing and the like); opaque to the store. */
  room?: unknown;
  seats?: SeatInput[];
  createdAt?: Date;
}

export interface StoredSeat {
  seat: number;
  tokenHash: string;
  name: string;
}

export interface ChatInput {
  /** null for a spectator. */
  seat: number | null;
  from: string;
  text: string;
  at?: Date;
}

export interface StoredChat extends Required<ChatInput> {
  id: number;
}

/** Everything a process needs to recreate a room and replay its game. */
export interface StoredGame extends GameRecord {
  /** Set once every seat is filled and the game starts; null before. */
  clientSeed: string | null;
  room: unknown;
  createdAt: Date;
  seats: StoredSeat[];
  /** In seq order, starting with the setup entry once the game has started. */
  entries: LogEntry[];
  chat: StoredChat[];
}

export interface UnfinishedGame {
  gameId: string;
  roomId: string;
  game: string;
  createdAt: Date;
  /** Entries stored so far (0 while the room waits for players). */
  entries: number;
}

export type StoreErrorCode =
  | 'duplicate-game'
  | 'unknown-game'
  | 'game-finished'
  | 'duplicate-entry'
  | 'out-of-order'
  | 'bad-input'
  | 'store-locked'
  | 'store-closed'
  | 'store-unavailable';

/** A refusal with a code the caller can act on; `cause` keeps the driver's error when there was one. */
export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'StoreError';
  }
}

export interface GameStore {
  readonly backend: 'embedded' | 'postgres';
  /** Whether the store takes writes now (a guarded store has it: ./guarded-store); rooms and /health read it. */
  readonly health?: StoreHealth;
  /** Refuses an existing game id with `duplicate-game`. */
  createGame(game: NewGame): Promise<void>;
  /** Takes a seat or renames its player; the same call for both. */
  recordSeat(gameId: string, seat: SeatInput): Promise<void>;
  /** The client seed is known when the last seat fills and the game starts. */
  setClientSeed(gameId: string, clientSeed: string): Promise<void>;
  /**
   * Resolves once the entries are durably stored (only then may the room acknowledge them).
   * Seqs continue the stored log with no gap (`out-of-order`); sending an already stored entry again is a
   * no-op when it is identical and `duplicate-entry` when it differs; a finished game refuses with `game-finished`.
   * Appends arriving together from many rooms share one transaction (group commit).
   */
  append(gameId: string, entries: LogEntry[]): Promise<void>;
  addChat(gameId: string, line: ChatInput): Promise<void>;
  /** Stores the result and the whole log (seed revealed); the game is no longer resumable. */
  finish(gameId: string, log: GameLog, finishedAt?: Date): Promise<void>;
  /** Null when the game is unknown or finished. */
  loadUnfinished(gameId: string): Promise<StoredGame | null>;
  listUnfinished(): Promise<UnfinishedGame[]>;
  /** The unfinished game of a room (its latest round), or null: how a process finds a game another process hosted. */
  unfinishedInRoom(roomId: string): Promise<string | null>;
  /** The game id of the room's latest finished game (its highest round), or null: a room link after its room. */
  finishedInRoom(roomId: string): Promise<string | null>;
  /** The finished game's log; null while it is in progress (the HTTP route stays 404) or unknown. */
  finishedLog(gameId: string): Promise<GameLog | null>;
  /**
   * Retention: deletes finished games that ended before the cutoff, and lobbies last changed before it; unfinished
   * games are never touched.
   */
  deleteFinishedBefore(cutoff: Date): Promise<number>;
  /** A private lobby's state (opaque JSON to the store), replacing the stored one; durable when it resolves. */
  saveLobby(lobbyId: string, snapshot: unknown): Promise<void>;
  /** Null when the lobby is unknown or was closed. */
  loadLobby(lobbyId: string): Promise<unknown | null>;
  /** Every stored lobby's id (those a restart can bring back). */
  listLobbies(): Promise<string[]>;
  /** The lobby closed for good (idle, or emptied): it will not come back. */
  deleteLobby(lobbyId: string): Promise<void>;
  /**
   * The resume lease: true when `owner` now holds the game for `ttlMs` (it was free, expired, or already
   * its own — calling again renews). Expiry is judged by the database's clock, so processes need not agree
   * on time. False for an unknown or finished game.
   */
  acquireResume(gameId: string, owner: string, ttlMs: number): Promise<boolean>;
  releaseResume(gameId: string, owner: string): Promise<void>;
  /**
   * Renews, in one write, every lease of `owner` among `gameIds` that it still holds; resolves with those ids (a
   * lease that lapsed and was taken over by another owner is not among them).
   */
  renewResumes(gameIds: string[], owner: string, ttlMs: number): Promise<string[]>;
  /** Waits for pending appends, then closes. */
  close(): Promise<void>;
}

/** SHA-256 of a seat token, hex: what the store keeps instead of the token. */
export function hashSeatToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('hex');
}

/** Constant-time check of a presented token against a stored hash (resume by seat token). */
export function seatTokenMatches(token: string, tokenHash: string): boolean {
  const a = Buffer.from(hashSeatToken(token), 'hex');
  const b = Buffer.from(tokenHash, 'hex');
  return a.length === b.length && timingSafeEqual(a, b);
}
