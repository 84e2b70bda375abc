// Finished games' logs across processes: the in-memory archive is per process, so behind a shared entry a
// verify, replay or download may reach a process that did not host the game. That process asks its peers over
// Colyseus' own IPC (Redis pub/sub) before answering 404. Only with REDIS_URL; durable games make it moot.
import type { Express, Request, Response, NextFunction } from 'express';
import { matchMaker, requestFromIPC, subscribeIPC } from '@colyseus/core';
import type { GameLog } from '@dicehall/shared';
import type { Config } from '../config';
import type { Archive } from '../store/archive';
import { AddressLimiter } from '../http/matchmake';
import { requestAddress } from '../http/address';
import { log } from '../log';

const GAME_ID = /^[0-9a-f]{16}$/;
const channel = (processId: string) => `dicehall:logs:${processId}`;
/** A peer that does not answer in this time (gone, or busy) is skipped. */
const PEER_TIMEOUT_MS = 1500;

/** Answers peers' questions for logs in this process's archive. Call once the matchmaker is set up. */
export async function serveLogsToPeers(archive: Archive): Promise<void> {
  await subscribeIPC(matchMaker.presence, channel(matchMaker.processId), (method, args) => {
    const gameId = Array.isArray(args) ? args[0] : undefined;
    if (method !== 'log' || typeof gameId !== 'string' || !GAME_ID.test(gameId)) return null;
    return archive.get(gameId) ?? null;
  });
}

/** The log from whichever other process keeps it, or null when none does (or none answers in time). */
export async function logFromPeers(gameId: string, timeoutMs = PEER_TIMEOUT_MS): Promise<GameLog | null> {
  const peers = (await matchMaker.stats.fetchAll()).map((p) => p.processId).filter((id) => id !== matchMaker.processId);
  if (peers.length === 0) return null;
  return new Promise((resolve) => {
    let pending = peers.length;
    for (const id of peers) {
      requestFromIPC<GameLog | null>(matchMaker.presence, channel(id), 'log', [gameId], timeoutMs)
        .then(
          (found) => found && typeof found === 'object' && resolve(found),
          () => undefined,
        )
        .finally(() => --pending === 0 && resolve(null));
    }
  });
}

/**
 * Sits in front of the log route: a game this process keeps goes on to it; otherwise the peers are asked.
 * A miss costs a Redis round trip per peer, so misses are limited per address (then the route's own 404).
 */
export function peerLogRoute(app: Express, archive: Archive, config: Config) {
  const misses = new AddressLimiter(120, 30);
  app.get('/api/games/:gameId/log', (req: Request, res: Response, next: NextFunction) => {
    const gameId = String(req.params.gameId);
    if (!GAME_ID.test(gameId) || archive.get(gameId) || !misses.take(requestAddress(req, config.trustProxy)))
      return next();
    logFromPeers(gameId).then(
      (found) => {
        if (!found) return next();
        res.setHeader('Content-Disposition', `attachment; filename="dicehall-${found.game}-${found.gameId}.json"`);
        res.json(found);
      },
      (e: Error) => {
        log.warn({ event: 'peer-log-failed', error: e.message });
        next();
      },
    );
  });
}
