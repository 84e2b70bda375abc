// The one seat-name rule: a seat's display name, or "Player N" (1-based) while it has none.
import type { Seat } from './game-module';

/** The seats' names in seat order: plain strings (a log's names) or synced seats (`{ name }`). */
export type SeatNames = readonly (string | null | undefined | { readonly name?: string | null })[];

/** `names[seat]`, or "Player 2" for seat 1 when that name is missing or empty. */
export function seatName(names: SeatNames | null | undefined, seat: Seat): string {
  const entry = names?.[seat];
  const name = typeof entry === 'string' ? entry : entry?.name;
  return name || `Player ${seat + 1}`;
}
