// HTTP routes of turn notifications: the VAPID public key, a seat's push subscription (proved by its seat token),
// and a lobby's webhook (set, shown as its host only, tested, cleared: the lobby's host alone, by member token).
import { timingSafeEqual } from 'node:crypto';
import express, { type Express, type Request, type Response } from 'express';
import { z } from 'zod';
import type { Config } from '../config';
import { log } from '../log';
import type { Notify, NotifyParts } from '../notify';
import { OutboundError, vet } from '../notify/outbound';
import { hashSeatToken } from '../store/game-store';
import type { Durability } from '../rooms/durability';
import { requestAddress } from './address';
import { originAllowed } from './security';

const roomId = z.string().regex(/^[A-Za-z0-9_-]{1,32}$/);
const token = z.string().min(8).max(200);
const b64url = (min: number, max: number) =>
  z
    .string()
    .min(min)
    .max(max)
    .regex(/^[A-Za-z0-9_-]+=*$/);

const subscribeBody = z.object({
  roomId,
  token,
  subscription: z.object({
    endpoint: z.string().max(1024),
    // P-256 public key (65 bytes) and the 16-byte auth secret, base64url as PushSubscription.toJSON() gives them.
    keys: z.object({ p256dh: b64url(80, 100), auth: b64url(16, 32) }),
  }),
});
const unsubscribeBody = z.object({ roomId, token, endpoint: z.string().max(1024) });
const webhookBody = z.object({ url: z.string().max(2048) });

/** What a lobby's stored snapshot tells about its host (party-room.ts writes it; read, never written, here). */
const lobbyShape = z.object({
  host: z.string(),
  members: z.array(z.object({ id: z.string(), tokenHash: z.string() })),
});

/** Requests one address may make to these routes a minute (a burst of as many). */
const PER_MINUTE = 60;

/** Answers a coded refusal; null, for the helpers that answer it themselves. */
function refuse(res: Response, status: number, code: string, message: string): null {
  res.status(status).json({ code, message });
  return null;
}

const equalHex = (a: string, b: string) => {
  const x = Buffer.from(a, 'hex');
  const y = Buffer.from(b, 'hex');
  return x.length === y.length && x.length > 0 && timingSafeEqual(x, y);
};

