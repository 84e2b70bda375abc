// The client's network address, as the per-address limits see it: the socket's peer unless a trusted proxy says otherwise,
// keyed so that one IPv6 /64 (what one subscriber gets) counts as one address.
import { isIPv4, isIPv6 } from 'node:net';
import type { IncomingMessage } from 'node:http';

export interface AuthData {
  ip: string;
  /** The matchmaking request's own id: a room that refuses the reservation notes why under it (./refusals). */
  ask?: string;
}

/**
 * The key every per-address limit counts under: an IPv4 address as itself (an IPv4-mapped IPv6 address is that
 * IPv4 address), an IPv6 address by its /64 (`2001:db8:1:2::/64`), since one subscriber is given a whole /64 and
 * could otherwise take a fresh address for every request. Anything else (`unknown`) is kept as it is.
 */
export function limitKey(address: string): string {
  const plain = address.trim().replace(/^\[(.*)\]$/, '$1');
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(plain);
  if (mapped && isIPv4(mapped[1]!)) return mapped[1]!;
  if (isIPv4(plain)) return plain;
  const bare = plain.replace(/%.*$/, '');
  if (!isIPv6(bare)) return address;
  return `${expandIPv6(bare).slice(0, 4).join(':')}::/64`;
}

/** The eight groups of an IPv6 address, without leading zeros (`::` expanded; an embedded IPv4 tail as two groups). */
function expandIPv6(address: string): string[] {
  let text = address.toLowerCase();
  const v4 = /(\d{1,3}(?:\.\d{1,3}){3})$/.exec(text);
  if (v4) {
    const [a, b, c, d] = v4[1]!.split('.').map(Number) as [number, number, number, number];
    text = `${text.slice(0, v4.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.includes('::') ? text.split('::') : [text, undefined];
  const left = head ? head.split(':') : [];
  const right = tail ? tail.split(':') : [];
  const groups = tail === undefined ? left : [...left, ...Array(8 - left.length - right.length).fill('0'), ...right];
  return groups.map((g) => (Number.parseInt(g, 16) || 0).toString(16));
}

/** X-Forwarded-For is only believed behind a proxy we were told about; a client could write it itself. */
export function requestAddress(req: IncomingMessage, trustProxy: boolean): string {
  if (trustProxy) {
    const forwarded = req.headers['x-forwarded-for'];
    const first = (Array.isArray(forwarded) ? forwarded[0] : forwarded)?.split(',').pop()?.trim();
    if (first) return limitKey(first.slice(0, 64));
  }
  return limitKey(req.socket.remoteAddress ?? 'unknown');
}

/** The address our matchmaking front door put into the auth context (already a limit key). */
export function addressOf(context: { ip?: unknown } | undefined): string {
  const ip = context?.ip;
  if (typeof ip === 'string') return ip.slice(0, 64);
  if (Array.isArray(ip) && typeof ip[0] === 'string') return ip[0].slice(0, 64);
  return 'unknown';
}

/** What a room's onAuth keeps of the matchmaking request: the address (its limit key) and the request's id. */
export function authOf(context: { ip?: unknown; ask?: unknown } | undefined): AuthData {
  const ask = context?.ask;
  return { ip: addressOf(context), ...(typeof ask === 'string' ? { ask } : {}) };
}
