// Talks to the server: create and join rooms, keep this browser's seat token, and come back after drops.
import { Client, type Room, type SeatReservation } from 'colyseus.js';
import type { Store } from './store';
import { identity } from './identity';
import { joinOptions, newClientSeed } from './seat';
import {
  CLOSE,
  TABLE_IN,
  TABLE_OUT,
  type ErrorMessage,
  type LogPage,
  type SendArgs,
  type TableInPayloads,
  type TableInType,
  type TableNotice,
  type TableSync,
  type TableWelcome,
  type ViewMessage,
} from '@dicehall/shared/core';

export const WS_URL = `${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}`;

// Kept in their own files so the home page can read the name, and a room link reserve its seat, without loading
// the network code.
export { identity, newClientSeed };

/** The server answers and its game store is open (an older server without `ready` counts as ready). */
export async function serverReady(): Promise<boolean> {
  try {
    const r = await fetch('/health', { cache: 'no-store' });
    if (!r.ok) return false;
    const body = (await r.json()) as { ready?: boolean };
    return body.ready !== false;
  } catch {
    return false;
  }
}

/** A refusal from a room (the protocol's `ErrorMessage`). */
export type ServerError = ErrorMessage;

/**
 * A backoff step spread over half to one and a half times itself: after a crash every page of a process retries at
 * once, and without the spread they would come back in waves (issue 31, a crowd reconnecting).
 */
const jittered = (ms: number): number => Math.round(ms * (0.5 + Math.random()));

export class TableConnection {
  readonly client = new Client(WS_URL);
  room: Room | null = null;
  seat: number | null = null;
  private closed = false;
  private errorListeners = new Set<(e: ServerError) => void>();

  /** The browser says the network is gone: an open socket may linger silently, so drop it and retry. */
  private offline = false;
  private wake: (() => void) | null = null;

  constructor(private readonly store: Store) {
    window.addEventListener('offline', this.onOffline);
    window.addEventListener('online', this.onOnline);
  }

  private onOffline = () => {
    this.offline = true;
    if (this.room && !this.closed) void this.room.leave(false);
  };

  private onOnline = () => {
    this.offline = false;
    this.wake?.();
  };

  /** Waits `ms`, or less if the network comes back. */
  private pause(ms: number) {
    return new Promise<void>((resolve) => {
      const t = setTimeout(done, ms);
      function done() {
        clearTimeout(t);
        resolve();
      }
      this.wake = done;
    });
  }

  onError(fn: (e: ServerError) => void): () => void {
    this.errorListeners.add(fn);
    return () => this.errorListeners.delete(fn);
  }

  async create(options: {
    game: string;
    options: Record<string, unknown>;
    public: boolean;
    clock?: unknown;
    bot?: unknown;
  }): Promise<string> {
    const room = await this.client.create('table', {
      ...options,
      name: identity.name || undefined,
      clientSeed: newClientSeed(),
    });
    this.attach(room);
    return room.roomId;
  }

  /**
   * Joins a room: with a seat already reserved (`reserveSeat` in ./seat, sent before this code loaded), only its
   * WebSocket is left to open.
   */
  async join(roomId: string, want: 'play' | 'watch' = 'play', reserved?: Promise<SeatReservation>): Promise<void> {
    let room: Room | undefined;
    if (reserved) {
      // A reservation lapses on the server (seconds); on a very slow link it may have before this code arrived, or
      // its request may have failed on the way: then join the ordinary way, which says why if it fails too.
      room = await reserved.then((r) => this.client.consumeSeatReservation(r)).catch(() => undefined);
    }
    room ??= await this.client.joinById(roomId, joinOptions(roomId, want));
    this.attach(room);
  }

  send<T extends TableInType>(...[type, payload]: SendArgs<TableInPayloads, T>) {
    let message: unknown = payload;
    // A rematch brings this browser's fresh seed; the server committed the next seed before asking (P1).
    if (type === TABLE_IN.rematch && message === undefined) message = { clientSeed: newClientSeed() };
    this.room?.send(type, message);
  }

  leave() {
    this.closed = true;
    window.removeEventListener('offline', this.onOffline);
    window.removeEventListener('online', this.onOnline);
    void this.room?.leave(true);
  }

