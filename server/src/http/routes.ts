// HTTP routes: health, the game catalogue, room look-up, finished games' logs, and the built client.
import path from 'node:path';
import fs from 'node:fs';
import express, { type Express } from 'express';
import { matchMaker } from '@colyseus/core';
import { games } from '@dicehall/shared';
import type { Archive } from '../store/archive';
import { serveClient } from './static';
import type { RoomSummary } from './room-page';
import type { Durability } from '../rooms/durability';
import type { StoreHealth } from '../store/guarded-store';
import { daysRoutes } from '../days/routes';

const roomId = /^[A-Za-z0-9_-]{1,32}$/;
const gameId = /^[0-9a-f]{16}$/;

/** A live room's summary: one key from the driver (a query would read every room's listing from Redis when scaled out). */
async function summary(id: string): Promise<RoomSummary | null> {
  const room = await matchMaker.getRoomById(id);
  return room
    ? { roomId: room.roomId, metadata: room.metadata as RoomSummary['metadata'], clients: room.clients }
    : null;
}

/** The room's latest finished game in the store (the room itself gone: disposed, or the server restarted). */
async function finishedIn(durable: Durability | undefined, id: string): Promise<{ gameId: string } | null> {
  if (!durable?.store || !durable.ready) return null;
  try {
    const gameId = await (await durable.store).finishedInRoom(id);
    return gameId ? { gameId } : null;
  } catch {
    // The store failing a read: the link says the room is not here rather than fail.
    return null;
  }
}

export function routes(app: Express, archive: Archive, clientDist: string | undefined, durable?: Durability) {
  app.disable('x-powered-by');
  app.use(express.json({ limit: '8kb' }));

  // The store's health once it is open (../store/guarded-store).
  let storeHealth: StoreHealth | undefined;
  void durable?.store?.then(
    (s) => {
      storeHealth = s.health;
    },
    () => {},
  );

  app.get('/health', (_req, res) => {
    // `ready`: the game store is open (or there is none), so games are stored and can be resumed.
    const trouble = storeHealth?.trouble;
    if (trouble) {
      // The store cannot take a write: not ready (a load balancer sends new players elsewhere), and why.
      return res.status(503).json({
        ok: true,
        ready: false,
        store: 'unavailable',
        reason: trouble.reason,
        since: new Date(trouble.since).toISOString(),
        uptime: Math.round(process.uptime()),
      });
    }
    res.json({
      ok: true,
      ready: durable?.ready ?? true,
      store: durable?.status ?? 'off',
      uptime: Math.round(process.uptime()),
    });
  });

  app.get('/api/games', (_req, res) => {
    res.json(
      Object.values(games).map((g) => ({ id: g.id, name: g.name, pitch: g.pitch, seats: g.seats, listed: g.listed })),
    );
  });

  // Tells a link whether its room still exists before the client tries to join it.
  app.get('/api/rooms/:id', async (req, res) => {
    if (!roomId.test(req.params.id))
      return res.status(400).json({ code: 'bad-room-id', message: 'That is not a room id.' });
    let room = await summary(req.params.id);
    // A room whose game is in the store but not live (the server restarted) comes back now, under its id.
    if (!room && durable && (await durable.ensureRoom(req.params.id)) === 'resumed')
      room = await summary(req.params.id);
    if (!room) {
      // A room link outlives its room: its last finished game is answered (410, with its game id) from the store.
      const finished = await finishedIn(durable, req.params.id);
      if (finished)
        return res.status(410).json({ code: 'game-finished', message: 'That game has finished.', ...finished });
      return res
        .status(404)
        .json({ code: 'room-not-found', message: 'No such room: it may have ended or the link is wrong.' });
    }
    res.json(room);
  });

  // The complete log of a finished game (seed revealed), for the verifier and replays.
  app.get('/api/games/:gameId/log', async (req, res) => {
    if (!gameId.test(req.params.gameId))
      return res.status(400).json({ code: 'bad-game-id', message: 'That is not a game id.' });
    // Recent games from memory; any other game ever finished on this store (within retention) from the store.
    const log = archive.get(req.params.gameId) ?? (await durable?.finishedLog(req.params.gameId)) ?? undefined;
    if (!log)
      return res
        .status(404)
        .json({ code: 'log-not-found', message: 'No finished game with that id is kept on this server.' });
    res.setHeader('Content-Disposition', `attachment; filename="dicehall-${log.game}-${log.gameId}.json"`);
    res.json(log);
  });

  // "Your games", device codes, the deadline sweep (../days/routes).
  daysRoutes(app, durable);

  app.use('/api', (_req, res) => {
    res.status(404).json({ code: 'not-found', message: 'No such API route.' });
  });

  if (clientDist && fs.existsSync(path.join(clientDist, 'index.html'))) {
    // Precompressed, cached by content hash, client routes and the app's own 404 page: see static.ts. A live
    // room's link gets its summary and board code in the page itself (room-page.ts).
    app.use(serveClient(clientDist, (id) => (roomId.test(id) ? summary(id) : Promise.resolve(null))));
  } else {
    app.get('/', (_req, res) =>
      res.type('text/plain').send('Dicehall server is running; the client is not built (npm run build).'),
    );
  }

  // Malformed JSON bodies and the like: a coded error, never a stack trace.
  app.use(
    (
      err: Error & { status?: number; type?: string },
      _req: express.Request,
      res: express.Response,
      _next: express.NextFunction,
    ) => {
      res
        .status(err.status ?? 500)
        .json({ code: err.type ?? 'server-error', message: err.status ? err.message : 'Something went wrong.' });
    },
  );
}
