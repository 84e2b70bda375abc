// Per-address matchmaking limits across processes. Each process keeps its own token bucket (bursts); behind a
// proxy that spreads requests, an address would get one budget per process, so with REDIS_URL a count per address
// and calendar minute in Redis also holds the whole cluster to ROOMS_PER_MINUTE / JOINS_PER_MINUTE.
import { matchMaker, type Presence } from '@colyseus/core';
import { log } from '../log';

export class ClusterLimiter {
  private lastError = 0;
  constructor(
    private readonly name: string,
    private readonly perMinute: number,
    private readonly presence: () => Presence = () => matchMaker.presence,
  ) {}

  /** Counts one request of `address`; false once it is over the minute's budget. */
  async take(address: string): Promise<boolean> {
    const minute = Math.floor(Date.now() / 60_000);
    try {
      const count = await this.presence().hincrbyex(`dicehall:limit:${this.name}:${minute}`, address, 1, 120);
      return count <= this.perMinute;
    } catch (e) {
      // Redis trouble must not lock every player out; each process's own bucket still limits.
      if (Date.now() - this.lastError > 10_000) {
        this.lastError = Date.now();
        log.error({ event: 'cluster-limit-failed', error: (e as Error).message });
      }
      return true;
    }
  }
}
