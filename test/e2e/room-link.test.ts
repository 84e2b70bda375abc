// Opening a room link on a phone (issue 9): the page carries the room's summary and its board's code, so the
// browser fetches everything in one wave and joins without asking GET /api/rooms/<id> first; a room the page does
// not name (a link followed within the app) still asks.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { create } from '../helpers/server';
import { e2eSetup, sitDown } from '../helpers/e2e';
import { shot, throttle } from '../helpers/browser';

const e2e = e2eSetup();

type Geometry = { labels: unknown[]; resizes: number; box: { h: number } };
const geometry = (page: import('playwright-core').Page) =>
  page.evaluate(() => (window as unknown as { __dicehall: { geometry(): Geometry } }).__dicehall.geometry());
const boardDrawn = (page: import('playwright-core').Page) =>
  page.waitForFunction(
    () => {
      const g = (window as unknown as { __dicehall?: { geometry(): { labels: unknown[] } } }).__dicehall?.geometry();
      return !!g && g.labels.length > 0;
    },
    undefined,
    { timeout: 30000 },
  );

it('joins from the page itself: the board code is requested before the join, and no room look-up is made', async () => {
  const host = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana' });
  try {
    const link = `${e2e.server.url}/r/${host.room.roomId}`;
    const phone = await e2e.open('phone');
    const requests: string[] = [];
    phone.on('request', (r) => requests.push(new URL(r.url()).pathname));
    await sitDown(phone, link, 'Ben');
    await boardDrawn(phone);
    await shot(phone, 'room-link-phone-3x');
    expect(requests.filter((p) => p.startsWith('/api/rooms/'))).toEqual([]);
    // Every script the board needs was asked for before the join (one wave with the entry script).
    const join = requests.findIndex((p) => p.startsWith('/matchmake/'));
    expect(join).toBeGreaterThan(0);
    const scripts = requests.filter((p) => p.endsWith('.js'));
    const late = requests.slice(join).filter((p) => p.endsWith('.js'));
    expect(scripts.length).toBeGreaterThan(10);
    expect(late).toEqual([]);
    expect(await phone.getByText('Ben').count()).toBeGreaterThan(0);

    // The same room reached from within the app (no summary in that page): the client asks, and still joins.
    const other = await create(e2e.server.ws, { game: 'dice-chess', name: 'Cy' });
    try {
      await phone.evaluate((id) => {
        history.pushState(null, '', `/r/${id}`);
        dispatchEvent(new PopStateEvent('popstate'));
      }, other.room.roomId);
      await phone.getByRole('button', { name: 'Sit down' }).waitFor();
      expect(requests).toContain(`/api/rooms/${other.room.roomId}`);
    } finally {
      await other.room.leave();
    }
  } finally {
    await host.room.leave();
  }
});

it.each(['shields', 'dice-chess'])(
  'sizes the %s board once on a phone: the board takes its height before the renderer measures it',
  async (game) => {
    const host = await create(e2e.server.ws, { game, name: 'Ana' });
    try {
      const phone = await e2e.open('phone');
      await sitDown(phone, `${e2e.server.url}/r/${host.room.roomId}`, 'Ben');
      await boardDrawn(phone);
      // Let the layout settle: a late resize would show here.
      await phone.waitForTimeout(500);
      const g = await geometry(phone);
      expect(g.resizes).toBe(1);
      expect(g.box.h).toBeGreaterThan(300);
    } finally {
      await host.room.leave();
    }
  },
);

interface Chunk {
  file: string;
  imports?: string[];
}
const manifest = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../client/dist/.vite/manifest.json'), 'utf8'),
) as Record<string, Chunk>;
/** The script files chunk `key` needs, transitively. */
function closure(key: string, files = new Set<string>()): Set<string> {
  const chunk = manifest[key];
  if (!chunk) throw new Error(`no ${key} in the build's manifest`);
  if (files.has(chunk.file)) return files;
  files.add(chunk.file);
  for (const i of chunk.imports ?? []) closure(i, files);
  return files;
}

