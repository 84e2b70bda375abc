// One write per client per patch. A change sends each client two frames back to back (its view stream's message,
// then the schema patch), and the `ws` library writes every frame with its own `writev` call; held together, the
// kernel gets one call per client instead of two (the load bench's profile had socket writes at ~12% of the
// server's time, bench/RESULTS.md). Frames keep their order: a corked socket only buffers.
import type { Client } from '@colyseus/core';

/** The TCP socket under a client's WebSocket, when the transport is `ws` (else nothing is held). */
type Corkable = { cork(): void; uncork(): void; destroyed?: boolean };
const socketOf = (client: Client): Corkable | undefined => {
  const ws = (client as { ref?: { _socket?: Corkable } }).ref;
  const socket = ws?._socket;
  return socket && typeof socket.cork === 'function' && typeof socket.uncork === 'function' ? socket : undefined;
};

/** Runs `send` with every client's socket corked, then lets each socket write what it holds at once. */
export function corked<T>(clients: Iterable<Client>, send: () => T): T {
  const held: Corkable[] = [];
  for (const c of clients) {
    const s = socketOf(c);
    if (s && !s.destroyed) {
      s.cork();
      held.push(s);
    }
  }
  try {
    return send();
  } finally {
    for (const s of held) s.uncork();
  }
}
