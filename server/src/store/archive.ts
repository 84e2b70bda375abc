// Finished games' logs, kept in memory (oldest dropped first) so players can download, verify and replay them.
import type { GameLog } from '@dicehall/shared';

export class Archive {
  private logs = new Map<string, GameLog>();
  constructor(private readonly capacity: number) {}
  put(log: GameLog): void {
    this.logs.delete(log.gameId);
    this.logs.set(log.gameId, log);
    while (this.logs.size > this.capacity) this.logs.delete(this.logs.keys().next().value as string);
  }
  get(gameId: string): GameLog | undefined {
    return this.logs.get(gameId);
  }
}
