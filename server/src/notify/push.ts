// Web Push: a turn change for a seat with no open page goes to each browser subscribed for it, payload encrypted by
// web-push (RFC 8291, aes128gcm) and signed with the server's VAPID key; turns for one browser arriving within the
// coalescing window go out as one notification. The request itself goes through ./outbound's guards: a browser
// names its push endpoint, so the endpoint is checked like any URL a user hands the server.
import webPush from 'web-push';
import { log } from '../log';
import type { TurnChange } from '../days/turn-events';
import type { NotifyStore, SubscriberRow } from '../store/notify-store';
import { OutboundError, send, vet, type OutboundRules } from './outbound';
import type { NotifySettings } from './settings';
import { pushLine, tablePath } from './words';

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
}

/** One game's line in a notification. */
export interface PushItem {
  roomId: string;
  gameId: string;
  /** The table's path on this site (/r/<roomId>); the service worker opens it. */
  url: string;
  text: string;
  over: boolean;
  /** When the turn change happened (ms since the epoch). */
  at: number;
}

/** What the service worker receives (client/public/sw.js shows it). */
export interface PushPayload {
  title: string;
  body: string;
  /** Where a tap goes: the game, or the first of several. */
  url: string;
  /** One tag for every Dicehall notification: a newer one replaces the last on the device. */
  tag: string;
  games: PushItem[];
}

interface Pending {
  sub: SubscriberRow;
  /** By room, each with the order its change was heard in (store reads may finish out of order). */
  items: Map<string, { item: PushItem; order: number }>;
  timer: NodeJS.Timeout;
}

export interface PushStats {
  sent: number;
  failed: number;
  dropped: number;
  skippedConnected: number;
}

/** Items kept in one notification: a browser watching hundreds of seats still gets one short payload. */
const MAX_ITEMS = 8;

/** Push services may refuse a payload over 4,096 bytes (RFC 8030 §7.2); ours stays under this before encryption. */
export const MAX_PAYLOAD_BYTES = 3000;
/** One game's line at most (players' names are theirs, up to 200 characters each). */
const MAX_TEXT = 140;

const clip = (text: string, n: number) => (text.length > n ? `${text.slice(0, n - 1)}…` : text);

export function payloadFor(items: PushItem[]): PushPayload {
  // The newest games are kept when they do not all fit.
  let games = items.slice(-MAX_ITEMS).map((g) => ({ ...g, text: clip(g.text, MAX_TEXT) }));
  for (;;) {
    const p = build(games);
    if (games.length === 1 || Buffer.byteLength(JSON.stringify(p)) <= MAX_PAYLOAD_BYTES) return p;
    games = games.slice(1);
  }
}

function build(games: PushItem[]): PushPayload {
  const last = games[games.length - 1] as PushItem;
  const turns = games.filter((g) => !g.over).length;
  const title =
    games.length === 1
      ? last.over
        ? 'Game over'
        : 'Your turn'
      : turns === games.length
        ? `Your turn in ${games.length} games`
        : `${games.length} games need you`;
  return {
    title,
    body: games.map((g) => g.text).join('\n'),
    url: last.url,
    tag: 'dicehall-turn',
    games,
  };
}

export class PushSender {
  readonly stats: PushStats = { sent: 0, failed: 0, dropped: 0, skippedConnected: 0 };
  private pending = new Map<string, Pending>();
  private heard = 0;
  private inflight = new Set<Promise<void>>();
  private closed = false;
  private readonly rules: OutboundRules;

  constructor(
    private readonly store: NotifyStore,
    private readonly keys: VapidKeys,
    private readonly settings: NotifySettings,
  ) {
    this.rules = {
      hosts: settings.pushHosts,
      privateHosts: settings.privateHosts,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      ca: settings.ca,
    };
  }

  get publicKey(): string {
    return this.keys.publicKey;
  }

  /** Checks an endpoint a browser hands in (same rules as sending to it). */
  vetEndpoint(endpoint: string) {
    return vet(endpoint, this.rules);
  }

  async onChange(change: TurnChange): Promise<void> {
    if (this.closed) return;
    const order = this.heard++;
    // Whom this change concerns: the seats to act, or everyone once the game is over; never a seat with a page open.
    const concerned = change.over ? change.names.map((_, seat) => seat) : change.toAct;
    const away = concerned.filter((seat) => !change.connected.includes(seat));
    this.stats.skippedConnected += concerned.length - away.length;
    if (away.length === 0) return;
    const subscribers = await this.store.subscribers(change.gameId);
    for (const sub of subscribers) {
      if (!away.includes(sub.seat)) continue;
      this.queue(sub, order, {
        roomId: change.roomId,
        gameId: change.gameId,
        url: tablePath(change.roomId),
        text: pushLine(change, sub.seat),
        over: change.over,
        at: change.at,
      });
    }
  }

  /** Holds the item for its browser until the window closes; a later change of the same table replaces it. */
  private queue(sub: SubscriberRow, order: number, item: PushItem) {
    const held = this.pending.get(sub.endpoint);
    if (held) {
      const before = held.items.get(item.roomId);
      if (!before || before.order < order) held.items.set(item.roomId, { item, order });
      return;
    }
    const timer = setTimeout(() => this.flush(sub.endpoint), this.settings.coalesceMs);
    timer.unref();
    this.pending.set(sub.endpoint, { sub, items: new Map([[item.roomId, { item, order }]]), timer });
  }

  private flush(endpoint: string) {
    const held = this.pending.get(endpoint);
    if (!held) return;
    this.pending.delete(endpoint);
    const items = [...held.items.values()].sort((x, y) => x.order - y.order).map((x) => x.item);
    const job = this.deliver(held.sub, payloadFor(items)).finally(() => this.inflight.delete(job));
    this.inflight.add(job);
  }

  private async deliver(sub: SubscriberRow, payload: PushPayload): Promise<void> {
    try {
      const details = webPush.generateRequestDetails(
        { endpoint: sub.endpoint, keys: { p256dh: sub.p256dh, auth: sub.auth } },
        JSON.stringify(payload),
        {
          vapidDetails: { subject: this.settings.vapidSubject, ...this.keys },
          // A turn waits days: the push service may hold it a day for a phone that is off.
          TTL: 86400,
          urgency: 'high',
          topic: 'dicehall-turn',
        },
      );
      const target = await vet(details.endpoint, this.rules);
      const answer = await send(
        target,
        { method: details.method, headers: details.headers as Record<string, string>, body: details.body ?? undefined },
        this.rules,
      );
      if (answer.status === 404 || answer.status === 410) {
        // The browser unsubscribed or the subscription expired: it will never be reachable again.
        const n = await this.store.dropEndpoint(sub.endpoint);
        this.stats.dropped += n;
        log.info({ event: 'push-gone', status: answer.status, subscriptions: n });
        return;
      }
      if (answer.status < 200 || answer.status > 299) {
        this.stats.failed++;
        log.warn({ event: 'push-refused', status: answer.status, host: target.host });
        return;
      }
      this.stats.sent++;
    } catch (err) {
      this.stats.failed++;
      const code = err instanceof OutboundError ? err.code : 'error';
      log.warn({ event: 'push-failed', code, error: (err as Error).message });
    }
  }

  /** Sends what is held now and waits for every delivery under way. */
  async close(): Promise<void> {
    this.closed = true;
    for (const [endpoint, held] of this.pending) {
      clearTimeout(held.timer);
      this.flush(endpoint);
    }
    await Promise.allSettled([...this.inflight]);
  }
}
