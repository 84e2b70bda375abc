// Bytes on the wire and server CPU per action: whole random games of Shields and Dice Chess (2 players + 1
// spectator, real colyseus.js clients) against a bare Colyseus room driven the same way. The server runs as its
// own process (bench/bench-server.ts), its CPU read from /proc; the clients' CPU is reported beside it.
// Run: npx tsx --tsconfig tsconfig.base.json bench/wire.bench.ts   (GAMES=n games per kind, default 20)
import { wsToggle } from './ws-toggle';
import { Client, Room } from 'colyseus.js';
import { fork } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { applyViewMessage, emptyStream, type ViewStream } from '@dicehall/shared';
import { logCount, syncedLines, toActOf } from './synced-lines';

const GAMES = Number(process.env.GAMES ?? 20);

/**
 * Every byte a room's socket receives (colyseus.js keeps the socket at connection.transport.ws): what the TCP
 * socket read, frame headers and pings included, so a compressed frame (permessage-deflate) counts as sent.
 */
const bytes = new WeakMap<object, { readonly n: number }>();
/** Frame payloads (no WebSocket header) of the game being measured, by kind. */
let counting = false;
const payload = { message: 0, patch: 0, other: 0 };
const connect = Room.prototype.connect;
Room.prototype.connect = function (this: Room, ...args: Parameters<typeof connect>) {
  const out = connect.apply(this, args);
  const ws = (this.connection as any).transport.ws;
  bytes.set(this, {
    get n() {
      return ws._socket?.bytesRead ?? 0;
    },
  });
  // Payload bytes by kind, while counting: Colyseus' first byte says what a frame is (13 a message, 15 a patch).
  ws.addEventListener('message', (e: { data: ArrayBuffer }) => {
    if (!counting) return;
    const code = new Uint8Array(e.data)[0];
    const kind = code === 13 ? 'message' : code === 15 ? 'patch' : 'other';
    payload[kind] += e.data.byteLength;
  });
  return out;
};

interface Bot {
  room: Room<any>;
  seat: number | null;
  view: any;
  legal: any[];
  messages: number;
}

function bot(room: Room<any>): Bot {
  const b: Bot = { room, seat: null, view: null, legal: [], messages: 0 };
  room.onMessage('welcome', (m: { seat: number | null }) => {
    b.seat = m.seat;
  });
  room.onMessage('error', (e) => console.error('refused', e));
  let stream = emptyStream();
  const lines = syncedLines(room);
  const take = (next: ViewStream) => {
    stream = next;
    b.view = stream.doc?.view;
    b.legal = (stream.doc?.legal as any[]) ?? [];
  };
  room.onMessage('view', (m: string) => {
    b.messages++;
    const next = applyViewMessage(stream, m, lines);
    if (!next) throw new Error('view stream out of step');
    take(next);
  });
  return b;
}

function legalOf(b: Bot): any[] {
  if (b.room.state.secret?.get) {
    const s = b.room.state.secret.get(String(b.seat));
    return s?.legal ? JSON.parse(s.legal) : [];
  }
  return b.legal ?? [];
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
async function until(check: () => boolean, ms = 10000) {
  const end = Date.now() + ms;
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out');
    await sleep(1);
  }
}

function rng(seed: number) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 2 ** 32;
  };
}

interface Tally {
  actions: number;
  bytes: number;
  clients: number;
  cpuUs: number;
  serverUs: number;
  lateFirst: number[];
  /** Payload bytes of messages (the view stream, chat, clocks) and of state patches (the log window, seats, phase). */
  message: number;
  patch: number;
}

