// Durable games: the process-wide link to the game store (open state, resume leases, which rooms can come back)
// and each room's journal, which writes a game's log to the store and tells the room when it may acknowledge.
import { hostname } from 'node:os';
import { randomBytes } from 'node:crypto';
import { matchMaker } from '@colyseus/core';
import {
  advance,
  FairDice,
  getGame,
  RecordingDice,
  rulesModule,
  startTable,
  type GameLog,
  type GameModule,
  type LogEntry,
  type Table,
} from '@dicehall/shared';
import { seatTokenMatches, type GameStore, type NewGame, type SeatInput, type StoredGame } from '../store/game-store';
import { nodeHmac } from './node-hmac';
import { log } from '../log';

/**
 * A resume lease lasts this long by default (`LEASE_MS`) and all of a process's are renewed in one statement every
 * third of it: a process killed with `kill -9` leaves its games waiting at most this long before another process
 * may bring them back. A process that is alive but late renewing loses nothing by it unless another process takes
 * a game over meanwhile, which it only does for a room the cluster no longer lists (see `resume`).
 */
export const LEASE_MS = 3_000;

export type StoreStatus = 'off' | 'opening' | 'ready' | 'failed';

/**
 * One per server. `store` is null when durability is off (room test suites whose subject is not durability);
 * otherwise a promise, so the server listens while the store opens and every write simply waits for it.
 */
export class Durability {
  status: StoreStatus;
  /** Set by a planned shutdown: rooms refuse new actions from then on. */
  stopping = false;
  private opened: GameStore | null = null;
  /** Unfinished games of this store that no room of this process hosts: room id → game id. */
  private resumable = new Map<string, string>();
  /** Games this process hosts, whose leases it renews, with the journal of the room that hosts each. */
  private leases = new Map<string, Journal | null>();
  private renewTimer: NodeJS.Timeout | null = null;
  private renewing = false;
  /** Rooms letting their games go (writes, then the lease released); a planned shutdown waits for them. */
  private lettingGo = new Set<Promise<unknown>>();
  private inFlight = new Map<string, Promise<ResumeOutcome>>();
  /**
   * Rooms whose game another process's lease held a moment ago, and when the store may be asked again: requests
   * until then wait and share that one try. After a crash, a crowd of clients retrying had made one lease write per
   * try, enough to hold up every room's appends (test/scale/reconnect-storm.test.ts).
   */
  private busyUntil = new Map<string, number>();
  private handoff = new Map<string, StoredGame>();
  /** Stored lobbies no room of this process hosts (room ids), and snapshots handed to the room that resumes one. */
  private lobbies = new Set<string>();
  private lobbyHandoff = new Map<string, unknown>();
  /** Lobby writes not yet durable; a planned shutdown waits for them. */
  private lobbyWrites = new Set<Promise<unknown>>();

  /**
   * Scaled out (Redis): whether another process is known to be dead (its liveness key gone, ../scale/liveness).
   * Its listed rooms are then resumed here without waiting for Colyseus to clean the listing up.
   */
  processGone: ((processId: string) => Promise<boolean>) | null = null;

  /** The resume-lease owner: set to the node id (or host:port) once the server listens. */
  owner = `${hostname()}:${process.pid}`;

  constructor(
    readonly store: Promise<GameStore> | null,
    readonly leaseMs = LEASE_MS,
  ) {
    this.status = store ? 'opening' : 'off';
    if (!store) return;
    store
      .then(async (s) => {
        this.opened = s;
        // Unfinished games are not listed at start: a join by room id finds its game with one indexed read
        // (`resume`). With 100,000 sleeping turn-based games the list had cost 38 MB and 0.8 s at every start
        // (bench/days.bench.ts).
        for (const id of await s.listLobbies()) this.lobbies.add(id);
        this.status = 'ready';
        log.info({
          event: 'store-ready',
          backend: s.backend,
          resumable: this.resumable.size,
          lobbies: this.lobbies.size,
        });
      })
      .catch((err: Error) => {
        this.status = 'failed';
        log.error({ event: 'store-failed', error: err.message });
      });
    this.renewTimer = setInterval(() => this.renew(), Math.max(100, Math.floor(leaseMs / 3)));
    this.renewTimer.unref();
  }

