// Keep-alive pings spread over the interval. @colyseus/ws-transport pings every socket in one loop every 3 s: at a
// few thousand sockets that burst is what sets the tail of every room's patch latency (issue 18 measured p99 14–77
// ms at 6,000 clients with it, 2–3 ms with pings every 30 s). Here each socket gets a slot, and each of TICKS ticks
// per interval pings only its slot's sockets, so at most a TICKS-th of them at once; a socket that missed
// `maxRetries` pings in a row is closed, as before, and its seat enters the grace period.
import { WebSocketTransport, type TransportOptions } from '@colyseus/ws-transport';
import type WebSocket from 'ws';

/** Ticks per interval. */
export const TICKS = 20;

type Socket = WebSocket & { pingCount: number };

export class SpreadPingTransport extends WebSocketTransport {
  constructor(options: TransportOptions) {
    super(options);
  }

  /** Replaces the library's one-burst loop (it keeps the timer in `pingInterval`, cleared when the server closes). */
  protected override autoTerminateUnresponsiveClients(intervalMs: number, maxRetries: number): void {
    const slots = new WeakMap<WebSocket, number>();
    let next = 0;
    let tick = 0;
    this.pingInterval = setInterval(
      () => {
        for (const ws of this.wss.clients as Set<Socket>) {
          let slot = slots.get(ws);
          if (slot === undefined) {
            slot = next++ % TICKS;
            slots.set(ws, slot);
          }
          if (slot !== tick) continue;
          if (ws.pingCount >= maxRetries) {
            ws.terminate();
            continue;
          }
          ws.pingCount++;
          ws.ping();
        }
        tick = (tick + 1) % TICKS;
      },
      Math.max(1, Math.round(intervalMs / TICKS)),
    );
    this.pingInterval.unref();
  }
}
