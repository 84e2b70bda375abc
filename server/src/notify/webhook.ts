// A lobby's webhook: every turn change of the lobby's games posts one line to a Discord- or Slack-compatible URL,
// through ./outbound's guards, at most `webhookPerMinute` a lobby (a token bucket; the rest are dropped and counted),
// one post at a time per lobby so they arrive in order. The URL is a secret: logs and answers name its host only.
import { log } from '../log';
import type { TurnChange } from '../days/turn-events';
import type { NotifyStore, WebhookRow } from '../store/notify-store';
import { OutboundError, send, vet, type OutboundRules } from './outbound';
import type { NotifySettings } from './settings';
import { tablePath, turnSentence } from './words';

export interface WebhookStats {
  sent: number;
  failed: number;
  limited: number;
}

/** Slack reads `text` and its own markup; everything else is taken as Discord's `content`. */
const slack = (host: string) => host === 'hooks.slack.com' || host.endsWith('.slack.com');

/** The body for the hook's kind. Player names are the players' own: no mention or markup of theirs may ping anyone. */
export function webhookBody(host: string, said: string, link: string): string {
  // Discord takes at most 2,000 characters of content; long names are cut, the link never.
  const sentence = said.length > 1500 ? `${said.slice(0, 1499)}…` : said;
  if (slack(host)) {
    const escaped = sentence.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
    return JSON.stringify({ text: `${escaped} — <${link}>` });
  }
  return JSON.stringify({ content: `${sentence} — ${link}`, allowed_mentions: { parse: [] } });
}

interface Bucket {
  tokens: number;
  at: number;
}

export class WebhookSender {
  readonly stats: WebhookStats = { sent: 0, failed: 0, limited: 0 };
  private buckets = new Map<string, Bucket>();
  private chains = new Map<string, Promise<void>>();
  private closed = false;
  readonly rules: OutboundRules;

  constructor(
    private readonly store: NotifyStore,
    private readonly settings: NotifySettings,
  ) {
    this.rules = {
      hosts: settings.webhookHosts,
      privateHosts: settings.privateHosts,
      timeoutMs: settings.timeoutMs,
      maxResponseBytes: settings.maxResponseBytes,
      ca: settings.ca,
    };
  }

  onChange(change: TurnChange): Promise<void> {
    const partyId = change.partyId;
    if (this.closed || !partyId) return Promise.resolve();
    if (change.toAct.length === 0 && !change.over) return Promise.resolve();
    // In the order heard, one at a time per lobby: the look-up of the hook is inside the lobby's chain too.
    const next = (this.chains.get(partyId) ?? Promise.resolve()).then(() => this.deliver(partyId, change));
    this.chains.set(partyId, next);
    void next.finally(() => {
      if (this.chains.get(partyId) === next) this.chains.delete(partyId);
    });
    return next;
  }

  private async deliver(partyId: string, change: TurnChange): Promise<void> {
    const hook = await this.store.webhook(partyId);
    if (!hook || this.closed) return;
    if (!this.take(partyId)) {
      this.stats.limited++;
      log.warn({ event: 'webhook-limited', party: partyId });
      return;
    }
    const link = `${this.settings.publicUrl ?? hook.baseUrl}${tablePath(change.roomId)}`;
    await this.post(partyId, hook, webhookBody(hook.host, turnSentence(change), link));
  }

  /** Posts a test line now (the host's "Test" button): resolves with the outcome, for the answer. */
  async test(hook: WebhookRow, sentence: string): Promise<{ ok: boolean; code?: string; status?: number }> {
    const body = webhookBody(hook.host, sentence, `${this.settings.publicUrl ?? hook.baseUrl}/`);
    try {
      const target = await vet(hook.url, this.rules);
      const answer = await send(target, request(body), this.rules);
      return answer.status >= 200 && answer.status < 300
        ? { ok: true, status: answer.status }
        : { ok: false, code: 'refused', status: answer.status };
    } catch (err) {
      return { ok: false, code: err instanceof OutboundError ? err.code : 'error' };
    }
  }

  /** A token bucket per lobby: `webhookPerMinute` a minute, as a burst of as many. */
  private take(partyId: string): boolean {
    const now = Date.now();
    const perMs = this.settings.webhookPerMinute / 60_000;
    const cap = this.settings.webhookPerMinute;
    const b = this.buckets.get(partyId) ?? { tokens: cap, at: now };
    b.tokens = Math.min(cap, b.tokens + (now - b.at) * perMs);
    b.at = now;
    this.buckets.set(partyId, b);
    if (this.buckets.size > 10_000) for (const [id, x] of this.buckets) if (x.tokens >= cap) this.buckets.delete(id);
    if (b.tokens < 1) return false;
    b.tokens -= 1;
    return true;
  }

  private async post(partyId: string, hook: WebhookRow, body: string): Promise<void> {
    try {
      // Vetted at every post, not only when set: the name may resolve elsewhere today.
      const target = await vet(hook.url, this.rules);
      const answer = await send(target, request(body), this.rules);
      if (answer.status >= 200 && answer.status < 300) {
        this.stats.sent++;
        return;
      }
      this.stats.failed++;
      log.warn({ event: 'webhook-refused', party: partyId, host: hook.host, status: answer.status });
    } catch (err) {
      this.stats.failed++;
      const code = err instanceof OutboundError ? err.code : 'error';
      log.warn({ event: 'webhook-failed', party: partyId, host: hook.host, code });
    }
  }

  async close(): Promise<void> {
    this.closed = true;
    await Promise.allSettled([...this.chains.values()]);
  }
}

function request(body: string) {
  return {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'content-length': Buffer.byteLength(body),
      'user-agent': 'Dicehall-Webhook/1',
    },
    body,
  };
}
