// Server settings, from the environment with sane defaults: everything runs embedded with no external service.
import { z } from 'zod';

const list = z
  .string()
  .default('')
  .transform((s) =>
    s
      .split(',')
      .map((x) => x.trim())
      .filter(Boolean),
  );

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default('0.0.0.0'),
  GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  // Keep-alive: each socket is pinged this often (spread over the interval: ./heartbeat); one that misses two pings
  // in a row is closed and its seat enters the grace period. 5 s: a silently dead socket (a phone that lost its
  // network without closing) is noticed within 10–15 s, well inside a 60 s grace; 6,000 sockets cost 1,200 pings a
  // second, spread evenly (bench/RESULTS.md). A closed tab or a reset connection is noticed at once either way.
  PING_SECONDS: z.coerce.number().min(0.05).max(300).default(5),
  IDLE_SECONDS: z.coerce.number().min(1).max(86400).default(900),
  RATE_PER_SECOND: z.coerce.number().min(1).max(1000).default(10),
  RATE_BURST: z.coerce.number().min(1).max(1000).default(20),
  ARCHIVE_GAMES: z.coerce.number().int().min(0).max(100000).default(1000),
  ARCHIVE_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(20),
  RESERVATION_SECONDS: z.coerce.number().min(1).max(120).default(15),
  MAX_SPECTATORS: z.coerce.number().int().min(0).max(10000).default(200),
  ROOMS_PER_MINUTE: z.coerce.number().min(1).max(100000).default(30),
  JOINS_PER_MINUTE: z.coerce.number().min(1).max(100000).default(240),
  ALLOWED_ORIGINS: list,
  TRUST_PROXY: z
    .enum(['0', '1', 'true', 'false'])
    .default('0')
    .transform((v) => v === '1' || v === 'true'),
  CLIENT_DIST: z.string().optional(),
  // On by default for frames of 1 KiB or more (./deflate); `off` for operators who compress elsewhere.
  WIRE_DEFLATE: z.enum(['off', 'large', 'all']).default('large'),
  NODE_ID: z
    .string()
    .regex(/^[\w.:-]{1,100}$/)
    .optional(),
  // Resume leases (PostgreSQL): a dead process's games come back elsewhere within this long; renewed every third.
  LEASE_MS: z.coerce.number().int().min(1000).max(600000).default(3000),
  BOT_THREADS: z.coerce.number().int().min(1).max(16).default(1),
  BOT_BUDGET_MS: z.coerce.number().int().min(10).max(10000).default(300),
  BOT_PACE_MS: z.coerce.number().int().min(0).max(10000).default(600),
  // Rooms against the computer one address (an IPv6 /64) may have in play at once; more are refused, "computer-busy".
  BOT_ROOMS_PER_ADDRESS: z.coerce.number().int().min(1).max(100000).default(4),
  // Empty counts as unset, so a compose file can leave them blank.
  REDIS_URL: z
    .string()
    .regex(/^(rediss?:\/\/.+)?$/, 'redis://host:port[/db]')
    .optional()
    .transform((v) => v || undefined),
  PUBLIC_ADDRESS: z
    .string()
    .regex(/^([A-Za-z0-9.:[\]-]+(\/[A-Za-z0-9._~-]+)*)?$/, 'host[:port][/path], no scheme')
    .optional()
    .transform((v) => v || undefined),
});

