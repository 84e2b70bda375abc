// The one generic room: it runs the game module through the shared table reducer and ties its parts together,
// each with a job of its own: the seats and reconnection (./seats), every accepted message and its handler
// (./message-table), the views sent to each audience (./projection), the seeds and the log (./record), timers
// and patch pacing (./room-timers), clocks (./room-clock), the store (./durability), the Colyseus mends
// (./schema-fixes). Each part sees the room through a small host object defined here. It knows no rule.
import { corked } from './corked';
import { randomBytes, randomInt } from 'node:crypto';
import { getMessageBytes, Protocol, Room, ServerError, type AuthContext, type Client } from '@colyseus/core';
import {
  advance,
  seatCount,
  getGame,
  resultOf,
  startTable,
  timeable,
  isDays,
  CLOSE,
  expandDoc,
  linesOf,
  SAVING_PAUSED,
  TABLE_OUT,
  type GameLog,
  type GameModule,
  type RecordingDice,
  type Refusal,
  type Table,
  type TableNotice,
} from '@dicehall/shared';
import type { Config } from '../config';
import type { Archive } from '../store/archive';
import { createOptions, joinOptions, type ErrorMessage } from './messages';
import type { BotPool } from '../bots/pool';
import { RoomBots, type BotLevel } from '../bots/room-bots';
import { tellTable } from './table-news';
import { TableMessages, type TableHost, type TableIn } from './message-table';
import { GameRecord, type RecordHost } from './record';
import { SeatState, TableState } from './schema';
import { RoomViews, type ViewHost } from './projection';
import { guardInbound } from './inbound';
import { hasStateChanges, refreshSnapshot } from './schema-fixes';
import { RoomTimers } from './room-timers';
import { Seats, seatState, type SeatHost } from './seats';
import { type ClockWire, RoomClock } from './room-clock';
import { authOf, type AuthData } from '../http/address';
import { noteRefusal } from '../http/refusals';
import { replayStored, type Durability, type Journal } from './durability';
import type { StoredGame } from '../store/game-store';
import type { StoreHealth, StoreTrouble } from '../store/guarded-store';
import { excerpt, log } from '../log';
import { RoomDays } from '../days/room-days';
import { serverNow } from '../days/time';

export interface RoomContext {
  config: Config;
  archive: Archive;
  /** Every live room of this server, so a planned restart can warn them all. */
  rooms: Set<GameRoom>;
  /** The game store link (./durability); absent when games live in memory only. */
  durable?: Durability;
  /** The worker threads every room's bots think in. */
  bots: BotPool;
}

/** Custom close code sent to a connection whose seat was taken over by another tab holding the token. */
export const CLOSE_SEAT_ELSEWHERE = CLOSE.seatElsewhere;

export class GameRoom extends Room<TableState> {
  /** Set by the server that defines the room type. */
  protected ctx!: RoomContext;

  private module!: GameModule;
  private options: unknown = {};
  private table: Table | null = null;
  /** The seeds, the log entries and the public log lines (./record). */
  private record = new GameRecord(this.recordHost());
  private dice: RecordingDice | null = null;
  /** Who holds each seat and which connection sits where (./seats). */
  private seating!: Seats;
  /** Timers and patch pacing (./room-timers). */
  private timers = new RoomTimers({
    patch: () => this.broadcastPatch(),
    failed: (e, method) => this.onUncaughtException(e, method),
  });
  /** Every message the room accepts, with its handler; chat and the game's talk lines (./message-table). */
  private messages!: TableMessages;
  private everJoined = false;
  /** The view streams: spectators' (one encode shared by all of them) and each seat's (./projection). */
  private views = new RoomViews(this.viewHost());
  /** The address that created the room: its finished games count against that address in the archive. */
  private creatorAddress: string | null = null;
  /** The time control (`this.clock` is Colyseus' own, which does not tick here). */
  private clocks: RoomClock | null = null;
  /** Writes this room's games to the store; patches wait while an accepted entry is not yet durable. */
  private journal: Journal | null = null;
  /** The store's health (../store/guarded-store), and how to stop listening to it. */
  private storeHealth: StoreHealth | null = null;
  private unwatchStore: (() => void) | null = null;
  private created: unknown = null;
  /** Set while a resumed game's clocks are replayed at its entries' times. */
  private clockNow: number | null = null;
  /** Bots playing seats of this room (../bots/room-bots). */
  bots!: RoomBots;
  /** Created with a computer seat: it counts against its creator's address (BOT_ROOMS_PER_ADDRESS). */
  private vsComputer = false;
  /** Brought back from the store: its first joiner is a returning player, never refused for the cap. */
  private resumedGame = false;
  /** Turns stored and told (../days/room-days): "Your games", the deadline sweep, notifications. */
  private days: RoomDays | null = null;

