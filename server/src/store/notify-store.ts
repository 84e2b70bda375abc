// Turn notifications' tables (migration 006): the VAPID key pair, push subscriptions per seat, lobby webhooks.
// Same database and Sql handle as the game store; seats are proven against the game store's own seats table.
import type { GameStore } from './game-store';
import { GuardedStore } from './guarded-store';
import type { Sql } from './sql';
import { SqlGameStore } from './sql-store';

/** The Sql handle under a game store (guarded or not); null for a store that is not SQL (none today). */
export function sqlOf(store: GameStore): Sql | null {
  const inner = store instanceof GuardedStore ? store.inner : store;
  return inner instanceof SqlGameStore ? inner.sql : null;
}

export interface PushSubscriptionRow {
  endpoint: string;
  p256dh: string;
  auth: string;
}

export interface SubscriberRow extends PushSubscriptionRow {
  seat: number;
  roomId: string;
}

export interface WebhookRow {
  url: string;
  host: string;
  baseUrl: string;
}

/** Subscriptions one seat token may hold (browsers and devices); the oldest beyond it are dropped. */
export const MAX_SUBSCRIPTIONS_PER_SEAT = 8;

export class NotifyStore {
  constructor(private readonly sql: Sql) {}

  /** The stored VAPID key pair, made by `make` and stored first if there is none (the first process wins). */
  async vapidKeys(make: () => { publicKey: string; privateKey: string }): Promise<{
    publicKey: string;
    privateKey: string;
  }> {
    const found = await this.readKeys();
    if (found) return found;
    const k = make();
    await this.sql.writeDurably(
      'INSERT INTO notify_keys (id, public_key, private_key) VALUES (1, $1, $2) ON CONFLICT (id) DO NOTHING',
      [k.publicKey, k.privateKey],
    );
    const kept = await this.readKeys();
    if (!kept) throw new Error('the VAPID keys could not be stored');
    return kept;
  }

  private async readKeys() {
    const rows = await this.sql.query<{ public_key: string; private_key: string }>(
      'SELECT public_key, private_key FROM notify_keys WHERE id = 1',
    );
    return rows[0] ? { publicKey: rows[0].public_key, privateKey: rows[0].private_key } : null;
  }

  /**
   * The seat a token holds in the room's latest game that has it (token hash compared in SQL: the hash is what the
   * store keeps), or null. The game must have started (seats are stored when it starts).
   */
  async seatInRoom(roomId: string, tokenHash: string): Promise<{ gameId: string; seat: number } | null> {
    const rows = await this.sql.query<{ game_id: string; seat: number }>(
      `SELECT g.game_id, s.seat FROM games g JOIN seats s ON s.game_id = g.game_id
        WHERE g.room_id = $1 AND s.token_hash = $2 ORDER BY g.round DESC LIMIT 1`,
      [roomId, tokenHash],
    );
    return rows[0] ? { gameId: rows[0].game_id, seat: rows[0].seat } : null;
  }

  async subscribe(tokenHash: string, roomId: string, sub: PushSubscriptionRow): Promise<void> {
    await this.sql.transaction(async (tx) => {
      await tx.query(
        `INSERT INTO push_subscriptions (token_hash, endpoint, p256dh, auth, room_id) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (token_hash, endpoint) DO UPDATE SET p256dh = excluded.p256dh, auth = excluded.auth,
           room_id = excluded.room_id, created_at = now()`,
        [tokenHash, sub.endpoint, sub.p256dh, sub.auth, roomId],
      );
      await tx.query(
        `DELETE FROM push_subscriptions WHERE token_hash = $1 AND endpoint NOT IN (
           SELECT endpoint FROM push_subscriptions WHERE token_hash = $1 ORDER BY created_at DESC, endpoint LIMIT $2)`,
        [tokenHash, MAX_SUBSCRIPTIONS_PER_SEAT],
      );
    });
    await this.sql.afterCommit();
  }

  /** Removes one browser's subscription for one seat; resolves with whether there was one. */
  async unsubscribe(tokenHash: string, endpoint: string): Promise<boolean> {
    const rows = await this.sql.writeDurably(
      'DELETE FROM push_subscriptions WHERE token_hash = $1 AND endpoint = $2 RETURNING 1',
      [tokenHash, endpoint],
    );
    return rows.length > 0;
  }

  /** The push service said the endpoint is gone (404/410): every seat's subscription through it goes. */
  async dropEndpoint(endpoint: string): Promise<number> {
    const rows = await this.sql.writeDurably('DELETE FROM push_subscriptions WHERE endpoint = $1 RETURNING 1', [
      endpoint,
    ]);
    return rows.length;
  }

  /** Every subscription of the game's seats, with the seat it is for. */
  async subscribers(gameId: string): Promise<SubscriberRow[]> {
    const rows = await this.sql.query<{
      seat: number;
      room_id: string;
      endpoint: string;
      p256dh: string;
      auth: string;
    }>(
      `SELECT s.seat, p.room_id, p.endpoint, p.p256dh, p.auth FROM seats s
         JOIN push_subscriptions p ON p.token_hash = s.token_hash WHERE s.game_id = $1`,
      [gameId],
    );
    return rows.map((r) => ({ seat: r.seat, roomId: r.room_id, endpoint: r.endpoint, p256dh: r.p256dh, auth: r.auth }));
  }

  async countSubscriptions(tokenHash: string): Promise<number> {
    const rows = await this.sql.query<{ n: number | string }>(
      'SELECT count(*) AS n FROM push_subscriptions WHERE token_hash = $1',
      [tokenHash],
    );
    return Number(rows[0]?.n ?? 0);
  }

  /**
   * Drops what nothing can reach any more: subscriptions of seat tokens no stored game has (retention deleted their
   * games) and webhooks of lobbies closed for good. Resolves with how many rows went.
   */
  async prune(): Promise<number> {
    const subs = await this.sql.writeDurably(
      `DELETE FROM push_subscriptions p WHERE NOT EXISTS (SELECT 1 FROM seats s WHERE s.token_hash = p.token_hash)
       RETURNING 1`,
    );
    const hooks = await this.sql.writeDurably(
      `DELETE FROM party_webhooks w WHERE NOT EXISTS (SELECT 1 FROM lobbies l WHERE l.lobby_id = w.party_id)
       RETURNING 1`,
    );
    return subs.length + hooks.length;
  }

  async setWebhook(partyId: string, hook: WebhookRow): Promise<void> {
    await this.sql.writeDurably(
      `INSERT INTO party_webhooks (party_id, url, host, base_url) VALUES ($1, $2, $3, $4)
       ON CONFLICT (party_id) DO UPDATE SET url = excluded.url, host = excluded.host, base_url = excluded.base_url,
         set_at = now()`,
      [partyId, hook.url, hook.host, hook.baseUrl],
    );
  }

  async webhook(partyId: string): Promise<WebhookRow | null> {
    const rows = await this.sql.query<{ url: string; host: string; base_url: string }>(
      'SELECT url, host, base_url FROM party_webhooks WHERE party_id = $1',
      [partyId],
    );
    return rows[0] ? { url: rows[0].url, host: rows[0].host, baseUrl: rows[0].base_url } : null;
  }

  async clearWebhook(partyId: string): Promise<boolean> {
    const rows = await this.sql.writeDurably('DELETE FROM party_webhooks WHERE party_id = $1 RETURNING 1', [partyId]);
    return rows.length > 0;
  }
}
