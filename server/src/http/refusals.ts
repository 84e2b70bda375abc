// Why a room refused a seat reservation. Colyseus answers every refused reservation with "<room> is already full"
// (its matchmaker swallows whatever the room says), so a room notes its own reason under the matchmaking request's
// id (AuthData.ask) and our front door (./matchmake) answers with that instead. Notes live for one request only.
import { randomBytes } from 'node:crypto';

export interface Refusal {
  code: string;
  message: string;
}

const notes = new Map<string, { refusal: Refusal; at: number }>();
/** A note nobody took (the request went elsewhere) is dropped after this long. */
const KEEP_MS = 30_000;

/** A fresh id for one matchmaking request. */
export function newAsk(): string {
  return randomBytes(9).toString('base64url');
}

/** A room refusing the reservation of request `ask` says why (in this process; a remote room's reason is lost). */
export function noteRefusal(ask: string | undefined, code: string, message: string) {
  if (!ask) return;
  const now = Date.now();
  if (notes.size > 1000) for (const [k, n] of notes) if (now - n.at > KEEP_MS) notes.delete(k);
  notes.set(ask, { refusal: { code, message }, at: now });
}

/** The reason noted for request `ask`, once. */
export function takeRefusal(ask: string): Refusal | null {
  const n = notes.get(ask);
  notes.delete(ask);
  return n ? n.refusal : null;
}
