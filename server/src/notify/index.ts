// Turn notifications of one server process: listens to turn changes (../days/turn-events) and hands each to Web Push
// and the lobby's webhook. Both need the store (subscriptions, keys, webhooks): without one they stay off.
import webPush from 'web-push';
import { log } from '../log';
import { onTurnChange, type TurnChange } from '../days/turn-events';
import type { Durability } from '../rooms/durability';
import { NotifyStore, sqlOf } from '../store/notify-store';
import { PushSender } from './push';
import { notifySettingsFromEnv, type NotifySettings } from './settings';
import { WebhookSender } from './webhook';

export interface NotifyParts {
  store: NotifyStore;
  push: PushSender;
  webhook: WebhookSender;
}

export class Notify {
  readonly settings: NotifySettings;
  /** Resolves once the store is open and the VAPID keys are known; null parts: notifications are off. */
  readonly ready: Promise<NotifyParts | null>;
  private parts: NotifyParts | null = null;
  private readonly stop: () => void;
  private inflight = new Set<Promise<unknown>>();
  private pruner: NodeJS.Timeout | undefined;

  constructor(
    private readonly durable: Durability,
    overrides: Partial<NotifySettings> = {},
  ) {
    this.settings = notifySettingsFromEnv(process.env, overrides);
    this.ready = this.open().catch((err: Error) => {
      log.error({ event: 'notify-off', error: err.message });
      return null;
    });
    this.stop = onTurnChange((change) => this.track(this.handle(change)));
  }

  private async open(): Promise<NotifyParts | null> {
    const opening = this.durable.store;
    if (!opening) return null;
    const sql = sqlOf(await opening);
    if (!sql) return null;
    const store = new NotifyStore(sql);
    const s = this.settings;
    const keys =
      s.vapidPublicKey && s.vapidPrivateKey
        ? { publicKey: s.vapidPublicKey, privateKey: s.vapidPrivateKey }
        : await store.vapidKeys(() => webPush.generateVAPIDKeys());
    this.parts = { store, push: new PushSender(store, keys, s), webhook: new WebhookSender(store, s) };
    // Now and every six hours: rows of games and lobbies the store no longer has.
    const prune = () =>
      void store.prune().catch((err: Error) => log.warn({ event: 'notify-prune-failed', error: err.message }));
    prune();
    this.pruner = setInterval(prune, 6 * 3600_000);
    this.pruner.unref();
    return this.parts;
  }

  /** Both ways at once; a failure of one is logged and does not hold the other. */
  private async handle(change: TurnChange): Promise<void> {
    const parts = this.parts ?? (await this.ready);
    if (!parts) return;
    const [push, hook] = await Promise.allSettled([parts.push.onChange(change), parts.webhook.onChange(change)]);
    for (const r of [push, hook])
      if (r.status === 'rejected') log.warn({ event: 'notify-failed', error: String((r.reason as Error)?.message) });
  }

  private track(p: Promise<unknown>): Promise<void> {
    this.inflight.add(p);
    return p.then(
      () => {
        this.inflight.delete(p);
      },
      () => {
        this.inflight.delete(p);
      },
    );
  }

  /** Stops listening, sends what is held and waits for it (within each request's own deadline). */
  async close(): Promise<void> {
    this.stop();
    clearInterval(this.pruner);
    await Promise.allSettled([...this.inflight]);
    const parts = this.parts;
    if (parts) await Promise.allSettled([parts.push.close(), parts.webhook.close()]);
  }
}
