// A private lobby across games ("party"): members gather with a host, who picks a game and starts tables; the
// results come back to a running scoreboard. It knows no rule: each game is played in an ordinary GameRoom.
import { Room, ServerError, type AuthContext, type Client } from '@colyseus/core';
import { getGame, PARTY_IN, PARTY_OUT, SAVING_PAUSED, timeable, timeControl, type PartyInType } from '@dicehall/shared';
import { seatsOf } from './party-seats';
import { botLevel } from './messages';
import { z } from 'zod';
import type { Config } from '../config';
import { authOf, type AuthData } from '../http/address';
import { log } from '../log';
import type { Durability } from './durability';
import type { StoreHealth } from '../store/guarded-store';
import { guardInbound } from './inbound';
import { refreshSnapshot } from './schema-fixes';
import { chatMessage, type ErrorMessage } from './messages';
import { confusable, HIDDEN_CHARACTERS } from './names';
import { PartyMembers } from './party-members';
import { PartyState } from './party-schema';
import { PartyTable } from './party-table';
import { restoreInto, snapshotOf, type LobbySnapshot } from './party-store';
import { computerSeatRefusal, computerSeats } from '../bots/party-bots';
import { TokenBucket } from './rate-limit';
import { ChatLine } from './schema';

export interface PartyContext {
  config: Config;
  /** Members per lobby (PARTY_MEMBERS, default 16). */
  maxMembers: number;
  /** A lobby nobody is connected to closes after this long (PARTY_IDLE_SECONDS, default 1800). */
  idleSeconds: number;
  /** The store that keeps lobbies across a restart, as it keeps games; null keeps them in memory only. */
  durable: Durability | null;
  /** Every live lobby of this server, so a planned restart can tell them. */
  lobbies: Set<PartyRoom>;
}

const CHAT_KEEP = 100;
const name = z
  .string()
  .trim()
  .min(1)
  .max(24)
  .refine((s) => !HIDDEN_CHARACTERS.test(s), 'no invisible characters')
  .regex(/^[^<>]*$/, 'no angle brackets');
const renameMessage = z.object({ name }).strict();
const memberRef = z.object({ member: z.string().min(1).max(32) }).strict();
const empty = z.object({}).strict().or(z.undefined()).or(z.null());

export const partyJoin = z
  .object({ name: name.optional(), memberToken: z.string().min(16).max(64).optional() })
  .strict();
const configureMessage = z
  .object({
    game: z.string().min(1).max(40),
    options: z.record(z.string(), z.unknown()).default({}),
    seats: z.number().int().min(1).max(16).optional(),
    clock: timeControl.default({ mode: 'none' }),
  })
  .strict();
const sitMessage = z.object({ seat: z.number().int().min(0).max(15) }).strict();
const seatBotMessage = z.object({ seat: z.number().int().min(0).max(15), level: botLevel }).strict();
/** Ready brings the browser's own seed for the table's dice (P1), as joining a table directly does. */
const readyMessage = z
  .object({
    ready: z.boolean(),
    clientSeed: z
      .string()
      .max(64)
      .regex(/^[\w.-]*$/)
      .optional(),
  })
  .strict();

export class PartyRoom extends Room<PartyState> {
  protected ctx!: PartyContext;
  /** Who the members are, their tokens, removals and the hosting (./party-members). */
  private members!: PartyMembers;
  private timers = new Set<NodeJS.Timeout>();
  private idleTimer: NodeJS.Timeout | null = null;
  /** The table being played, followed to its result (./party-table). */
  private table!: PartyTable;
  private patchTimer: NodeJS.Timeout | null = null;
  private chatBudget!: TokenBucket;
  private chatId = 0;
  /** Each member's client seed sent with ready, for the next table. */
  private seeds = new Map<string, string>();
  /** The snapshot last handed to the store, to write only what changed. */
  private saved = '';
  private saving: Promise<void> = Promise.resolve();
  private closingForGood = true;
  /** The store's health (../store/guarded-store), and how to stop listening to it. */
  private storeHealth: StoreHealth | null = null;
  private unwatchStore: (() => void) | null = null;

  static override async onAuth(_token: string, _options: unknown, context: AuthContext): Promise<AuthData> {
    return authOf(context);
  }

