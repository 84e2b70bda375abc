// Probe: where a Shields redraw's time goes in headless Chromium (SwiftShader). Plays N actions through the move
// buttons on three pages (1x desktop, ratio-3 phone, 2x desktop spectator) and reports per page: time in animation
// frame callbacks (Pixi's render), time in WebSocket message handlers (snapshot → view.update → draw), canvas
// fillText calls (texts drawn), WebGL texture uploads and their pixels. Needs `npm run build:client`.
import { readdirSync, readFileSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { DESKTOP, PHONE, launch } from '../test/helpers/browser';

const N = Number(process.env.N ?? 16);
const PROFILE = process.env.PROFILE === '1';

const INIT = () => {
  const w = window as unknown as { __probe: Record<string, number> };
  const s = (w.__probe = {
    renders: 0,
    gpu: 0,
    raf: 0,
    rafN: 0,
    msg: 0,
    msgN: 0,
    fillText: 0,
    measureText: 0,
    tex: 0,
    texPx: 0,
    draws: 0,
  });
  const raf = window.requestAnimationFrame.bind(window);
  const gls: WebGLRenderingContext[] = [];
  const gc = HTMLCanvasElement.prototype.getContext as any;
  (HTMLCanvasElement.prototype as any).getContext = function (this: HTMLCanvasElement, type: string, ...a: any[]) {
    const c = gc.call(this, type, ...a);
    if (c && /webgl/.test(type) && !gls.includes(c)) gls.push(c);
    return c;
  };
  window.requestAnimationFrame = (cb) =>
    raf((t) => {
      const t0 = performance.now();
      const d0 = s.draws;
      try {
        cb(t);
      } finally {
        s.raf += performance.now() - t0;
        s.rafN++;
        if (s.draws > d0) {
          s.renders++;
          // What the frame's GL commands cost the GPU process (SwiftShader): wait for them here.
          const t1 = performance.now();
          for (const gl of gls) gl.finish();
          s.gpu += performance.now() - t1;
        }
      }
    });
  const ft = CanvasRenderingContext2D.prototype.fillText;
  CanvasRenderingContext2D.prototype.fillText = function (...a: Parameters<typeof ft>) {
    s.fillText++;
    return ft.apply(this, a);
  };
  const mt = CanvasRenderingContext2D.prototype.measureText;
  CanvasRenderingContext2D.prototype.measureText = function (t: string) {
    s.measureText++;
    return mt.call(this, t);
  };
  for (const P of [WebGLRenderingContext.prototype, WebGL2RenderingContext.prototype] as any[]) {
    for (const name of ['texImage2D', 'texSubImage2D']) {
      const f = P[name];
      P[name] = function (...a: any[]) {
        s.tex++;
        const src = a.find((x: any) => x && typeof x === 'object' && 'width' in x);
        if (src) s.texPx += src.width * src.height;
        else if (typeof a[3] === 'number' && typeof a[4] === 'number') s.texPx += a[3] * a[4];
        return f.apply(this, a);
      };
    }
    for (const name of ['drawElements', 'drawArrays']) {
      const f = P[name];
      P[name] = function (...a: any[]) {
        s.draws++;
        return f.apply(this, a);
      };
    }
  }
  const desc = Object.getOwnPropertyDescriptor(WebSocket.prototype, 'onmessage')!;
  Object.defineProperty(WebSocket.prototype, 'onmessage', {
    get() {
      return desc.get!.call(this);
    },
    set(fn) {
      desc.set!.call(
        this,
        fn &&
          function (this: WebSocket, e: MessageEvent) {
            const t0 = performance.now();
            try {
              return fn.call(this, e);
            } finally {
              s.msg += performance.now() - t0;
              s.msgN++;
            }
          },
      );
    },
  });
};

/** CPU time (ms) of this process's Chromium GPU process, where SwiftShader draws every page's WebGL. */
function gpuCpu(): number {
  const procs = readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .map((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
        return {
          pid: Number(pid),
          ppid: Number(f[1]),
          cpu: (Number(f[11]) + Number(f[12])) * 10,
          cmd: readFileSync(`/proc/${pid}/cmdline`, 'utf8'),
        };
      } catch {
        return null;
      }
    })
    .filter((x) => x !== null);
  const mine = new Set([process.pid]);
  for (let grew = true; grew; ) {
    grew = false;
    for (const p of procs)
      if (mine.has(p.ppid) && !mine.has(p.pid)) {
        mine.add(p.pid);
        grew = true;
      }
  }
  return procs.filter((p) => mine.has(p.pid) && p.cmd.includes('--type=gpu-process')).reduce((a, p) => a + p.cpu, 0);
}

const status = (p: Page) => p.locator('#turn-status');
const moves = (p: Page) => p.getByRole('group', { name: 'Your moves' }).getByRole('button');
const logCount = (p: Page) => p.evaluate(() => document.querySelectorAll('[aria-label="Game log"] li').length);