it('reserves its seat before the network code and PixiJS have arrived, starts one renderer, and asks for no renderer code it does not use', async () => {
  const host = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana' });
  try {
    const { context, page } = await e2e.openContext('phone');
    const cdp = await context.newCDPSession(page);
    // A slow link (as bench/client-load.ts): the downloads take long enough to tell the order apart.
    await throttle(cdp);
    const sent = new Map<string, { path: string; priority: string; at: number }>();
    const done = new Map<string, number>();
    cdp.on('Network.requestWillBeSent', (e: { requestId: string; timestamp: number; request: { url: string } }) => {
      const r = e.request as { url: string; initialPriority: string };
      sent.set(e.requestId, { path: new URL(r.url).pathname, priority: r.initialPriority, at: e.timestamp });
    });
    cdp.on('Network.loadingFinished', (e: { requestId: string; timestamp: number }) =>
      done.set(e.requestId, e.timestamp),
    );
    // Every WebGL context a Pixi renderer creates (its own options carry `powerPreference`; Pixi's feature tests
    // do not), and every WebGL context of any kind.
    await page.addInitScript(() => {
      const get = HTMLCanvasElement.prototype.getContext as (this: HTMLCanvasElement, ...a: unknown[]) => unknown;
      const w = window as unknown as { __renderers: number; __webgl: number };
      w.__renderers = 0;
      w.__webgl = 0;
      HTMLCanvasElement.prototype.getContext = function (this: HTMLCanvasElement, ...args: unknown[]) {
        const options = args[1] as { powerPreference?: unknown } | undefined;
        if (/webgl/.test(String(args[0]))) w.__webgl++;
        if (/webgl/.test(String(args[0])) && options && 'powerPreference' in options) w.__renderers++;
        return get.apply(this, args);
      } as typeof HTMLCanvasElement.prototype.getContext;
    });
    // A spectator's link: no prompt, so the page joins as soon as its entry script runs.
    await page.goto(`${e2e.server.url}/r/${host.room.roomId}?watch`);
    await boardDrawn(page);
    const all = [...sent].map(([id, r]) => ({ ...r, end: done.get(id) }));
    const join = all.find((r) => r.path.startsWith('/matchmake/joinById/'));
    const finished = (name: RegExp) => all.find((r) => name.test(r.path))?.end;
    expect(join).toBeDefined();
    // Sent by the entry script with a high priority, before colyseus.js (the network code) or the renderer's
    // largest chunk had finished downloading; before this change colyseus.js sent it once it had loaded.
    expect(join!.priority).toMatch(/High/);
    expect(join!.at).toBeLessThan(finished(/\/assets\/connection-[\w-]+\.js$/)!);
    expect(join!.at).toBeLessThan(finished(/\/assets\/layout-[\w-]+\.js$/)!);
    // The board's code (its rules with zod, its board: the room page's low-priority preloads) is fetched at a low
    // priority, so the join is not queued behind it. Read from the page, not by chunk name (names follow modules).
    const lows = await page.$$eval('link[rel=modulepreload][fetchpriority=low]', (els) =>
      els.map((e) => new URL((e as HTMLLinkElement).href).pathname),
    );
    expect(lows.length).toBeGreaterThan(0);
    for (const path of lows)
      expect({ path, priority: all.find((r) => r.path === path)?.priority }).toEqual({ path, priority: 'Low' });
    // PixiJS without what this client never uses: the WebGPU and Canvas renderers, and Pixi's browser bundle
    // (accessibility, the DOM overlay, filters), which the build keeps as chunks of their own.
    const keys = Object.keys(manifest);
    const browserAll = keys.find((k) => k.endsWith('pixi.js/lib/environment-browser/browserAll.mjs'))!;
    const stage = closure('src/engine/stage.ts');
    const unused = [
      ...keys.filter((k) => /^_pixi-(webgpu|canvas)-/.test(k)).map((k) => manifest[k]!.file),
      ...[...closure(browserAll)].filter((f) => !stage.has(f)),
    ];
    expect(unused.length).toBeGreaterThanOrEqual(4);
    const asked = all.map((r) => r.path.slice(1));
    expect(asked.filter((f) => unused.includes(f))).toEqual([]);
    expect([...stage].filter((f) => !asked.includes(f))).toEqual([]);
    // One renderer: the router asks for a warm-up more than once, and one that came after the board screen had
    // taken its stage used to start a second WebGL context nobody drew with.
    await page.waitForTimeout(500);
    expect(await page.evaluate(() => (window as unknown as { __renderers: number }).__renderers)).toBe(1);
    // Besides it, only the small context Pixi keeps to read the shader precision its programs may ask for: the stage
    // makes its WebGL renderer directly, without Pixi's detection, whose feature test created and dropped a third
    // one first (bench/client-load.results.md).
    expect(await page.evaluate(() => (window as unknown as { __webgl: number }).__webgl)).toBe(2);
    await context.close();
  } finally {
    await host.room.leave();
  }
});

it('still joins when the early reservation fails on the way (the ordinary join takes over)', async () => {
  const host = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana' });
  try {
    const phone = await e2e.open('phone');
    let refused = 0;
    // The first reservation request dies on the way, as on a dropped mobile link; later ones go through.
    await phone.route('**/matchmake/joinById/**', (route) =>
      refused++ === 0 ? route.abort('connectionreset') : route.continue(),
    );
    await sitDown(phone, `${e2e.server.url}/r/${host.room.roomId}`, 'Ben');
    await boardDrawn(phone);
    expect(refused).toBe(2);
    await phone.getByText('Ben').first().waitFor();
    // The host's own client sees Ben seated (the patch may trail the guest's board by a moment).
    for (let i = 0; i < 100 && host.room.state.seats[1]?.name !== 'Ben'; i++) await phone.waitForTimeout(50);
    expect(host.room.state.seats[1]?.name).toBe('Ben');
  } finally {
    await host.room.leave();
  }
});