  override onCreate(options?: { resumeNonce?: unknown }) {
    this.autoDispose = false;
    // Patches go out on change only (an idle lobby runs no timer), as in the game rooms.
    this.patchRate = 0;
    this.maxClients = Infinity;
    this.chatBudget = new TokenBucket(this.ctx.config.chatPerSecond, this.ctx.config.chatPerSecond * 4);
    guardInbound(
      this,
      () => this.ctx.config,
      (client, of, code, message) => this.refuse(client, of, code, message),
      () => this.schedulePatch(),
    );
    const state = new PartyState();
    state.maxMembers = this.ctx.maxMembers;
    this.setState(state);
    this.members = new PartyMembers({
      state,
      clients: this.clients,
      maxMembers: this.ctx.maxMembers,
      graceSeconds: () => this.ctx.config.graceSeconds,
      playing: (id) => this.table.playing.includes(id),
      forget: (id) => this.seeds.delete(id),
      changed: () => this.schedulePatch(),
    });
    this.table = new PartyTable({
      state,
      partyId: () => this.roomId,
      reservationSeconds: () => this.ctx.config.reservationSeconds,
      durable: () => this.ctx.durable,
      clientOf: (id) => this.members.clientOf(id),
      seedOf: (id) => this.seeds.get(id),
      changed: () => this.schedulePatch(),
    });
    void this.setPrivate(true);
    this.ctx.lobbies.add(this);
    const snapshot = this.ctx.durable?.takeLobby(options?.resumeNonce) as LobbySnapshot | null | undefined;
    if (snapshot) this.restore(snapshot);
    else this.persist();
    this.armIdle();
    this.watchStore();
    const on = (type: PartyInType, fn: (client: Client, memberId: string, msg: unknown) => void) =>
      this.onMessage(type, (client, msg) => {
        const id = this.members.idOf(client.sessionId);
        if (id) fn(client, id, msg);
      });
    on(PARTY_IN.configure, (c, id, m) => this.onConfigure(c, id, m));
    on(PARTY_IN.sit, (c, id, m) => this.onSit(c, id, m));
    on(PARTY_IN.stand, (c, id, m) => this.onStand(c, id, m));
    on(PARTY_IN.ready, (c, id, m) => this.onReady(c, id, m));
    on(PARTY_IN.start, (c, id, m) => void this.onStart(c, id, m));
    on(PARTY_IN.spectate, (c, id, m) => this.onHostOnMember(c, id, m, 'spectate'));
    on(PARTY_IN.remove, (c, id, m) => this.onHostOnMember(c, id, m, 'remove'));
    on(PARTY_IN.allow, (c, id, m) => this.onHostOnMember(c, id, m, 'allow'));
    on(PARTY_IN.passHost, (c, id, m) => this.onHostOnMember(c, id, m, 'pass-host'));
    on(PARTY_IN.chat, (c, id, m) => this.onChat(c, id, m));
    on(PARTY_IN.rename, (c, id, m) => this.onRename(c, id, m));
    on(PARTY_IN.seatBot, (c, id, m) => this.onSeatBot(c, id, m));
    on(PARTY_IN.unseatBot, (c, id, m) => this.onUnseatBot(c, id, m));
    this.onMessage('*', (client, type) =>
      this.refuse(client, String(type).slice(0, 40), 'bad-message', 'Unknown message.'),
    );
  }

  override onJoin(client: Client, raw: unknown) {
    const parsed = partyJoin.safeParse(raw ?? {});
    if (!parsed.success) throw new ServerError(400, `bad-join: ${parsed.error.issues[0]?.message}`);
    const { id, token } = this.members.join(
      client,
      parsed.data.name,
      parsed.data.memberToken,
      (client.auth as AuthData | undefined)?.ip,
    );
    this.cancelIdle();
    client.send(PARTY_OUT.welcome, { member: id, token });
    // Colyseus 0.16.23–26 may hand a late joiner a stale snapshot of changes made while nobody was connected.
    refreshSnapshot(this);
    this.schedulePatch();
  }

  override onLeave(client: Client) {
    this.members.leave(client);
    if (this.clients.length === 0) this.armIdle();
    this.schedulePatch();
  }

  override async onDispose() {
    for (const t of this.timers) clearTimeout(t);
    this.members.dispose();
    for (const t of [this.idleTimer, this.patchTimer]) if (t) clearTimeout(t);
    this.table.dispose();
    this.ctx.lobbies.delete(this);
    this.unwatchStore?.();
    const durable = this.ctx.durable;
    if (!durable) return;
    // A planned restart keeps the lobby (flushed first); closing it for good (idle) deletes its record.
    if (durable.stopping || !this.closingForGood) {
      this.persist();
      await this.saving;
      durable.letGoLobby(this.roomId);
    } else {
      await this.saving;
      await durable.dropLobby(this.roomId);
    }
  }

