// A game room's link to play over days: after every change of who is to act it stores the turn (seats to act, the
// last move in words, the deadline of a days clock) for "Your games" and the deadline sweep, and tells listeners
// (./turn-events). The room calls `turned` after each accepted entry and `restored` after a resume; it knows no rule.
import { resultOf, type GameModule, type LogEntry, type Table } from '@dicehall/shared';
import type { Durability } from '../rooms/durability';
import { log } from '../log';
import { DaysStore, sqlOf } from './days-store';
import { linkParty, partyOf } from './table-party';
import { emitTurnChange, type TurnChange } from './turn-events';

/** What the room is now, read when a turn changes. */
export interface DaysView {
  gameId: string;
  roomId: string;
  module: GameModule;
  table: Table | null;
  names: string[];
  /** Seats with a connected page now. */
  connected: number[];
  /** Wall-time ms when the awaited seat's clock falls, for a days clock; null otherwise. */
  deadline: number | null;
}

const stores = new WeakMap<Durability, Promise<DaysStore | null>>();

/** The days store of a server's game store, opened once; null when games live in memory only. */
export function daysStoreOf(durable: Durability | undefined): Promise<DaysStore | null> {
  if (!durable?.store) return Promise.resolve(null);
  let p = stores.get(durable);
  if (!p) {
    p = durable.store.then(
      (s) => {
        const sql = sqlOf(s);
        return sql ? new DaysStore(sql) : null;
      },
      () => null,
    );
    stores.set(durable, p);
  }
  return p;
}

/** One entry's events in plain words (nothing for a move the game still keeps back, like a race round's). */
export function entryWords(module: GameModule, table: Table, entry: LogEntry, names: string[]): string {
  if (entry.kind !== 'setup' && module.holdLog?.(table.state) && !resultOf(module, table)) return '';
  const who = entry.seat === null ? '' : (names[entry.seat] ?? `Seat ${entry.seat + 1}`);
  if (entry.kind === 'timeout') return `${who}'s clock fell`;
  if (entry.kind === 'resign') return `${who} resigned`;
  const words: string[] = [];
  for (const ev of entry.events) {
    try {
      const w = module.describe(ev, names);
      if (w) words.push(w);
    } catch {
      // A platform event the module does not describe: left out.
    }
  }
  return words.join(' ').slice(0, 300);
}

export class RoomDays {
  /** Who was to act (and whether over) at the last report: a report goes out only when it changes. */
  private last = '';
  /** The table's party once found; null while none is known. */
  private party: string | null = null;
  /** The stored lobbies were searched for this table (./days-store lobbyOfTable). */
  private storedLookedUp = false;

  constructor(
    private readonly durable: Durability | undefined,
    private readonly view: () => DaysView,
    private readonly now: () => number,
  ) {}

  /** An entry was accepted (the setup included): reported when who is to act changed. */
  turned(entry: LogEntry) {
    const v = this.view();
    if (!v.table) return;
    const result = resultOf(v.module, v.table);
    const toAct = result ? [] : v.module.toAct(v.table.state);
    const key = JSON.stringify([toAct, !!result]);
    if (key === this.last) return;
    this.last = key;
    const words = entryWords(v.module, v.table, entry, v.names);
    this.save(v, entry.seq, toAct, words, !!result);
    const change: TurnChange = {
      gameId: v.gameId,
      roomId: v.roomId,
      game: v.module.id,
      gameName: v.module.name,
      names: v.names,
      toAct,
      connected: v.connected,
      over: !!result,
      words: words || undefined,
      at: this.now(),
    };
    // A lobby's table says which lobby (./table-party): looked up until found, then known.
    if (this.party) return emitTurnChange({ ...change, partyId: this.party });
    void this.findParty(v.roomId).then((partyId) => {
      this.party = partyId ?? null;
      emitTurnChange(partyId ? { ...change, partyId } : change);
    });
  }

  /**
   * The table's party: from presence, else from the stored lobbies (presence lost it in a restart), linked again.
   * The stored lobbies are read once per loaded room (a scan of their snapshots): most tables belong to no lobby,
   * and their turns must not pay for it each time.
   */
  private async findParty(roomId: string): Promise<string | undefined> {
    const linked = await partyOf(roomId);
    if (linked || this.storedLookedUp) return linked;
    this.storedLookedUp = true;
    try {
      const stored = await (await daysStoreOf(this.durable))?.lobbyOfTable(roomId);
      if (stored) linkParty(roomId, stored);
      return stored;
    } catch (err) {
      log.warn({ err: String(err) }, "days: the table's lobby could not be read");
      return undefined;
    }
  }

  /** A game brought back from the store: its turn is known again (stored afresh, since the deadline may differ). */
  restored(entry: LogEntry | undefined) {
    const v = this.view();
    if (!v.table || !entry) return;
    const result = resultOf(v.module, v.table);
    const toAct = result ? [] : v.module.toAct(v.table.state);
    this.last = JSON.stringify([toAct, !!result]);
    this.save(v, entry.seq, toAct, entryWords(v.module, v.table, entry, v.names), !!result);
  }

  private save(v: DaysView, seq: number, toAct: number[], words: string, over: boolean) {
    void daysStoreOf(this.durable)
      .then((s) =>
        s?.saveTurn({
          gameId: v.gameId,
          roomId: v.roomId,
          seq,
          toAct,
          words,
          at: this.now(),
          deadline: over ? null : v.deadline,
          over,
        }),
      )
      .catch((err: Error) => log.warn({ event: 'turn-not-stored', game: v.gameId, error: err.message }));
  }
}
