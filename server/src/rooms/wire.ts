// A strict decoder for what colyseus.js sends: plain MessagePack values plus msgpackr's record definitions,
// and nothing else. No extension (BigInt, Date, Error, typed arrays, structured-clone references), no binary,
// no integer outside the safe range, no `__proto__` key; the output is never larger than the input.

const utf8 = new TextDecoder('utf-8', { fatal: true });
const MAX_DEPTH = 32;
/** msgpackr's record extension ("r"): `d4 72 <slot>`, then the key list, then the first record's values. */
const RECORD_EXT = 0x72;

export class WireError extends Error {}

export type Plain = null | undefined | boolean | number | string | Plain[] | { [key: string]: Plain };

interface Cursor {
  buf: Uint8Array;
  view: DataView;
  pos: number;
  records: (string[] | undefined)[];
}

function need(c: Cursor, n: number) {
  if (c.pos + n > c.buf.length) throw new WireError('truncated');
}

function u8(c: Cursor) {
  need(c, 1);
  // need() checked the bound.
  return c.buf[c.pos++]!;
}

function uint(c: Cursor, bytes: 1 | 2 | 4) {
  need(c, bytes);
  const v = bytes === 1 ? c.view.getUint8(c.pos) : bytes === 2 ? c.view.getUint16(c.pos) : c.view.getUint32(c.pos);
  c.pos += bytes;
  return v;
}

/** Strings up to this many bytes that are plain ASCII (keys, types, most values) are read without a TextDecoder. */
const SHORT_ASCII = 32;

function str(c: Cursor, n: number): string {
  need(c, n);
  if (n <= SHORT_ASCII) {
    const { buf, pos } = c;
    let ascii = true;
    for (let i = pos; i < pos + n; i++) if (buf[i]! >= 0x80) ascii = false;
    if (ascii) {
      c.pos += n;
      return String.fromCharCode.apply(null, buf.subarray(pos, pos + n) as unknown as number[]);
    }
  }
  let s: string;
  try {
    s = utf8.decode(c.buf.subarray(c.pos, c.pos + n));
  } catch {
    throw new WireError('invalid utf-8');
  }
  c.pos += n;
  return s;
}

function big(c: Cursor, signed: boolean): number {
  need(c, 8);
  const v = signed ? c.view.getBigInt64(c.pos) : c.view.getBigUint64(c.pos);
  c.pos += 8;
  if (v > BigInt(Number.MAX_SAFE_INTEGER) || v < BigInt(Number.MIN_SAFE_INTEGER))
    throw new WireError('integer out of range');
  return Number(v);
}

function key(c: Cursor, depth: number): string {
  const k = value(c, depth);
  if (typeof k !== 'string') throw new WireError('non-string key');
  if (k === '__proto__') throw new WireError('forbidden key');
  return k;
}

function array(c: Cursor, n: number, depth: number): Plain[] {
  // Every element takes at least one byte, so a length past the remaining bytes is a lie.
  if (n > c.buf.length - c.pos) throw new WireError('truncated');
  const out: Plain[] = [];
  for (let i = 0; i < n; i++) out.push(value(c, depth));
  return out;
}

function map(c: Cursor, n: number, depth: number): { [key: string]: Plain } {
  if (2 * n > c.buf.length - c.pos) throw new WireError('truncated');
  const out: { [key: string]: Plain } = {};
  for (let i = 0; i < n; i++) {
    const k = key(c, depth);
    out[k] = value(c, depth);
  }
  return out;
}

function record(c: Cursor, keys: string[], depth: number): { [key: string]: Plain } {
  const out: { [key: string]: Plain } = {};
  for (const k of keys) out[k] = value(c, depth);
  return out;
}

