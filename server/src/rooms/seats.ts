// A table's seats: who holds each one (a secret token, a computer, or a bot standing in), which connection sits
// where, who may hold a reservation, choosing and taking a seat, present and dropped marking with the grace
// timer, the bookkeeping of a dropped connection's reconnection, and the check that a name does not read like a
// seated player's. The room owns one; it learns what happened through the host callbacks (a grace that ended, a
// stand-in's player back, a line to log) and decides what that means for the game.
import { randomBytes } from 'node:crypto';
import type { Client, Deferred } from '@colyseus/core';
import { CLOSE, seatName, TABLE_OUT } from '@dicehall/shared';
import type { BotLevel } from '../bots/room-bots';
import { tokenOpens } from './durability';
import type { ErrorMessage, JoinOptions } from './messages';
import { confusable } from './names';
import type { Timer } from './room-timers';
import type { SeatState, TableState } from './schema';

/** A seat's synced state. Seats are made with the room, so a missing one is a broken invariant, never a client's input. */
export function seatState(state: TableState, seat: number): SeatState {
  const s = state.seats[seat];
  if (!s) throw new Error(`no seat ${seat} in this room (it has ${state.seats.length})`);
  return s;
}

export interface SeatHolder {
  token: string;
  /** A resumed game knows only the hash of each seat's token until its holder presents it. */
  tokenHash?: string;
  sessionId: string | null;
  clientSeed: string;
  /** Pending `allowReconnection` of a dropped connection; rejected when the token comes back another way. */
  // biome-ignore lint/complexity/noBannedTypes: colyseus' Deferred types its reject as Function
  reconnection: { reject: Function } | null;
  /** A fresh seed sent with this game's rematch request, used by the next game (P1). */
  nextClientSeed: string | null;
  /** A computer seat: the bot's level. */
  bot?: BotLevel;
  /** A dropped player's seat held by a bot until the player returns. */
  standIn?: BotLevel | null;
}

/** What the seats need from their room. */
export interface SeatHost {
  state: TableState;
  clients: readonly Client[];
  /** A timer that the room clears when it goes away. */
  later(fn: () => void, ms: number): Timer;
  /** Sends a client its audience's view document (a seated client gets its seat's). */
  sendView(client: Client): void;
  /** A seat held by a bot standing in has its player back. */
  returned(seat: number): void;
  /** A dropped player did not come back within the grace period. */
  graceEnded(seat: number): void;
  /** Logs a line about this room. */
  log(event: string, fields: Record<string, unknown>): void;
}

/** The limits on who may hold a reservation (../config). */
export interface AdmissionLimits {
  reservationsPerAddress: number;
  maxSpectators: number;
}

export class Seats {
  /** One per seat; null while nobody has taken it. */
  holders: (SeatHolder | null)[] = [];
  private seatOf = new Map<string, number>();
  private graceTimers: (Timer | null)[] = [];
  /** A turn-based (days) table: a dropped player gets no grace countdown and their seat is never claimable. */
  turnBased = false;

  constructor(
    private host: SeatHost,
    count: number,
    readonly graceSeconds: number,
  ) {
    for (let s = 0; s < count; s++) {
      this.holders.push(null);
      this.graceTimers.push(null);
    }
  }

  /** The seat a connection sits in, if any. */
  of(sessionId: string): number | undefined {
    return this.seatOf.get(sessionId);
  }

  /** Whether some seat's token is `token`. */
  opens(token: string | undefined): boolean {
    return this.holders.some((h) => tokenOpens(h, token));
  }

  /** The first seat nobody has taken, or -1. */
  free(): number {
    return this.holders.indexOf(null);
  }

  full(): boolean {
    return this.holders.every((h) => h !== null);
  }

  taken(): number {
    return this.holders.filter((h) => h !== null).length;
  }