  /**
   * While the store cannot take a write, members are told and no game starts (it could not be stored); once it is
   * back the lobby is written as it is now (a save that failed meanwhile had marked its snapshot as saved).
   */
  private watchStore() {
    void this.ctx.durable?.store?.then(
      (store) => {
        if (!store.health || !this.ctx.lobbies.has(this)) return;
        this.storeHealth = store.health;
        this.unwatchStore = store.health.subscribe((trouble) => this.savingChanged(trouble !== null));
        if (store.health.trouble) this.savingChanged(true);
      },
      () => {},
    );
  }

  private savingChanged(paused: boolean) {
    if (this.state.notice === 'restart') return;
    this.state.notice = paused ? 'saving-paused' : '';
    if (!paused) {
      this.saved = '';
      this.persist();
    }
    this.schedulePatch();
  }

  /** A planned restart is coming: members are told, and their pages come back to the lobby once it is over. */
  announceRestart() {
    this.closingForGood = false;
    this.state.notice = 'restart';
    this.broadcastPatch();
  }

  private schedulePatch() {
    if (this.patchTimer) return;
    this.patchTimer = setTimeout(() => {
      this.patchTimer = null;
      this.broadcastPatch();
      this.persist();
    }, 50);
  }

  // ---- durability -------------------------------------------------------------------------------

  /** Hands the lobby's state to the store when it changed; writes go one after another, in order. */
  private persist() {
    const durable = this.ctx.durable;
    if (!durable || !this.roomId) return;
    const snapshot = snapshotOf({
      roomId: this.roomId,
      state: this.state,
      members: this.members,
      table: this.table,
      chatId: this.chatId,
    });
    const text = JSON.stringify(snapshot);
    if (text === this.saved) return;
    this.saved = text;
    this.saving = this.saving.then(() => durable.saveLobby(this.roomId, snapshot));
  }

  /** Brings a stored lobby back under its own id: members (offline until they come back), host, scores, chat. */
  private restore(snap: LobbySnapshot) {
    this.roomId = snap.roomId;
    restoreInto(snap, this.state, this.members);
    this.chatId = snap.chatId;
    this.saved = JSON.stringify(snap);
    if (snap.phase === 'playing' && snap.tableId) void this.table.resume(snap.tableId, snap.tableGameId, snap.playing);
  }

  override onUncaughtException(error: Error & { cause?: unknown }, methodName: string) {
    if (error.cause instanceof ServerError && error.cause.code < 500) return;
    const cause = error.cause instanceof Error ? error.cause : error;
    log.error({ event: 'room-error', room: this.roomId, method: methodName, error: cause.message, stack: cause.stack });
  }

  // ---- idle ------------------------------------------------------------------------------------

  private armIdle() {
    this.cancelIdle();
    this.idleTimer = setTimeout(() => void this.disconnect(), this.ctx.idleSeconds * 1000);
  }

  private cancelIdle() {
    if (this.idleTimer) clearTimeout(this.idleTimer);
    this.idleTimer = null;
  }

  // ---- messages ---------------------------------------------------------------------------------

  private refuse(client: Client, of: string, code: string, message: string) {
    client.send(PARTY_OUT.error, { code, message, of } satisfies ErrorMessage);
  }

  private asHost(client: Client, id: string, of: string): boolean {
    if (this.state.host === id) return true;
    this.refuse(client, of, 'not-host', 'Only the host can do that.');
    return false;
  }

  private gathering(client: Client, of: string): boolean {
    if (this.state.phase === 'gathering') return true;
    this.refuse(client, of, 'not-gathering', 'A game is being played; wait until it ends.');
    return false;
  }

  private onConfigure(client: Client, id: string, msg: unknown) {
    if (!this.asHost(client, id, 'configure') || !this.gathering(client, 'configure')) return;
    const parsed = configureMessage.safeParse(msg);
    if (!parsed.success)
      return this.refuse(
        client,
        'configure',
        'bad-message',
        `"configure" takes { game, options, seats, clock }: ${parsed.error.issues[0]?.message}`,
      );
    const module = getGame(parsed.data.game);
    if (!module) return this.refuse(client, 'configure', 'unknown-game', `No game "${parsed.data.game}".`);
    const options = module.options.safeParse(parsed.data.options);
    if (!options.success)
      return this.refuse(client, 'configure', 'bad-options', options.error.issues[0]?.message ?? 'Bad options.');
    const choice = seatsOf(module, options.data, parsed.data.seats);
    if (!choice.ok) return this.refuse(client, 'configure', 'bad-seats', choice.message);
    const seats = choice.seats;
    if (parsed.data.clock.mode !== 'none' && !timeable(module, seats))
      return this.refuse(
        client,
        'configure',
        'bad-options',
        `${module.name} cannot be timed with more than two seats.`,
      );
    this.state.game = module.id;
    this.state.options = JSON.stringify(choice.options);
    this.state.clock = JSON.stringify(parsed.data.clock);
    if (this.state.seats !== seats) {
      this.state.seats = seats;
      for (const m of this.state.members.values()) if (m.seat >= seats) m.seat = -1;
      for (const seat of [...this.state.bots.keys()]) if (Number(seat) >= seats) this.state.bots.delete(seat);
    }
    // Changed terms: everyone confirms again.
    for (const m of this.state.members.values()) m.ready = false;
  }

