// Colyseus' LobbyRoom behind the same front door as the game rooms: client frames are limited and decoded
// strictly, the client-supplied filter (which the stock room evaluates against every listing) is not taken.
import { LobbyRoom, type Client } from '@colyseus/core';
import { TABLE_OUT } from '@dicehall/shared';
import type { Config } from '../config';
import { guardInbound } from './inbound';

export function lobbyRoomFor(config: Config): typeof LobbyRoom {
  return class GuardedLobbyRoom extends LobbyRoom {
    override async onCreate(options: unknown) {
      await super.onCreate(options);
      // Our client never filters; a stock filter with odd metadata keys would throw inside presence callbacks.
      delete (this as unknown as { onMessageHandlers: Record<string, unknown> }).onMessageHandlers.filter;
      guardInbound(
        this,
        () => config,
        (client, of, code, message) => client.send(TABLE_OUT.error, { code, message, of }),
      );
    }

    override onJoin(client: Client) {
      super.onJoin(client, {});
    }
  };
}
