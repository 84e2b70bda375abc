// The matchmaking front door, in place of Colyseus' own handler: answers every method, checks the Origin,
// limits requests per address, and refuses a large body before buffering it. Then the matchmaker runs as usual.
import type { IncomingMessage, RequestListener, ServerResponse } from 'node:http';
import { getBearerToken, matchMaker } from '@colyseus/core';
import type { Config } from '../config';
import { TokenBucket } from '../rooms/rate-limit';
import { clientFault, log } from '../log';
import { requestAddress } from './address';
import { newAsk, takeRefusal } from './refusals';
import { originAllowed } from './security';
import { ClusterLimiter } from '../scale/cluster-limit';

const ROUTE = /^\/matchmake\/(joinOrCreate|create|join|joinById|reconnect)\/([A-Za-z0-9_-]{1,64})\/?$/;
const CREATES = new Set(['create', 'joinOrCreate']);

/** Token buckets per address, forgotten once they are full again (an idle address costs nothing). */
export class AddressLimiter {
  private buckets = new Map<string, { bucket: TokenBucket; last: number }>();
  private calls = 0;
  constructor(
    private readonly perMinute: number,
    private readonly burst: number,
  ) {}
  take(address: string): boolean {
    const now = Date.now();
    if (++this.calls % 1000 === 0) this.sweep(now);
    let b = this.buckets.get(address);
    if (!b) {
      b = { bucket: new TokenBucket(this.perMinute / 60, this.burst), last: now };
      this.buckets.set(address, b);
    }
    b.last = now;
    return b.bucket.take();
  }
  private sweep(now: number) {
    const full = (this.burst / this.perMinute) * 60_000;
    for (const [k, b] of this.buckets) if (now - b.last > full) this.buckets.delete(k);
  }
}

function reply(res: ServerResponse, status: number, body: unknown, headers: Record<string, string> = {}) {
  if (res.headersSent) return;
  res.writeHead(status, { 'Content-Type': 'application/json', 'X-Content-Type-Options': 'nosniff', ...headers });
  res.end(JSON.stringify(body));
}

const refusal = (code: string, message: string) => ({ code, error: message, message });

/** Reads a body up to `max` bytes; undefined (and an answered 413) when it is larger. */
function readBody(
  req: IncomingMessage,
  res: ServerResponse,
  max: number,
  cors: Record<string, string>,
): Promise<Buffer | undefined> {
  return new Promise((resolve) => {
    const tooLarge = () => {
      // Close after answering: the rest of the body is never read, let alone buffered.
      reply(res, 413, refusal('body-too-large', `Requests are limited to ${max} bytes.`), {
        ...cors,
        Connection: 'close',
      });
      req.removeAllListeners('data');
      req.on('data', () => undefined);
      resolve(undefined);
    };
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > max) return tooLarge();
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size > max) return tooLarge();
      chunks.push(chunk);
    });
    req.on('end', () => resolve(size > max ? undefined : Buffer.concat(chunks)));
    req.on('error', () => resolve(undefined));
  });
}

/**
 * `beforeJoinById`: brings a stored game back under its room id before a join by id looks for it (durable games);
 * 'busy' means another process still holds it.
 */
const HOST_DEAD = Symbol('host-dead');

