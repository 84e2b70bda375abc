// Load benchmark (issue 18), one command, loopback only, bounded: a server process (bench/bench-server.ts) and
// W worker processes (bench/load/worker.ts) of real colyseus.js clients; N rooms × (2 bot players + S spectators),
// one action per room every ACTION_MS; the same harness against the bare room in the same run.
//   npx tsx --tsconfig tsconfig.base.json bench/load/run.ts            (defaults below; env to change)
//   ROOMS=200 SPECTATORS=2 WORKERS=2 ACTION_MS=2000 SECONDS=20 GAME=shields (SERVER_PROFILE=dir: a CPU profile)
//   WARMUP=10: seconds of play after set-up before measuring (JIT warm-up), for both rooms.
//   BENCH_BUILT=1: the server runs tsc's output (built first) with NODE_ENV=production, as the Dockerfile does, not
//   the sources through tsx.
//   The server runs with the V8 flags it is deployed with (SERVER_V8) and the load generator at nice 10 (LOAD_NICE),
//   so the clients take the CPU the server leaves, as clients on other machines would; STALLS=1 lists every
//   event-loop gap over 40 ms with who had the CPUs meanwhile (bench/RESULTS.md, ninth round).
import { execFileSync, fork, type ChildProcess } from 'node:child_process';
import { createWriteStream, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import os, { setPriority } from 'node:os';
import path from 'node:path';
import type { Stall } from './stalls';

// Bounded, but well above what one server process holds, so the capacity ladder runs on a big machine too.
const ROOMS = Math.min(Number(process.env.ROOMS ?? 100), 100_000);
const SPECTATORS = Math.min(Number(process.env.SPECTATORS ?? 2), 10);
const WORKERS = Math.min(Number(process.env.WORKERS ?? 2), 64);
const ACTION_MS = Number(process.env.ACTION_MS ?? 2000);
const SECONDS = Math.min(Number(process.env.SECONDS ?? 20), 300);
const GAME = process.env.GAME ?? 'shields';
/** Seconds of play after set-up before the measured window opens (the same for the bare room). */
const WARMUP = Math.min(Number(process.env.WARMUP ?? 10), 120);
/**
 * Packed (bench/load/pack.ts): this file is a bundle beside worker.cjs and bench-server.cjs and Node's own binary,
 * with no node_modules and no tsx; the server's sources are bundled, so it runs as BENCH_BUILT does.
 */
const PACKED = __filename.endsWith('.cjs');
const root = PACKED ? __dirname : path.resolve(__dirname, '../..');
const env = { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.base.json'), LOG_LEVEL: 'silent' };
const BUILT = !!process.env.BENCH_BUILT && !PACKED;
const script = (name: 'worker' | 'bench-server') =>
  PACKED
    ? path.join(root, `${name}.cjs`)
    : path.join(root, name === 'worker' ? 'bench/load/worker.ts' : 'bench/bench-server.ts');
const TSX = PACKED ? [] : ['--import', 'tsx'];
/** The server's V8 flags as deployed (Dockerfile NODE_OPTIONS, `npm start`); SERVER_V8 to change them. */
const SERVER_V8 = process.env.SERVER_V8 ?? '--v8-pool-size=1 --max-semi-space-size=64';
/**
 * PIN=<server cpus>:<load cpus> (e.g. 0:1): the server's threads on some CPUs, the load generator's (workers and
 * this runner) on the others, so that neither takes the other's CPU (taskset).
 */
const PIN = process.env.PIN
  ? { server: process.env.PIN.split(':')[0]!, workers: process.env.PIN.split(':')[1]! }
  : process.env.SERVER_CPUS
    ? // SERVER_CPUS=<n>: the server on CPUs 0…n-1, the load generator on all the others.
      {
        server: `0-${Number(process.env.SERVER_CPUS) - 1}`,
        workers: `${process.env.SERVER_CPUS}-${os.cpus().length - 1}`,
      }
    : null;
/**
 * LOAD_NICE=<n>, default 10: the load generator's threads (workers and this runner) at that nice level, so that when
 * both want a CPU the server has it first, as if its clients ran on other machines (LOAD_NICE=0: the same priority,
 * as before the ninth round). Every thread: Linux keeps a nice level per thread, and a worker's bursts run on V8's
 * GC and compiler threads. Measured (bench/RESULTS.md, ninth round): at the same priority the server's stalls of
 * ~100 ms were spent two thirds runnable, waiting for a CPU a load worker's V8 threads held.
 */
const LOAD_NICE = Number(process.env.LOAD_NICE ?? 10);
function renice(pid: number, n: number) {
  for (const tid of readdirSync(`/proc/${pid}/task`)) setPriority(Number(tid), n);
}
const pin = (pid: number, cpus: string) =>
  execFileSync('taskset', ['-a', '-p', '-c', cpus, String(pid)], { stdio: 'ignore' });
/**
 * The server's env: built, its `@dicehall/shared` is the package's own build too (no source paths mapped), and
 * NODE_ENV is production, as the Dockerfile sets it (Colyseus skips development checks then, e.g. msgpackr's
 * buffer reset with a `process.env` read on every message sent).
 */
const serverEnv = BUILT
  ? { ...env, TSX_TSCONFIG_PATH: path.join(root, 'bench/tsconfig.built.json'), NODE_ENV: 'production' }
  : PACKED
    ? { ...env, NODE_ENV: 'production' }
    : env;

const stat = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return { cpuUs: (Number(f[11]) + Number(f[12])) * 10_000, rssKiB: Number(f[21]) * 4 };
};
const pct = (xs: number[], p: number) =>
  xs.length ? xs.sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))] : NaN;

