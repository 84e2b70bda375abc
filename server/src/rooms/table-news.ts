// What a table tells whoever follows it (a party's lobby) through Colyseus presence: who sits, how its first game
// ended, that it went away. Pub/sub, not a look into the room, so the follower may run on another process of the
// cluster (Redis presence) as well as this one (local presence).
import { matchMaker } from '@colyseus/core';
import type { GameLog } from '@dicehall/shared';

export interface TableNews {
  roomId: string;
  /** The game being played (a rematch inside the table starts another). */
  gameId: string;
  phase: string;
  /** Seats taken by people (computer seats are taken from the start). */
  people: number;
  /** Seats taken by anyone, and the table's size. */
  taken: number;
  seats: number;
  /** Once the game is over, its whole log (a scoreboard records its result and each seat's luck). */
  over?: GameLog;
  /** The room went away; `resumable` when its unfinished game is kept in the store and comes back on a join. */
  gone?: { resumable: boolean };
}

/** The parts of a table room the news is read from (a GameRoom). */
export interface NewsSource {
  roomId: string;
  state: { gameId: string; phase: string; seats: Iterable<{ taken: boolean; bot: string }> };
  gameLog(): GameLog;
}

const channel = (roomId: string) => `dicehall:table:${roomId}`;

/** Publishes the table's news; called on each join, at the end of a game and at dispose. Never throws. */
export function tellTable(room: NewsSource, gone?: TableNews['gone']): void {
  const seats = [...room.state.seats];
  const news: TableNews = {
    roomId: room.roomId,
    gameId: room.state.gameId,
    phase: room.state.phase,
    people: seats.filter((s) => s.taken && !s.bot).length,
    taken: seats.filter((s) => s.taken).length,
    seats: seats.length,
  };
  if (gone) news.gone = gone;
  else if (room.state.phase === 'over') news.over = room.gameLog();
  void Promise.resolve()
    .then(() => matchMaker.presence.publish(channel(room.roomId), news))
    .catch(() => {});
}

/**
 * Follows one table's news, from the moment the promise settles (a Redis subscription is in place by then);
 * resolves to the function that stops following.
 */
export async function followTable(roomId: string, listener: (news: TableNews) => void): Promise<() => void> {
  const topic = channel(roomId);
  const callback = (news: TableNews) => listener(news);
  await matchMaker.presence.subscribe(topic, callback);
  return () => void Promise.resolve(matchMaker.presence.unsubscribe(topic, callback)).catch(() => {});
}