  private onSit(client: Client, id: string, msg: unknown) {
    if (!this.gathering(client, 'sit')) return;
    const parsed = sitMessage.safeParse(msg);
    if (!parsed.success) return this.refuse(client, 'sit', 'bad-message', '"sit" takes { seat }.');
    const me = this.state.members.get(id)!;
    if (me.benched) return this.refuse(client, 'sit', 'benched', 'The host has moved you to the spectators.');
    const seat = parsed.data.seat;
    if (seat >= this.state.seats)
      return this.refuse(
        client,
        'sit',
        'no-seat',
        this.state.seats ? `Seats are 1 to ${this.state.seats}.` : 'The host has not picked a game yet.',
      );
    if (
      [...this.state.members.values()].some((m) => m.seat === seat && m.id !== id) ||
      this.state.bots.has(String(seat))
    )
      return this.refuse(client, 'sit', 'seat-taken', 'That seat is taken.');
    me.seat = seat;
    me.ready = false;
  }

  private onStand(client: Client, id: string, msg: unknown) {
    if (!empty.safeParse(msg).success) return this.refuse(client, 'stand', 'bad-message', '"stand" takes no content.');
    if (!this.gathering(client, 'stand')) return;
    const me = this.state.members.get(id)!;
    me.seat = -1;
    me.ready = false;
  }

  private onReady(client: Client, id: string, msg: unknown) {
    const parsed = readyMessage.safeParse(msg);
    if (!parsed.success) return this.refuse(client, 'ready', 'bad-message', '"ready" takes { ready: true | false }.');
    if (!this.gathering(client, 'ready')) return;
    const me = this.state.members.get(id)!;
    if (me.seat < 0) return this.refuse(client, 'ready', 'not-seated', 'Take a seat first.');
    me.ready = parsed.data.ready;
    if (parsed.data.clientSeed !== undefined) this.seeds.set(id, parsed.data.clientSeed);
  }

  private onHostOnMember(
    client: Client,
    id: string,
    msg: unknown,
    what: 'spectate' | 'remove' | 'allow' | 'pass-host',
  ) {
    if (!this.asHost(client, id, what)) return;
    const parsed = memberRef.safeParse(msg);
    if (!parsed.success) return this.refuse(client, what, 'bad-message', `"${what}" takes { member }.`);
    const target = parsed.data.member;
    if (what === 'allow') {
      if (!this.members.allow(target) && !this.state.members.get(target)?.benched)
        return this.refuse(client, what, 'no-member', 'Nobody by that id to allow back.');
      const m = this.state.members.get(target);
      if (m) m.benched = false;
      return;
    }
    const member = this.state.members.get(target);
    if (!member) return this.refuse(client, what, 'no-member', 'No such member.');
    if (target === id) return this.refuse(client, what, 'not-yourself', 'The host cannot do that to themselves.');
    if (what === 'pass-host') return this.members.passHost(target);
    if (this.state.phase !== 'gathering' && this.table.playing.includes(target))
      return this.refuse(client, what, 'not-gathering', 'They are playing; wait until the game ends.');
    member.seat = -1;
    member.ready = false;
    member.benched = true;
    if (what === 'remove') this.members.remove(target);
  }

  private onSeatBot(client: Client, id: string, msg: unknown) {
    if (!this.asHost(client, id, 'seat-bot') || !this.gathering(client, 'seat-bot')) return;
    const parsed = seatBotMessage.safeParse(msg);
    if (!parsed.success)
      return this.refuse(
        client,
        'seat-bot',
        'bad-message',
        '"seat-bot" takes { seat, level: "easy" | "normal" | "hard" }.',
      );
    const { seat, level } = parsed.data;
    const refusal = computerSeatRefusal(this.state, seat);
    if (refusal) return this.refuse(client, 'seat-bot', refusal.code, refusal.message);
    this.state.bots.set(String(seat), level);
  }