  /**
   * Leases only where several processes can share the store (PostgreSQL). The embedded store's directory lock
   * already admits one process, and renewing a lease per game there cost one fsynced transaction each on its
   * single session: at 500 rooms that alone saturated it (bench/durable.results.md).
   */
  get leasing(): boolean {
    return this.opened?.backend === 'postgres';
  }

  get ready(): boolean {
    return this.status === 'ready' || this.status === 'off';
  }

  journal(onDurable: () => void, onFailure: (err: Error) => void): Journal | null {
    return this.store ? new Journal(this, this.store, onDurable, onFailure) : null;
  }

  hold(gameId: string, journal: Journal | null = null) {
    this.leases.set(gameId, journal);
  }

  release(gameId: string) {
    this.leases.delete(gameId);
  }

  /**
   * A room of this process let its game go (idle dispose, planned shutdown) once `written` settles (its writes):
   * it can be resumed later, here or, its lease released at once, by another process.
   */
  letGo(gameId: string, roomId: string, unfinished: boolean, written: Promise<unknown> = Promise.resolve()) {
    const done = written
      .catch(() => {})
      .then(async () => {
        this.leases.delete(gameId);
        if (unfinished) this.resumable.set(roomId, gameId);
        if (this.leasing) await this.opened?.releaseResume(gameId, this.owner).catch(() => {});
      });
    this.lettingGo.add(done);
    void done.then(() => this.lettingGo.delete(done));
  }

  /**
   * Called before a join by room id: when no room with that id is live but the store holds its unfinished game,
   * the game is brought back under the same id. Exactly once: the store's lease decides between processes, the
   * in-flight map between requests of this one.
   */
  ensureRoom(roomId: string): Promise<ResumeOutcome> {
    if (!this.store) return Promise.resolve('none');
    const running = this.inFlight.get(roomId);
    if (running) return running;
    const wait = (this.busyUntil.get(roomId) ?? 0) - Date.now();
    const p = (wait > 0 ? sleep(wait) : Promise.resolve())
      .then(() => this.resumeWhenFree(roomId))
      .then((outcome) => {
        if (outcome === 'busy') this.notBefore(roomId, Date.now() + BUSY_RETRY_MS);
        else this.busyUntil.delete(roomId);
        return outcome;
      })
      .finally(() => this.inFlight.delete(roomId));
    this.inFlight.set(roomId, p);
    return p;
  }

  /** A lobby's state as it is now; resolves once durable (failures are logged: the lobby plays on from memory). */
  saveLobby(lobbyId: string, snapshot: unknown): Promise<void> {
    if (!this.store) return Promise.resolve();
    return this.trackLobby(
      this.store.then((s) => s.saveLobby(lobbyId, snapshot)),
      lobbyId,
    );
  }

  /** The lobby closed for good: its record goes. */
  dropLobby(lobbyId: string): Promise<void> {
    this.lobbies.delete(lobbyId);
    if (!this.store) return Promise.resolve();
    return this.trackLobby(
      this.store.then((s) => s.deleteLobby(lobbyId)),
      lobbyId,
    );
  }

  /** A lobby room of this process went away with its record kept (planned shutdown): it can come back. */
  letGoLobby(lobbyId: string) {
    if (this.store) this.lobbies.add(lobbyId);
  }

  /** The room created to resume a lobby takes its snapshot here (a client cannot forge the nonce). */
  takeLobby(nonce: unknown): unknown | null {
    if (typeof nonce !== 'string') return null;
    const snapshot = this.lobbyHandoff.get(nonce) ?? null;
    this.lobbyHandoff.delete(nonce);
    return snapshot;
  }

