// The game store with its faults made loud and bounded: a write that fails, or has no answer within 2 s, puts the
// store's health in trouble (rooms refuse actions and say "Saving is paused", /health answers 503); a game's journal
// writes are retried until they are durable, in order, so nothing a room accepted is lost; the first write (or probe)
// that succeeds afterwards brings the health back.
import type { GameLog, LogEntry } from '@dicehall/shared';
import { log } from '../log';
import {
  StoreError,
  type ChatInput,
  type GameStore,
  type NewGame,
  type SeatInput,
  type StoredGame,
  type UnfinishedGame,
} from './game-store';

export interface StoreTrouble {
  /** When it began (ms since the epoch). */
  since: number;
  /** What went wrong last, for /health and the logs. */
  reason: string;
}

/** Whether the store takes writes now; rooms and /health listen to it. */
export class StoreHealth {
  trouble: StoreTrouble | null = null;
  private listeners = new Set<(trouble: StoreTrouble | null) => void>();

  subscribe(fn: (trouble: StoreTrouble | null) => void): () => void {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }

  fail(reason: string) {
    if (this.trouble) {
      this.trouble.reason = reason;
      return;
    }
    this.trouble = { since: Date.now(), reason };
    log.error({ event: 'store-trouble', reason });
    this.emit();
  }

  recover() {
    const was = this.trouble;
    if (!was) return;
    this.trouble = null;
    log.info({ event: 'store-recovered', ms: Date.now() - was.since });
    this.emit();
  }

  private emit() {
    for (const fn of [...this.listeners]) fn(this.trouble);
  }
}

export interface GuardOptions {
  /** A write with no answer for this long puts the store in trouble. */
  deadlineMs?: number;
  /** The first pause before a journal write is tried again, doubled up to `maxRetryMs`. */
  retryMs?: number;
  maxRetryMs?: number;
}

/** A store that can tell whether it takes a durable write now (SqlGameStore). */
export type ProbedStore = GameStore & { probe(): Promise<void> };

/** The bound the issue sets: a store that cannot take a write within it is in trouble. */
export const STORE_DEADLINE_MS = 2000;

export class GuardedStore implements GameStore {
  readonly health = new StoreHealth();
  readonly backend: GameStore['backend'];
  private readonly deadlineMs: number;
  private readonly retryMs: number;
  private readonly maxRetryMs: number;
  /** Writes not yet answered, oldest first (a Map iterates in insertion order). */
  private writes = new Map<number, { started: number; what: string }>();
  private nextWrite = 0;
  private readonly watch: NodeJS.Timeout;
  private probing = false;
  private nextProbe = 0;
  private closed = false;
  /** Per game: its journal writes not yet settled, in the order sent, and how many of them are being retried. */
  private lines = new Map<string, Line>();
  private nextTicket = 0;
  /** Journal writes being retried, all games together (none: a probe finds out when the store is back). */
  private retries = 0;
  /** Transient failures so far: a write that meets out-of-order after one may be behind a write being retried. */
  private failures = 0;

  constructor(
    readonly inner: ProbedStore,
    options: GuardOptions = {},
  ) {
    this.backend = inner.backend;
    this.deadlineMs = options.deadlineMs ?? STORE_DEADLINE_MS;
    this.retryMs = options.retryMs ?? 200;
    this.maxRetryMs = options.maxRetryMs ?? 1000;
    this.watch = setInterval(() => this.check(), Math.max(20, Math.min(100, this.deadlineMs / 4)));
    this.watch.unref();
  }

  // ---- the journal's writes: retried while the store is unavailable -------------------------------

  createGame(game: NewGame): Promise<void> {
    return this.journal(
      game.gameId,
      'create a game',
      () => this.inner.createGame(game),
      async (err) => {
        // The first try may have been stored with its answer lost: the same game (same commitment) is ours.
        if (err.code !== 'duplicate-game') return false;
        const stored = await this.inner.loadUnfinished(game.gameId);
        return stored?.commitment === game.commitment && stored.serverSeed === game.serverSeed;
      },
    );
  }

  recordSeat(gameId: string, seat: SeatInput): Promise<void> {
    return this.journal(gameId, 'record a seat', () => this.inner.recordSeat(gameId, seat));
  }

  setClientSeed(gameId: string, clientSeed: string): Promise<void> {
    return this.journal(gameId, 'set the client seed', () => this.inner.setClientSeed(gameId, clientSeed));
  }

  append(gameId: string, entries: LogEntry[]): Promise<void> {
    // A retry sends the same entries: the store takes an identical restated entry as a no-op.
    return this.journal(gameId, 'append', () => this.inner.append(gameId, entries));
  }

  finish(gameId: string, log: GameLog, finishedAt?: Date): Promise<void> {
    return this.journal(gameId, 'finish a game', () => this.inner.finish(gameId, log, finishedAt));
  }

  // ---- everything else: watched, answered at once ---------------------------------------------------

