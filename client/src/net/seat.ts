// A seat reservation asked for before the network code has loaded. Joining a room is two steps: an HTTP request
// that reserves a seat (`POST /matchmake/joinById/<id>`, what colyseus.js's `joinById` sends), then a WebSocket
// that consumes it. The first needs no library, so a room link's entry script sends it at once, with a high
// priority, instead of waiting for colyseus.js (35 KiB) to arrive behind the board's code on a slow phone; the
// network code consumes the answer when it has loaded (issue 9; figures in bench/client-load.results.md).
import type { SeatReservation } from 'colyseus.js';
import { identity } from './identity';

/** Fresh randomness of this browser, mixed into the dice (P1). */
export function newClientSeed(): string {
  const b = new Uint8Array(12);
  crypto.getRandomValues(b);
  return Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('');
}

/** What a join asks for: this browser's name, its seat token for the room if it has one, a seat or a view. */
export function joinOptions(roomId: string, want: 'play' | 'watch') {
  return {
    name: identity.name || undefined,
    seatToken: identity.seatToken(roomId),
    want,
    clientSeed: newClientSeed(),
  };
}

/**
 * Reserves a seat (or a spectator's place) in a room, as colyseus.js's `joinById` does, and rejects with the
 * server's reason when it refuses (no such room, …).
 */
export async function reserveSeat(roomId: string, want: 'play' | 'watch'): Promise<SeatReservation> {
  const res = await fetch(`/matchmake/joinById/${encodeURIComponent(roomId)}`, {
    method: 'POST',
    headers: { Accept: 'application/json', 'Content-Type': 'application/json' },
    body: JSON.stringify(joinOptions(roomId, want)),
    priority: 'high',
  });
  const body = (await res.json().catch(() => ({}))) as Partial<SeatReservation> & { error?: string };
  if (!res.ok || body.error || !body.room || !body.sessionId)
    throw new Error(body.error || `The server refused the join (${res.status})`);
  return body as SeatReservation;
}
