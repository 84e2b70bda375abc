// The client's registry of games, mirroring shared/src/games: one loader per game, so a page downloads only the
// game it shows (its client side and its shared rules module, one chunk each) and the home page none at all (it
// reads the build-time catalogue, `virtual:dicehall-catalogue`). A loaded game's rules module is registered for the
// view stream, which derives the legal actions with it (shared/src/core/view-stream.ts).
import { registerGame } from '@dicehall/shared/core';
import type { ClientGame } from './types';

const loaders: Record<string, () => Promise<ClientGame>> = {
  'high-roll': () => import('./high-roll').then((m) => m.highRollClient),
  'dice-chess': () => import('./dice-chess').then((m) => m.diceChessClient),
  shields: () => import('./shields').then((m) => m.shieldsClient),
  'shields-up': () => import('./shields-up').then((m) => m.shieldsUpClient),
  polywars: () => import('./polywars').then((m) => m.polywarsClient),
  'dice-siege': () => import('./dice-siege').then((m) => m.diceSiegeClient),
  pig: () => import('./pig').then((m) => m.pigClient),
};

const loading = new Map<string, Promise<ClientGame | undefined>>();
const loaded = new Map<string, ClientGame>();

/**
 * The game `id`, loaded once (later calls share the first download); undefined for a game this client does not
 * know. A failed download is forgotten, so the next call tries again.
 */
export function loadGame(id: string): Promise<ClientGame | undefined> {
  let p = loading.get(id);
  if (!p) {
    const load = Object.hasOwn(loaders, id) ? loaders[id] : undefined;
    p = load
      ? load().then(
          (game) => {
            registerGame(game.module);
            loaded.set(id, game);
            return game;
          },
          (err: unknown) => {
            loading.delete(id);
            throw err;
          },
        )
      : Promise.resolve(undefined);
    loading.set(id, p);
  }
  return p;
}

/** The game `id` if it has loaded (screens showing a game wait for `loadGame` first), else undefined. */
export const loadedGame = (id: string): ClientGame | undefined => loaded.get(id);

/** The rules module of a loaded game, shaped like the shared `getGame` (for `verifyLog`, `replayLog`). */
export const gameModule = (id: string) => loaded.get(id)?.module;