  addChat(gameId: string, line: ChatInput): Promise<void> {
    return this.write('store a chat line', () => this.inner.addChat(gameId, line));
  }

  saveLobby(lobbyId: string, snapshot: unknown): Promise<void> {
    return this.write('save a lobby', () => this.inner.saveLobby(lobbyId, snapshot));
  }

  deleteLobby(lobbyId: string): Promise<void> {
    return this.write('delete a lobby', () => this.inner.deleteLobby(lobbyId));
  }

  acquireResume(gameId: string, owner: string, ttlMs: number): Promise<boolean> {
    return this.write('take a resume lease', () => this.inner.acquireResume(gameId, owner, ttlMs));
  }

  releaseResume(gameId: string, owner: string): Promise<void> {
    return this.write('release a resume lease', () => this.inner.releaseResume(gameId, owner));
  }

  renewResumes(gameIds: string[], owner: string, ttlMs: number): Promise<string[]> {
    return this.write('renew resume leases', () => this.inner.renewResumes(gameIds, owner, ttlMs));
  }

  /** Retention runs in the background and may take long: neither watched nor counted. */
  deleteFinishedBefore(cutoff: Date): Promise<number> {
    return this.inner.deleteFinishedBefore(cutoff);
  }

  loadUnfinished(gameId: string): Promise<StoredGame | null> {
    return this.read(() => this.inner.loadUnfinished(gameId));
  }

  listUnfinished(): Promise<UnfinishedGame[]> {
    return this.read(() => this.inner.listUnfinished());
  }

  unfinishedInRoom(roomId: string): Promise<string | null> {
    return this.read(() => this.inner.unfinishedInRoom(roomId));
  }

  /** Written to work with or without this method in the contract (it was being added as this guard was written). */
  finishedInRoom(roomId: string): Promise<string | null> {
    const inner = this.inner as GameStore & { finishedInRoom?(roomId: string): Promise<string | null> };
    return this.read(() => (inner.finishedInRoom ? inner.finishedInRoom(roomId) : Promise.resolve(null)));
  }

  finishedLog(gameId: string): Promise<GameLog | null> {
    return this.read(() => this.inner.finishedLog(gameId));
  }

  loadLobby(lobbyId: string): Promise<unknown | null> {
    return this.read(() => this.inner.loadLobby(lobbyId));
  }

  listLobbies(): Promise<string[]> {
    return this.read(() => this.inner.listLobbies());
  }

  async close(): Promise<void> {
    // Retries stop here: what they held was never acknowledged.
    this.closed = true;
    clearInterval(this.watch);
    await this.inner.close();
  }

  // ---- the guard -------------------------------------------------------------------------------------

  /**
   * One of a game's journal writes. The first try goes at once (group commit is untouched while all is well) unless
   * an earlier write of the game is being retried; a failure of the store itself is retried, after every earlier write
   * of the game has settled, until it succeeds or the store closes. `again` may accept a refusal met on a retry (the
   * first try was stored after all).
   */
  private journal(
    key: string,
    what: string,
    op: () => Promise<void>,
    again?: (err: StoreError) => Promise<boolean>,
  ): Promise<void> {
    // A ticket in the game's line: a retry waits until every write of the game sent before it has settled.
    let line = this.lines.get(key);
    if (!line) {
      line = { tickets: [], waiting: [], retrying: 0 };
      this.lines.set(key, line);
    }
    const ticket = this.nextTicket++;
    line.tickets.push(ticket);
    const failuresBefore = this.failures;
    const retry = (err: unknown) => this.retry(key, ticket, what, op, again, err, failuresBefore);
    return new Promise<void>((resolve, reject) => {
      const ok = () => {
        this.settle(key, ticket);
        resolve();
      };
      const fail = (err: unknown) => {
        this.settle(key, ticket);
        reject(err);
      };
      if (line.retrying > 0) {
        // An earlier write of this game is being retried: this one waits in line.
        void this.turn(key, ticket)
          .then(() => this.write(what, op))
          .then(undefined, retry)
          .then(ok, fail);
        return;
      }
      // The common case, answered in the same turn as the store's answer: turns added per append made rooms miss
      // the group commit's next batch (flat out at 500 rooms, three of them had cost a third of the throughput).
      const id = this.started(what);
      let first: Promise<void>;
      try {
        first = op();
      } catch (err) {
        first = Promise.reject(err);
      }
      first.then(
        () => {
          this.ended(id, null);
          ok();
        },
        (err: unknown) => {
          this.ended(id, err);
          retry(err).then(ok, fail);
        },
      );
    });
  }