function once<T>(child: ChildProcess, type: string): Promise<T> {
  return new Promise((resolve, reject) => {
    const onMsg = (m: any) => {
      if (m?.type === type) {
        child.off('message', onMsg);
        resolve(m);
      }
    };
    child.on('message', onMsg);
    child.once('exit', (code) => reject(new Error(`worker exited with ${code} before "${type}"`)));
  });
}

async function runKind(ws: string, server: ChildProcess, kind: 'table' | 'bare') {
  const serverPid = server.pid!;
  const idle0 = stat(serverPid);
  await new Promise((r) => setTimeout(r, 2000));
  const idle = (stat(serverPid).cpuUs - idle0.cpuUs) / 2;
  const rss0 = stat(serverPid).rssKiB;
  const per = Math.ceil(ROOMS / WORKERS);
  const workers = Array.from({ length: WORKERS }, (_, w) =>
    fork(script('worker'), [], {
      // WORKER_NODE_ARGS: more flags for the load workers' node (e.g. "--single-threaded-gc").
      execArgv: [...TSX, ...(process.env.WORKER_NODE_ARGS?.split(' ').filter(Boolean) ?? [])],
      stdio: 'inherit',
      env: {
        ...env,
        LOAD_WORKER: JSON.stringify({
          WS: ws,
          ROOMS: Math.max(0, Math.min(per, ROOMS - w * per)),
          SPECTATORS,
          ACTION_MS,
          SECONDS,
          KIND: kind,
          GAME,
        }),
      },
    }),
  );
  await Promise.all(workers.map((w) => once(w, 'ready')));
  if (PIN) for (const w of workers) pin(w.pid!, PIN.workers);
  if (LOAD_NICE) for (const w of workers) renice(w.pid!, LOAD_NICE);
  // The rooms play from set-up on; the measured window opens WARMUP seconds later, so both rooms are measured as a
  // server runs for hours: not while V8 is still compiling their code on its background threads (perf, Shields,
  // 500 rooms: the first 10 s after set-up cost ~14% more CPU than the next 20 s, its background threads 2.4× as
  // much; bench/RESULTS.md, seventh round).
  await new Promise((r) => setTimeout(r, WARMUP * 1000));
  const s0 = stat(serverPid);
  const w0 = workers.map((w) => stat(w.pid!).cpuUs);
  const t0 = Date.now();
  const sampling = process.env.STALLS ? sampleCpu([serverPid, ...workers.map((w) => w.pid!), process.pid]) : null;
  server.send('loop-reset');
  for (const w of workers) w.send('go');
  // Each worker's CPU over the measured time, read just before it reports (it exits right after).
  const workerCpu: number[] = [];
  const results = await Promise.all(
    workers.map((w, i) => {
      const done = once<any>(w, 'done');
      const poll = setInterval(() => {
        workerCpu[i] = stat(w.pid!).cpuUs - w0[i]!;
      }, 250);
      return done.finally(() => clearInterval(poll));
    }),
  );
  const s1 = stat(serverPid);
  const secs = (Date.now() - t0) / 1000;
  const looped = once<{ p99: number; max: number; stalls: Stall[] }>(server, 'loop');
  server.send('loop-read');
  const serverLoop = await looped;
  sampling?.stop();
  if (process.env.STALLS)
    printStalls(kind, t0, [
      ['server', serverLoop.stalls],
      ...results.map((r, i): [string, Stall[]] => [`worker ${i}`, r.gaps]),
    ]);
  const sum = (k: string) => results.reduce((n, r) => n + r[k], 0);
  const other = results.flatMap((r) => r.latOther);
  const spect = results.flatMap((r) => r.latSpectator);
  const actions = sum('actions');
  const clients = sum('clients');
  await Promise.all(workers.map((w) => new Promise((r) => w.once('exit', r))));
  await new Promise((r) => setTimeout(r, 1500));
  return {
    kind,
    clients,
    actionsPerSecond: actions / secs,
    other: [pct(other, 0.5), pct(other, 0.95), pct(other, 0.99)],
    spectators: [pct(spect, 0.5), pct(spect, 0.95), pct(spect, 0.99)],
    serverUsPerAction: (s1.cpuUs - s0.cpuUs) / Math.max(1, actions),
    idleCpuPct: idle / 1e4,
    bytesPerActionPerClient: sum('bytes') / Math.max(1, actions) / Math.max(1, clients / ROOMS),
    rssPerRoomKiB: (s1.rssKiB - rss0) / ROOMS,
    errors: sum('errors'),
    /** The load generator's busiest worker, as a share of one core over the measured time. */
    workerBusiest: Math.max(...workerCpu) / 1e4 / secs,
    /** Event-loop delay over the measured time (ms): the server's, and the worst of the load workers'. */
    serverLoop,
    workerLoop: {
      p99: Math.max(...results.map((r) => r.loopDelay.p99)),
      max: Math.max(...results.map((r) => r.loopDelay.max)),
    },
  };
}

