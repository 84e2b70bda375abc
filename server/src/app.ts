// Builds a whole Dicehall server (HTTP + WebSocket rooms) from a config; used by the boot script and tests.
import http from 'node:http';
import { hostname } from 'node:os';
import path from 'node:path';
import express from 'express';
import { Server, matchMaker } from '@colyseus/core';
import { deflateOptions } from './deflate';
import { SpreadPingTransport } from './heartbeat';
import type { Config } from './config';
import { Archive } from './store/archive';
import { gameRoomFor, type GameRoom } from './rooms/game-room';
import { routes } from './http/routes';
import { applySchemaFixes } from './rooms/schema-fixes';
import { lobbyRoomFor } from './rooms/lobby-room';
import { partyRoomFor, type PartyRoom } from './rooms/party-room';
import { originAllowed, security } from './http/security';
import { matchmakeFrontDoor } from './http/matchmake';
import { colyseusLogger } from './log';
import { Durability } from './rooms/durability';
import { keepAlive, processGone } from './scale/liveness';
import type { GameStore } from './store/game-store';
import { BotPool } from './bots/pool';
import { clusterOptions } from './scale/cluster';
import { peerLogRoute, serveLogsToPeers } from './scale/peer-logs';
import { Notify } from './notify';
import { notifyRoutes } from './http/notify-routes';

export interface Dicehall {
  server: Server;
  archive: Archive;
  /** The game store link; `status` is 'off' when the server was started without a store. */
  durable: Durability;
  bots: BotPool;
  port: number;
  /** Warns every room, waits `noticeMs` for the warning to reach clients, then closes everything. */
  close(noticeMs?: number): Promise<void>;
}

export const DEFAULT_CLIENT_DIST = path.resolve(__dirname, '../../client/dist');

/**
 * `store`: the durable game store, or a promise of it (the server listens while it opens). Without one, games
 * live in this process's memory only: room test suites whose subject is not durability run that way.
 */
export async function startServer(
  config: Config,
  store: GameStore | Promise<GameStore> | null = null,
): Promise<Dicehall> {
  applySchemaFixes();
  const app = express();
  const archive = new Archive(config.archiveGames, config.archivePerAddress);
  const durable = new Durability(store ? Promise.resolve(store) : null, config.leaseMs);
  security(app, config);
  if (config.redisUrl) peerLogRoute(app, archive, config);
  // Turn notifications: Web Push and lobby webhooks, on every turn change (./notify); their routes come first.
  const notify = new Notify(durable, config.notify);
  notifyRoutes(app, notify, durable, config);
  routes(app, archive, config.clientDist ?? DEFAULT_CLIENT_DIST, durable);
  const httpServer = http.createServer(app);
  // A slow body or header trickle must not hold a socket for the default five minutes.
  httpServer.requestTimeout = 15_000;
  httpServer.headersTimeout = 10_000;
  const server = new Server({
    transport: new SpreadPingTransport({
      server: httpServer,
      pingInterval: config.pingSeconds * 1000,
      pingMaxRetries: 2,
      // The frame cap is the message limit plus its header: a bigger frame is closed by ws before it is buffered.
      maxPayload: config.maxPayloadBytes,
      perMessageDeflate: deflateOptions(config.wireDeflate),
      verifyClient: ({ origin, req }: { origin?: string; req: http.IncomingMessage }) =>
        originAllowed(origin || undefined, req, config),
    }),
    greet: false,
    gracefullyShutdown: false,
    logger: colyseusLogger,
    ...(await clusterOptions(config)),
  });
  // Colyseus has just put its own matchmaking handler in front of express; ours replaces it (./http/matchmake).
  httpServer.removeAllListeners('request');
  httpServer.on(
    'request',
    matchmakeFrontDoor(
      config,
      app,
      (roomId) => durable.ensureRoom(roomId),
      (roomId) => durable.watchHost(roomId),
    ),
  );
  const rooms = new Set<GameRoom>();
  const bots = new BotPool({ threads: config.botThreads, marginMs: config.botMarginMs, delayMs: config.botDelayMs });
  server.define('table', gameRoomFor({ config, archive, rooms, durable, bots })).enableRealtimeListing();
  server.define('lobby', lobbyRoomFor(config));
  const lobbies = new Set<PartyRoom>();
  server.define('party', partyRoomFor(config, durable, lobbies));
  await server.listen(config.port, config.host);
  if (config.redisUrl) await serveLogsToPeers(archive);
  // Scaled out: a liveness key in Redis, so a killed process's games come back elsewhere at once (../scale/liveness).
  const stopLiveness = config.redisUrl ? await keepAlive(matchMaker.presence, matchMaker.processId) : () => {};
  durable.processGone = config.redisUrl ? (id) => processGone(matchMaker.presence, id) : null;
  const address = httpServer.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  durable.owner = config.nodeId ?? `${hostname()}:${port}`;
  return {
    server,
    archive,
    durable,
    bots,
    port,
    async close(noticeMs = 0) {
      // No new actions from here on; what was accepted is flushed by durable.close() below.
      durable.stopping = true;
      if (noticeMs > 0 && rooms.size + lobbies.size > 0) {
        for (const room of [...rooms, ...lobbies]) room.announceRestart();
        await new Promise((r) => setTimeout(r, noticeMs));
      }
      await server.gracefullyShutdown(false);
      stopLiveness();
      bots.close();
      await notify.close();
      await durable.close();
    },
  };
}

export { matchMaker };
