// What the benches' colyseus.js clients read off a table's synced state, as the web client's store does: how many
// public log lines were published, and the synced lines a view may point into (GameModule.wireView).
import type { Room } from 'colyseus.js';
import { decodeLine, readKeys, type LineSource } from '@dicehall/shared';

/** Public log lines published so far: the synced state keeps only the latest (seqs run from 0 without a gap). */
export const logCount = (state: any): number => (state.log?.length ? state.log.at(-1).seq + 1 : 0);

/** The log lines the room has synced to this client, decoded. */
export function syncedLines(room: Room<any>): LineSource {
  return {
    line: (seq) => {
      const st = room.state;
      const l = [...(st?.log ?? [])].find((x: { seq: number }) => x.seq === seq);
      return l ? decodeLine(seq, l.json, readKeys(st.logKeys ?? []), st.logStart ?? 0) : undefined;
    },
  };
}
