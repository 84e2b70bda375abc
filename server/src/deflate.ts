// WebSocket permessage-deflate for the table's traffic (issue 18), three settings measured with bench/wire.bench.ts
// (bench/RESULTS.md has the figures):
// - 'large': only messages of 1 KiB or more are compressed, each on its own (no context kept between
//   messages, which is what lets ws skip small ones). The full state a client gets on joining shrinks about five
//   times (a late spectator's Shields table 26 → under 5 KiB); the small per-action diffs and patches go as they
//   are, so the per-action CPU hardly moves. Small frames go plain: compressing each socket's copy of a 150 B frame
//   costs CPU a 2-core host runs out of long before bandwidth.
// - 'all': a compression context kept across messages (context takeover), so every message is compressed against
//   the ones before it: bytes per action per client Shields ~710 → ~115 B, Dice Chess ~1,030 → ~165 B, but Node
//   compresses each message of each socket through its zlib thread pool, about 50–150 µs a message on this
//   machine, which roughly doubled the server CPU per action: at 6,000 clients the CPU, not the bandwidth, is short.
// - 'off': plain frames, for operators (a proxy that compresses, or a benchmark without it).
// 'large' is the default (issue #29). It was 'off' while an action reached a client as two messages on two channels
// (a view message and a schema patch) and test clients saw a view arrive after the patch that followed it: ordering
// is by construction now, since everything an action changes for a client travels in one frame of its stream
// (./rooms/projection), and ws keeps a socket's frames in order whether it compresses them or not.
// ws compresses per socket (a broadcast is encoded once, then compressed for each socket). A 4 KiB window
// (12 bits) and memLevel 4 keep a socket's deflate state near 24 KiB (zlib: 2^(w+2) + 2^(m+9) bytes) instead of
// 256 KiB with zlib's defaults. The client's window is left to the client: requiring a smaller one would refuse
// the handshake of a browser that does not offer client_max_window_bits (ws answers 400). maxPayload still caps
// the inflated size of a client frame (ws checks it while inflating).
import { WebSocketClient } from '@colyseus/ws-transport';
import type { PerMessageDeflateOptions } from 'ws';

export type WireDeflate = 'off' | 'large' | 'all';

const WINDOW = { serverMaxWindowBits: 12, zlibDeflateOptions: { memLevel: 4, level: 6 } } as const;

export function deflateOptions(mode: WireDeflate): PerMessageDeflateOptions | false {
  if (mode === 'off') return false;
  copyFramesForDeflate();
  if (mode === 'all') return { ...WINDOW };
  return { ...WINDOW, threshold: 1024, serverNoContextTakeover: true, clientNoContextTakeover: true };
}

/**
 * Colyseus hands ws its schema patches and full states as views into encode buffers it reuses for the next
 * encode (SchemaSerializer: `client.raw(encoder.sharedBuffer.subarray(...))`). Plain frames are written at once,
 * but a compressed one is deflated later on zlib's thread pool, and by then the next patch may have overwritten
 * the bytes: the wire bench saw "@colyseus/schema: definition mismatch" on a client with deflate on. So while
 * compression is on, every frame handed to ws is a private copy (a memcpy of a patch: tens to hundreds of bytes).
 */
let guarded = false;
export function copyFramesForDeflate(): void {
  if (guarded) return;
  guarded = true;
  const proto = WebSocketClient.prototype as unknown as { raw(data: unknown, options?: unknown, cb?: unknown): void };
  const raw = proto.raw;
  proto.raw = function (this: unknown, data: unknown, options?: unknown, cb?: unknown) {
    return raw.call(this, data instanceof Uint8Array ? Buffer.from(data) : data, options, cb);
  };
}