  private onUnseatBot(client: Client, id: string, msg: unknown) {
    if (!this.asHost(client, id, 'unseat-bot') || !this.gathering(client, 'unseat-bot')) return;
    const parsed = sitMessage.safeParse(msg);
    if (!parsed.success) return this.refuse(client, 'unseat-bot', 'bad-message', '"unseat-bot" takes { seat }.');
    if (!this.state.bots.delete(String(parsed.data.seat)))
      return this.refuse(client, 'unseat-bot', 'no-seat', 'No computer sits there.');
  }

  /** A member's new name: the members list, seats and scoreboard show it; games already played keep their lines. */
  private onRename(client: Client, id: string, msg: unknown) {
    const parsed = renameMessage.safeParse(msg);
    if (!parsed.success)
      return this.refuse(client, 'rename', 'name-invalid', 'A name is 1 to 24 visible characters, without < or >.');
    const others = [...this.state.members.values()].filter((m) => m.id !== id).map((m) => m.name);
    if (confusable(parsed.data.name, others))
      return this.refuse(client, 'rename', 'name-taken', "That name looks like another member's; choose another.");
    this.state.members.get(id)!.name = parsed.data.name;
  }

  private onChat(client: Client, id: string, msg: unknown) {
    const parsed = chatMessage.safeParse(msg);
    if (!parsed.success)
      return this.refuse(client, 'chat', 'bad-message', 'A chat message is 1 to 280 visible characters.');
    if (!this.chatBudget.take())
      return this.refuse(client, 'chat', 'chat-busy', 'The chat is busy; try again in a moment.');
    const member = this.state.members.get(id)!;
    const line = new ChatLine();
    line.id = ++this.chatId;
    line.sender = id;
    line.from = member.name;
    line.seat = member.seat;
    line.text = parsed.data.text;
    line.at = Date.now();
    this.state.chat.push(line);
    while (this.state.chat.length > CHAT_KEEP) this.state.chat.shift();
  }

  // ---- games ------------------------------------------------------------------------------------

  private async onStart(client: Client, id: string, msg: unknown) {
    if (!empty.safeParse(msg).success) return this.refuse(client, 'start', 'bad-message', '"start" takes no content.');
    if (!this.asHost(client, id, 'start') || !this.gathering(client, 'start')) return;
    if (this.storeHealth?.trouble)
      return this.refuse(client, 'start', 'store-unavailable', `${SAVING_PAUSED}. Start when saving resumes.`);
    if (!this.state.game) return this.refuse(client, 'start', 'no-game', 'Pick a game first.');
    const bySeat: string[] = [];
    for (const m of this.state.members.values()) if (m.seat >= 0) bySeat[m.seat] = m.id;
    // A computer seat holds '' among the members: the scoreboard counts people only.
    const bots = computerSeats<z.infer<typeof botLevel>>(this.state);
    for (const b of bots) bySeat[b.seat] = '';
    const seated = Array.from({ length: this.state.seats }, (_, s) => bySeat[s]);
    if (seated.some((m) => m === undefined))
      return this.refuse(client, 'start', 'seats-open', 'Every seat must be taken.');
    if (seated.some((m) => m && !this.state.members.get(m)!.ready))
      return this.refuse(client, 'start', 'not-ready', 'Everyone seated must be ready.');
    if (seated.every((m) => !m)) return this.refuse(client, 'start', 'seats-open', 'A person must play.');
    try {
      await this.table.open(seated as string[], {
        game: this.state.game,
        options: JSON.parse(this.state.options),
        clock: JSON.parse(this.state.clock),
        public: false,
        ...(bots.length ? { bots } : {}),
      });
    } catch (e) {
      log.error({ event: 'party-start-failed', room: this.roomId, error: (e as Error).message });
      this.refuse(client, 'start', 'start-failed', 'The table could not be opened; try again.');
    }
  }
}

/** Binds the lobby room to one server's settings; limits come from the environment (README). */
export function partyRoomFor(
  config: Config,
  durable: Durability | null = null,
  lobbies = new Set<PartyRoom>(),
  env: NodeJS.ProcessEnv = process.env,
): typeof PartyRoom {
  const positive = (v: string | undefined, d: number) =>
    v && Number.isInteger(Number(v)) && Number(v) > 0 ? Number(v) : d;
  const ctx: PartyContext = {
    config,
    maxMembers: positive(env.PARTY_MEMBERS, 16),
    idleSeconds: positive(env.PARTY_IDLE_SECONDS, 1800),
    durable: durable?.store ? durable : null,
    lobbies,
  };
  return class BoundPartyRoom extends PartyRoom {
    protected override ctx = ctx;
  };
}