async function main() {
  const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1' }));
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await launch();
  const mk = async (o: object) => {
    const c = await browser.newContext({ ...o, reducedMotion: 'reduce' });
    await c.addInitScript(INIT);
    return c.newPage();
  };
  const alice = await mk({ viewport: DESKTOP, deviceScaleFactor: 1 });
  const bob = await mk({ viewport: PHONE, deviceScaleFactor: 3, isMobile: true, hasTouch: true });
  const sam = await mk({ viewport: DESKTOP, deviceScaleFactor: 2 });
  await alice.goto(`${base}/`);
  await alice.getByLabel('Your name').fill('Alice');
  await alice.getByLabel('Game').selectOption({ label: 'Shields' });
  await alice.getByRole('button', { name: 'Create room' }).click();
  await alice.waitForURL(/\/r\/[\w-]+$/);
  const link = alice.url();
  await bob.goto(link);
  await bob.getByLabel('Your name').fill('Bob');
  await bob.getByRole('button', { name: 'Sit down' }).click();
  await status(alice)
    .filter({ hasNotText: /Waiting/ })
    .waitFor();
  await sam.goto(link);
  await sam.getByText('1 watching').waitFor();
  const pages = { 'desktop-1x': alice, 'phone-3x': bob, 'desktop-2x': sam };
  await alice.waitForTimeout(1500);
  for (const p of Object.values(pages))
    await p.evaluate(() => {
      const s = (window as any).__probe;
      for (const k of Object.keys(s)) s[k] = 0;
    });
  const perf = new Map<Page, { send: (m: string) => Promise<any> }>();
  for (const p of Object.values(pages)) {
    const c = await p.context().newCDPSession(p);
    await c.send('Performance.enable');
    perf.set(p, c as any);
  }
  const metrics = async (p: Page) =>
    Object.fromEntries(
      ((await perf.get(p)!.send('Performance.getMetrics')).metrics as { name: string; value: number }[]).map((m) => [
        m.name,
        m.value,
      ]),
    );
  const m0 = new Map<Page, Record<string, number>>();
  for (const p of Object.values(pages)) m0.set(p, await metrics(p));
  const cdp = PROFILE ? await sam.context().newCDPSession(sam) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const TRACE = process.env.TRACE;
  if (TRACE)
    await browser.startTracing(pages[TRACE as keyof typeof pages], {
      path: '/tmp/sd/trace.json',
      categories: [
        'devtools.timeline',
        'disabled-by-default-devtools.timeline',
        'toplevel',
        'blink',
        'cc',
        'gpu',
        'viz',
        'v8',
      ],
    });
  const g0 = gpuCpu();
  const t0 = Date.now();
  for (let n = 0; n < N; n++) {
    let p: Page | null = null;
    for (let k = 0; k < 1000 && !p; k++) {
      for (const q of [alice, bob])
        if ((await status(q).textContent()) === 'Your turn.' && (await moves(q).count()) > 0) p = q;
      if (!p) await alice.waitForTimeout(20);
    }
    if (!p) throw new Error('no mover');
    const labels = await moves(p).evaluateAll((bs) => bs.map((b) => b.textContent ?? ''));
    const take = labels.filter((l) => l.startsWith('Take ') && !l.includes('shield'));
    const label = take.length ? take[n % take.length] : (labels.find((l) => l.startsWith('Attack ')) ?? labels[0]);
    const before = await logCount(sam);
    await moves(p).getByText(label, { exact: true }).first().click();
    // every page has the entry and has drawn it
    for (const q of Object.values(pages))
      await q.waitForFunction((b) => document.querySelectorAll('[aria-label="Game log"] li').length > b, before);
    for (const q of Object.values(pages))
      await q.evaluate(() => new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r))));
  }
  const wall = Date.now() - t0;
  if (TRACE) await browser.stopTracing();
  console.log(
    `${N} actions in ${wall} ms (${Math.round(wall / N)} ms each); GPU process CPU ${Math.round((gpuCpu() - g0) / N)} ms/action`,
  );
  for (const [name, p] of Object.entries(pages)) {
    const s = await p.evaluate(() => (window as any).__probe);
    const labels = await p.evaluate(() => (window as any).__dicehall?.geometry().labels.length);
    const m1 = await metrics(p);
    const d = (k: string) => Math.round(((m1[k] - m0.get(p)![k]) * 1000) / N);
    console.log(
      `${name}: main thread per action: task ${d('TaskDuration')} ms, script ${d('ScriptDuration')} ms, layout ${d('LayoutDuration')} ms, style ${d('RecalcStyleDuration')} ms`,
    );
    console.log(
      `${name}: renders ${(s.renders / N).toFixed(1)}/action, GPU finish ${Math.round(s.gpu / N)} ms/action; frames ${s.rafN} ${Math.round(s.raf)} ms (${Math.round(s.raf / N)}/action); ws handlers ${s.msgN} ${Math.round(s.msg)} ms (${Math.round(s.msg / N)}/action); fillText ${Math.round(s.fillText / N)}/action; measureText ${Math.round(s.measureText / N)}/action; texture uploads ${Math.round(s.tex / N)}/action, ${(s.texPx / N / 1e6).toFixed(2)} Mpx/action; GL draws ${Math.round(s.draws / N)}/action; labels on board ${labels}`,
    );
  }
  if (cdp) {
    const { profile } = (await cdp.send('Profiler.stop')) as any;
    const self = new Map<string, number>();
    const dt = new Map<number, number>();
    profile.samples.forEach((id: number, i: number) => {
      dt.set(id, (dt.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    });
    for (const node of profile.nodes) {
      const f = node.callFrame;
      const key = `${f.functionName || '(anon)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
      self.set(key, (self.get(key) ?? 0) + (dt.get(node.id) ?? 0) / 1000);
    }
    const total = [...self.values()].reduce((a, b) => a + b, 0);
    console.log(`desktop-2x profile, self time (total ${Math.round(total)} ms):`);
    for (const [k, v] of [...self].sort((a, b) => b[1] - a[1]).slice(0, 25)) console.log(`  ${Math.round(v)} ms  ${k}`);
  }
  await browser.close();
  await server.close();
}

main().catch((err) => {
  console.error(err);
  process.exit(1);
});