  /** Runs before any reservation: records the caller's address for the per-address limits. */
  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<AuthData> {
    return authOf(context);
  }

  override onCreate(raw: unknown) {
    const resumed = this.ctx.durable?.take((raw as { resumeNonce?: unknown } | null)?.resumeNonce) ?? null;
    if (resumed) raw = (resumed.room as { create: unknown }).create;
    const parsed = createOptions.safeParse(raw);
    if (!parsed.success) throw new ServerError(400, `bad-options: ${parsed.error.issues[0]?.message}`);
    const module = getGame(parsed.data.game);
    if (!module) throw new ServerError(404, `unknown-game: no game "${parsed.data.game}"`);
    const options = module.options.safeParse(parsed.data.options);
    if (!options.success) throw new ServerError(400, `bad-options: ${options.error.issues[0]?.message}`);
    this.module = module;
    this.options = options.data;
    // Beyond two seats a timeout must skip or eliminate: only a game that declares which can be timed there.
    if (parsed.data.clock.mode !== 'none' && !timeable(module, seatCount(module, options.data)))
      throw new ServerError(400, `bad-options: ${module.name} cannot be timed with more than two seats`);
    this.created = parsed.data;
    this.clocks = new RoomClock(
      parsed.data.clock,
      (seat) => this.onTimeout(seat),
      (json) => {
        this.views.table.setClock(json);
        this.timers.schedulePatch();
      },
      () => this.clockNow ?? serverNow(),
    );
    this.journal =
      this.ctx.durable?.journal(
        () => this.releasePatch(),
        () => this.storeFailed(),
      ) ?? null;
    this.watchStore();
    this.ctx.rooms.add(this);
    const config = this.ctx.config;
    this.autoDispose = false;
    // Colyseus locks a room whose maxClients is reached, which would refuse a returning seat-token holder;
    // admission is ours instead (see _reserveSeat), so the library's count never locks the room.
    this.maxClients = Infinity;
    this.patchRate = 0;
    this.setSeatReservationTime(config.reservationSeconds);
    this.messages = new TableMessages(this.tableHost(), config);
    guardInbound(
      this,
      () => this.ctx.config,
      (client, of, code, message) => this.refuse(client, of, code, message),
      // Most handlers patch at once (an action) or change nothing: a timer only for what is still waiting.
      () => {
        if (this.patchPending()) this.timers.schedulePatch();
      },
    );
    this.disposeIfNeverJoined();
    const seats = seatCount(module, options.data);

    const state = new TableState();
    state.graceSeconds = config.graceSeconds;
    state.game = module.id;
    state.options = JSON.stringify(options.data);
    state.isPublic = parsed.data.public;
    for (let s = 0; s < seats; s++) state.seats.push(new SeatState());
    this.setState(state);
    this.seating = new Seats(this.seatHost(), seats, config.graceSeconds);
    this.seating.turnBased = isDays(parsed.data.clock);
    this.days = new RoomDays(this.ctx.durable, () => this.daysView(), serverNow);
    this.bots = new RoomBots(
      this.ctx.bots,
      this.botHost(),
      { budgetMs: config.botBudgetMs, paceMs: config.botPaceMs },
      config.botRecord,
    );
    const computers = [...(parsed.data.bot ? [parsed.data.bot] : []), ...(parsed.data.bots ?? [])];
    if (new Set(computers.map((c) => c.seat)).size !== computers.length)
      throw new ServerError(400, 'bad-options: one computer per seat');
    if (computers.length >= seats)
      throw new ServerError(400, 'bad-options: the computer needs a seat of its own beside yours');
    for (const c of computers) this.seatBot(c.seat, c.level);
    this.vsComputer = computers.length > 0;
    this.resumedGame = resumed !== null;
    this.record.prepareSeed();
    void this.setPrivate(!parsed.data.public);
    this.publishListing();
    if (resumed) this.restore(resumed);

    // Frames are rate-limited, sized and decoded before these run (./inbound).
    // Every message the room accepts is a row of ./message-table.
    for (const type of Object.keys(this.messages.table) as TableIn[])
      this.onMessage(type, (client, msg) => this.messages.receive(type, client, msg));
    this.onMessage('*', (client, type: unknown) => {
      const of = excerpt(type);
      this.refuse(client, of, 'bad-message', `Unknown message "${of}".`);
    });
  }

