// Local stand-ins for what notifications reach: an https server on loopback (a self-signed certificate made with
// openssl) that plays a push service or a chat webhook, and a browser's push subscription whose keys are made here,
// so a payload is decrypted as a browser would (RFC 8291 over RFC 8188's aes128gcm, with node:crypto only).
import { execFileSync } from 'node:child_process';
import { createDecipheriv, createECDH, createPublicKey, hkdfSync, randomBytes, verify, type ECDH } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import https from 'node:https';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { AddressInfo } from 'node:net';

/** A self-signed certificate for 127.0.0.1 and localhost (its own CA: tests trust it through `ca`). */
export function selfSigned(): { key: string; cert: string } {
  const dir = mkdtempSync(join(tmpdir(), 'dicehall-notify-cert-'));
  try {
    execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-newkey',
        'ec',
        '-pkeyopt',
        'ec_paramgen_curve:prime256v1',
        '-nodes',
        '-keyout',
        join(dir, 'key.pem'),
        '-out',
        join(dir, 'cert.pem'),
        '-days',
        '2',
        '-subj',
        '/CN=localhost',
        '-addext',
        'subjectAltName=DNS:localhost,IP:127.0.0.1',
      ],
      { stdio: 'ignore' },
    );
    return { key: readFileSync(join(dir, 'key.pem'), 'utf8'), cert: readFileSync(join(dir, 'cert.pem'), 'utf8') };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

export interface Received {
  path: string;
  method: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
  /** performance.now() when the request's body was complete. */
  at: number;
}

/** What a path answers: a status (and body), or a behaviour of a hostile endpoint. */
export type Behaviour =
  | { status: number; headers?: Record<string, string>; body?: string }
  | { kind: 'slow' }
  | { kind: 'huge' };

export interface Endpoint {
  base: string;
  received: Received[];
  /** Sets what a path (exact) answers; 201 with no body otherwise. */
  on(path: string, behaviour: Behaviour): void;
  /** Bytes the huge answers wrote before the client cut them off. */
  hugeBytes: number;
  close(): Promise<void>;
}

export async function httpsEndpoint(tls: { key: string; cert: string }): Promise<Endpoint> {
  const behaviours = new Map<string, Behaviour>();
  const ep: Endpoint = {
    base: '',
    received: [],
    hugeBytes: 0,
    on: (path, b) => behaviours.set(path, b),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
  const server = https.createServer(tls, (req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const path = req.url ?? '/';
      ep.received.push({
        path,
        method: req.method ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks),
        at: performance.now(),
      });
      const b = behaviours.get(path) ?? { status: 201 };
      if ('kind' in b && b.kind === 'slow') return; // never answers
      if ('kind' in b && b.kind === 'huge') {
        // 1 GB, written as fast as the client reads it: the client must cut it off long before the end.
        res.writeHead(200, { 'content-type': 'application/octet-stream', 'content-length': String(2 ** 30) });
        const block = Buffer.alloc(64 * 1024, 0x61);
        let left = 2 ** 30;
        const pump = () => {
          while (left > 0) {
            left -= block.length;
            ep.hugeBytes += block.length;
            if (!res.write(block)) return void res.once('drain', pump);
          }
          res.end();
        };
        res.on('close', () => (left = 0));
        return pump();
      }
      const s = b as { status: number; headers?: Record<string, string>; body?: string };
      res.writeHead(s.status, s.headers ?? {});
      res.end(s.body ?? '');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  ep.base = `https://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return ep;
}

/** A browser's push subscription: its P-256 key pair and auth secret, as PushSubscription.toJSON() would give. */
export interface Subscriber {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  ecdh: ECDH;
  authSecret: Buffer;
}

export function subscriber(endpoint: string): Subscriber {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  const authSecret = randomBytes(16);
  return {
    endpoint,
    keys: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: authSecret.toString('base64url') },
    ecdh,
    authSecret,
  };
}

/** Decrypts an aes128gcm Web Push body (RFC 8291 §3.4, RFC 8188 §2) with the subscriber's keys. */
export function decryptPush(sub: Subscriber, body: Buffer): string {
  const salt = body.subarray(0, 16);
  const rs = body.readUInt32BE(16);
  const idLen = body[20];
  const senderPublic = body.subarray(21, 21 + idLen);
  const records = body.subarray(21 + idLen);
  if (records.length > rs) throw new Error('more than one record: not what a push message is');
  const ecdhSecret = sub.ecdh.computeSecret(senderPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), sub.ecdh.getPublicKey(), senderPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', ecdhSecret, sub.authSecret, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(records.subarray(records.length - 16));
  const plain = Buffer.concat([decipher.update(records.subarray(0, records.length - 16)), decipher.final()]);
  // The last record ends with the delimiter 0x02 and zero padding.
  let end = plain.length;
  while (end > 0 && plain[end - 1] === 0) end--;
  if (plain[end - 1] !== 2) throw new Error('no last-record delimiter');
  return plain.subarray(0, end - 1).toString('utf8');
}

/**
 * Checks a push request's VAPID Authorization header (RFC 8292): `vapid t=<JWT>, k=<key>`, the key the server
 * publishes, an ES256 signature by it, the audience the endpoint's origin, not yet expired. Returns the claims.
 */
export function checkVapid(header: string | undefined, publicKey: string, endpoint: string): Record<string, unknown> {
  const m = /^vapid t=([^,\s]+),\s*k=([A-Za-z0-9_-]+)$/.exec(header ?? '');
  if (!m) throw new Error(`not a VAPID header: ${header}`);
  const [, jwt, k] = m;
  if (k !== publicKey) throw new Error('signed with another key');
  const [head, claims, sig] = jwt.split('.');
  const raw = Buffer.from(publicKey, 'base64url');
  const key = createPublicKey({
    key: {
      kty: 'EC',
      crv: 'P-256',
      x: raw.subarray(1, 33).toString('base64url'),
      y: raw.subarray(33).toString('base64url'),
    },
    format: 'jwk',
  });
  const ok = verify(
    'sha256',
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: 'ieee-p1363' },
    Buffer.from(sig, 'base64url'),
  );
  if (!ok) throw new Error('bad VAPID signature');
  const c = JSON.parse(Buffer.from(claims, 'base64url').toString('utf8'));
  if (c.aud !== new URL(endpoint).origin) throw new Error(`audience ${c.aud}`);
  if (!(c.exp > Date.now() / 1000)) throw new Error('expired');
  return c;
}
