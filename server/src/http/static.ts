// Serves the built client: precompressed files (brotli, gzip) by Accept-Encoding, hashed assets cached for a year,
// index.html revalidated on every load by its ETag, client routes and unknown paths answered by the app itself.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Request, Response, NextFunction, RequestHandler } from 'express';
import { pageFor, readManifest, withSummary, type RoomSummary } from './room-page';

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.ico': 'image/x-icon',
  '.webp': 'image/webp',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
};

const IMMUTABLE = 'public, max-age=31536000, immutable';
/** Client routes: the app's own pages. Anything else that is not a file gets the app with a 404 status. */
const CLIENT_ROUTE = /^\/(?:|r\/[\w-]+|p\/[\w-]+|replay\/[\w-]+|rules\/[\w-]+|games|device)$/;

interface Variant {
  body: Buffer;
  etag: string;
}
interface Entry {
  type: string;
  cache: string;
  identity: Variant;
  br?: Variant;
  gzip?: Variant;
}

function walk(dir: string): string[] {
  return fs
    .readdirSync(dir, { withFileTypes: true })
    .flatMap((d) => (d.isDirectory() ? walk(path.join(dir, d.name)) : [path.join(dir, d.name)]));
}

function variant(body: Buffer, tag: string): Variant {
  return { body, etag: `"${createHash('sha256').update(body).digest('base64url').slice(0, 22)}${tag}"` };
}

/**
 * Reads the whole build once at start-up (a few hundred KiB): a request can only ever name a file that is in this
 * table, so no request path reaches the file system.
 */
export function loadClient(dist: string): Map<string, Entry> {
  const files = new Map<string, Entry>();
  for (const file of walk(dist)) {
    if (file.endsWith('.br') || file.endsWith('.gz')) continue;
    // The build manifest (.vite/) is the server's to read, not a page to serve.
    if (path.relative(dist, file).startsWith('.')) continue;
    const url = `/${path.relative(dist, file).split(path.sep).join('/')}`;
    const ext = path.extname(file);
    const entry: Entry = {
      type: TYPES[ext] ?? 'application/octet-stream',
      // Vite puts a content hash in every name under /assets: such a file never changes.
      cache: url.startsWith('/assets/') ? IMMUTABLE : url === '/index.html' ? 'no-cache' : 'public, max-age=3600',
      identity: variant(fs.readFileSync(file), ''),
    };
    if (fs.existsSync(`${file}.br`)) entry.br = variant(fs.readFileSync(`${file}.br`), '-br');
    if (fs.existsSync(`${file}.gz`)) entry.gzip = variant(fs.readFileSync(`${file}.gz`), '-gz');
    files.set(url, entry);
  }
  return files;
}

/** The encodings a request accepts, by its Accept-Encoding header (an encoding with q=0 is refused). */
function accepted(header: string): Set<string> {
  const out = new Set<string>();
  for (const part of header.split(',')) {
    const [name, ...params] = part.trim().toLowerCase().split(';');
    const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    if (name && !(q && Number(q.slice(2)) === 0)) out.add(name);
  }
  return out;
}

/** Brotli when the browser takes it, then gzip, else the plain file. */
function pick(entry: Entry, header: string): { v: Variant; encoding: string | null } {
  const takes = accepted(header);
  if (entry.br && takes.has('br')) return { v: entry.br, encoding: 'br' };
  if (entry.gzip && (takes.has('gzip') || takes.has('*'))) return { v: entry.gzip, encoding: 'gzip' };
  return { v: entry.identity, encoding: null };
}

function send(req: Request, res: Response, entry: Entry, status = 200) {
  const { v, encoding } = pick(entry, String(req.headers['accept-encoding'] ?? ''));
  res.setHeader('Content-Type', entry.type);
  res.setHeader('Cache-Control', status === 200 ? entry.cache : 'no-cache');
  res.setHeader('Vary', 'Accept-Encoding');
  res.setHeader('ETag', v.etag);
  if (encoding) res.setHeader('Content-Encoding', encoding);
  const match = String(req.headers['if-none-match'] ?? '')
    .split(',')
    .some((t) => t.trim().replace(/^W\//, '') === v.etag);
  if (status === 200 && match) {
    res.status(304).end();
    return;
  }
  res.setHeader('Content-Length', String(v.body.length));
  res.status(status);
  if (req.method === 'HEAD') res.end();
  else res.end(v.body);
}

/** A page made for one request (a room link's), compressed on the spot: it is about 2 KiB. */
function madeNow(html: string): Entry {
  const body = Buffer.from(html);
  return {
    type: TYPES['.html']!,
    cache: 'no-cache',
    identity: variant(body, ''),
    br: variant(brotliCompressSync(body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } }), '-br'),
    gzip: variant(gzipSync(body), '-gz'),
  };
}

const ROOM_LINK = /^\/r\/([\w-]+)$/;

/**
 * The built client as one middleware; mount it after the API routes. With `lookUp`, a room link's page carries
 * the room's summary and preloads its board's code (./room-page); a room it cannot find gets the plain page,
 * whose client asks GET /api/rooms/<id> as before.
 */
export function serveClient(dist: string, lookUp?: (roomId: string) => Promise<RoomSummary | null>): RequestHandler {
  const files = loadClient(dist);
  const index = files.get('/index.html')!;
  const manifest = readManifest(dist);
  const pages = new Map<string, string | null>();
  const roomPage = async (roomId: string): Promise<Entry | null> => {
    if (!lookUp || !manifest) return null;
    const room = await lookUp(roomId);
    const game = room?.metadata.game;
    if (!room || typeof game !== 'string') return null;
    if (!pages.has(game)) pages.set(game, pageFor(index.identity.body.toString('utf8'), manifest, game));
    const page = pages.get(game);
    return page ? madeNow(withSummary(page, room)) : null;
  };
  return (req: Request, res: Response, next: NextFunction) => {
    if (req.method !== 'GET' && req.method !== 'HEAD') return next();
    const file = files.get(req.path);
    if (file && req.path !== '/index.html') return send(req, res, file);
    const room = ROOM_LINK.exec(req.path);
    if (room) {
      roomPage(room[1]!).then(
        (page) => send(req, res, page ?? index),
        () => send(req, res, index),
      );
      return;
    }
    if (CLIENT_ROUTE.test(req.path) || req.path === '/index.html') return send(req, res, index);
    // A missing hashed asset is a stale page asking for an old build: a plain 404, not the app.
    if (req.path.startsWith('/assets/')) return res.status(404).type('text/plain').send('Not found');
    // Any other path: the app draws its own "not here" page, with the status a crawler or a script expects.
    send(req, res, index, 404);
  };
}
