// What the benches' colyseus.js clients read off a table's stream, as the web client's store does: how many public
// log lines were published, whose turn it is, and the lines a view may point into (GameModule.wireView). Since
// issue #29 they travel in each audience's frames ('view' messages), not in the synced state: every colyseus.js room
// of the process is read here, each frame before the room's own handlers.
import { Room } from 'colyseus.js';
import { HeldLines, readViewMessage, type LineSource } from '@dicehall/shared';

interface Table {
  held: HeldLines;
  toAct: number[];
}
const tables = new WeakMap<object, Table>();
function tableOf(room: object): Table {
  let t = tables.get(room);
  if (!t) tables.set(room, (t = { held: new HeldLines(), toAct: [] }));
  return t;
}

{
  const proto = Room.prototype as unknown as { dispatchMessage(type: unknown, message: unknown): void };
  const dispatch = proto.dispatchMessage;
  proto.dispatchMessage = function (this: Room, type: unknown, message: unknown) {
    if (type === 'view') {
      const m = readViewMessage(message as string);
      if (m) {
        const t = tableOf(this);
        t.held.frame(m.t ?? {}, m.full !== undefined);
        if (m.t?.a) t.toAct = m.t.a;
        if (this.state) tables.set(this.state, t);
      }
    } else if (type === 'log-page') tableOf(this).held.page(message as never);
    return dispatch.call(this, type, message);
  };
}

/** Public log lines published so far (seqs run from 0 without a gap), as a room's frames brought them (room or state). */
export const logCount = (roomOrState: any): number => {
  const list = (roomOrState && tables.get(roomOrState)?.held.list) ?? [];
  return list.length ? list[list.length - 1]!.seq + 1 : 0;
};

/** Whose input a room's stream last said is awaited (room or state). */
export const toActOf = (roomOrState: any): number[] => (roomOrState && tables.get(roomOrState)?.toAct) ?? [];

/** The log lines this client holds, as the web client's store keeps them: what a view may point into. */
export function syncedLines(room: Room<any>): LineSource {
  const held = tableOf(room).held;
  return { line: (seq) => held.line(seq) };
}