export interface Config {
  port: number;
  host: string;
  /** How long a dropped player keeps the seat before the opponent may claim the win (P3). Server policy, shown before sitting. */
  graceSeconds: number;
  /** Each socket's keep-alive ping interval; two missed pings close it (./heartbeat). */
  pingSeconds: number;
  /** How long a room with nobody connected is kept before it is disposed. */
  idleSeconds: number;
  /** Frames per second (and burst) one socket may send; counted before decoding. */
  ratePerSecond: number;
  rateBurst: number;
  /** Refused frames a socket may send (decaying one a second) before it is closed. */
  strikeLimit: number;
  /** Finished games kept in memory for logs and replays, and at most this many per creating address. */
  archiveGames: number;
  archivePerAddress: number;
  /** Largest message payload a client may send, in raw bytes (larger gets `too-large`). */
  maxMessageBytes: number;
  /** Hard cap on a WebSocket frame (the message limit plus its type header); beyond it the socket is closed. */
  maxPayloadBytes: number;
  /** Spectators per room (seat-token holders are always admitted on top). */
  maxSpectators: number;
  /** Unused seat reservations one address may hold in one room. */
  reservationsPerAddress: number;
  /** How long a seat reservation lasts; a room nobody ever joined is disposed when it lapses. */
  reservationSeconds: number;
  /** Rooms one address may create per minute (burst of a quarter of it), and joins per minute. */
  roomsPerMinute: number;
  joinsPerMinute: number;
  /** Largest matchmaking request body, in bytes; refused before it is buffered. */
  maxBodyBytes: number;
  /** Chat lines per second for a whole room (players' budget and spectators' budget). */
  chatPerSecond: number;
  spectatorChatPerSecond: number;
  /** Browser origins allowed besides the server's own (scheme://host[:port]). */
  allowedOrigins: string[];
  /** Behind a reverse proxy: take the client's address from X-Forwarded-For and TLS from X-Forwarded-Proto. */
  trustProxy: boolean;
  clientDist?: string;
  /** WebSocket permessage-deflate: off, large messages only, or all (./deflate has the figures). */
  wireDeflate: 'off' | 'large' | 'all';
  /**
   * This process's name as the owner of resume leases. A process restarted under the same name takes its own
   * leases back at once; another name waits for them to lapse. Default: host name and port.
   */
  nodeId?: string;
  /** How long a resume lease lasts (renewed every third of it): a killed process's games wait at most this long. */
  leaseMs?: number;
  /** Worker threads shared by every room's bots. */
  botThreads: number;
  /** Thinking time a bot move may take; past it (plus botMarginMs) the room plays a random legal action for it. */
  botBudgetMs: number;
  botMarginMs: number;
  /** A bot's move is shown no sooner than this after the position it answers (so people can follow it). */
  botPaceMs: number;
  /** Rooms against the computer one address may have in play at once (a new one beyond it is refused). */
  botRoomsPerAddress: number;
  /** Tests only: every bot busy-waits this long in its thread before thinking (a slow bot). */
  botDelayMs: number;
  /** Tests only: each room keeps every input it gave its bots (RoomBots.asks). */
  botRecord: boolean;
  /** Scale-out: Colyseus presence and matchmaking in this Redis (unset: in this process only). */
  redisUrl?: string;
  /** Scale-out: where browsers reach this very process (host[:port][/path]), given out with seat reservations. */
  publicAddress?: string;
  /** Turn notifications' settings over those of the environment (tests: loopback endpoints, a test CA). */
  notify?: Partial<import('./notify/settings').NotifySettings>;
}

/** Room for the message type and MessagePack headers on top of the payload limit. */
export const FRAME_OVERHEAD = 80;

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = env.parse(source);
  const maxMessageBytes = overrides.maxMessageBytes ?? 4096;
  return {
    port: e.PORT,
    host: e.HOST,
    graceSeconds: e.GRACE_SECONDS,
    pingSeconds: e.PING_SECONDS,
    idleSeconds: e.IDLE_SECONDS,
    ratePerSecond: e.RATE_PER_SECOND,
    rateBurst: e.RATE_BURST,
    strikeLimit: 30,
    archiveGames: e.ARCHIVE_GAMES,
    archivePerAddress: e.ARCHIVE_PER_ADDRESS,
    maxMessageBytes,
    maxPayloadBytes: maxMessageBytes + FRAME_OVERHEAD,
    maxSpectators: e.MAX_SPECTATORS,
    reservationsPerAddress: 4,
    reservationSeconds: e.RESERVATION_SECONDS,
    roomsPerMinute: e.ROOMS_PER_MINUTE,
    joinsPerMinute: e.JOINS_PER_MINUTE,
    maxBodyBytes: 8 * 1024,
    chatPerSecond: 4,
    spectatorChatPerSecond: 1,
    allowedOrigins: e.ALLOWED_ORIGINS,
    trustProxy: e.TRUST_PROXY,
    clientDist: e.CLIENT_DIST,
    wireDeflate: e.WIRE_DEFLATE,
    nodeId: e.NODE_ID,
    leaseMs: e.LEASE_MS,
    botThreads: e.BOT_THREADS,
    botBudgetMs: e.BOT_BUDGET_MS,
    botMarginMs: 200,
    botPaceMs: e.BOT_PACE_MS,
    botRoomsPerAddress: e.BOT_ROOMS_PER_ADDRESS,
    botDelayMs: 0,
    botRecord: false,
    redisUrl: e.REDIS_URL,
    publicAddress: e.PUBLIC_ADDRESS,
    ...overrides,
  };
}