export function notifyRoutes(app: Express, notify: Notify, durable: Durability, config: Config) {
  const router = express.Router();
  const json = express.json({ limit: '4kb' });

  // Counted per address on these routes only (mounted under /api, the router sees every API request).
  const buckets = new Map<string, { tokens: number; at: number }>();
  const limited: express.RequestHandler = (req, res, next) => {
    const key = requestAddress(req, config.trustProxy);
    const now = Date.now();
    const b = buckets.get(key) ?? { tokens: PER_MINUTE, at: now };
    b.tokens = Math.min(PER_MINUTE, b.tokens + ((now - b.at) * PER_MINUTE) / 60_000);
    b.at = now;
    buckets.set(key, b);
    if (buckets.size > 10_000) for (const [k, x] of buckets) if (x.tokens >= PER_MINUTE) buckets.delete(k);
    if (b.tokens < 1) return refuse(res, 429, 'rate-limited', 'Too many requests; try again in a minute.');
    b.tokens -= 1;
    next();
  };
  const route = [limited, json];

  const parts = async (res: Response): Promise<NotifyParts | null> => {
    const p = await notify.ready;
    if (!p) refuse(res, 503, 'notify-off', 'Notifications need the game store, which this server runs without.');
    return p;
  };

  router.get('/push/key', ...route, async (_req, res) => {
    const p = await parts(res);
    if (p) res.json({ publicKey: p.push.publicKey });
  });

  router.post('/push/subscribe', ...route, async (req, res) => {
    const body = subscribeBody.safeParse(req.body);
    if (!body.success) return refuse(res, 400, 'bad-subscription', 'That is not a push subscription for a seat.');
    const p = await parts(res);
    if (!p) return;
    const { roomId: room, token: seatToken, subscription } = body.data;
    const hash = hashSeatToken(seatToken);
    const seat = await p.store.seatInRoom(room, hash);
    if (!seat) return refuse(res, 403, 'no-seat', 'That token holds no seat in a started game of that room.');
    try {
      await p.push.vetEndpoint(subscription.endpoint);
    } catch (err) {
      const code = err instanceof OutboundError ? err.code : 'bad-url';
      return refuse(res, 400, `endpoint-${code}`, 'That push endpoint is not one of the browsers’ push services.');
    }
    await p.store.subscribe(hash, room, { endpoint: subscription.endpoint, ...subscription.keys });
    res.json({ ok: true, seat: seat.seat });
  });

  router.post('/push/unsubscribe', ...route, async (req, res) => {
    const body = unsubscribeBody.safeParse(req.body);
    if (!body.success) return refuse(res, 400, 'bad-request', 'A room, a seat token and an endpoint are needed.');
    const p = await parts(res);
    if (!p) return;
    const hash = hashSeatToken(body.data.token);
    if (!(await p.store.seatInRoom(body.data.roomId, hash)))
      return refuse(res, 403, 'no-seat', 'That token holds no seat in that room.');
    res.json({ ok: true, removed: await p.store.unsubscribe(hash, body.data.endpoint) });
  });

  /** The lobby's host, proved by the member token in `Authorization: Bearer …`; answers the refusal itself. */
  const asHost = async (req: Request, res: Response): Promise<{ partyId: string; parts: NotifyParts } | null> => {
    const id = roomId.safeParse(req.params.id);
    if (!id.success) return refuse(res, 400, 'bad-party-id', 'That is not a party id.');
    const bearer = /^Bearer ([A-Za-z0-9_-]{8,200})$/.exec(req.headers.authorization ?? '')?.[1];
    if (!bearer) return refuse(res, 401, 'no-token', 'The host’s member token is needed.');
    const p = await parts(res);
    if (!p) return null;
    const store = await durable.store;
    const stored = lobbyShape.safeParse(await store?.loadLobby(id.data));
    if (!stored.success) return refuse(res, 404, 'party-not-found', 'No such party.');
    const host = stored.data.members.find((m) => m.id === stored.data.host);
    if (!host || !equalHex(host.tokenHash, hashSeatToken(bearer)))
      return refuse(res, 403, 'not-host', 'Only the party’s host can do that.');
    return { partyId: id.data, parts: p };
  };

  router.get('/parties/:id/webhook', ...route, async (req, res) => {
    const ok = await asHost(req, res);
    if (!ok) return;
    const hook = await ok.parts.store.webhook(ok.partyId);
    res.json(hook ? { set: true, host: hook.host } : { set: false });
  });

  router.put('/parties/:id/webhook', ...route, async (req, res) => {
    const body = webhookBody.safeParse(req.body);
    if (!body.success) return refuse(res, 400, 'bad-webhook', 'A webhook URL is needed.');
    const ok = await asHost(req, res);
    if (!ok) return;
    let host: string;
    try {
      host = (await vetHook(ok.parts, body.data.url)).host;
    } catch (err) {
      if (!(err instanceof OutboundError)) throw err;
      return refuse(res, 400, `webhook-${err.code}`, err.message);
    }
    // Links in the lobby's posts point at the site the host set it up from (PUBLIC_URL overrides).
    const origin = req.headers.origin;
    const baseUrl =
      origin && origin !== 'null' && originAllowed(origin, req, config)
        ? origin
        : `${req.protocol}://${req.headers.host ?? 'localhost'}`;
    await ok.parts.store.setWebhook(ok.partyId, { url: body.data.url, host, baseUrl });
    log.info({ event: 'webhook-set', party: ok.partyId, host });
    res.json({ set: true, host });
  });

  router.delete('/parties/:id/webhook', ...route, async (req, res) => {
    const ok = await asHost(req, res);
    if (!ok) return;
    await ok.parts.store.clearWebhook(ok.partyId);
    log.info({ event: 'webhook-cleared', party: ok.partyId });
    res.json({ set: false });
  });

  router.post('/parties/:id/webhook/test', ...route, async (req, res) => {
    const ok = await asHost(req, res);
    if (!ok) return;
    const hook = await ok.parts.store.webhook(ok.partyId);
    if (!hook) return refuse(res, 404, 'no-webhook', 'This party has no webhook.');
    const outcome = await ok.parts.webhook.test(hook, 'Dicehall will post turns of this party’s games here');
    res.json({ host: hook.host, ...outcome });
  });

  app.use('/api', router);
}

function vetHook(parts: NotifyParts, url: string) {
  return vet(url, parts.webhook.rules);
}