  private trackLobby(p: Promise<void>, lobbyId: string): Promise<void> {
    const done = p.catch((err: Error) =>
      log.error({ event: 'lobby-write-failed', lobby: lobbyId, error: err.message }),
    );
    this.lobbyWrites.add(done);
    void done.then(() => this.lobbyWrites.delete(done));
    return done;
  }

  /** Called by `resume` once no live room has the id. */
  private async resumeLobby(roomId: string, store: GameStore): Promise<ResumeOutcome> {
    const snapshot = await store.loadLobby(roomId);
    this.lobbies.delete(roomId);
    if (!snapshot) return 'none';
    try {
      await recreate('party', this.lobbyHandoff, snapshot);
    } catch (err) {
      log.error({ event: 'lobby-resume-failed', lobby: roomId, error: (err as Error).message });
      return 'none';
    }
    log.info({ event: 'lobby-resumed', lobby: roomId });
    return 'resumed';
  }

  /** The room created for a resume takes its stored game here (a client cannot forge the nonce). */
  take(nonce: unknown): StoredGame | null {
    if (typeof nonce !== 'string') return null;
    const g = this.handoff.get(nonce) ?? null;
    this.handoff.delete(nonce);
    return g;
  }

  /**
   * A game still under a lease that no live process renews (its host just died) is free within one lease: the
   * request waits for it here, asking again every BUSY_RETRY_MS (a request of each room at a time; the store takes
   * the leases of all rooms asking at once in one statement), instead of answering "try again" and leaving the
   * client to back off for seconds while the game is already free.
   */
  private async resumeWhenFree(roomId: string): Promise<ResumeOutcome> {
    const until = Date.now() + this.leaseMs;
    for (;;) {
      const outcome = await this.resume(roomId);
      if (outcome !== 'busy' || Date.now() + BUSY_RETRY_MS > until || this.stopping) return outcome;
      await sleep(BUSY_RETRY_MS);
    }
  }

  private async resume(roomId: string): Promise<ResumeOutcome> {
    if (matchMaker.getLocalRoomById(roomId)) return 'live';
    const store = await this.store!;
    if (this.status !== 'ready') await this.readyWait();
    let gameId = this.resumable.get(roomId);
    const listed = await listing(roomId);
    // Listed by a live process: the join goes there. Listed only by dead processes: the lease decides below, and
    // the stale listing goes once this process holds the game.
    if (listed.length > 0 && !(await this.allDead(listed))) return 'live';
    if (!gameId && this.lobbies.has(roomId)) return this.resumeLobby(roomId, store);
    if (!gameId) {
      // Not known at this process's start: hosted by another process of the cluster since (one that died), or a
      // lobby created since. The store decides; an unknown id costs one indexed read.
      gameId = (await store.unfinishedInRoom(roomId)) ?? undefined;
      if (!gameId) return this.resumeLobby(roomId, store);
      this.resumable.set(roomId, gameId);
    }
    if (this.leasing && !(await store.acquireResume(gameId, this.owner, LEASE_MS))) {
      // Finished meanwhile, or another process holds it (its lease runs out if that process died). One indexed read
      // tells which (loading the game would read its whole log); a newer round in the room is looked up next time.
      const current = await store.unfinishedInRoom(roomId);
      if (current !== gameId) this.resumable.delete(roomId);
      return current ? 'busy' : 'none';
    }
    const stored = await store.loadUnfinished(gameId);
    if (!stored || stored.entries.length === 0) {
      this.resumable.delete(roomId);
      if (this.leasing) await store.releaseResume(gameId, this.owner);
      return 'none';
    }
    try {
      for (const stale of listed) await stale.remove();
      await recreate('table', this.handoff, stored);
    } catch (err) {
      if (this.leasing) await store.releaseResume(gameId, this.owner).catch(() => {});
      log.error({ event: 'resume-failed', room: roomId, game: gameId, error: (err as Error).message });
      this.resumable.delete(roomId);
      return 'none';
    }
    this.resumable.delete(roomId);
    if (!this.leases.has(gameId)) this.leases.set(gameId, null);
    log.info({ event: 'resumed', room: roomId, game: gameId, entries: stored.entries.length });
    return 'resumed';
  }