  /**
   * Who may hold a seat reservation. A seat-token holder always may; others within the spectator cap and the
   * per-address limit on unused reservations. Reconnections (allowReconnection) are Colyseus' own and pass.
   */
  protected override async _reserveSeat(
    sessionId: string,
    options?: unknown,
    auth?: AuthData,
    seconds?: number,
    allowReconnection = false,
    devMode?: boolean,
  ): Promise<boolean> {
    if (!allowReconnection) {
      const refusal = this.admits(options, auth) ?? this.admitsComputer(auth);
      if (refusal) {
        noteRefusal(auth?.ask, refusal.code, refusal.message);
        return false;
      }
    }
    this.creatorAddress ??= auth?.ip ?? 'unknown';
    return super._reserveSeat(sessionId, options, auth, seconds, allowReconnection, devMode);
  }

  private admits(options: unknown, auth: AuthData | undefined) {
    const parsed = joinOptions.safeParse(options ?? {});
    // Reservations not yet used, by the address that holds each (the library's own bookkeeping).
    const pending = Object.values(
      this.reservedSeats as Record<string, [unknown, AuthData | undefined, boolean, boolean]>,
    )
      .filter(([, a, consumed, reconnecting]) => !consumed && !reconnecting && a?.ip !== undefined)
      .map(([, a]) => a!.ip);
    return this.seating.admits(
      parsed.success ? parsed.data : undefined,
      auth?.ip ?? 'unknown',
      pending,
      this.ctx.config,
    );
  }

  /**
   * The creator's reservation of a room against the computer: the room counts against the creator's address, and
   * past BOT_ROOMS_PER_ADDRESS rooms in play it is refused ("computer-busy") and goes at once, rather than every
   * room's bots waiting longer. A reservation without an address (a lobby handing out its table) is not counted.
   */
  private admitsComputer(auth: AuthData | undefined): { code: string; message: string } | null {
    if (!this.vsComputer || this.creatorAddress !== null || !auth?.ip) return null;
    const cap = this.resumedGame ? Number.POSITIVE_INFINITY : this.ctx.config.botRoomsPerAddress;
    const active = () => this.clients.length > 0 || !this.everJoined;
    if (this.ctx.bots.rooms.admit(auth.ip, this.roomId, active, cap)) return null;
    this.timers.later(() => void this.disconnect(), 0);
    return {
      code: 'computer-busy',
      message: `The computer is busy: ${cap} games against it from your address are in play. Finish or close one, then try again.`,
    };
  }

  override onJoin(client: Client, raw: unknown) {
    const parsed = joinOptions.safeParse(raw ?? {});
    if (!parsed.success) throw new ServerError(400, `bad-join: ${parsed.error.issues[0]?.message}`);
    const opts = parsed.data;
    const seat = this.seating.chooseSeat(opts);
    if (opts.name) {
      // A name that reads like a seated player's would let a spectator or the opponent impersonate them.
      if (this.seating.looksSeated(opts.name, seat))
        throw new ServerError(400, "name-taken: that name looks like a seated player's; choose another");
    }
    this.everJoined = true;
    this.timers.cancelIdle();
    client.userData = { chatId: randomBytes(6).toString('base64url') };

    if (seat === null) {
      this.state.spectators++;
      client.userData.name = opts.name ?? `Guest ${client.sessionId.slice(0, 4)}`;
      client.send(TABLE_OUT.welcome, { seat: null });
    } else {
      this.seating.sit(client, seat, opts);
    }
    refreshSnapshot(this);
    this.publishListing();
    if (this.state.phase === 'waiting' && this.seating.full()) this.startGame();
    this.timers.schedulePatch();
  }

