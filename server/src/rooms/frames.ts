// One socket write per client per patch, its frames made once per audience. A change sends each client up to two
// messages: its view stream's (./projection) and the schema patch. Sent the usual way (Colyseus `client.raw` →
// `ws.send`), each message is framed for each client on its own, and each frame reaches Node's socket as two
// chunks; held together by corking, a client's four chunks still go through the stream's buffering and a `writev`
// (issue 18: socket writes were the largest share of the load bench's profile, bench/RESULTS.md). Here the frames
// are built once for all the clients of an audience, in one buffer, and that buffer is written to each client's
// socket as one chunk. What a client receives is byte for byte what `ws` would have sent.
//
// Only where `ws` would write the same bytes at once: the socket open, the sender idle (no compression pending,
// no earlier message queued behind it) and no permessage-deflate on the connection (its frames may be compressed).
// Anything else goes the usual way, corked so it still leaves in one write. The fields read are private to `ws`
// 8.23.0 and @colyseus/core 0.16.26 (./schema-fixes pins both versions).
import { ClientState, Protocol, type Client, type Room } from '@colyseus/core';

/** Frames: each payload as one final, unmasked binary WebSocket frame (a server's), back to back in one buffer. */
export function frames(payloads: readonly Uint8Array[]): Buffer {
  let size = 0;
  for (const p of payloads) size += headerSize(p.length) + p.length;
  const out = Buffer.allocUnsafe(size);
  let at = 0;
  for (const p of payloads) {
    const n = p.length;
    out[at] = 0x82; // FIN, binary
    if (n < 126) {
      out[at + 1] = n;
      at += 2;
    } else if (n < 0x10000) {
      out[at + 1] = 126;
      out.writeUInt16BE(n, at + 2);
      at += 4;
    } else {
      out[at + 1] = 127;
      out.writeUInt32BE(Math.floor(n / 0x100000000), at + 2);
      out.writeUInt32BE(n >>> 0, at + 6);
      at += 10;
    }
    out.set(p, at);
    at += n;
  }
  return out;
}

const headerSize = (n: number) => (n < 126 ? 2 : n < 0x10000 ? 4 : 10);

/**
 * What `client.send(type, text)` writes (Colyseus' `getMessageBytes.raw(ROOM_DATA, type, text)`: the code, then
 * the type and the text as MessagePack strings), made without msgpackr: its `pack` reads `process.env` on every
 * call outside production and copies the bytes out of its own buffer. `type` is short ASCII (a message name).
 */
export function textMessage(type: string, text: string): Buffer {
  const n = Buffer.byteLength(text);
  const head = n < 32 ? 1 : n < 0x100 ? 2 : n < 0x10000 ? 3 : 5;
  const out = Buffer.allocUnsafe(2 + type.length + head + n);
  out[0] = Protocol.ROOM_DATA;
  out[1] = 0xa0 | type.length;
  let at = 2 + out.write(type, 2, 'latin1');
  if (head === 1) out[at++] = 0xa0 | n;
  else if (head === 2) {
    out[at++] = 0xd9;
    out[at++] = n;
  } else if (head === 3) {
    out[at++] = 0xda;
    out.writeUInt16BE(n, at);
    at += 2;
  } else {
    out[at++] = 0xdb;
    out.writeUInt32BE(n, at);
    at += 4;
  }
  out.write(text, at, 'utf8');
  return out;
}

/** What is read of a `ws` WebSocket (8.23.0). */
interface WsSocket {
  readyState: number;
  _extensions?: Record<string, unknown>;
  _sender?: { _state: number; _firstFragment: boolean };
  _socket?: { write(chunk: Buffer): boolean; cork(): void; uncork(): void; destroyed?: boolean };
}
const OPEN = 1;
/** `ws` Sender's state when it is neither compressing nor reading a blob: a frame is written at once. */
const SENDER_IDLE = 0;

