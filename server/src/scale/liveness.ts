// A liveness signal through Redis (issue 31, item 5): every process keeps a key of its own alive, written every
// half second with a 2 s expiry. A room listed by a process whose key is gone belongs to a dead process (kill -9, a lost
// host): its games may be resumed elsewhere at once, rather than after Colyseus' own check (a 2 s call that times
// out, then a 2 s health check) has cleaned the listing. The resume lease still decides who takes a game.
import type { Presence } from '@colyseus/core';
import { log } from '../log';

const key = (processId: string) => `dicehall:alive:${processId}`;

/** How long a process's key outlives its last renewal (whole seconds: Redis' SETEX). */
export const ALIVE_SECONDS = 2;

/** Writes this process's key now and every half second; returns a function that stops and deletes it. */
export async function keepAlive(presence: Presence, processId: string): Promise<() => void> {
  let lastError = 0;
  const beat = async () => {
    try {
      await presence.setex(key(processId), '1', ALIVE_SECONDS);
    } catch (e) {
      if (Date.now() - lastError > 10_000) {
        lastError = Date.now();
        log.error({ event: 'liveness-failed', error: (e as Error).message });
      }
    }
  };
  await beat();
  const timer = setInterval(() => void beat(), 500);
  timer.unref();
  return () => {
    clearInterval(timer);
    try {
      presence.del(key(processId));
    } catch {
      // Redis gone: the key expires by itself.
    }
  };
}

/** True only when Redis answers that the process's key is gone; an error answers false (nothing is assumed). */
export async function processGone(presence: Presence, processId: string): Promise<boolean> {
  try {
    return !(await presence.exists(key(processId)));
  } catch {
    return false;
  }
}