  override async onLeave(client: Client, consented: boolean) {
    this.timers.schedulePatch();
    const seat = this.seating.of(client.sessionId);
    if (seat === undefined) {
      if (this.state.spectators > 0 && !client.userData?.superseded) this.state.spectators--;
      this.afterLeave();
      return;
    }
    const holder = this.seating.leave(client.sessionId, seat);
    this.afterLeave();
    if (!holder || consented) return;
    const back = await this.seating.reconnect(seat, holder, () =>
      this.allowReconnection(client, this.seating.graceSeconds),
    );
    if (!back) return;
    this.timers.cancelIdle();
    refreshSnapshot(this);
    this.timers.schedulePatch();
  }

  override onDispose() {
    this.ctx.rooms.delete(this);
    this.unwatchStore?.();
    if (this.vsComputer && this.creatorAddress) this.ctx.bots.rooms.release(this.creatorAddress, this.roomId);
    this.journal?.dispose(this.roomId, this.state.phase === 'playing');
    // A planned stop keeps an unfinished game for a join elsewhere, and a game played over days sleeps between moves
    // (issue 33): either way its party waits for it (./table-news) rather than giving the table up.
    const sleeps = !!this.ctx.durable?.stopping || this.seating.turnBased;
    tellTable(this, { resumable: !!this.journal && sleeps && this.state.phase === 'playing' });
    this.bots?.dispose();
    this.clocks?.dispose();
    this.timers.dispose();
  }

  override onUncaughtException(error: Error & { cause?: unknown }, methodName: string) {
    // Refusals thrown on purpose (bad options, bad joins) are answered to the client; they are not bugs.
    if (error.cause instanceof ServerError && error.cause.code < 500) return;
    // A bug must not take the other rooms down; the failed call changed nothing it had not committed.
    const cause = error.cause instanceof Error ? error.cause : error;
    log.error({ event: 'room-error', room: this.roomId, method: methodName, error: cause.message, stack: cause.stack });
  }

  // ---- idle rooms --------------------------------------------------------------------------------

  /** A room created over HTTP whose reservation is never used goes away when the reservation lapses. */
  private disposeIfNeverJoined() {
    this.timers.later(
      () => {
        if (this.everJoined || this.clients.length > 0) return;
        if (Object.keys(this.reservedSeats).length > 0) return this.disposeIfNeverJoined();
        void this.disconnect();
      },
      (this.ctx.config.reservationSeconds + 1) * 1000,
    );
  }

  private afterLeave() {
    this.publishListing();
    if (this.clients.length === 0) {
      this.timers.idle(() => void this.disconnect(), this.ctx.config.idleSeconds * 1000);
    }
  }

  // ---- the room as each part sees it -------------------------------------------------------------

  /** The message handlers' view of this room (./message-table). */
  private tableHost(): TableHost {
    const room = this;
    return {
      get state() {
        return room.state;
      },
      get seating() {
        return room.seating;
      },
      get module() {
        return room.module;
      },
      get table() {
        return room.table;
      },
      get stopping() {
        return room.ctx.durable?.stopping ?? false;
      },
      get savingPaused() {
        return !!room.storeHealth?.trouble;
      },
      refuse: (client, of, code, message) => this.refuse(client, of, code, message),
      play: (client, seat, kind, input) =>
        this.commit(client, kind, advance(this.module, this.table!, seat, kind, input, this.dice!, serverNow())),
      botHolds: (seat) => this.bots.holds(seat),
      botsChanged: () => this.bots.changed(),
      startGame: () => this.startGame(),
      startRematch: (acceptedBy) => this.startRematch(acceptedBy),
      publishListing: () => this.publishListing(),
      journalChat: (line) => this.journal?.chat(line),
      logPage: (before) => this.record.page(before),
      lastSeq: () => this.record.lastSeq(),
      resync: (client) => this.views.sendTo(client, false, true),
    };
  }