/** The client's TCP socket when `ws` would write a frame to it now, unchanged: else nothing. */
function directSocket(client: Client) {
  const ws = (client as unknown as { ref?: WsSocket }).ref;
  if (!ws || ws.readyState !== OPEN) return undefined;
  const sender = ws._sender;
  if (!sender || sender._state !== SENDER_IDLE || !sender._firstFragment) return undefined;
  if (ws._extensions && Object.keys(ws._extensions).length > 0) return undefined;
  const socket = ws._socket;
  return socket && !socket.destroyed && typeof socket.write === 'function' ? socket : undefined;
}

/** The TCP socket under a client's WebSocket, to cork (else nothing is held). */
function corkable(client: Client) {
  const socket = (client as unknown as { ref?: WsSocket }).ref?._socket;
  return socket && !socket.destroyed && typeof socket.cork === 'function' ? socket : undefined;
}

/**
 * Sends `parts` (whole Colyseus messages, in order) to `client` in one socket write: `framed` is the same
 * messages already framed (shared by every client it goes to), written as is when `ws` would write those bytes.
 */
export function sendFramed(client: Client, parts: readonly Uint8Array[], framed: () => Buffer) {
  const direct = directSocket(client);
  if (direct) {
    direct.write(framed());
    return;
  }
  const socket = corkable(client);
  socket?.cork();
  try {
    for (const p of parts) client.raw(p);
  } finally {
    socket?.uncork();
  }
}

/** What is read of a Colyseus 0.16.26 room to send its patch. */
interface PatchInternals {
  clients: readonly Client[];
  state: unknown;
  onBeforePatch?(state: unknown): unknown;
  clock: { tick(): void };
  _simulationInterval?: unknown;
  _serializer: {
    needFullEncode: boolean;
    encoder?: {
      hasChanges: boolean;
      sharedBuffer: Uint8Array;
      encode(it: { offset: number }): Uint8Array;
      discardChanges(): void;
    };
  };
  _dequeueAfterPatchMessages(): void;
}

/** A made-once value. */
function once<T>(make: () => T): () => T {
  let v: T | undefined;
  return () => (v ??= make());
}

/**
 * The room's state patch (as Colyseus' `broadcastPatch` encodes it) and each audience's message, sent together:
 * a client of an audience gets its message, then the patch, in one socket write; a client in no audience the
 * patch alone. Only clients that have joined get the patch (as Colyseus). Returns whether there was a patch.
 */
export function sendPatch(room: Room, audiences: readonly (readonly [readonly Client[], Uint8Array])[]): boolean {
  const r = room as unknown as PatchInternals;
  // As Room.broadcastPatch does before its serializer's applyPatches.
  r.onBeforePatch?.(r.state);
  if (!r._simulationInterval) r.clock.tick();
  // Colyseus' own patch timer runs from the room's creation, before its state is set: nothing to send yet.
  const serializer = r._serializer;
  const encoder = serializer.encoder;
  if (!r.state || !encoder) return false;
  let patch: Uint8Array | null = null;
  if (r.clients.length === 0) encoder.discardChanges();
  else if (encoder.hasChanges) {
    serializer.needFullEncode = true;
    encoder.sharedBuffer[0] = Protocol.ROOM_STATE_PATCH;
    patch = encoder.encode({ offset: 1 });
    encoder.discardChanges();
  }
  const reached = new Set<Client>();
  for (const [to, message] of audiences) {
    const withPatch = patch ? [message, patch] : [message];
    const both = once(() => frames(withPatch));
    const alone = once(() => frames([message]));
    for (const c of to) {
      reached.add(c);
      if (patch && c.state === ClientState.JOINED) sendFramed(c, withPatch, both);
      else sendFramed(c, [message], alone);
    }
  }
  if (patch) {
    const only = [patch];
    const framed = once(() => frames(only));
    for (const c of r.clients) if (c.state === ClientState.JOINED && !reached.has(c)) sendFramed(c, only, framed);
  }
  r._dequeueAfterPatchMessages();
  return patch !== null;
}
