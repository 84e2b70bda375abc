// Which party (lobby) a table belongs to, for the turn events (a lobby's webhook names its games' turns). Kept in
// Colyseus presence, so a table placed on another process of the cluster, or resumed elsewhere, still finds it; the
// party links its table when it opens it and when it comes back after a restart. Only the server writes it: a table
// created by a client never claims a lobby.
import { matchMaker } from '@colyseus/core';

/** A link outlives a quiet game: renewed at each turn; kept below Node's longest timer (local presence). */
const TTL_SECONDS = 20 * 86_400;
const key = (tableId: string) => `dicehall:table-party:${tableId}`;

/** The party opened (or brought back) this table. Never throws. */
export function linkParty(tableId: string, partyId: string): void {
  void Promise.resolve()
    .then(() => matchMaker.presence.setex(key(tableId), partyId, TTL_SECONDS))
    .catch(() => {});
}

/** The table's party, or undefined; the link is renewed when found (a game played over weeks keeps it). */
export async function partyOf(tableId: string): Promise<string | undefined> {
  try {
    const partyId = ((await matchMaker.presence.get(key(tableId))) as string | null) ?? undefined;
    if (partyId) linkParty(tableId, partyId);
    return partyId;
  } catch {
    return undefined;
  }
}
