// Scale-out (issue 12, item 4): with REDIS_URL, Colyseus' presence (pub/sub, IPC, locks) and its matchmaking
// driver (the room listing) live in Redis, so every process finds every room; PUBLIC_ADDRESS is where browsers
// reach this process, handed out with each seat reservation. Without REDIS_URL nothing here is loaded.
import { matchMaker, type Presence, type ServerOptions } from '@colyseus/core';
import type { Config } from '../config';
import { log } from '../log';

export type ClusterOptions = Pick<
  ServerOptions,
  'presence' | 'driver' | 'publicAddress' | 'selectProcessIdToCreateRoom'
>;

/**
 * A room is created on the process that was asked for it (Colyseus' default would pick the process with the
 * fewest rooms and create it there over IPC): the reverse proxy already spreads requests over the processes,
 * the creator's join skips a Redis round trip, and a lobby for friends keeps its tables in its own process.
 */
const createHere: ClusterOptions['selectProcessIdToCreateRoom'] = async () => matchMaker.processId;

export async function clusterOptions(config: Config): Promise<ClusterOptions> {
  if (!config.redisUrl) return config.publicAddress ? { publicAddress: config.publicAddress } : {};
  if (!config.publicAddress) {
    // Without it a browser is sent to the shared entry, which may be another process: "seat reservation expired".
    throw new Error(
      'REDIS_URL is set but PUBLIC_ADDRESS is not: each process needs the address browsers reach it at (host[:port][/path])',
    );
  }
  // Loaded only when asked for, so `npm start` never touches ioredis.
  const [{ RedisPresence }, { RedisDriver }] = await Promise.all([
    import('@colyseus/redis-presence'),
    import('@colyseus/redis-driver'),
  ]);
  const presence = new RedisPresence(config.redisUrl);
  const driver = new RedisDriver(config.redisUrl);
  quietErrors(presence, driver);
  log.info({ event: 'cluster', publicAddress: config.publicAddress, redis: redact(config.redisUrl) });
  return { presence, driver, publicAddress: config.publicAddress, selectProcessIdToCreateRoom: createHere };
}

/** ioredis retries a lost connection by itself; without a listener each failure would print a stack to stderr. */
function quietErrors(presence: Presence, driver: unknown) {
  let last = 0;
  const onError = (e: Error) => {
    const now = Date.now();
    if (now - last < 10_000) return;
    last = now;
    log.error({ event: 'redis-error', error: e.message });
  };
  const p = presence as unknown as { pub?: NodeJS.EventEmitter; sub?: NodeJS.EventEmitter };
  const d = driver as { _client?: NodeJS.EventEmitter };
  for (const client of [p.pub, p.sub, d._client]) client?.on('error', onError);
}

/** The URL without its password, for the log. */
export function redact(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'redis://?';
  }
}