  /**
   * A join by id waiting on another process (a seat reservation over Redis) ends when that process is found dead:
   * `dead` resolves then, so the client is told to try again and its next try resumes the game here, instead of
   * waiting for Colyseus' own timeouts (2 s, then a 2 s health check). Starts looking after `afterMs`; `cancel`
   * stops it once the join is answered.
   */
  watchHost(roomId: string, afterMs = 300): { dead: Promise<void>; cancel(): void } {
    let cancelled = !this.processGone || !this.leasing;
    let timer: NodeJS.Timeout | null = null;
    const dead = new Promise<void>((resolve) => {
      if (cancelled) return;
      let listed: { processId: string }[] | null = null;
      const look = async () => {
        timer = null;
        if (cancelled) return;
        try {
          listed ??= await listing(roomId);
          if (listed.length > 0 && (await this.allDead(listed))) return resolve();
        } catch {
          // Redis trouble: keep waiting for Colyseus' own answer.
        }
        if (!cancelled) timer = setTimeout(() => void look(), 200);
      };
      timer = setTimeout(() => void look(), afterMs);
    });
    return {
      dead,
      cancel: () => {
        cancelled = true;
        if (timer) clearTimeout(timer);
      },
    };
  }

  private notBefore(roomId: string, at: number) {
    if (this.busyUntil.size >= 10_000) {
      const now = Date.now();
      for (const [id, t] of this.busyUntil) if (t <= now) this.busyUntil.delete(id);
    }
    this.busyUntil.set(roomId, at);
  }

  private async allDead(listed: { processId: string }[]): Promise<boolean> {
    const gone = this.processGone;
    if (!gone || !this.leasing) return false;
    for (const l of listed) if (l.processId === matchMaker.processId || !(await gone(l.processId))) return false;
    return true;
  }

  private async readyWait() {
    for (let i = 0; i < 600 && this.status === 'opening'; i++) await new Promise((r) => setTimeout(r, 50));
  }

  private renew() {
    const store = this.opened;
    // Renewed during a planned shutdown too, until the store closes: the leases are released once the writes are.
    if (!store || !this.leasing || this.renewing) return;
    // One write for all of this process's games: at 500 rooms, one transaction per game every 10 s had made bursts
    // that showed in the acknowledgement latency of every room (bench/durable.results.md).
    const ids = [...this.leases.keys()];
    if (ids.length === 0) return;
    this.renewing = true;
    void store
      .renewResumes(ids, this.owner, this.leaseMs)
      .then(
        (held) => {
          const kept = new Set(held);
          for (const gameId of ids) {
            if (kept.has(gameId) || !this.leases.has(gameId)) continue;
            // Finished meanwhile (the store dropped its lease), or another process took it over after it lapsed:
            // the room must not go on beside the new host. Its clients come back to wherever the game is now.
            const journal = this.leases.get(gameId);
            this.leases.delete(gameId);
            if (journal && !journal.finishing) {
              log.error({ event: 'lease-lost', game: gameId });
              journal.lost();
            }
          }
        },
        () => {},
      )
      .finally(() => {
        this.renewing = false;
      });
  }

  /** A finished game's log from the store; null while in progress, unknown, or when there is no store. */
  async finishedLog(gameId: string): Promise<GameLog | null> {
    if (!this.store) return null;
    try {
      return await (await this.store).finishedLog(gameId);
    } catch {
      return null;
    }
  }

  /** Planned shutdown: waits for every pending write (bounded by the caller), then closes the store. */
  async close() {
    const store = this.opened;
    // Every room's writes are flushed and then its lease released, so another process can resume it at once.
    if (store) await Promise.all([...this.lobbyWrites, ...this.lettingGo]);
    if (this.renewTimer) clearInterval(this.renewTimer);
    this.renewTimer = null;
    if (!store) return;
    if (this.leasing)
      await Promise.all([...this.leases.keys()].map((g) => store.releaseResume(g, this.owner).catch(() => {})));
    await store.close();
  }
}