  /**
   * Who may hold a seat reservation. A seat-token holder always may; others within the spectator cap and the
   * per-address limit on unused reservations (`pending`: the address key of each). Null admits; a refusal says why,
   * in its own words (Colyseus would tell every refused joiner the room "is already full").
   */
  admits(
    opts: JoinOptions | undefined,
    ip: string,
    pending: readonly string[],
    limits: AdmissionLimits,
  ): { code: 'too-many-pending' | 'room-full'; message: string } | null {
    if (opts?.seatToken && this.opens(opts.seatToken)) return null;
    if (pending.filter((a) => a === ip).length >= limits.reservationsPerAddress) {
      this.host.log('reservation-refused', { reason: 'per-address' });
      return {
        code: 'too-many-pending',
        message: `Too many joins from your address are waiting to be used (${limits.reservationsPerAddress} at most); try again in a moment.`,
      };
    }
    const seatFree = this.host.state.phase === 'waiting' && this.free() >= 0;
    if (opts?.want !== 'watch' && seatFree) return null;
    if (this.host.state.spectators + pending.length < limits.maxSpectators) return null;
    return { code: 'room-full', message: 'This room is full: no free seat, and no room for more spectators.' };
  }

  chooseSeat(opts: JoinOptions): number | null {
    if (opts.seatToken) {
      const held = this.holders.findIndex((h) => tokenOpens(h, opts.seatToken));
      if (held >= 0) return held;
    }
    if (opts.want === 'watch' || this.host.state.phase !== 'waiting') return null;
    const free = this.holders.indexOf(null);
    return free >= 0 ? free : null;
  }

  sit(client: Client, seat: number, opts: JoinOptions) {
    const state = this.host.state;
    let holder = this.holders[seat];
    if (holder) {
      // The token's owner is back (refresh, new tab, or after the grace): the newest connection wins.
      holder.reconnection?.reject(new Error('seat taken by token'));
      holder.reconnection = null;
      const previous = this.host.clients.find((c) => c.sessionId === holder!.sessionId);
      if (previous) {
        this.seatOf.delete(previous.sessionId);
        previous.userData = { superseded: true };
        previous.send(TABLE_OUT.error, {
          code: 'seat-elsewhere',
          message: 'This seat was opened in another tab or window.',
          of: 'join',
        } satisfies ErrorMessage);
        previous.leave(CLOSE.seatElsewhere);
      }
    } else {
      holder = {
        token: randomBytes(24).toString('base64url'),
        sessionId: null,
        clientSeed: opts.clientSeed ?? '',
        reconnection: null,
        nextClientSeed: null,
      };
      this.holders[seat] = holder;
      seatState(state, seat).taken = true;
      seatState(state, seat).name = opts.name ?? seatName(null, seat);
    }
    if (opts.name && state.phase === 'waiting') seatState(state, seat).name = opts.name;
    holder.sessionId = client.sessionId;
    this.seatOf.set(client.sessionId, seat);
    client.send(TABLE_OUT.welcome, { seat, token: holder.token });
    this.host.sendView(client);
    this.markPresent(seat);
  }

  /** A computer takes the seat for the room's life. */
  seatBot(seat: number, level: BotLevel) {
    this.holders[seat] = {
      token: randomBytes(24).toString('base64url'),
      sessionId: null,
      clientSeed: randomBytes(8).toString('hex'),
      reconnection: null,
      nextClientSeed: null,
      bot: level,
    };
    const s = seatState(this.host.state, seat);
    Object.assign(s, { taken: true, connected: true, name: `Computer (${level})`, bot: level });
  }

  /** A resumed game's seat, held by its token's hash until the player presents the token. */
  restore(seat: number, tokenHash: string, name: string) {
    // A computer seat (the room's create options seated it again) stays the computer's.
    const bot = this.holders[seat]?.bot;
    this.holders[seat] = {
      token: '',
      tokenHash,
      sessionId: null,
      clientSeed: '',
      reconnection: null,
      nextClientSeed: null,
      ...(bot ? { bot } : {}),
    };
    seatState(this.host.state, seat).taken = true;
    seatState(this.host.state, seat).name = name;
  }

  markPresent(seat: number) {
    const s = seatState(this.host.state, seat);
    s.connected = true;
    s.graceEndsAt = 0;
    s.claimable = false;
    this.graceTimers[seat]?.clear();
    this.graceTimers[seat] = null;
    if (this.holders[seat]?.standIn) this.host.returned(seat);
  }

