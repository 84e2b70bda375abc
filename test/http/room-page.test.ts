// A room link's page names its room and preloads its board's code (server/src/http/room-page.ts, issue 9), so a
// phone opening a link downloads everything in one wave and joins without a look-up. Needs `vite build client`.
import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { brotliDecompressSync } from 'node:zlib';
import { withSummary } from '../../server/src/http/room-page';
import { create, serverSetup } from '../helpers/server';

const DIST = path.resolve(__dirname, '../../client/dist');
const env = serverSetup();

function get(
  url: string,
  headers: Record<string, string> = {},
): Promise<{ status: number; headers: http.IncomingHttpHeaders; body: string }> {
  return new Promise((resolve, reject) => {
    http
      .get(`${env.server.url}${url}`, { headers }, (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c) => chunks.push(c));
        res.on('end', () => {
          const raw = Buffer.concat(chunks);
          const body = res.headers['content-encoding'] === 'br' ? brotliDecompressSync(raw) : raw;
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: body.toString('utf8') });
        });
      })
      .on('error', reject);
  });
}

const manifest = () =>
  JSON.parse(fs.readFileSync(path.join(DIST, '.vite', 'manifest.json'), 'utf8')) as Record<string, { file: string }>;
const summaryIn = (html: string) => {
  const m = html.match(/<script type="application\/json" id="room-info">([^<]*)<\/script>/);
  return m ? JSON.parse(m[1]!) : null;
};
const preloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload"(?: fetchpriority="low")? crossorigin href="\/([^"]+)">/g)].map(
    (m) => m[1],
  );
/** The files preloaded at a low priority (behind the seat reservation and the network code). */
const lowPreloads = (html: string) =>
  [...html.matchAll(/<link rel="modulepreload" fetchpriority="low" crossorigin href="\/([^"]+)">/g)].map((m) => m[1]);

it('gives a live room link its summary and the modulepreloads of the network code, the table and its board', async () => {
  const host = await create(env.server.ws, { game: 'dice-chess', name: 'Ana' });
  try {
    const res = await get(`/r/${host.room.roomId}`, { 'accept-encoding': 'br' });
    expect(res.status).toBe(200);
    expect(res.headers['content-encoding']).toBe('br');
    expect(res.headers['cache-control']).toBe('no-cache');
    // The same summary GET /api/rooms/<id> answers.
    const api = JSON.parse((await get(`/api/rooms/${host.room.roomId}`)).body);
    expect(summaryIn(res.body)).toEqual(api);
    expect(api.metadata.game).toBe('dice-chess');
    const m = manifest();
    const plain = (await get('/')).body;
    const files = preloads(res.body).filter((f) => !preloads(plain).includes(f));
    expect(files).toContain(m['src/games/dice-chess/view.ts']!.file);
    expect(files).toContain(m['src/screens/table.ts']!.file);
    // Every added preload is a file of this build, named once, and none the entry page already loads.
    for (const f of files) expect(fs.existsSync(path.join(DIST, f))).toBe(true);
    expect(new Set(files).size).toBe(files.length);
    for (const f of files) expect(plain).not.toContain(`/${f}"`);
    // Another game's board is not in it.
    expect(files).not.toContain(m['src/games/shields/view.ts']!.file);
    // The network code keeps its normal priority; the board's code (PixiJS, zod, the game) asks for less, so the
    // seat reservation the entry script sends with a high priority is not queued behind it on HTTP/1.1.
    const low = lowPreloads(res.body);
    const network = Object.values(m).find((c) => /\/connection-[\w-]+\.js$/.test(c.file))!.file;
    expect(files).toContain(network);
    expect(low).not.toContain(network);
    expect(low).toContain(m['src/games/dice-chess/view.ts']!.file);
    expect(low).toContain(m['src/screens/table.ts']!.file);
    // Only the WebGL renderer: the WebGPU and Canvas renderers are chunks of their own that nothing preloads.
    expect(files.some((f) => /pixi-(webgpu|canvas)/.test(f!))).toBe(false);
  } finally {
    await host.room.leave();
  }
});

it('escapes the summary so no text in it can close its element (names refuse angle brackets; this is the second guard)', () => {
  const page = withSummary('<html><head></head><body></body></html>', {
    roomId: 'r1',
    metadata: { game: 'high-roll', host: 'Ana</script><script>alert(1)</script>' },
    clients: 1,
  });
  expect(page).not.toContain('</script><script>');
  expect(summaryIn(page).metadata.host).toBe('Ana</script><script>alert(1)</script>');
});

it('serves the plain page for a room it does not know, and keeps the build manifest private', async () => {
  const res = await get('/r/nosuchroom1');
  expect(res.status).toBe(200);
  expect(res.body).toContain('<main id="app">');
  expect(summaryIn(res.body)).toBeNull();
  expect(preloads(res.body)).toEqual(preloads((await get('/')).body));
  const secret = await get('/.vite/manifest.json');
  expect(secret.status).toBe(404);
  expect(secret.body).not.toContain('"isEntry"');
});
