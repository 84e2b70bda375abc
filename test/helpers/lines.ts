// The public log lines of a game played straight through a module (no table), published as the room publishes them
// (server/src/rooms/record.ts): for tests of views that point into the log (GameModule.wireView).
import type { GameEvent, GameModule, LineSource, LogEntry, PublicLine } from '@dicehall/shared';
import { GameRecord } from '../../server/src/rooms/record';
import { TableState } from '../../server/src/rooms/schema';

export class Lines {
  private record: GameRecord;
  private seq = 0;
  /** Every line published, as a client that watched from the start holds them. */
  private held = new Map<number, PublicLine>();
  /** What a client holding every line reads them from. */
  readonly all: LineSource = { line: (seq) => this.held.get(seq) };

  constructor(module: GameModule, setupEvents: GameEvent[]) {
    this.record = new GameRecord({ state: new TableState(), module });
    this.add({ seq: 0, kind: 'setup', seat: null, rolls: [], events: setupEvents, at: 1_795_680_000_000 });
  }

  /** The room's latest lines, which views may point into. */
  get window(): readonly PublicLine[] {
    return this.record.window;
  }

  /** An action's line (its events), as the room publishes it. */
  action(seat: number, events: GameEvent[], state: unknown) {
    this.seq++;
    this.add(
      { seq: this.seq, kind: 'action', seat, rolls: [], events, at: 1_795_680_000_000 + this.seq * 1000 },
      state,
    );
  }

  private add(entry: LogEntry, state?: unknown) {
    if (entry.seq === 0) this.record.begin(entry);
    else this.record.publish(entry, { state, ended: null, seats: 2, seq: entry.seq });
    for (const l of this.record.window) this.held.set(l.seq, l);
    this.record.patched();
  }
}