  /** The seats' view of this room (./seats). */
  private seatHost(): SeatHost {
    const room = this;
    return {
      get state() {
        return room.state;
      },
      get clients() {
        return room.clients;
      },
      later: (fn, ms) => this.timers.later(fn, ms),
      sendView: (client) => this.views.sendTo(client),
      returned: (seat) => this.bots.returned(seat),
      graceEnded: (seat) => {
        // A race plays on without them: they leave (ranked last) rather than holding the others up any longer.
        if (this.module.playsOnAlone && this.table && this.state.phase === 'playing')
          this.commit(
            null,
            'resign',
            advance(this.module, this.table, seat, 'resign', undefined, this.dice!, serverNow()),
          );
        else seatState(this.state, seat).claimable = true;
      },
      log: (event, fields) => log.info({ event, room: this.roomId, ...fields }),
    };
  }

  /** The view streams' view of this room (./projection). */
  private viewHost(): ViewHost {
    const room = this;
    return {
      get clients() {
        return room.clients;
      },
      seatOf: (sessionId) => this.seating.of(sessionId),
      send: (to, text) => {
        // What client.send would write to each, made once.
        const bytes = getMessageBytes.raw(Protocol.ROOM_DATA, TABLE_OUT.view, text);
        for (const c of to) c.enqueueRaw(bytes);
      },
    };
  }

  /** The record's view of this room (./record). */
  private recordHost(): RecordHost {
    const room = this;
    return {
      get state() {
        return room.state;
      },
      get module() {
        return room.module;
      },
      // The public lines go out in every audience's stream (./projection).
      get lines() {
        return room.views.table;
      },
    };
  }

  // ---- play --------------------------------------------------------------------------------------

  private refuse(client: Client, of: string, code: string, message: string) {
    client.send(TABLE_OUT.error, { code, message, of } satisfies ErrorMessage);
  }

  private commit(client: Client | null, of: string, step: ReturnType<typeof advance>) {
    if (!step.ok)
      return client ? this.refuse(client, of, (step as Refusal).code, (step as Refusal).message) : undefined;
    this.table = step.table;
    this.record.entries.push(step.entry);
    this.journal?.append(step.entry);
    // An offer stands through the offerer's own move and lapses when another seat moves instead of answering
    // (the log says so rather than the banner silently vanishing); an ending clears every offer.
    const lapsed = step.entry.kind === 'action' ? this.state.drawOffer.filter((s) => s !== step.entry.seat) : [];
    const standing = step.entry.kind === 'action' ? this.state.drawOffer.filter((s) => s === step.entry.seat) : [];
    // Touched only when an offer changes: a cleared empty list would still be a schema patch, a second frame.
    if (standing.length !== this.state.drawOffer.length) {
      this.state.drawOffer.clear();
      for (const s of standing) this.state.drawOffer.push(s);
    }
    // Simultaneous secret moves stay out of the public log until the module says they may be seen.
    this.record.publish(step.entry, this.table);
    for (const seat of lapsed) this.messages.say('draw-lapse', seat);
    this.project();
    // At the entry's own time, so a resumed game's replayed clocks come out exactly the same.
    this.clockNow = step.entry.at;
    this.clocks?.moved(step.entry.seat, [...this.views.table.toAct], this.state.phase === 'over');
    this.clockNow = null;
    this.days?.turned(step.entry);
    this.broadcastPatch();
    this.bots.changed();
  }

  /** A running clock fell: entered like a resignation, so the log replays and verifies it. */
  private onTimeout(seat: number) {
    if (!this.table || this.state.phase !== 'playing') return;
    try {
      this.commit(
        null,
        'timeout',
        advance(this.module, this.table, seat, 'timeout', undefined, this.dice!, serverNow()),
      );
    } catch (e) {
      this.onUncaughtException(e as Error, 'clock');
    }
  }

  /** The deadline sweep found this game's clock due: it is looked at now (../days/sweep). */
  checkClock() {
    this.clocks?.recheck();
  }

  /** The clocks as clients see them, for "Your games" (../days/live-clock); null for an untimed game. */
  clockWire(): ClockWire | null {
    return this.clocks?.wire() ?? null;
  }

  /** What the turn reports read (../days/room-days). */
  private daysView() {
    return {
      gameId: this.state.gameId,
      roomId: this.roomId,
      module: this.module,
      table: this.table,
      names: [...this.state.seats].map((s) => s.name),
      connected: [...this.state.seats].flatMap((s, i) => (s.connected ? [i] : [])),
      deadline: this.clocks?.days ? this.clocks.deadline() : null,
    };
  }

