// Requests the server makes on a user's behalf (a lobby's webhook, a browser's push endpoint), guarded like any
// SSRF-sensitive fetch: https only, a host allowlist, DNS resolved once and private addresses refused, the socket
// pinned to the vetted address, no redirects, one deadline for the whole exchange and a cap on the bytes read.
import { lookup } from 'node:dns/promises';
import https from 'node:https';
import net from 'node:net';
import tls from 'node:tls';
import type { LookupFunction } from 'node:net';

/** A refusal the caller can act on; never carries the URL (it may be a secret). */
export class OutboundError extends Error {
  constructor(
    readonly code:
      | 'bad-url'
      | 'not-https'
      | 'host-not-allowed'
      | 'bad-port'
      | 'private-address'
      | 'dns-failed'
      | 'redirect-refused'
      | 'timeout'
      | 'too-large'
      | 'network',
    message: string,
    /** The answer's status when one came. */
    readonly status?: number,
  ) {
    super(message);
    this.name = 'OutboundError';
  }
}

export interface OutboundRules {
  /** Allowed hosts: exact names, or `*.example.com` for any subdomain of example.com. */
  hosts: string[];
  /** Hosts that may resolve to private addresses and use any port (tests, a local relay). */
  privateHosts: string[];
  timeoutMs: number;
  maxResponseBytes: number;
  ca?: string;
}

/** Addresses no request made for a user may reach: loopback, private, link-local, CGNAT, documentation, multicast… */
const blocked = new net.BlockList();
for (const [a, bits] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.0.2.0', 24],
  ['192.88.99.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['198.51.100.0', 24],
  ['203.0.113.0', 24],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const)
  blocked.addSubnet(a, bits, 'ipv4');
for (const [a, bits] of [
  ['::', 128],
  ['::1', 128],
  // NAT64, the 6to4 and Teredo tunnels can carry an IPv4 address inside: refused whole rather than decoded.
  ['64:ff9b::', 96],
  ['64:ff9b:1::', 48],
  ['100::', 64],
  ['2001::', 32],
  ['2001:db8::', 32],
  ['2002::', 16],
  ['fc00::', 7],
  ['fe80::', 10],
  ['fec0::', 10],
  ['ff00::', 8],
] as const)
  blocked.addSubnet(a, bits, 'ipv6');

/** Whether a literal address is one a user's request must not reach (IPv4-mapped IPv6 judged as its IPv4). */
export function privateAddress(address: string): boolean {
  const family = net.isIP(address);
  if (family === 0) return true;
  return blocked.check(address, family === 4 ? 'ipv4' : 'ipv6');
}

export function hostMatches(host: string, patterns: string[]): boolean {
  const h = host.toLowerCase().replace(/\.$/, '');
  return patterns.some((p) => (p.startsWith('*.') ? h.endsWith(p.slice(1)) && h.length > p.length - 1 : h === p));
}

export interface Vetted {
  url: URL;
  /** Host name without brackets. */
  host: string;
  address: string;
  family: 4 | 6;
}

/** Checks a URL against the rules and resolves its host; the request must then go to `address` and nowhere else. */
export async function vet(raw: string, rules: OutboundRules): Promise<Vetted> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new OutboundError('bad-url', 'That is not a URL.');
  }
  if (url.protocol !== 'https:') throw new OutboundError('not-https', 'Only https:// URLs are allowed.');
  if (url.username || url.password)
    throw new OutboundError('bad-url', 'A URL with a user name or password is refused.');
  const host = url.hostname.replace(/^\[|\]$/g, '').toLowerCase();
  if (!hostMatches(host, rules.hosts)) throw new OutboundError('host-not-allowed', `The host ${host} is not allowed.`);
  const privateOk = hostMatches(host, rules.privateHosts);
  if (url.port && url.port !== '443' && !privateOk) throw new OutboundError('bad-port', 'Only port 443 is allowed.');
  let addresses: { address: string; family: number }[];
  try {
    addresses = net.isIP(host) ? [{ address: host, family: net.isIP(host) }] : await lookup(host, { all: true });
  } catch {
    throw new OutboundError('dns-failed', `The host ${host} could not be resolved.`);
  }
  if (addresses.length === 0) throw new OutboundError('dns-failed', `The host ${host} has no address.`);
  // Every address is judged, not only the first: a name resolving to one public and one private address is refused.
  if (!privateOk && addresses.some((a) => privateAddress(a.address)))
    throw new OutboundError('private-address', `The host ${host} resolves to a private or local address.`);
  const first = addresses[0] as { address: string; family: number };
  return { url, host, address: first.address, family: first.family === 6 ? 6 : 4 };
}

export interface Answer {
  status: number;
  /** The first bytes of the body (at most the cap). */
  body: string;
}

/**
 * Sends one request to a vetted URL. Resolves with any status but 3xx (redirects are refused, never followed);
 * rejects with an OutboundError on a timeout, a body past the cap, or a network error.
 */
export function send(
  target: Vetted,
  request: { method: string; headers: Record<string, string | number>; body?: Buffer | string },
  rules: OutboundRules,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    let settled = false;
    const finish = (err: OutboundError | null, answer?: Answer) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (err) reject(err);
      else resolve(answer as Answer);
    };
    // The socket goes to the address vetted above: a second resolution (DNS rebinding) is never made.
    const pinned: LookupFunction = (_host, options, cb) => {
      if ((options as { all?: boolean }).all) cb(null, [{ address: target.address, family: target.family }]);
      else cb(null, target.address, target.family);
    };
    const req = https.request(
      {
        host: target.host,
        servername: net.isIP(target.host) ? undefined : target.host,
        port: target.url.port || 443,
        path: `${target.url.pathname}${target.url.search}`,
        method: request.method,
        headers: request.headers,
        lookup: pinned,
        agent: false,
        ca: rules.ca ? [...tls.rootCertificates, rules.ca] : undefined,
        maxHeaderSize: 16 * 1024,
      },
      (res) => {
        const status = res.statusCode ?? 0;
        if (status >= 300 && status < 400) {
          res.destroy();
          req.destroy();
          return finish(new OutboundError('redirect-refused', 'The endpoint answered with a redirect.', status));
        }
        const chunks: Buffer[] = [];
        let bytes = 0;
        res.on('data', (chunk: Buffer) => {
          bytes += chunk.length;
          if (bytes > rules.maxResponseBytes) {
            res.destroy();
            req.destroy();
            return finish(new OutboundError('too-large', 'The endpoint answered with too large a body.', status));
          }
          chunks.push(chunk);
        });
        res.on('end', () => finish(null, { status, body: Buffer.concat(chunks).toString('utf8') }));
        res.on('error', () => finish(new OutboundError('network', 'The answer was cut short.', status)));
      },
    );
    const deadline = setTimeout(() => {
      req.destroy();
      finish(new OutboundError('timeout', `No complete answer within ${rules.timeoutMs} ms.`));
    }, rules.timeoutMs);
    req.on('error', (err) => finish(new OutboundError('network', `The request failed: ${err.message}`)));
    req.end(request.body);
  });
}
