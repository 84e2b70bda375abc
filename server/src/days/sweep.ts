// The deadline sweep: finds games played over days whose clock has fallen (the store's partial index on turns'
// deadlines) and lets each game's own room apply the timeout, so it is a line of the log like any other and the
// game still verifies. A game with no room loaded is woken for it through the resume path, whose lease lets exactly
// one process of a cluster bring it back; a room loaded here is told to look at its clock now; a room loaded by
// another process is left to that process's own sweep. The woken room emits the turn change and, nobody joining
// it, goes back to sleep (its reservation-time dispose).
import { matchMaker } from '@colyseus/core';
import type { Durability } from '../rooms/durability';
import { log } from '../log';
import { daysStoreOf } from './room-days';
import { serverNow } from './time';

/** Deadlines handled per pass: a backlog (a server down for a day) drains over a few passes. */
const BATCH = 200;
/** Used and expired device codes are kept this long, so a reuse is told apart from a forgery. */
const CODE_KEEP_MS = 86_400_000;

export interface SweepReport {
  /** Deadlines found passed. */
  due: number;
  /** Games woken from the store here. */
  woken: number;
  /** Rooms of this process told to look at their clock. */
  checked: number;
  /** Found finished or gone: their deadline was cleared. */
  cleared: number;
  /** Time spent on the store's query, ms. */
  queryMs: number;
  /** The whole pass, ms. */
  totalMs: number;
}

interface ClockedRoom {
  checkClock(): void;
}

function localRoom(roomId: string): ClockedRoom | null {
  const room = matchMaker.getLocalRoomById(roomId) as unknown as Partial<ClockedRoom> | undefined;
  return room && typeof room.checkClock === 'function' ? (room as ClockedRoom) : null;
}

export class DeadlineSweep {
  private timer: NodeJS.Timeout | null = null;
  private running: Promise<SweepReport> | null = null;

  constructor(
    private readonly durable: Durability,
    private readonly everyMs: number,
    private readonly now: () => number = serverNow,
  ) {}

  start(): () => void {
    if (!this.durable.store || this.everyMs <= 0) return () => {};
    this.timer = setInterval(() => void this.once().catch(() => {}), this.everyMs);
    this.timer.unref();
    return () => this.stop();
  }

  stop() {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
  }

  /** One pass; a pass still running is joined rather than doubled. */
  once(): Promise<SweepReport> {
    this.running ??= this.pass().finally(() => {
      this.running = null;
    });
    return this.running;
  }

  private async pass(): Promise<SweepReport> {
    const report: SweepReport = { due: 0, woken: 0, checked: 0, cleared: 0, queryMs: 0, totalMs: 0 };
    const start = performance.now();
    const store = await daysStoreOf(this.durable);
    if (this.durable.stopping) this.stop();
    if (!store || !this.durable.ready || this.durable.stopping) return report;
    const now = this.now();
    const t0 = performance.now();
    const due = await store.due(now, BATCH);
    report.queryMs = performance.now() - t0;
    report.due = due.length;
    for (const d of due) {
      try {
        const here = localRoom(d.roomId);
        if (here) {
          here.checkClock();
          report.checked++;
          continue;
        }
        const outcome = await this.durable.ensureRoom(d.roomId);
        if (outcome === 'resumed') {
          report.woken++;
          localRoom(d.roomId)?.checkClock();
        } else if (outcome === 'none') {
          await store.clearDeadline(d.gameId);
          report.cleared++;
        }
        // 'live' elsewhere: that process's sweep tells its room; 'busy': another process is bringing it back.
      } catch (err) {
        log.warn({ event: 'sweep-failed', game: d.gameId, error: (err as Error).message });
      }
    }
    await store.purgeCodes(now - CODE_KEEP_MS).catch(() => {});
    report.totalMs = performance.now() - start;
    if (report.due > 0) log.info({ event: 'deadline-sweep', ...report });
    return report;
  }
}
