// The client's registry of game views, mirroring shared/src/games.
import type { ClientGame } from './types';
import { highRollClient } from './high-roll';
import { diceChessClient } from './dice-chess';
import { shieldsClient } from './shields';
import { shieldsUpClient } from './shields-up';
import { polywarsClient } from './polywars';
import { diceSiegeClient } from './dice-siege';

export const clientGames: Record<string, ClientGame> = {
  [highRollClient.id]: highRollClient,
  [diceChessClient.id]: diceChessClient,
  [shieldsClient.id]: shieldsClient,
  [shieldsUpClient.id]: shieldsUpClient,
  [polywarsClient.id]: polywarsClient,
  [diceSiegeClient.id]: diceSiegeClient,
};
