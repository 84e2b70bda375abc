// Two defects of @colyseus/schema 3.0.76 (the newest 3.0, the line Colyseus 0.16 needs), mended once at boot.
// Each is pinned by a test in test/rooms/schema-fixes.test.ts that fails without its mend.
import { encode, Encoder } from '@colyseus/schema';

let applied = false;

export function applySchemaFixes() {
  if (applied) return;
  applied = true;

  // 1. A string of exactly 255 bytes is written with the msgpack str8 header `length % 255` = 0, so every
  //    client decoding that patch goes out of step. Log lines and legal-action lists reach 255 bytes at times.
  const writeString = encode.string;
  encode.string = ((bytes: Uint8Array, value: string, it: { offset: number }) => {
    const start = it.offset;
    const size = writeString(bytes as Parameters<typeof writeString>[0], value, it);
    if (bytes[start] === 0xd9) bytes[start + 1] = it.offset - start - 2;
    return size;
  }) as typeof encode.string;

  // 2. Patches are encoded into a buffer of Node's 8 KB pool size; when one overflows, the buffer grows but a
  //    StateView (per-client) part is sent from the old, cut-short bytes. The table has no @view field any more
  //    (views travel as messages, ./projection), so only the shared part remains, which grows correctly; 64 KB
  //    still covers a long game's full state at once without the growth warning, at 1/16 of the old 1 MB per
  //    encoder (the old size cost 3 MB per room).
  Encoder.BUFFER_SIZE = 64 * 1024;
}