  /** Tells everyone a planned restart is coming (they reconnect by themselves when it is back). */
  announceRestart() {
    this.state.notice = 'restart';
    this.clocks?.pause();
    this.broadcastPatch();
  }

  /**
   * While the store cannot take a write, every client is told (a message, since patches may be waiting for the
   * store), actions are refused (./message-table) and the clocks stop; when it is back, the notice goes and play
   * resumes. Entries accepted before stay held and are retried by the store until durable, then acknowledged.
   */
  private watchStore() {
    void this.ctx.durable?.store?.then(
      (store) => {
        if (!store.health || !this.ctx.rooms.has(this)) return;
        this.storeHealth = store.health;
        this.unwatchStore = store.health.subscribe((trouble) => this.savingChanged(trouble));
        if (store.health.trouble) this.savingChanged(store.health.trouble);
      },
      () => {},
    );
  }

  private savingChanged(trouble: StoreTrouble | null) {
    const notice = noticeOf(trouble);
    for (const client of this.clients) client.send(TABLE_OUT.notice, notice);
    if (trouble) this.clocks?.pause();
    else if (!this.ctx.durable?.stopping) this.clocks?.resume();
    this.broadcastPatch();
  }

  /** The store has every accepted entry: what was held back goes out now. */
  private releasePatch() {
    this.broadcastPatch();
  }

  /**
   * The store refused or failed a write: entries accepted since the last durable one were never acknowledged.
   * The room closes; its players' clients come back to the game as the store has it (./durability).
   */
  private storeFailed() {
    void this.disconnect(4201);
  }

  /**
   * A game brought back from the store (./durability): the log replayed with dice from the stored seed, seats
   * held by their token hashes, every player away with a fresh grace period, clocks replayed at the entries'
   * times and resumed now (the time the server was away counts for nobody).
   */
  private restore(g: StoredGame) {
    const clocks = this.clocks;
    const timed = clocks?.timed ?? false;
    // Which entries' public lines were still held back (a simultaneous round not over yet), as commit() decides.
    const heldAfter: boolean[] = [];
    const replay = replayStored(g, (entry, table, module) => {
      heldAfter.push(entry.kind !== 'setup' && (module.holdLog?.(table.state) ?? false) && !resultOf(module, table));
      if (!timed) return;
      this.clockNow = entry.at;
      const result = resultOf(module, table);
      const toAct = result ? [] : module.toAct(table.state);
      if (entry.kind === 'setup') clocks!.start(g.seatCount, toAct);
      else clocks!.moved(entry.seat, toAct, result !== null);
    });
    if (timed) clocks!.pause();
    this.clockNow = null;
    this.module = replay.module;
    this.roomId = g.roomId;
    this.state.gameId = g.gameId;
    this.state.commitment = g.commitment;
    this.state.clientSeed = g.clientSeed ?? '';
    this.state.round = g.round;
    for (const s of g.seats) this.seating.restore(s.seat, s.tokenHash, s.name);
    this.dice = replay.dice;
    this.table = replay.table;
    this.record.restore(g.entries, g.serverSeed, heldAfter);
    this.messages.restoreChat(g.chat);
    this.state.phase = 'playing';
    this.journal?.resumed(g.gameId);
    this.project();
    if (this.state.phase === 'playing') clocks?.resume();
    for (let s = 0; s < this.seating.holders.length; s++)
      if (!this.seating.holders[s]?.bot) this.seating.markDropped(s);
    this.publishListing();
    this.bots.changed();
    this.days?.restored(g.entries.at(-1));
  }

  // ---- the game ----------------------------------------------------------------------------------

