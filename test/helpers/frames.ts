// Hand-made Colyseus 0.16 frames (protocol byte, MessagePack type, payload), for tests that speak as a hostile client.
import { Packr } from '@colyseus/msgpackr';

const ROOM_DATA = 13;
const plain = new Packr({ useRecords: false });

function header(type: string | number): number[] {
  if (typeof type === 'number') return [...plain.pack(type)];
  const bytes = [...Buffer.from(type, 'utf8')];
  if (bytes.length < 32) return [0xa0 | bytes.length, ...bytes];
  if (bytes.length < 256) return [0xd9, bytes.length, ...bytes];
  return [0xda, bytes.length >> 8, bytes.length & 0xff, ...bytes];
}

/** A ROOM_DATA frame with `type` and raw payload bytes (already MessagePack, or deliberately not). */
export function frame(type: string | number, payload: Uint8Array | number[] = []): Uint8Array {
  return Uint8Array.from([ROOM_DATA, ...header(type), ...payload]);
}

/** A ROOM_DATA frame whose payload is `value` packed as plain MessagePack. */
export function packed(type: string | number, value: unknown): Uint8Array {
  return frame(type, plain.pack(value));
}

/** msgpackr's BigInt extension (0x42) with `n` bytes of digits: quadratic to decode. */
export function bigIntBomb(n: number): Uint8Array {
  const data = new Uint8Array(n).fill(0x7f);
  return Uint8Array.from([0xc8, n >> 8, n & 0xff, 0x42, ...data]);
}

/**
 * msgpackr's structured-clone id (0x69) and pointer (0x70) extensions: each level holds the previous one twice
 * by reference, so `levels` levels of a few bytes each stand for 2^levels copies of the innermost string.
 */
export function referenceBomb(levels: number, leaf = 'x'.repeat(64)): Uint8Array {
  const id = (k: number) => [(k >>> 24) & 0xff, (k >>> 16) & 0xff, (k >>> 8) & 0xff, k & 0xff];
  const out: number[] = [];
  // The outermost level is written first; each level's second element points back at the one it defines.
  for (let k = levels; k > 0; k--) out.push(0xd6, 0x69, ...id(k), 0x92);
  out.push(0xd6, 0x69, ...id(0), ...plain.pack(leaf));
  for (let k = 1; k <= levels; k++) out.push(0xd6, 0x70, ...id(k - 1));
  return Uint8Array.from(out);
}