export function matchmakeFrontDoor(
  config: Config,
  other: RequestListener,
  beforeJoinById?: (roomId: string) => Promise<string>,
  watchHost?: (roomId: string) => { dead: Promise<void>; cancel(): void },
): RequestListener {
  const creates = new AddressLimiter(config.roomsPerMinute, Math.max(1, Math.ceil(config.roomsPerMinute / 4)));
  const joins = new AddressLimiter(config.joinsPerMinute, Math.max(1, Math.ceil(config.joinsPerMinute / 4)));
  // Scaled out, the same budgets also hold across all processes (./scale/cluster-limit).
  const shared = config.redisUrl
    ? {
        creates: new ClusterLimiter('create', config.roomsPerMinute),
        joins: new ClusterLimiter('join', config.joinsPerMinute),
      }
    : null;

  async function handle(req: IncomingMessage, res: ServerResponse) {
    const origin = req.headers.origin;
    if (!originAllowed(origin, req, config)) {
      clientFault('origin-refused', { origin: String(origin).slice(0, 80) });
      return reply(res, 403, refusal('origin-refused', 'This page may not use this server.'));
    }
    const cors: Record<string, string> = origin
      ? { 'Access-Control-Allow-Origin': origin, 'Access-Control-Allow-Credentials': 'true', Vary: 'Origin' }
      : {};
    if (req.method === 'OPTIONS') {
      res.writeHead(204, {
        ...cors,
        'Access-Control-Allow-Methods': 'POST, OPTIONS',
        'Access-Control-Allow-Headers': 'Content-Type, Authorization',
        'Access-Control-Max-Age': '600',
      });
      return res.end();
    }
    if (req.method !== 'POST') {
      return reply(res, 405, refusal('method-not-allowed', 'Matchmaking takes POST.'), {
        ...cors,
        Allow: 'POST, OPTIONS',
      });
    }
    if (matchMaker.state === matchMaker.MatchMakerState.SHUTTING_DOWN)
      return reply(res, 503, refusal('shutting-down', 'The server is restarting.'), cors);
    const route = ROUTE.exec((req.url ?? '').split('?')[0] ?? '');
    if (!route) return reply(res, 404, refusal('not-found', 'No such matchmaking route.'), cors);
    // Both groups are required by the pattern: a match has them.
    const method = route[1]!;
    const roomName = route[2]!;
    const ip = requestAddress(req, config.trustProxy);
    if (
      !(CREATES.has(method) ? creates : joins).take(ip) ||
      (shared && !(await (CREATES.has(method) ? shared.creates : shared.joins).take(ip)))
    ) {
      clientFault('matchmake-rate-limited', { method, ip });
      return reply(res, 429, refusal('too-many-requests', 'Too many requests from your address; wait a moment.'), {
        ...cors,
        'Retry-After': '10',
      });
    }
    const body = await readBody(req, res, config.maxBodyBytes, cors);
    if (body === undefined) return;
    let options: unknown;
    try {
      options = body.length ? JSON.parse(body.toString('utf8')) : {};
    } catch {
      return reply(res, 400, refusal('bad-json', 'The request body is not JSON.'), cors);
    }
    if (options === null || typeof options !== 'object' || Array.isArray(options)) {
      return reply(res, 400, refusal('bad-options', 'The request body must be a JSON object.'), cors);
    }
    // A room that refuses the reservation notes why under this id (Colyseus itself would say "already full").
    const ask = newAsk();
    try {
      if (method === 'joinById' && beforeJoinById && (await beforeJoinById(roomName)) === 'busy') {
        return reply(
          res,
          200,
          { code: 4212, error: `room "${roomName}" is being resumed; try again in a moment` },
          cors,
        );
      }
      const invoking = matchMaker.controller.invokeMethod(method, roomName, options, {
        token: getBearerToken(req.headers.authorization ?? ''),
        headers: req.headers,
        ip,
        ask,
        req,
      } as never);
      // A join held up by a dead hosting process is answered "try again" as soon as the death is known (fast failover).
      const watch = method === 'joinById' ? watchHost?.(roomName) : undefined;
      const response = await (watch
        ? Promise.race([invoking, watch.dead.then(() => HOST_DEAD)]).finally(() => watch.cancel())
        : invoking);
      if (response === HOST_DEAD) {
        invoking.catch(() => {});
        return reply(
          res,
          200,
          { code: 4212, error: `room "${roomName}" is being resumed; try again in a moment` },
          cors,
        );
      }
      reply(res, 200, response, cors);
    } catch (e) {
      const err = e as { code?: number; message?: string };
      const refused = takeRefusal(ask);
      if (refused) return reply(res, 200, { code: 403, error: `${refused.code}: ${refused.message}` }, cors);
      reply(res, 200, { code: err.code, error: String(err.message ?? 'matchmaking failed').slice(0, 200) }, cors);
    }
  }

  return (req, res) => {
    const path = (req.url ?? '/').split('?')[0] ?? '/';
    if (path !== '/matchmake' && !path.startsWith('/matchmake/')) return other(req, res);
    handle(req, res).catch((e: Error) => {
      log.error({ event: 'matchmake-error', error: e.message });
      reply(res, 500, refusal('server-error', 'Something went wrong.'));
    });
  };
}