function value(c: Cursor, depth: number): Plain {
  if (depth > MAX_DEPTH) throw new WireError('too deep');
  const d = depth + 1;
  const b = u8(c);
  if (b < 0x40) return b;
  if (b < 0x80) {
    // 0x40–0x7f are record references once the message has defined that slot, plain integers otherwise.
    const keys = c.records[b & 0x3f];
    return keys ? record(c, keys, d) : b;
  }
  if (b < 0x90) return map(c, b & 0x0f, d);
  if (b < 0xa0) return array(c, b & 0x0f, d);
  if (b < 0xc0) return str(c, b & 0x1f);
  if (b >= 0xe0) return b - 0x100;
  switch (b) {
    case 0xc0:
      return null;
    case 0xc2:
      return false;
    case 0xc3:
      return true;
    case 0xca: {
      need(c, 4);
      const v = c.view.getFloat32(c.pos);
      c.pos += 4;
      return v;
    }
    case 0xcb: {
      need(c, 8);
      const v = c.view.getFloat64(c.pos);
      c.pos += 8;
      return v;
    }
    case 0xcc:
      return uint(c, 1);
    case 0xcd:
      return uint(c, 2);
    case 0xce:
      return uint(c, 4);
    case 0xcf:
      return big(c, false);
    case 0xd0: {
      need(c, 1);
      const v = c.view.getInt8(c.pos);
      c.pos += 1;
      return v;
    }
    case 0xd1: {
      need(c, 2);
      const v = c.view.getInt16(c.pos);
      c.pos += 2;
      return v;
    }
    case 0xd2: {
      need(c, 4);
      const v = c.view.getInt32(c.pos);
      c.pos += 4;
      return v;
    }
    case 0xd3:
      return big(c, true);
    case 0xd4: {
      // fixext1: msgpackr writes `undefined` as type 0 with a zero byte, and defines records with type 0x72.
      const type = u8(c);
      const data = u8(c);
      if (type === 0 && data === 0) return undefined;
      if (type === RECORD_EXT && data >= 0x40 && data < 0x80) {
        const keys = value(c, d);
        // colyseus.js sends `{}` as a record with no keys: an empty object, not an error.
        if (!Array.isArray(keys)) throw new WireError('bad record');
        for (const k of keys) if (typeof k !== 'string' || k === '__proto__') throw new WireError('bad record key');
        c.records[data & 0x3f] = keys as string[];
        return record(c, keys as string[], d);
      }
      throw new WireError('extension refused');
    }
    case 0xd9:
      return str(c, uint(c, 1));
    case 0xda:
      return str(c, uint(c, 2));
    case 0xdb:
      return str(c, uint(c, 4));
    case 0xdc:
      return array(c, uint(c, 2), d);
    case 0xdd:
      return array(c, uint(c, 4), d);
    case 0xde:
      return map(c, uint(c, 2), d);
    case 0xdf:
      return map(c, uint(c, 4), d);
    default:
      // 0xc1 (never used), bin 0xc4–c6, ext 0xc7–c9 and fixext 0xd5–d8: not something a player sends.
      throw new WireError('type refused');
  }
}

function cursor(buf: Uint8Array, pos: number): Cursor {
  return { buf, view: new DataView(buf.buffer, buf.byteOffset, buf.byteLength), pos, records: [] };
}

/** The message type that follows the protocol byte: a short string or an integer, and where its payload starts. */
export function readType(buf: Uint8Array, maxTypeBytes = 64): { type: string | number; offset: number } {
  const c = cursor(buf, 1);
  const first = c.buf[c.pos];
  if (first === undefined) throw new WireError('no type');
  // String headers are checked for length before any byte is decoded.
  let len = -1;
  if (first >= 0xa0 && first < 0xc0) len = first & 0x1f;
  else if (first === 0xd9) len = c.buf[c.pos + 1] ?? -1;
  else if (first === 0xda || first === 0xdb) throw new WireError('type too long');
  if (len > maxTypeBytes) throw new WireError('type too long');
  const type = value(c, MAX_DEPTH);
  if (typeof type === 'string') return { type, offset: c.pos };
  if (typeof type === 'number' && Number.isInteger(type)) return { type, offset: c.pos };
  throw new WireError('bad type');
}

/** Decodes one payload that must fill the bytes exactly. Empty means no payload (undefined). */
export function readPayload(buf: Uint8Array, offset: number): Plain {
  if (offset >= buf.length) return undefined;
  const c = cursor(buf, offset);
  const v = value(c, 0);
  if (c.pos !== buf.length) throw new WireError('trailing bytes');
  return v;
}