/** CPU time per process (server, workers, this one) and of the whole machine, every 10 ms (STALLS=1). */
let cpuSamples: { at: number; pids: number[]; machine: number }[] = [];
function sampleCpu(pids: number[]) {
  cpuSamples = [];
  const machine = () => {
    const f = readFileSync('/proc/stat', 'utf8').split('\n')[0]!.split(/ +/).slice(1).map(Number);
    return (f[0]! + f[1]! + f[2]! + f[5]! + f[6]! + f[7]!) * 10; // user nice system irq softirq steal, ms
  };
  const t = setInterval(() => {
    cpuSamples.push({ at: Date.now(), pids: pids.map((p) => stat(p).cpuUs / 1000), machine: machine() });
  }, 10);
  return { stop: () => clearInterval(t) };
}
/** Who had the CPUs between two wall-clock times (ms of CPU, from the samples around them). */
function busy(from: number, to: number) {
  const a = [...cpuSamples].reverse().find((x) => x.at <= from) ?? cpuSamples[0];
  const b = cpuSamples.find((x) => x.at >= to) ?? cpuSamples.at(-1);
  if (!a || !b) return '';
  const d = b.pids.map((v, i) => v - a.pids[i]!);
  const procs = d.reduce((n, x) => n + x, 0);
  return `over ${b.at - a.at} ms: server ${d[0]!.toFixed(0)}, workers ${d
    .slice(1, -1)
    .map((x) => x.toFixed(0))
    .join(
      '/',
    )}, runner ${d.at(-1)!.toFixed(0)}, rest of machine ${(b.machine - a.machine - procs).toFixed(0)} ms of CPU`;
}