  private startGame() {
    const clientSeed = this.seating.holders.map((h) => h?.clientSeed ?? '').join(':');
    this.state.clientSeed = clientSeed;
    this.dice = this.record.dice(clientSeed);
    const start = startTable(this.module, this.options, this.seating.holders.length, this.dice, serverNow());
    if (!start.ok) throw new Error(`setup refused validated options: ${start.message}`);
    this.table = start.table;
    this.record.entries = [start.entry];
    this.journal?.begin(
      {
        gameId: this.state.gameId,
        roomId: this.roomId,
        round: this.state.round,
        game: this.module.id,
        rulesVersion: String(this.module.rulesVersion),
        options: this.options,
        seatCount: this.seating.holders.length,
        commitment: this.state.commitment,
        serverSeed: this.record.seed,
        room: { create: this.created },
        seats: this.seating.holders.map((h, seat) => ({
          seat,
          token: h!.token,
          name: seatState(this.state, seat).name,
        })),
      },
      clientSeed,
      start.entry,
    );
    this.record.begin(start.entry);
    this.state.phase = 'playing';
    // A new game's first views point nowhere (its only line is its setup).
    this.project([]);
    this.clockNow = start.entry.at;
    this.clocks?.start(this.seating.holders.length, [...this.views.table.toAct]);
    this.clockNow = null;
    this.days?.turned(start.entry);
    this.publishListing();
    this.bots.reset();
    this.bots.changed();
  }

  private startRematch(acceptedBy: number) {
    // Sides swap: every holder moves one seat on; spectators stay.
    const n = this.seating.holders.length;
    this.seating.rotate();
    // Every seated client now holds another seat's stream: each starts over from a full document.
    this.views.restartSeats();
    this.seating.settle();
    this.state.rematch.clear();
    this.state.talk.clear();
    this.messages.newRound();
    this.state.result = '';
    this.state.round++;
    this.seating.takeNextSeeds();
    this.record.useNextSeed();
    this.startGame();
    // The new game's talk opens with who accepted, in the same patch; every player moved one seat on.
    this.messages.say('rematch-accept', (acceptedBy + 1) % n);
    this.broadcastPatch();
  }

  /**
   * Sets what each audience sees; the diffs go out with the next patch (broadcastPatch). Each seat's view
   * already holds the public part, so a seat is sent its own stream only, and legal actions only to seats
   * that are to act.
   */
  private project(lines = this.record.window) {
    const table = this.table!;
    const m = this.module;
    const result = resultOf(m, table);
    const toAct = result ? [] : m.toAct(table.state);
    // The views may point into the latest public lines, which travel in the same frames (./record `window`).
    // Whose turn it is goes with them (sent only when it changes: a Shields turn is two actions of one seat).
    this.views.set(m, table.state, this.seating.holders.length, toAct, lines);
    if (result) this.finish();
  }

  /**
   * A client that joins or returns gets its audience's full frame (view, latest lines, whose turn, clocks) just before
   * the schema's full state; one that changes seat, or asks after a gap in its stream, at once.
   */
  protected override sendFullState(client: Client) {
    // The full state holds every change so far: the others get what is pending first, and this client the latest.
    if (!this.journal?.holding) this.views.flush();
    if (this.storeHealth?.trouble) client.send(TABLE_OUT.notice, noticeOf(this.storeHealth.trouble));
    this.views.sendTo(client, true);
    super.sendFullState(client);
  }

  /** Whether a patch would send anything: a schema change or a view change not yet sent. */
  private patchPending(): boolean {
    return hasStateChanges(this) || this.views.pending();
  }

  /**
   * Each audience's frame (./projection), then the schema patch if anything shared and rare changed (seats, chat,
   * the result): a mid-game action changes nothing in the schema, so each client gets one frame.
   */
  override broadcastPatch(): boolean {
    // Nothing accepted goes out before it is durably stored: the patch waits for the store (releasePatch).
    if (this.journal?.holding) return false;
    // Everything pending goes out now: a patch timer set for it has nothing left to do.
    this.timers.cancelPatch();
    // Nothing to send (a timer set before an action's own patch): no socket to cork, no client to walk.
    if (!this.patchPending()) return false;
    // When both go (a rare change besides the action), each client's frame and the patch leave in one socket write
    // (./corked); a mid-game action is the frame alone.
    let sent: boolean;
    if (!hasStateChanges(this)) sent = this.views.flush();
    else
      sent = corked(this.clients, () => {
        const framed = this.views.flush();
        return super.broadcastPatch() || framed;
      });
    // The log's window keeps every line until it has gone out (./record).
    this.record.patched();
    return sent;
  }

  private finish() {
    const result = resultOf(this.module, this.table!)!;
    this.state.phase = 'over';
    this.state.result = JSON.stringify(result);
    this.record.reveal();
    this.ctx.archive.put(this.gameLog(), this.creatorAddress ?? 'unknown');
    this.journal?.finish(this.gameLog());
    this.publishListing();
  }

