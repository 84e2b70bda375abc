// Server settings, from the environment with sane defaults: everything runs embedded with no external service.
import { z } from 'zod';

const env = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(2567),
  HOST: z.string().default('0.0.0.0'),
  GRACE_SECONDS: z.coerce.number().min(1).max(3600).default(60),
  IDLE_SECONDS: z.coerce.number().min(1).max(86400).default(900),
  RATE_PER_SECOND: z.coerce.number().min(1).max(1000).default(10),
  RATE_BURST: z.coerce.number().min(1).max(1000).default(20),
  ARCHIVE_GAMES: z.coerce.number().int().min(0).max(100000).default(1000),
  CLIENT_DIST: z.string().optional(),
});

export interface Config {
  port: number;
  host: string;
  /** How long a dropped player keeps the seat before the opponent may claim the win (P3). */
  graceSeconds: number;
  /** How long a room with nobody connected is kept before it is disposed. */
  idleSeconds: number;
  ratePerSecond: number;
  rateBurst: number;
  /** Finished games kept in memory for logs and replays. */
  archiveGames: number;
  /** Largest message a client may send, in bytes of JSON (larger gets `too-large`). */
  maxMessageBytes: number;
  /** Hard cap on a WebSocket frame; beyond it the connection is closed. */
  maxPayloadBytes: number;
  maxSpectators: number;
  clientDist?: string;
}

export function loadConfig(source: NodeJS.ProcessEnv = process.env, overrides: Partial<Config> = {}): Config {
  const e = env.parse(source);
  return {
    port: e.PORT,
    host: e.HOST,
    graceSeconds: e.GRACE_SECONDS,
    idleSeconds: e.IDLE_SECONDS,
    ratePerSecond: e.RATE_PER_SECOND,
    rateBurst: e.RATE_BURST,
    archiveGames: e.ARCHIVE_GAMES,
    maxMessageBytes: 4096,
    maxPayloadBytes: 64 * 1024,
    maxSpectators: 500,
    clientDist: e.CLIENT_DIST,
    ...overrides,
  };
}
