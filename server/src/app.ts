// Builds a whole Dicehall server (HTTP + WebSocket rooms) from a config; used by the boot script and tests.
import http from 'node:http';
import path from 'node:path';
import express from 'express';
import { Server, matchMaker } from '@colyseus/core';
import { WebSocketTransport } from '@colyseus/ws-transport';
import type { Config } from './config';
import { Archive } from './store/archive';
import { gameRoomFor, type GameRoom } from './rooms/game-room';
import { routes } from './http/routes';
import { applySchemaFixes } from './rooms/schema-fixes';
import { lobbyRoomFor } from './rooms/lobby-room';
import { partyRoomFor } from './rooms/party-room';
import { originAllowed, security } from './http/security';
import { matchmakeFrontDoor } from './http/matchmake';
import { colyseusLogger } from './log';

export interface Dicehall {
  server: Server;
  archive: Archive;
  port: number;
  /** Warns every room, waits `noticeMs` for the warning to reach clients, then closes everything. */
  close(noticeMs?: number): Promise<void>;
}

export const DEFAULT_CLIENT_DIST = path.resolve(__dirname, '../../client/dist');

export async function startServer(config: Config): Promise<Dicehall> {
  applySchemaFixes();
  const app = express();
  const archive = new Archive(config.archiveGames, config.archivePerAddress);
  security(app, config);
  routes(app, archive, config.clientDist ?? DEFAULT_CLIENT_DIST);
  const httpServer = http.createServer(app);
  // A slow body or header trickle must not hold a socket for the default five minutes.
  httpServer.requestTimeout = 15_000;
  httpServer.headersTimeout = 10_000;
  const server = new Server({
    transport: new WebSocketTransport({
      server: httpServer,
      // The frame cap is the message limit plus its header: a bigger frame is closed by ws before it is buffered.
      maxPayload: config.maxPayloadBytes,
      verifyClient: ({ origin, req }: { origin?: string; req: http.IncomingMessage }) => originAllowed(origin || undefined, req, config),
    }),
    greet: false,
    gracefullyShutdown: false,
    logger: colyseusLogger,
  });
  // Colyseus has just put its own matchmaking handler in front of express; ours replaces it (./http/matchmake).
  httpServer.removeAllListeners('request');
  httpServer.on('request', matchmakeFrontDoor(config, app));
  const rooms = new Set<GameRoom>();
  server.define('table', gameRoomFor({ config, archive, rooms })).enableRealtimeListing();
  server.define('lobby', lobbyRoomFor(config));
  server.define('party', partyRoomFor(config));
  await server.listen(config.port, config.host);
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  return {
    server,
    archive,
    port,
    async close(noticeMs = 0) {
      if (noticeMs > 0 && rooms.size > 0) {
        for (const room of rooms) room.announceRestart();
        await new Promise((r) => setTimeout(r, noticeMs));
      }
      await server.gracefullyShutdown(false);
    },
  };
}

export { matchMaker };
