// The client's network address, as the per-address limits see it: the socket's peer unless a trusted proxy says otherwise.
import type { IncomingMessage } from 'node:http';

export interface AuthData {
  ip: string;
}

/** X-Forwarded-For is only believed behind a proxy we were told about; a client could write it itself. */
export function requestAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',').pop()?.trim();
    if (first) return first.slice(0, 64);
  }
  return req.socket.remoteAddress ?? 'unknown';
}

/** The address our matchmaking front door put into the auth context. */
export function addressOf(context: { ip?: unknown } | undefined): string {
  const ip = context?.ip;
  if (typeof ip === 'string') return ip.slice(0, 64);
  if (Array.isArray(ip) && typeof ip[0] === 'string') return ip[0].slice(0, 64);
  return 'unknown';
}
