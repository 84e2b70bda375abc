// What the benches' colyseus.js clients read off a table's synced state, as the web client's store does: how many
// public log lines were published, and the lines a view may point into (GameModule.wireView).
import type { Room } from 'colyseus.js';
import { HeldLines, linesPublished, type LineSource, type LogPage } from '@dicehall/shared';

/** Public log lines published so far (seqs run from 0 without a gap). */
export const logCount = (state: any): number => linesPublished(state ?? {});

/**
 * The log lines this client holds, kept as the web client's store keeps them: each patch's lines, and the latest
 * lines the room sends on joining. Call it before the room's other state listeners, which then read it current.
 */
export function syncedLines(room: Room<any>): LineSource {
  const held = new HeldLines();
  room.onStateChange((state) => held.sync(state));
  room.onMessage('log-page', (page: LogPage) => held.page(page));
  return { line: (seq) => held.line(seq) };
}