let serverPid = 0;
/** The server process's CPU time so far (utime + stime, clock ticks of 10 ms). */
const serverCpuUs = () => {
  const f = readFileSync(`/proc/${serverPid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) * 10_000;
};

async function playGame(ws: string, game: string, options: object, seed: number, t: Tally) {
  const random = rng(seed);
  const a = bot(await new Client(ws).create('table', { game, options }));
  const b = bot(await new Client(ws).joinById(a.room.roomId, {}));
  const s = bot(await new Client(ws).joinById(a.room.roomId, { want: 'watch' }));
  const all = [a, b, s];
  await until(() => a.room.state.phase === 'playing' && all.every((p) => p.room.state.phase === 'playing'));
  await sleep(60);
  const start = all.map((p) => bytes.get(p.room)!.n);
  const payload0 = { ...payload };
  counting = true;
  const cpu0 = process.cpuUsage();
  const server0 = serverCpuUs();
  let actions = 0;
  while (a.room.state.phase === 'playing') {
    const toAct = [...toActOf(a.room)] as number[];
    const mover = [a, b].find((p) => toAct.includes(p.seat!));
    if (!mover) {
      await sleep(2);
      continue;
    }
    const legal = legalOf(mover);
    if (!legal.length) {
      await sleep(2);
      continue;
    }
    const before = logCount(a.room.state);
    mover.room.send('action', legal[Math.floor(random() * legal.length)]);
    await until(() => all.every((p) => logCount(p.room.state) > before || p.room.state.phase !== 'playing'));
    await sleep(0);
    actions++;
    if (actions > 2000) break;
  }
  await sleep(60);
  const cpu = process.cpuUsage(cpu0);
  t.cpuUs += cpu.user + cpu.system;
  t.serverUs += serverCpuUs() - server0;
  counting = false;
  t.message += payload.message - payload0.message;
  t.patch += payload.patch - payload0.patch;
  t.actions += actions;
  t.clients += all.length;
  all.forEach((p, i) => {
    t.bytes += bytes.get(p.room)!.n - start[i];
  });
  // A spectator joining at the end: its first state (schema + view messages).
  const late = bot(await new Client(ws).joinById(a.room.roomId, { want: 'watch' }));
  await sleep(100);
  t.lateFirst.push(bytes.get(late.room)!.n);
  for (const p of [...all, late]) await p.room.leave();
}

async function bareRun(ws: string, actionsPerGame: number, games: number, t: Tally) {
  for (let g = 0; g < games; g++) {
    const rooms = [await new Client(ws).create('bare')];
    rooms.push(await new Client(ws).joinById(rooms[0].roomId), await new Client(ws).joinById(rooms[0].roomId));
    await until(() => rooms.every((r) => typeof r.state.count === 'number'));
    await sleep(30);
    const start = rooms.map((r) => bytes.get(r)!.n);
    const cpu0 = process.cpuUsage();
    const server0 = serverCpuUs();
    for (let i = 0; i < actionsPerGame; i++) {
      rooms[i % 2].send('action', {});
      await until(() => rooms.every((r) => r.state.count > i));
      await sleep(0);
    }
    const cpu = process.cpuUsage(cpu0);
    t.cpuUs += cpu.user + cpu.system;
    t.serverUs += serverCpuUs() - server0;
    t.actions += actionsPerGame;
    t.clients += 3;
    rooms.forEach((r, i) => {
      t.bytes += bytes.get(r)!.n - start[i];
    });
    for (const r of rooms) await r.leave();
  }
}

async function main() {
  const root = path.resolve(__dirname, '..');
  const child = fork(path.join(root, 'bench/bench-server.ts'), [], {
    // BENCH_PROF=dir writes the server's CPU profile there (for where the time goes).
    execArgv: [
      '--import',
      'tsx',
      ...(process.env.BENCH_PROF ? ['--cpu-prof', `--cpu-prof-dir=${process.env.BENCH_PROF}`] : []),
    ],
    stdio: ['ignore', 'pipe', 'inherit', 'ipc'],
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'tsconfig.base.json'), LOG_LEVEL: 'silent' },
  });
  const port = await new Promise<number>((resolve, reject) => {
    child.stdout!.on('data', (b: Buffer) => {
      const m = /port (\d+)/.exec(String(b));
      if (m) resolve(Number(m[1]));
    });
    child.on('exit', (code) => reject(new Error(`bench server exited with ${code}`)));
  });
  serverPid = child.pid!;
  const ws = `ws://127.0.0.1:${port}`;
  const kinds: [string, object][] = [
    ['shields', { bestOf: 1 }],
    ['dice-chess', { placement: 'random' }],
    ['dice-chess', { placement: 'arrange' }],
  ];
  const rows: string[] = [];
  const fresh = (): Tally => ({
    actions: 0,
    bytes: 0,
    clients: 0,
    cpuUs: 0,
    serverUs: 0,
    lateFirst: [],
    message: 0,
    patch: 0,
  });
  const bare = fresh();
  // The bare room as plain Colyseus (no permessage-deflate offered), as the issue measured it.
  wsToggle.deflate = false;
  await bareRun(ws, 40, Math.max(3, GAMES / 2), bare);
  const row = (name: string, t: Tally) => {
    const perClient = t.bytes / (t.actions / (t.clients / (t.clients / 3))) / 3;
    const late = t.lateFirst.length
      ? `${(t.lateFirst.reduce((x, y) => x + y, 0) / t.lateFirst.length / 1024).toFixed(1)} KiB (max ${(Math.max(...t.lateFirst) / 1024).toFixed(1)})`
      : '-';
    const ratio = bare.actions
      ? ` (${(t.serverUs / t.actions / (bare.serverUs / bare.actions)).toFixed(1)}× bare)`
      : '';
    const per = (n: number) => (t.message + t.patch ? `${(n / t.actions / 3).toFixed(0)} B` : '-');
    return `| ${name} | ${t.actions} | ${(t.bytes / t.actions / 3).toFixed(0)} B | ${per(t.message)} | ${per(t.patch)} | ${(t.serverUs / t.actions).toFixed(0)} µs${ratio} | ${(t.cpuUs / t.actions).toFixed(0)} µs | ${late} |${perClient ? '' : ''}`;
  };
  rows.push(row('bare room', bare));
  // Each game with permessage-deflate offered (what browsers do) and without, interleaved game by game.
  for (const [game, options] of kinds) {
    const t = [fresh(), fresh()];
    for (let g = 0; g < GAMES; g++) {
      for (const on of [true, false]) {
        wsToggle.deflate = on;
        await playGame(ws, game, options, g + 1, t[on ? 0 : 1]);
      }
    }
    rows.push(row(`${game} ${JSON.stringify(options)}, deflate`, t[0]));
    rows.push(row(`${game} ${JSON.stringify(options)}, no deflate`, t[1]));
  }
  console.log(
    `${GAMES} games each; 2 players + 1 spectator per room; server in its own process (CPU from /proc, 10 ms ticks)`,
  );
  console.log(
    '| room | actions | bytes per action per client | of which messages (payload) | of which patches (payload) | server CPU per action | clients CPU per action | late spectator first state |',
  );
  console.log('| --- | --- | --- | --- | --- | --- | --- | --- |');
  for (const r of rows) console.log(r);
  // A clean exit, so a profile (BENCH_PROF) is written.
  child.disconnect();
  await new Promise((r) => child.once('exit', r));
  process.exit(0);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});
