// Imported first by bench/wire.bench.ts: colyseus.js takes globalThis.WebSocket when it loads, so this WebSocket
// lets one run switch permessage-deflate per client (offered or not), to measure with and without it, and the bare
// room as plain Colyseus, against the same server process.
import WS from 'ws';

export const wsToggle = { deflate: true };

class ToggledWebSocket extends WS {
  constructor(url: string, p?: unknown) {
    if (p && typeof p === 'object' && !Array.isArray(p))
      super(url, { ...(p as object), perMessageDeflate: wsToggle.deflate });
    else super(url, p as string[] | undefined, { perMessageDeflate: wsToggle.deflate });
  }
}
(globalThis as any).WebSocket = ToggledWebSocket;
