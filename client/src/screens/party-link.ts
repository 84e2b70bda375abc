// This browser's place in a private lobby: one connection kept across the lobby and its tables, and its token.
import { Client, type Room } from 'colyseus.js';
import {
  CLOSE,
  PARTY_OUT,
  TABLE_OUT,
  type PartyInPayloads,
  type PartyInType,
  type PartyOutPayloads,
  type PartySync,
  type PartyWelcome,
  type SendArgs,
  type TableWelcome,
} from '@dicehall/shared/core';
import { identity, serverReady, WS_URL, type ServerError } from '../net/connection';

const tokenKey = (id: string) => `dicehall:party:${id}`;

type Listener = () => void;

/** Where this browser stands with its lobby: in it, on the way back after a restart or a drop, or out for good. */
export type PartyConnection = 'connected' | 'restarting' | 'reconnecting' | 'gone' | 'removed' | 'elsewhere';

/** The open lobby, kept while this browser plays its tables so the member (and the host) stays present. */
class PartyLink {
  room: Room<PartySync> | null = null;
  member = '';
  connection: PartyConnection = 'connected';
  private lobbyId = '';
  private listeners = new Set<Listener>();
  private errorListeners = new Set<(e: ServerError) => void>();
  /** Where a started table sends this browser. */
  onTable: (roomId: string) => void = () => undefined;

  get id(): string {
    return this.room?.roomId ?? '';
  }

  /** Whether this browser is already a member of that lobby (it holds a member token for it). */
  knows(id: string): boolean {
    return localStorage.getItem(tokenKey(id)) !== null;
  }

  async host(): Promise<string> {
    const client = new Client(WS_URL);
    this.attach(await client.create('party', { name: identity.name || undefined }));
    return this.id;
  }

  async join(id: string): Promise<void> {
    if (this.room?.roomId === id) return;
    this.leave();
    this.lobbyId = id;
    await this.enter(id);
  }

  private async enter(id: string) {
    const client = new Client(WS_URL);
    const memberToken = localStorage.getItem(tokenKey(id)) ?? undefined;
    this.attach(await client.joinById(id, { name: identity.name || undefined, memberToken }));
  }

  send<T extends PartyInType>(...[type, payload]: SendArgs<PartyInPayloads, T>) {
    this.room?.send(type, payload);
  }

  subscribe(fn: Listener) {
    this.listeners.add(fn);
    return () => this.listeners.delete(fn);
  }
  onError(fn: (e: ServerError) => void) {
    this.errorListeners.add(fn);
    return () => this.errorListeners.delete(fn);
  }

  leave() {
    const room = this.room;
    this.room = null;
    this.lobbyId = '';
    void room?.leave(true);
    this.member = '';
    document.querySelector('.topbar .back-to-party')?.remove();
  }

  private attach(room: Room<PartySync>) {
    this.room = room;
    this.lobbyId = room.roomId;
    this.connection = 'connected';
    room.onMessage(PARTY_OUT.welcome, (w: PartyWelcome) => {
      this.member = w.member;
      localStorage.setItem(tokenKey(room.roomId), w.token);
      this.emit();
    });
    room.onMessage(PARTY_OUT.error, (e: ServerError) =>
      this.errorListeners.forEach((fn) => {
        fn(e);
      }),
    );
    room.onMessage(PARTY_OUT.table, (t: PartyOutPayloads['table']) => void this.takeSeat(t.reservation));
    room.onStateChange(() => this.emit());
    room.onLeave((code) => {
      if (this.room !== room) return;
      // The server restarting (planned, or after a crash) keeps the lobby in its store: come back to it.
      const restarting = room.state?.notice === 'restart';
      this.room = null;
      if (code === CLOSE.removed) this.connection = 'removed';
      else if (code === CLOSE.seatElsewhere) this.connection = 'elsewhere';
      else if (CLOSE.consented.includes(code) && !restarting) this.connection = 'gone';
      else void this.comeBack(room.roomId, restarting);
      this.emit();
    });
  }

  /** Rejoins the lobby by id with the member token once the server answers again; stops if the lobby is gone. */
  private async comeBack(id: string, restarting: boolean) {
    this.connection = restarting ? 'restarting' : 'reconnecting';
    for (let attempt = 0; this.lobbyId === id && !this.room; attempt++) {
      await new Promise((r) => setTimeout(r, Math.min(5000, 300 * 2 ** attempt)));
      if (this.lobbyId !== id || this.room) return;
      if (!(await serverReady())) {
        this.connection = 'restarting';
        this.emit();
        continue;
      }
      try {
        await this.enter(id);
        this.emit();
        return;
      } catch (e) {
        const msg = String((e as Error)?.message ?? e);
        if (/removed/.test(msg)) this.connection = 'removed';
        else if (/not found|disposed/i.test(msg)) this.connection = 'gone';
        if (this.connection === 'removed' || this.connection === 'gone') return this.emit();
      }
    }
  }

  /**
   * The lobby reserved this browser's seat: taking it gives the seat token, kept like any seat's, and the
   * table page then comes back to that seat by token (a refresh or a new tab does the same).
   */
  private async takeSeat(reservation: unknown) {
    const client = new Client(WS_URL);
    const table = await client.consumeSeatReservation(reservation as Parameters<Client['consumeSeatReservation']>[0]);
    await new Promise<void>((resolve) => {
      table.onMessage(TABLE_OUT.welcome, (m: TableWelcome) => {
        if (m.token) identity.keepSeatToken(table.roomId, m.token);
        resolve();
      });
      table.onMessage('*', () => undefined);
    });
    await table.leave(true);
    this.showBackLink();
    this.onTable(table.roomId);
  }

  private showBackLink() {
    const bar = document.querySelector('.topbar');
    if (!bar || bar.querySelector('.back-to-party')) return;
    const a = document.createElement('a');
    a.className = 'back-to-party';
    a.href = `/p/${this.id}`;
    a.textContent = 'Back to the party';
    // Beside the sound switch, which the top bar pushes to the right.
    bar.insertBefore(a, bar.querySelector('.sound'));
  }

  private emit() {
    this.listeners.forEach((fn) => {
      fn();
    });
  }
}

export const party = new PartyLink();
