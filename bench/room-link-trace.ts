// The main thread of one cold room link on the throttled phone (CPU=4 by default), from a Chromium trace: every
// task of 30 ms or more from the link to the board drawn, with what ran in it (scripts evaluated, functions called,
// style, layout, paint, garbage collection), in ms after the navigation started. Shows which of the main thread's
// work before the first board frame could move or go (issue 9). Run after `npm run build:client`:
// `npx tsx --tsconfig tsconfig.base.json bench/room-link-trace.ts` (GAME='Shields'; TRACE=file.json keeps the trace
// and its CPU profile; CATEGORIES=a,b adds trace categories).
import { writeFileSync } from 'node:fs';
import { loadConfig } from '../server/src/config';
import { startServer } from '../server/src/app';
import { DEVICES, launch, throttle } from '../test/helpers/browser';
import { boardDrawn, runningRoom } from './phone';

const CPU = Number(process.env.CPU ?? 4);

interface Profile {
  nodes: { id: number; callFrame: { functionName: string; url: string } }[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}
interface TraceEvent {
  name: string;
  ph: string;
  ts: number;
  dur?: number;
  pid: number;
  tid: number;
  args?: { name?: string; data?: { url?: string; functionName?: string; documentLoaderURL?: string } };
}

async function main() {
  const server = await startServer(loadConfig({}, { port: 0, host: '127.0.0.1' }));
  const base = `http://127.0.0.1:${server.port}`;
  const browser = await launch();
  const room = await runningRoom(browser, base, process.env.GAME ?? 'Dice Chess');
  const context = await browser.newContext(DEVICES.phone);
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await throttle(cdp, CPU);
  await browser.startTracing(page, {
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
      'gpu',
      'cc',
      'viz',
      ...(process.env.CATEGORIES?.split(',') ?? []),
    ],
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  const t0 = Date.now();
  await page.goto(room.link);
  await boardDrawn(page);
  console.log(`board drawn ${Date.now() - t0} ms (wall clock, tracing and profiling on)`);
  const { profile } = (await cdp.send('Profiler.stop')) as unknown as { profile: Profile };
  const buf = await browser.stopTracing();
  // The samples' times (the trace's clock, in µs) and their functions, for each task's heaviest functions below.
  const fnOf = new Map(profile.nodes.map((n) => [n.id, n.callFrame]));
  const sampled: { ts: number; fn: string }[] = [];
  let ts = profile.startTime;
  profile.samples.forEach((id, i) => {
    ts += profile.timeDeltas[i] ?? 0;
    const f = fnOf.get(id)!;
    sampled.push({ ts, fn: `${f.functionName || '(anon)'} ${f.url.replace(base, '').replace(/^\/assets\//, '')}` });
  });
  if (process.env.TRACE) {
    writeFileSync(process.env.TRACE, buf);
    writeFileSync(`${process.env.TRACE}.cpuprofile`, JSON.stringify(profile));
  }
  const events = (JSON.parse(buf.toString()) as { traceEvents: TraceEvent[] }).traceEvents;
  const threads = new Map<string, string>();
  for (const e of events) if (e.ph === 'M' && e.name === 'thread_name') threads.set(`${e.pid}:${e.tid}`, e.args!.name!);
  // The link's navigation (the running room's two other pages trace too, but navigated before the trace began).
  const nav = events.find((e) => e.name === 'navigationStart' && e.args?.data?.documentLoaderURL?.includes('/r/'))!;
  const zero = nav.ts;
  const main = [...threads].find(([k, v]) => k.startsWith(`${nav.pid}:`) && v === 'CrRendererMain')![0];
  const on = (e: TraceEvent, key: string) => `${e.pid}:${e.tid}` === key;
  const complete = events.filter((e) => e.ph === 'X' && e.dur !== undefined);
  const tasks = complete.filter((e) => on(e, main) && e.name === 'RunTask' && e.dur! >= 30000);
  const short = (u = '') => u.replace(base, '').replace(/^\/assets\//, '');
  const label = (e: TraceEvent) => {
    const d = e.args?.data;
    if (e.name === 'EvaluateScript' || e.name === 'v8.compileModule' || e.name === 'v8.evaluateModule')
      return `${e.name} ${short(d?.url)}`;
    if (e.name === 'FunctionCall') return `FunctionCall ${d?.functionName || '?'} ${short(d?.url)}`;
    return e.name;
  };
  const skip = new Set(['RunTask']);
  for (const t of tasks) {
    const inside = complete.filter(
      (e) => on(e, main) && e !== t && e.ts >= t.ts && e.ts + e.dur! <= t.ts + t.dur! && !skip.has(e.name),
    );
    // Top-level children only: events not inside another child.
    const top = inside.filter(
      (e) => !inside.some((o) => o !== e && o.ts <= e.ts && o.ts + o.dur! >= e.ts + e.dur! && o.dur! > e.dur!),
    );
    const parts = top
      .filter((e) => e.dur! >= 5000)
      .map((e) => `${label(e)} ${(e.dur! / 1000).toFixed(0)}`)
      .join('; ');
    console.log(
      `  [${((t.ts - zero) / 1000).toFixed(0).padStart(5)} ms, ${(t.dur! / 1000).toFixed(0).padStart(4)} ms] ${parts}`,
    );
    const self = new Map<string, number>();
    for (let i = 1; i < sampled.length; i++) {
      const s = sampled[i]!;
      if (s.ts < t.ts || s.ts > t.ts + t.dur!) continue;
      self.set(s.fn, (self.get(s.fn) ?? 0) + (s.ts - sampled[i - 1]!.ts) / 1000);
    }
    const heavy = [...self]
      .filter(([k]) => !k.startsWith('(idle)'))
      .sort((a, b) => b[1] - a[1])
      .slice(0, 5)
      .map(([k, v]) => `${k} ${v.toFixed(0)}`)
      .join('; ');
    if (heavy) console.log(`      ${heavy}`);
  }
  // The GL side: software compositing's read-backs and commits, on the page's thread and the others.
  const gpu = new Map<string, number>();
  for (const e of complete)
    if (/ReadPixels|Commit|Draw|SwapBuffers|GLES2/.test(e.name)) {
      const k = `${threads.get(`${e.pid}:${e.tid}`) ?? e.tid} ${e.name}`;
      gpu.set(k, (gpu.get(k) ?? 0) + e.dur! / 1000);
    }
  console.log('  GL and compositor events on every thread (sum, ms):');
  for (const [k, v] of [...gpu].sort((a, b) => b[1] - a[1]).slice(0, 8))
    console.log(`    ${v.toFixed(0).padStart(6)}  ${k}`);
  await context.close();
  await room.close();
  await browser.close();
  await server.close();
  process.exit(0);
}
// A board that never draws fails the wait: exit then too (the server would keep the process alive).
main().catch((err) => {
  console.error(err);
  process.exit(1);
});
