// HTTP routes: health, the game catalogue, room look-up, finished games' logs, and the built client.
import path from 'node:path';
import fs from 'node:fs';
import express, { type Express } from 'express';
import { matchMaker } from '@colyseus/core';
import { games } from '@dicehall/shared';
import type { Archive } from '../store/archive';

const roomId = /^[A-Za-z0-9_-]{1,32}$/;
const gameId = /^[0-9a-f]{16}$/;

export function routes(app: Express, archive: Archive, clientDist: string | undefined) {
  app.disable('x-powered-by');
  app.use(express.json({ limit: '8kb' }));

  app.get('/health', (_req, res) => {
    res.json({ ok: true, uptime: Math.round(process.uptime()) });
  });

  app.get('/api/games', (_req, res) => {
    res.json(Object.values(games).map((g) => ({ id: g.id, name: g.name, pitch: g.pitch, seats: g.seats, listed: g.listed })));
  });

  // Tells a link whether its room still exists before the client tries to join it.
  app.get('/api/rooms/:id', async (req, res) => {
    if (!roomId.test(req.params.id)) return res.status(400).json({ code: 'bad-room-id', message: 'That is not a room id.' });
    const [room] = await matchMaker.query({ roomId: req.params.id });
    if (!room) return res.status(404).json({ code: 'room-not-found', message: 'No such room: it may have ended or the link is wrong.' });
    res.json({ roomId: room.roomId, metadata: room.metadata, clients: room.clients });
  });

  // The complete log of a finished game (seed revealed), for the verifier and replays.
  app.get('/api/games/:gameId/log', (req, res) => {
    if (!gameId.test(req.params.gameId)) return res.status(400).json({ code: 'bad-game-id', message: 'That is not a game id.' });
    const log = archive.get(req.params.gameId);
    if (!log) return res.status(404).json({ code: 'log-not-found', message: 'No finished game with that id is kept on this server.' });
    res.setHeader('Content-Disposition', `attachment; filename="dicehall-${log.game}-${log.gameId}.json"`);
    res.json(log);
  });

  app.use('/api', (_req, res) => {
    res.status(404).json({ code: 'not-found', message: 'No such API route.' });
  });

  if (clientDist && fs.existsSync(path.join(clientDist, 'index.html'))) {
    app.use(express.static(clientDist, { index: 'index.html', maxAge: '1h' }));
    // Room links (/r/<id>), lobby links (/p/<id>) and replays (/replay/<gameId>) are client routes.
    app.get(/^\/(r|p|replay|rules)\/[^/]+$/, (_req, res) => res.sendFile(path.join(clientDist, 'index.html')));
  } else {
    app.get('/', (_req, res) => res.type('text/plain').send('Dicehall server is running; the client is not built (npm run build).'));
  }

  // Malformed JSON bodies and the like: a coded error, never a stack trace.
  app.use((err: Error & { status?: number; type?: string }, _req: express.Request, res: express.Response, _next: express.NextFunction) => {
    res.status(err.status ?? 500).json({ code: err.type ?? 'server-error', message: err.status ? err.message : 'Something went wrong.' });
  });
}