  private attach(room: Room) {
    this.room = room;
    room.onMessage(TABLE_OUT.welcome, (m: TableWelcome) => {
      this.seat = m.seat;
      if (m.token) identity.keepSeatToken(room.roomId, m.token);
      this.push();
    });
    room.onMessage(TABLE_OUT.error, (e: ServerError) => {
      // A snapshot asked for after a gap, refused for now (the room's budget): asked again in a moment, quietly.
      if (e.of === TABLE_IN.resync) {
        setTimeout(() => this.room === room && this.store.resyncRefused(), 1100);
        return;
      }
      this.errorListeners.forEach((fn) => {
        fn(e);
      });
    });
    this.store.resetView();
    // One frame per change for this client's audience; after a gap in it, the store asks for a snapshot here.
    this.store.onResync((rev) => {
      if (this.room === room) room.send(TABLE_IN.resync, { rev });
    });
    room.onMessage(TABLE_OUT.view, (m: ViewMessage | string) => this.store.applyView(m));
    room.onMessage(TABLE_OUT.logPage, (page: LogPage) => this.store.addPage(page));
    // Saving paused on the server (its store cannot write): told here, since its patches wait for the store.
    this.store.setServerNotice('');
    room.onMessage(TABLE_OUT.notice, (n: TableNotice) => this.store.setServerNotice(n.code));
    room.onStateChange(() => this.push());
    room.onLeave((code) => void this.dropped(room, code));
    this.store.setConnection('connected');
  }

  private push() {
    const state: TableSync | undefined = this.room?.state;
    if (this.room && state?.game) this.store.ingest(this.room.roomId, state, this.seat);
  }

  /**
   * The server restarted (planned) or crashed: wait until it is back with its game store open, then rejoin by
   * room id with the seat token; the server brings the game back from its store under the same id. Only a room
   * the server does not know at all is gone.
   */
  private async afterRestart(roomId: string) {
    this.store.setConnection('restarting');
    for (let attempt = 0; !this.closed; attempt++) {
      await this.pause(jittered(Math.min(5000, 500 * 2 ** attempt)));
      if (!(await serverReady())) continue;
      try {
        await this.join(roomId, this.seat === null ? 'watch' : 'play');
        return;
      } catch (e) {
        if (/not found|disposed/i.test(String((e as Error)?.message))) return this.store.setConnection('gone');
        // Still being resumed (another process's lease), or the server went down again: keep trying.
      }
    }
  }

  /** After a drop: retry the session with backoff; when its reservation is gone, rejoin with the seat token. */
  private async dropped(room: Room, code: number) {
    if (this.closed || room !== this.room) return;
    if (code === CLOSE.seatElsewhere) return this.store.setConnection('elsewhere');
    // A planned restart: wait for the server, then come back through the seat token.
    if (this.store.snapshot?.notice === 'restart') return this.afterRestart(room.roomId);
    if (CLOSE.consented.includes(code) && !this.offline) return this.store.setConnection('lost');
    this.store.setConnection('reconnecting');
    const roomId = room.roomId;
    let token = room.reconnectionToken;
    for (let attempt = 0; !this.closed; attempt++) {
      await this.pause(this.offline ? 30000 : jittered(Math.min(8000, 250 * 2 ** attempt)));
      if (this.offline) continue;
      try {
        this.attach(await this.client.reconnect(token));
        this.push();
        return;
      } catch (err) {
        const msg = String((err as Error)?.message ?? err);
        // No answer at all: the server itself is down (a crash or a deploy); the game is safe in its store.
        if (!(await serverReady())) return this.afterRestart(roomId);
        // The server is up but the session is over (expired, or the room was disposed, as after a crash and
        // restart): come back through the seat token; if the room is gone too, say so plainly and stop.
        if (/expired|not found|locked|reservation|disposed/i.test(msg)) {
          try {
            await this.join(roomId, this.seat === null ? 'watch' : 'play');
            return;
          } catch (e) {
            if (/not found|disposed/i.test(String((e as Error)?.message))) return this.store.setConnection('gone');
          }
        }
        token = room.reconnectionToken;
      }
    }
  }
}
