// Turn changes, as the rest of the server hears of them: the game room (after an accepted action, a timeout or
// a resignation) and the deadline sweep (a clock that fell while no room was loaded) emit one event per change of
// who is to act; notifications (Web Push, a lobby's webhook) and "Your games" listen. Emitting never throws and
// never waits: a listener that fails is logged and the game goes on.
import { log } from '../log';

export interface TurnChange {
  /** The game's stable id (the store's games.id). */
  gameId: string;
  /** The room link's id (the table's URL /t/<roomId>). */
  roomId: string;
  /** The party (lobby) the table belongs to, if any. */
  partyId?: string;
  /** The game module's id, e.g. 'dice-chess'. */
  game: string;
  /** The game's display name, e.g. 'Dice Chess'. */
  gameName: string;
  /** Player names by seat. */
  names: string[];
  /** Seats to act now (empty when the game is over). */
  toAct: number[];
  /** Seats with at least one open, connected page now. */
  connected: number[];
  /** The game ended with this change. */
  over: boolean;
  /** What happened, in words, for a notification ("Ana moved a knight", "Ben's clock fell"). */
  words?: string;
  /** When it happened (ms since the epoch; injected time in tests). */
  at: number;
}

export type TurnListener = (change: TurnChange) => void | Promise<void>;

const listeners = new Set<TurnListener>();

/** Adds a listener; returns the function that removes it. */
export function onTurnChange(listener: TurnListener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function emitTurnChange(change: TurnChange): void {
  for (const listener of listeners) {
    try {
      const out = listener(change);
      if (out && typeof (out as Promise<void>).catch === 'function') {
        (out as Promise<void>).catch((err: unknown) => log.warn({ err: String(err) }, 'turn listener failed'));
      }
    } catch (err) {
      log.warn({ err: String(err) }, 'turn listener failed');
    }
  }
}