  markDropped(seat: number) {
    const s = seatState(this.host.state, seat);
    s.connected = false;
    // Played over days, a player away is the normal case: no countdown, no claim; the clock decides.
    if (this.turnBased) {
      s.graceEndsAt = 0;
      this.graceTimers[seat]?.clear();
      this.graceTimers[seat] = null;
      return;
    }
    s.graceEndsAt = Date.now() + this.graceSeconds * 1000;
    this.graceTimers[seat]?.clear();
    this.graceTimers[seat] = this.host.later(() => {
      this.graceTimers[seat] = null;
      if (s.connected) return;
      this.host.graceEnded(seat);
    }, this.graceSeconds * 1000);
  }

  /**
   * A seated connection left: its seat is marked dropped. Returns the seat's holder, or null when this
   * connection no longer held the seat (another tab took it over).
   */
  leave(sessionId: string, seat: number): SeatHolder | null {
    const holder = this.holders[seat];
    this.seatOf.delete(sessionId);
    if (!holder || holder.sessionId !== sessionId) return null;
    holder.sessionId = null;
    this.markDropped(seat);
    return holder;
  }

  /**
   * Waits for a dropped connection's own reconnection (Colyseus' `allowReconnection`). Returns the client back
   * in its seat, or null when the grace ended or the seat came back through its token meanwhile.
   */
  async reconnect(seat: number, holder: SeatHolder, allow: () => Deferred<Client>): Promise<Client | null> {
    // Over days nobody waits for a socket: the player comes back by seat token whenever they like.
    if (this.turnBased) return null;
    try {
      const reconnection = allow();
      holder.reconnection = reconnection;
      const back = await reconnection;
      holder.reconnection = null;
      if (this.holders[seat] !== holder || holder.sessionId !== null) {
        back.leave(CLOSE.seatElsewhere);
        return null;
      }
      holder.sessionId = back.sessionId;
      this.seatOf.set(back.sessionId, seat);
      this.markPresent(seat);
      return back;
    } catch {
      // The grace ended or the seat came back through its token: the seat stays held by its token (P2, P3).
      holder.reconnection = null;
      return null;
    }
  }

  /**
   * A rematch: sides swap, every holder (and its name) moves one seat on, and each seated client is welcomed to
   * its new seat. Presence is marked again by `settle`, once the room has restarted the seats' view streams.
   */
  rotate() {
    const state = this.host.state;
    const n = this.holders.length;
    const moved = this.holders.map((_, s) => this.holders[(s + n - 1) % n] ?? null);
    const names = state.seats.map((s) => s.name);
    this.holders = moved;
    for (let s = 0; s < n; s++) seatState(state, s).name = names[(s + n - 1) % n] ?? seatName(null, s);
    for (const client of this.host.clients) {
      const seat = this.seatOf.get(client.sessionId);
      if (seat === undefined) continue;
      const next = (seat + 1) % n;
      this.seatOf.set(client.sessionId, next);
      client.send(TABLE_OUT.welcome, { seat: next, token: this.holders[next]!.token });
    }
  }

  /** Marks every seat present or dropped as its holder is now, and carries its bot into the state. */
  settle() {
    for (let s = 0; s < this.holders.length; s++) {
      const h = this.holders[s]!;
      const present = h.sessionId !== null || h.bot !== undefined;
      seatState(this.host.state, s).bot = h.bot ?? h.standIn ?? '';
      if (present) this.markPresent(s);
      else this.markDropped(s);
    }
  }

  /** The new game's client seeds: each rematch seed sent replaces its holder's seed. */
  takeNextSeeds() {
    for (const h of this.holders) {
      if (h?.nextClientSeed != null) h.clientSeed = h.nextClientSeed;
      if (h) h.nextClientSeed = null;
    }
  }

  /** Whether `name` reads like another seated player's name (impersonation), ignoring seat `own`. */
  looksSeated(name: string, own: number | null): boolean {
    const others = this.holders.flatMap((h, s) =>
      h !== null && s !== own ? [seatState(this.host.state, s).name] : [],
    );
    return confusable(name, others);
  }
}