/** STALLS=1: every event-loop gap of the measured time, server and workers together, in time order. */
function printStalls(kind: string, t0: number, by: [string, Stall[]][]) {
  const all = by.flatMap(([who, xs]) => xs.map((x) => ({ who, ...x }))).sort((a, b) => a.at - b.at);
  console.log(`${kind}: ${all.length} event-loop gaps over ${process.env.STALL_MS ?? 40} ms`);
  for (const x of all)
    console.log(
      `  +${((x.at - t0) / 1000).toFixed(2)} s (${(x.uptimeMs / 1000).toFixed(2)} s up) ${x.who}: ${x.gapMs.toFixed(0)} ms; main thread ${x.mainOnCpuMs.toFixed(0)} on a CPU, ${x.mainRunnableMs.toFixed(0)} runnable waiting; process CPU ${x.userMs.toFixed(0)} user + ${x.systemMs.toFixed(0)} sys, ${x.preempted} preempted, ${x.waited} waits, ${x.minorFaults} minor faults; ${busy(x.at - x.gapMs, x.at)}`,
    );
}

/** Every line main prints, for OUT. */
const printed: string[] = [];
function say(line: string) {
  console.log(line);
  printed.push(line);
}
/** What the figures were measured on: a ratio is only comparable within one machine and one run. */
function machine() {
  const cpus = os.cpus();
  return {
    cpu: cpus[0]?.model ?? 'unknown',
    cpus: cpus.length,
    memoryGiB: Math.round(os.totalmem() / 2 ** 30),
    node: process.version,
    kernel: `${os.type()} ${os.release()}`,
    loadAverage: os.loadavg().map((x) => Number(x.toFixed(2))),
  };
}
const describeMachine = () => {
  const m = machine();
  return `${m.cpus} × ${m.cpu}, ${m.memoryGiB} GiB, Node ${m.node}, ${m.kernel}`;
};

