// The built client as served: precompressed by Accept-Encoding, hashed assets cached for a year, index.html
// revalidated by ETag, client routes served the app, unknown paths the app's own 404 page. Needs `vite build client`.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { testServer } from '../helpers/server';

const DIST = path.resolve(__dirname, '../../client/dist');
let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer();
});
afterAll(() => server?.close());

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${server.url}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () =>
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

const entry = () => {
  const html = fs.readFileSync(path.join(DIST, 'index.html'), 'utf8');
  return html.match(/src="(\/assets\/[^"]+\.js)"/)![1];
};

it('sends a hashed asset as brotli, gzip or plain by Accept-Encoding, cached for a year', async () => {
  const url = entry();
  const plain = fs.readFileSync(path.join(DIST, url));
  const br = await get(url, { 'accept-encoding': 'gzip, deflate, br' });
  expect(br.status).toBe(200);
  expect(br.headers['content-encoding']).toBe('br');
  expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
  expect(br.headers.vary).toBe('Accept-Encoding');
  expect(br.headers['content-type']).toMatch(/^text\/javascript/);
  expect(brotliDecompressSync(br.body).equals(plain)).toBe(true);
  expect(br.body.length).toBeLessThan(plain.length / 2);

  const gz = await get(url, { 'accept-encoding': 'gzip' });
  expect(gz.headers['content-encoding']).toBe('gzip');
  expect(gunzipSync(gz.body).equals(plain)).toBe(true);

  const refused = await get(url, { 'accept-encoding': 'br;q=0, gzip;q=0' });
  expect(refused.headers['content-encoding']).toBeUndefined();
  expect(refused.body.equals(plain)).toBe(true);
  // Each representation has its own ETag.
  expect(new Set([br.headers.etag, gz.headers.etag, refused.headers.etag]).size).toBe(3);
});

it('revalidates index.html on every load and answers 304 to a matching ETag', async () => {
  const first = await get('/', { 'accept-encoding': 'br' });
  expect(first.status).toBe(200);
  expect(first.headers['cache-control']).toBe('no-cache');
  expect(first.headers.etag).toMatch(/^".+"$/);
  const again = await get('/', { 'accept-encoding': 'br', 'if-none-match': first.headers.etag! });
  expect(again.status).toBe(304);
  expect(again.body.length).toBe(0);
});

it.each(['/r/abc123', '/replay/0123456789abcdef', '/rules/shields'])(
  'serves the app at the client route %s',
  async (url) => {
    const res = await get(url);
    expect(res.status).toBe(200);
    expect(res.body.toString()).toContain('<main id="app">');
  },
);

it('answers an unknown path with the app (its own 404 page) and a 404 status; a missing asset with a plain 404', async () => {
  const page = await get('/no/such/page');
  expect(page.status).toBe(404);
  expect(page.headers['cache-control']).toBe('no-cache');
  expect(page.body.toString()).toContain('<main id="app">');
  const asset = await get('/assets/gone-abc123.js');
  expect(asset.status).toBe(404);
  expect(asset.body.toString()).toBe('Not found');
  const api = await get('/api/nothing');
  expect(api.status).toBe(404);
  expect(JSON.parse(api.body.toString()).code).toBe('not-found');
  // A path can only name a built file: no way out of the build folder.
  const escaped = await get('/assets/../../package.json');
  expect(escaped.body.toString()).not.toContain('"workspaces"');
});