  /** The whole log, actions included: given out once the game is over and its seed revealed. */
  /** The whole log, actions included: given out once the game is over and its seed revealed. */
  gameLog(): GameLog {
    return this.record.gameLog(this.options, this.seating.holders.length, this.table);
  }

  // ---- bots: a computer seat, or a stand-in for a dropped player (../bots/room-bots) ---------------

  private seatBot(seat: number, level: BotLevel) {
    if (seat >= this.seating.holders.length || this.seating.holders.length < 2)
      throw new ServerError(400, 'bad-options: the computer needs a seat of its own beside yours');
    this.seating.seatBot(seat, level);
  }

  private botHost() {
    return {
      game: this.module.id,
      // A room opened without an address (a lobby's table) is a lane of its own.
      owner: () =>
        this.creatorAddress && this.creatorAddress !== 'unknown' ? this.creatorAddress : `room:${this.roomId}`,
      room: () => this.roomId,
      stamp: () => `${this.state.gameId}:${this.table?.seq ?? -1}`,
      playing: () => this.state.phase === 'playing' && this.table !== null,
      toAct: () => [...this.views.table.toAct],
      levelOf: (seat: number) => this.seating.holders[seat]?.bot ?? this.seating.holders[seat]?.standIn ?? null,
      // The seat's document as its clients hold it (or will, with the next patch), through JSON as on the wire.
      inputFor: (seat: number) => {
        const sent = this.views.seats[seat]?.current();
        // As the seat's client reads it: a game whose legal actions do not travel derives them from the view.
        // It may point into the log's latest lines, which the record holds as every client does.
        const doc = sent ? expandDoc(JSON.parse(JSON.stringify(sent)), linesOf(this.record.window)) : null;
        return doc ? { view: doc.view, legal: doc.legal, seat } : null;
      },
      play: (seat: number, action: unknown, level: BotLevel, fallback: string | null) => {
        let step = advance(this.module, this.table!, seat, 'action', action, this.dice!, serverNow());
        if (!step.ok) {
          // Never expected (the bot chose from this very position's legal actions); the seat must not hang.
          log.error({ event: 'bot-refused', room: this.roomId, code: step.code, fallback });
          this.bots.refused++;
          const legal = this.module.legalActions(this.table!.state, seat);
          step = advance(
            this.module,
            this.table!,
            seat,
            'action',
            legal[randomInt(legal.length)],
            this.dice!,
            serverNow(),
          );
          if (!step.ok) return;
        }
        if (fallback) log.warn({ event: 'bot-fallback', room: this.roomId, game: this.module.id, level, fallback });
        step.entry.bot = level;
        this.commit(null, 'action', step);
      },
      handBack: (seat: number) => {
        const h = this.seating.holders[seat];
        if (!h?.standIn) return;
        h.standIn = null;
        seatState(this.state, seat).bot = '';
        this.messages.say('bot-out', seat);
        this.timers.schedulePatch();
      },
    };
  }

  private publishListing() {
    tellTable(this);
    const seated = this.seating.taken();
    void this.setMetadata({
      game: this.module.id,
      name: this.module.name,
      options: this.options as Record<string, unknown>,
      seated,
      seats: this.seating.holders.length,
      spectators: this.state.spectators,
      phase: this.state.phase,
      host: this.state.seats[0]?.name ?? '',
      draws: this.module.draws ?? false,
      graceSeconds: this.seating.graceSeconds,
    });
    // A public room leaves the lobby list once it is full or over.
    if (this.state.isPublic)
      void this.setPrivate(seated === this.seating.holders.length || this.state.phase !== 'waiting');
  }
}

/** Binds a room class to one server's settings and archive. */
export function gameRoomFor(ctx: RoomContext): typeof GameRoom {
  return class BoundGameRoom extends GameRoom {
    protected override ctx = ctx;
  };
}

/** The notice every client of a table is sent when saving pauses (`trouble`) and resumes (null). */
function noticeOf(trouble: StoreTrouble | null): TableNotice {
  return trouble ? { code: 'saving-paused', message: SAVING_PAUSED } : { code: '', message: '' };
}