/**
 * The room's listing, if any: one key (HGET). `matchMaker.query({ roomId })` reads and parses every room's listing
 * from Redis when scaled out (concurrent queries share one read), once per resume and per join held up by a dead
 * host: work that grew with the number of rooms listed, 2,000 after a crash of a process holding 1,000 games.
 */
async function listing(roomId: string): Promise<{ processId: string; remove(): unknown }[]> {
  const room = await matchMaker.getRoomById(roomId);
  return room ? [room] : [];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** A room found busy (another process's lease) is asked about again no sooner than this. */
const BUSY_RETRY_MS = 250;

export type ResumeOutcome = 'live' | 'resumed' | 'none' | 'busy';

/**
 * Creates a room of `name` that takes `stored` by a one-time nonce (a client cannot forge it): the room's onCreate
 * looks the nonce up in `handoff`. The nonce is dropped if the room could not be created.
 */
async function recreate<T>(name: 'table' | 'party', handoff: Map<string, T>, stored: T): Promise<void> {
  const nonce = randomBytes(16).toString('hex');
  handoff.set(nonce, stored);
  try {
    await matchMaker.createRoom(name, { resumeNonce: nonce });
  } finally {
    handoff.delete(nonce);
  }
}

/**
 * One room's writes, in order: the game's creation, then its entries (acknowledged only once durable; the store
 * group-commits appends of all rooms), chat, and the finished log. `holding` says whether the room must keep its
 * patches back because an accepted entry is not yet stored.
 */
export class Journal {
  private created: Promise<unknown> = Promise.resolve();
  /** The newest write of this game: writes are answered in order, so it settles after every earlier one. */
  private last: Promise<unknown> = Promise.resolve();
  private unacked = 0;
  private failed = false;
  /** The finished log is being stored or is: the store drops the game's lease with it. */
  finishing = false;
  gameId: string | null = null;

  constructor(
    private readonly durability: Durability,
    private readonly store: Promise<GameStore>,
    private readonly onDurable: () => void,
    private readonly onFailure: (err: Error) => void,
  ) {}

  get holding(): boolean {
    return this.unacked > 0 || this.failed;
  }

  /** A new game starts: its record (seed, commitment, token hashes), the client seed, then the setup entry. */
  begin(game: NewGame & { seats: SeatInput[] }, clientSeed: string, setup: LogEntry) {
    this.gameId = game.gameId;
    const durability = this.durability;
    this.created = this.track(
      this.store.then(async (s) => {
        await s.createGame(game);
        await s.setClientSeed(game.gameId, clientSeed);
        if (durability.leasing) await s.acquireResume(game.gameId, durability.owner, durability.leaseMs);
        // Renewed from now on (not before: a renewal finding no lease yet would take the game for lost).
        durability.hold(game.gameId, this);
      }),
    );
    this.append(setup);
  }

  /** A game brought back from the store continues its stored log. */
  resumed(gameId: string) {
    this.gameId = gameId;
    this.created = Promise.resolve();
    this.durability.hold(gameId, this);
  }

  /** Another process took this game over (its lease lapsed): nothing more is acknowledged here; the room closes. */
  lost() {
    if (this.failed) return;
    this.failed = true;
    this.onFailure(new Error('another process took this game over'));
  }

  append(entry: LogEntry) {
    const gameId = this.gameId;
    if (!gameId) return;
    this.unacked++;
    const written = this.track(this.created.then(() => this.store).then((s) => s.append(gameId, [entry])));
    this.last = written.catch(() => {});
    void written.then(
      () => this.acked(),
      () => {},
    );
  }

  chat(line: { seat: number | null; from: string; text: string }) {
    const gameId = this.gameId;
    if (!gameId) return;
    void this.created
      .then(() => this.store)
      .then((s) => s.addChat(gameId, line))
      .catch((err: Error) => {
        log.warn({ event: 'chat-not-stored', game: gameId, error: err.message });
      });
  }

  /** The end is acknowledged (patched) once the finished log is stored, so a player who sees it can download it. */
  finish(gameLog: GameLog) {
    const gameId = gameLog.gameId;
    this.finishing = true;
    this.unacked++;
    const written = this.track(this.created.then(() => this.store).then((s) => s.finish(gameId, gameLog)));
    this.last = written.catch(() => {});
    void written.then(
      () => {
        // A finished game has no lease (the store dropped it): stop renewing it.
        this.durability.release(gameId);
        this.acked();
      },
      () => {},
    );
  }

  private acked() {
    this.unacked--;
    if (this.unacked === 0 && !this.failed) this.onDurable();
  }

  /** The room goes away: its lease is released (after its writes) so the game can come back elsewhere. */
  dispose(roomId: string, unfinished: boolean) {
    const gameId = this.gameId;
    if (!gameId) return;
    const written = this.created.catch(() => {}).then(() => this.last);
    this.durability.letGo(gameId, roomId, unfinished, written);
  }

  private track<T>(p: Promise<T>): Promise<T> {
    return p.catch((err: Error) => {
      if (!this.failed) {
        this.failed = true;
        log.error({ event: 'store-write-failed', game: this.gameId, error: err.message });
        this.onFailure(err);
      }
      throw err;
    });
  }
}

/** Whether a presented seat token opens a seat held by token (a live game) or by its stored hash (a resumed one). */
export function tokenOpens(holder: { token: string; tokenHash?: string } | null, token: string | undefined): boolean {
  if (!holder || !token) return false;
  if (holder.token) return holder.token === token;
  if (holder.tokenHash && seatTokenMatches(token, holder.tokenHash)) {
    holder.token = token;
    return true;
  }
  return false;
}

export interface Replayed {
  module: GameModule;
  table: Table;
  dice: RecordingDice;
}

/**
 * Rebuilds a stored game's table by replaying its log with dice from the stored seed: every replayed entry must
 * match the stored one (rolls and events), so a resumed game is exactly the one that was acknowledged.
 */
export function replayStored(
  g: StoredGame,
  onStep: (entry: LogEntry, table: Table, module: GameModule) => void = () => {},
): Replayed {
  const current = getGame(g.game);
  if (!current) throw new Error(`unknown game "${g.game}"`);
  const module = rulesModule(current, Number(g.rulesVersion));
  if ('ok' in module) throw new Error(module.message);
  const dice = new RecordingDice(
    new FairDice(g.serverSeed, { gameId: g.gameId, clientSeed: g.clientSeed ?? '' }, nodeHmac),
  );
  const [first, ...rest] = g.entries;
  if (!first) throw new Error(`stored game ${g.gameId} has no setup entry`);
  const start = startTable(module, g.options, g.seatCount, dice, first.at);
  if (!start.ok) throw new Error(`setup refused: ${start.message}`);
  check(first, start.entry);
  let table = start.table;
  onStep(first, table, module);
  for (const e of rest) {
    if (e.kind === 'setup' || e.seat === null) throw new Error(`entry ${e.seq} is not a move`);
    const step = advance(module, table, e.seat, e.kind, e.action, dice, e.at);
    if (!step.ok) throw new Error(`entry ${e.seq} was refused on replay: ${step.message}`);
    check(e, step.entry);
    table = step.table;
    onStep(e, table, module);
  }
  return { module, table, dice };
}

function check(stored: LogEntry, replayed: LogEntry) {
  // Which moves a bot made is a mark on the entry, not part of the game (the verifier ignores it too).
  const { bot: _bot, ...game } = stored;
  if (JSON.stringify(game) !== JSON.stringify(replayed)) throw new Error(`entry ${stored.seq} differs on replay`);
}