  /**
   * After a journal write failed with `err`: a failure of the store itself is tried again, after every earlier write
   * of the game has settled, until it succeeds or the store closes; anything else is answered as it is.
   */
  private async retry(
    key: string,
    ticket: number,
    what: string,
    op: () => Promise<void>,
    again: ((err: StoreError) => Promise<boolean>) | undefined,
    err: unknown,
    failuresBefore: number,
  ): Promise<void> {
    const line = this.lines.get(key)!;
    let pause = this.retryMs;
    let tries = 0;
    try {
      for (;;) {
        if (this.closed || !(err instanceof StoreError)) throw err;
        // Out of order only because an earlier write of this game failed since this one was sent (it is being
        // retried, or its retry has just gone through): wait for it, then try once more.
        const behind = err.code === 'out-of-order' && tries === 0 && this.failures > failuresBefore;
        if (!transient(err) && !behind) {
          if (tries > 0 && again && (await again(err).catch(() => false))) return;
          throw err;
        }
        if (tries === 0) {
          line.retrying++;
          this.retries++;
        }
        tries++;
        await this.turn(key, ticket);
        await new Promise((r) => setTimeout(r, pause));
        pause = Math.min(pause * 2, this.maxRetryMs);
        try {
          await this.write(what, op);
          return;
        } catch (next) {
          err = next;
        }
      }
    } finally {
      if (tries > 0) {
        line.retrying--;
        this.retries--;
      }
    }
  }

  /** Resolves once every journal write of the game sent before `ticket` has settled. */
  private turn(key: string, ticket: number): Promise<void> {
    const line = this.lines.get(key)!;
    if (line.tickets[0] === ticket) return Promise.resolve();
    return new Promise((wake) => line.waiting.push({ ticket, wake }));
  }

  private settle(key: string, ticket: number) {
    const line = this.lines.get(key)!;
    const at = line.tickets[0] === ticket ? 0 : line.tickets.indexOf(ticket);
    line.tickets.splice(at, 1);
    if (line.waiting.length > 0) {
      const first = line.tickets[0];
      line.waiting = line.waiting.filter((w) => {
        if (first !== undefined && w.ticket > first) return true;
        w.wake();
        return false;
      });
    }
    if (line.tickets.length === 0 && line.waiting.length === 0) this.lines.delete(key);
  }

  /** A write of any kind: watched for the deadline; its success shows the store is back, its failure that it is not. */
  private async write<T>(what: string, op: () => Promise<T>): Promise<T> {
    const id = this.started(what);
    let out: T;
    try {
      out = await op();
    } catch (err) {
      this.ended(id, err);
      throw err;
    }
    this.ended(id, null);
    return out;
  }

  private started(what: string): number {
    const id = this.nextWrite++;
    this.writes.set(id, { started: Date.now(), what });
    return id;
  }

  private ended(id: number, err: unknown) {
    this.writes.delete(id);
    if (err === null) return this.succeeded();
    if (transient(err)) {
      this.failures++;
      this.health.fail((err as Error).message);
    }
  }

  private async read<T>(op: () => Promise<T>): Promise<T> {
    try {
      return await op();
    } catch (err) {
      if (transient(err)) this.health.fail((err as Error).message);
      throw err;
    }
  }

  /** A write went through: the store is back unless another has been waiting past the deadline. */
  private succeeded() {
    if (!this.health.trouble) return;
    const oldest = this.writes.values().next().value;
    if (!oldest || Date.now() - oldest.started < this.deadlineMs) this.health.recover();
  }

  private check() {
    const oldest = this.writes.values().next().value;
    if (oldest && Date.now() - oldest.started >= this.deadlineMs)
      this.health.fail(`the store has not answered a write (${oldest.what}) for ${this.deadlineMs / 1000} s`);
    // With no journal write retrying, a probe finds out when the store is back.
    if (this.health.trouble && this.retries === 0 && !this.probing && Date.now() >= this.nextProbe) {
      this.probing = true;
      this.nextProbe = Date.now() + this.retryMs;
      void this.write('probe', () => this.inner.probe())
        .catch(() => {})
        .finally(() => {
          this.probing = false;
        });
    }
  }
}

/**
 * Whether a store error is the store being unreachable, full, read-only or shutting down (worth waiting out), rather
 * than a refusal or a bug that would fail the same way again. The store wraps every driver error as
 * `store-unavailable`; the driver's own code says which kind it was.
 */
export function transient(err: unknown): boolean {
  if (!(err instanceof StoreError) || err.code !== 'store-unavailable') return false;
  const code = (err.cause as { code?: unknown } | undefined)?.code;
  // No code: a timeout, a closed connection, a worker that stopped. E…: a Node socket or file error.
  if (typeof code !== 'string' || code.length === 0 || code.startsWith('E')) return true;
  // SQLSTATE classes: connection (08), resources such as a full disk (53), shutdown (57), system I/O (58),
  // serialization or deadlock (40), a read-only transaction (25006), internal errors (XX).
  return ['08', '53', '57', '58', '40', 'XX'].includes(code.slice(0, 2)) || code === '25006';
}

/** A game's journal writes not yet settled (tickets in the order sent) and the retries waiting for their turn. */
interface Line {
  tickets: number[];
  waiting: { ticket: number; wake: () => void }[];
  retrying: number;
}