async function main() {
  // SERVER_PROFILE=<dir>: the server process writes a V8 CPU profile there when it exits (open it in DevTools).
  const profile = process.env.SERVER_PROFILE ? ['--cpu-prof', '--cpu-prof-dir', process.env.SERVER_PROFILE] : [];
  // SERVER_TRACE_GC=<file>: the server runs with --trace-gc and its standard output goes to that file.
  const traceGc = process.env.SERVER_TRACE_GC;
  if (BUILT) execFileSync('npx', ['tsc', '-b', 'server'], { cwd: root, stdio: 'inherit' });
  const server = fork(script('bench-server'), [], {
    // SERVER_NODE_ARGS: more flags for the server's node (e.g. "--max-semi-space-size=32", a young-generation size).
    execArgv: [
      ...TSX,
      ...profile,
      ...(traceGc ? ['--trace-gc'] : []),
      // V8's collector as the Dockerfile and `npm start` set it (SERVER_V8="" for Node's defaults: 4 threads, 16 MB).
      ...SERVER_V8.split(' ').filter(Boolean),
      ...(process.env.SERVER_NODE_ARGS?.split(' ').filter(Boolean) ?? []),
    ],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: serverEnv,
  });
  if (traceGc) server.stdout!.pipe(createWriteStream(traceGc));
  const port = await new Promise<number>((resolve) =>
    server.stdout!.on('data', (b: Buffer) => {
      const m = /port (\d+)/.exec(String(b));
      if (m) resolve(Number(m[1]));
    }),
  );
  const ws = `ws://127.0.0.1:${port}`;
  if (PIN) {
    pin(server.pid!, PIN.server);
    pin(process.pid, PIN.workers);
  }
  if (LOAD_NICE) renice(process.pid, LOAD_NICE);
  const load = readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ');
  say(`machine: ${describeMachine()}`);
  say(
    `${ROOMS} rooms × (2 players + ${SPECTATORS} spectators), one action per room every ${ACTION_MS} ms, ${SECONDS} s measured after ${WARMUP} s of play, ${WORKERS} client workers; server ${PACKED ? 'bundled (packed)' : BUILT ? 'built (tsc)' : 'sources (tsx)'}; load average ${load}; server's V8 flags "${SERVER_V8}"${process.env.SERVER_NODE_ARGS ? `; server node ${process.env.SERVER_NODE_ARGS}` : ''}${process.env.WORKER_NODE_ARGS ? `; workers' node ${process.env.WORKER_NODE_ARGS}` : ''}${LOAD_NICE ? `; load generator at nice ${LOAD_NICE}` : ''}${PIN ? `; server on CPU ${PIN.server}, load generator on CPU ${PIN.workers}` : ''}`,
  );
  const rows = [await runKind(ws, server, 'bare'), await runKind(ws, server, 'table')];
  // No spectators in the run: no latency to show for them.
  const f = (xs: number[]) => (xs.some(Number.isNaN) ? '—' : xs.map((x) => x.toFixed(1)).join(' / '));
  say(
    '| room | clients | actions/s | other player p50/p95/p99 ms | spectators p50/p95/p99 ms | server CPU per action | bytes per action per client | RSS per room | errors |',
  );
  say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) {
    say(
      `| ${r.kind === 'bare' ? 'bare' : GAME} | ${r.clients} | ${r.actionsPerSecond.toFixed(1)} | ${f(r.other)} | ${f(r.spectators)} | ${r.serverUsPerAction.toFixed(0)} µs | ${r.bytesPerActionPerClient.toFixed(0)} B | ${r.rssPerRoomKiB.toFixed(0)} KiB | ${r.errors} |`,
    );
  }
  say(
    `server CPU per action, ${GAME} / bare: ${(rows[1].serverUsPerAction / rows[0].serverUsPerAction).toFixed(1)}×; server idle before each run: ${rows.map((r) => `${r.idleCpuPct.toFixed(1)}%`).join(', ')} of a core; busiest client worker ${rows.map((r) => `${r.workerBusiest.toFixed(0)}%`).join(', ')} of a core`,
  );
  // A latency tail the server's own loop does not show was made in the load generator (or the kernel between).
  const ms = (l: { p99: number; max: number }) => `${l.p99.toFixed(1)} / ${l.max.toFixed(1)} ms`;
  say(
    `event-loop delay p99 / max over the measured time: server ${rows.map((r) => ms(r.serverLoop)).join(', ')}; worst load worker ${rows.map((r) => ms(r.workerLoop)).join(', ')} (bare, ${GAME})`,
  );
  // OUT=<dir>: the printed lines (results.md) and every figure with the machine and settings (results.json).
  if (process.env.OUT) {
    mkdirSync(process.env.OUT, { recursive: true });
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const base = path.join(process.env.OUT, `load-${GAME}-${ROOMS}x${2 + SPECTATORS}-${stamp}`);
    writeFileSync(`${base}.md`, `${printed.join('\n')}\n`);
    const settings = {
      ROOMS,
      SPECTATORS,
      WORKERS,
      ACTION_MS,
      SECONDS,
      WARMUP,
      GAME,
      PIN,
      LOAD_NICE,
      SERVER_V8,
      PACKED,
    };
    writeFileSync(`${base}.json`, `${JSON.stringify({ machine: machine(), settings, rows }, null, 2)}\n`);
    console.log(`written: ${base}.md, ${base}.json`);
  }
  // The server exits by itself when the channel closes (and writes its profile then); killed if it lingers.
  const exited = new Promise((resolve) => server.once('exit', resolve));
  server.disconnect();
  await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 10_000))]);
  server.kill();
  process.exit(0);
}
setTimeout(
  () => {
    console.error('load benchmark: time limit reached');
    process.exit(1);
  },
  ((SECONDS + WARMUP) * 2 + 240) * 1000,
).unref();
void main();
