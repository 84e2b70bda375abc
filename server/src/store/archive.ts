// Finished games' logs, kept in memory so players can download, verify and replay them. Each game counts
// against the address that created its room: one address filling the archive evicts only its own games.
import type { GameLog } from '@dicehall/shared';

export class Archive {
  private logs = new Map<string, { log: GameLog; owner: string }>();
  private byOwner = new Map<string, string[]>();
  constructor(
    private readonly capacity: number,
    private readonly perOwner = capacity,
  ) {}

  put(log: GameLog, owner = 'unknown'): void {
    this.remove(log.gameId);
    this.logs.set(log.gameId, { log, owner });
    const mine = this.byOwner.get(owner) ?? [];
    mine.push(log.gameId);
    this.byOwner.set(owner, mine);
    const oldest = mine[0];
    if (mine.length > this.perOwner && oldest !== undefined) this.remove(oldest);
    // Over the whole capacity: the oldest game of whoever holds the most goes first.
    while (this.logs.size > this.capacity) {
      let biggest: string[] = [];
      for (const ids of this.byOwner.values()) if (ids.length > biggest.length) biggest = ids;
      const first = biggest[0];
      if (first === undefined) break;
      this.remove(first);
    }
  }

  get(gameId: string): GameLog | undefined {
    return this.logs.get(gameId)?.log;
  }

  get size(): number {
    return this.logs.size;
  }

  private remove(gameId: string) {
    const entry = this.logs.get(gameId);
    if (!entry) return;
    this.logs.delete(gameId);
    const ids = this.byOwner.get(entry.owner)!;
    ids.splice(ids.indexOf(gameId), 1);
    if (ids.length === 0) this.byOwner.delete(entry.owner);
  }
}
