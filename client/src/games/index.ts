// The client's registry of game views, mirroring shared/src/games.
import type { ClientGame } from './types';
import { highRollClient } from './high-roll';

export const clientGames: Record<string, ClientGame> = {
  [highRollClient.id]: highRollClient,
};
