// The store's side of play over days (migration 005): each game's latest turn and deadline, the lookup of many
// rooms' games in one query for "Your games", and one-time device codes. It shares the game store's SQL handle.
import type { GameStore } from '../store/game-store';
import type { Sql } from '../store/sql';

/** A game's latest change of who is to act, as its room reports it. */
export interface TurnRow {
  gameId: string;
  roomId: string;
  /** The log entry it follows: a write for an older entry never replaces a newer one. */
  seq: number;
  toAct: number[];
  words: string;
  at: number;
  /** Wall-time ms when the awaited seat's clock falls (days games only), or null. */
  deadline: number | null;
  over: boolean;
}

/** A room's latest game, its seats (token hashes), and its latest turn when one was reported. */
export interface TableRow {
  gameId: string;
  roomId: string;
  game: string;
  options: string;
  room: string;
  finished: boolean;
  result: string | null;
  seats: { seat: number; hash: string; name: string }[];
  turn: Omit<TurnRow, 'gameId' | 'roomId'> | null;
}

export type CodeTake = { ok: true; sealed: string } | { ok: false; why: 'unknown' | 'used' | 'expired' };

const ID = /^[\w-]{1,128}$/;

/** The SQL handle under the game store (a guarded store wraps the SQL one); null for a store without one. */
export function sqlOf(store: GameStore): Sql | null {
  const s = store as unknown as { inner?: { sql?: Sql }; sql?: Sql };
  return s.inner?.sql ?? s.sql ?? null;
}

export class DaysStore {
  constructor(private readonly sql: Sql) {}

  async saveTurn(t: TurnRow): Promise<void> {
    if (!ID.test(t.gameId) || !ID.test(t.roomId)) return;
    await this.sql.writeDurably(
      `INSERT INTO turns (game_id, room_id, seq, to_act, words, at, deadline, over)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
       ON CONFLICT (game_id) DO UPDATE SET seq = excluded.seq, to_act = excluded.to_act, words = excluded.words,
         at = excluded.at, deadline = excluded.deadline, over = excluded.over
       WHERE turns.seq <= excluded.seq`,
      [
        t.gameId,
        t.roomId,
        t.seq,
        JSON.stringify(t.toAct),
        t.words.slice(0, 300),
        Math.round(t.at),
        t.deadline === null ? null : Math.round(t.deadline),
        t.over,
      ],
    );
  }

  /**
   * The stored lobby whose current table this is, or undefined: the table's party when presence has lost the link
   * (a restart of a single process, whose presence is its memory). Read on a presence miss only, then linked again.
   */
  async lobbyOfTable(tableId: string): Promise<string | undefined> {
    if (!ID.test(tableId)) return undefined;
    const rows = await this.sql.query<{ lobby_id: string }>(
      `SELECT lobby_id FROM lobbies WHERE (snapshot::jsonb) ->> 'tableId' = $1 ORDER BY updated_at DESC LIMIT 1`,
      [tableId],
    );
    return rows[0]?.lobby_id;
  }

  /** Deadlines passed at `now`, soonest first (the partial index on deadline): what the sweep wakes. */
  async due(now: number, limit: number): Promise<{ gameId: string; roomId: string; deadline: number }[]> {
    const rows = await this.sql.query<{ game_id: string; room_id: string; deadline: string | number }>(
      `SELECT game_id, room_id, deadline FROM turns
       WHERE deadline IS NOT NULL AND deadline <= $1 ORDER BY deadline LIMIT $2`,
      [Math.round(now), limit],
    );
    return rows.map((r) => ({ gameId: r.game_id, roomId: r.room_id, deadline: Number(r.deadline) }));
  }

  /** The sweep found the game finished or gone: its deadline is no longer looked at. */
  async clearDeadline(gameId: string): Promise<void> {
    await this.sql.writeDurably('UPDATE turns SET deadline = NULL WHERE game_id = $1', [gameId]);
  }

  /** The latest game of each room, with its seats and latest turn: one query however many rooms. */
  async tables(roomIds: string[]): Promise<TableRow[]> {
    const ids = roomIds.filter((id) => ID.test(id));
    if (ids.length === 0) return [];
    const rows = await this.sql.query<{
      game_id: string;
      room_id: string;
      game: string;
      options: string;
      room: string;
      finished: boolean;
      result: string | null;
      seats: unknown;
      seq: number | null;
      to_act: string | null;
      words: string | null;
      at: string | number | null;
      deadline: string | number | null;
      over: boolean | null;
    }>(
      `SELECT g.game_id, g.room_id, g.game, g.options, g.room, g.finished_at IS NOT NULL AS finished, g.result,
              (SELECT json_agg(json_build_object('seat', s.seat, 'hash', s.token_hash, 'name', s.name) ORDER BY s.seat)
                 FROM seats s WHERE s.game_id = g.game_id) AS seats,
              t.seq, t.to_act, t.words, t.at, t.deadline, t.over
       FROM (SELECT DISTINCT ON (room_id) * FROM games WHERE room_id = ANY($1::text[]) ORDER BY room_id, round DESC) g
       LEFT JOIN turns t ON t.game_id = g.game_id`,
      [ids],
    );
    return rows.map((r) => ({
      gameId: r.game_id,
      roomId: r.room_id,
      game: r.game,
      options: r.options,
      room: r.room,
      finished: r.finished,
      result: r.result,
      seats: ((typeof r.seats === 'string' ? JSON.parse(r.seats) : r.seats) ?? []) as TableRow['seats'],
      turn:
        r.seq === null
          ? null
          : {
              seq: r.seq,
              toAct: JSON.parse(r.to_act ?? '[]') as number[],
              words: r.words ?? '',
              at: Number(r.at),
              deadline: r.deadline === null ? null : Number(r.deadline),
              over: !!r.over,
            },
    }));
  }

  async putCode(hash: string, sealed: string, expiresAt: number): Promise<void> {
    await this.sql.writeDurably('INSERT INTO device_codes (code_hash, sealed, expires_at) VALUES ($1, $2, $3)', [
      hash,
      sealed,
      Math.round(expiresAt),
    ]);
  }

  /** Takes a code once: the first taker before expiry gets its sealed seats; every other try learns why not. */
  async takeCode(hash: string, now: number): Promise<CodeTake> {
    const [won] = await this.sql.writeDurably<{ sealed: string }>(
      `UPDATE device_codes SET used_at = $2 WHERE code_hash = $1 AND used_at IS NULL AND expires_at > $2
       RETURNING sealed`,
      [hash, Math.round(now)],
    );
    if (won) return { ok: true, sealed: won.sealed };
    const [row] = await this.sql.query<{ used_at: string | null }>(
      'SELECT used_at FROM device_codes WHERE code_hash = $1',
      [hash],
    );
    return { ok: false, why: !row ? 'unknown' : row.used_at !== null ? 'used' : 'expired' };
  }

  /** Codes expired before `before` go (a used or expired code is kept a day, so a reuse is told apart). */
  async purgeCodes(before: number): Promise<void> {
    await this.sql.writeDurably('DELETE FROM device_codes WHERE expires_at < $1', [Math.round(before)]);
  }
}
