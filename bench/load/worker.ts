// One load worker process: R rooms of 2 bot players + S spectators (real colyseus.js clients), one action per
// room every ACTION_MS. Measures action→patch latency as seen by the other player and by the spectators (all
// clients of a room live in this process, so one clock). Reports to the parent over IPC, then exits.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { Client, Room } from 'colyseus.js';
import { applyViewMessage, emptyStream, games, type ViewStream } from '@dicehall/shared';
import { logCount, syncedLines, toActOf } from '../synced-lines';
import { recordStalls } from './stalls';

const { WS, ROOMS, SPECTATORS, ACTION_MS, SECONDS, KIND, GAME } = JSON.parse(process.env.LOAD_WORKER!) as {
  WS: string;
  ROOMS: number;
  SPECTATORS: number;
  ACTION_MS: number;
  SECONDS: number;
  KIND: 'table' | 'bare';
  GAME: string;
};

// The registry's modules derive each client's legal actions from its view (core/view-stream). Named here, so a
// bundle (bench/load/pack.ts) keeps the registry, which it would otherwise drop as unused.
if (KIND !== 'bare' && !games[GAME]) throw new Error(`unknown game ${GAME}`);

let bytes = 0;
const connect = Room.prototype.connect;
Room.prototype.connect = function (this: Room, ...args: Parameters<typeof connect>) {
  const out = connect.apply(this, args);
  (this.connection as any).transport.ws.addEventListener('message', (e: { data: ArrayBuffer }) => {
    bytes += e.data.byteLength;
  });
  return out;
};

interface Bot {
  room: Room<any>;
  seat: number | null;
  stream: ViewStream;
  /** Called after each frame of its stream (a latency sample waiting for it). */
  waiters: Set<() => void>;
}
const latOther: number[] = [];
const latSpectator: number[] = [];
let errors = 0;
let actions = 0;
let measuring = false;

function bot(room: Room<any>): Bot {
  const b: Bot = { room, seat: null, stream: emptyStream(), waiters: new Set() };
  room.onMessage('welcome', (m: { seat: number | null }) => {
    b.seat = m.seat;
  });
  room.onMessage('error', () => {
    errors++;
  });
  const lines = syncedLines(room);
  room.onMessage('view', (m: string) => {
    const n = applyViewMessage(b.stream, m, lines);
    if (n) b.stream = n;
    for (const fn of [...b.waiters]) fn();
  });
  room.onMessage('*', () => undefined);
  room.onError(() => {
    errors++;
  });
  return b;
}

const progress = (r: Room<any>) =>
  KIND === 'bare' ? (r.state.count ?? 0) : (r.state.round ?? 0) * 10_000 + (logCount(r.state) ?? 0);

async function startRoom(k: number) {
  const opts = KIND === 'bare' ? {} : { game: GAME, name: `A${k}` };
  const first = bot(await new Client(WS).create(KIND, opts));
  const bots = [first, bot(await new Client(WS).joinById(first.room.roomId, KIND === 'bare' ? {} : { name: `B${k}` }))];
  const watchers: Bot[] = [];
  for (let s = 0; s < SPECTATORS; s++)
    watchers.push(bot(await new Client(WS).joinById(first.room.roomId, KIND === 'bare' ? {} : { want: 'watch' })));
  let turn = 0;
  const act = () => {
    let mover: Bot | undefined;
    let action: unknown = {};
    if (KIND === 'bare') {
      mover = bots[turn++ % 2];
    } else {
      const st = first.room.state;
      if (st.phase === 'over') {
        for (const b of bots) b.room.send('rematch');
        return;
      }
      if (st.phase !== 'playing') return;
      mover = bots.find((b) => b.seat === toActOf(first.room)[0] && logCount(b.room.state) === logCount(st));
      const legal = (mover?.stream.doc?.legal as unknown[]) ?? [];
      if (!mover || !legal.length) return;
      action = legal[Math.floor(Math.random() * legal.length)];
    }
    const others = bots.filter((b) => b !== mover);
    const before = [...others, ...watchers].map((b) => progress(b.room));
    const t0 = performance.now();
    mover.room.send('action', action);
    if (measuring) actions++;
    [...others, ...watchers].forEach((b, i) => {
      const check = () => {
        if (progress(b.room) === before[i]) return false;
        if (measuring) (i < others.length ? latOther : latSpectator).push(performance.now() - t0);
        return true;
      };
      // A table's action reaches a client as one frame of its stream; the bare room's as a state patch.
      const fn = () => {
        if (!check()) return;
        (b.room.onStateChange as any).remove(fn);
        b.waiters.delete(fn);
      };
      b.room.onStateChange(fn);
      b.waiters.add(fn);
    });
  };
  // Staggered, so rooms do not all act on the same tick.
  const room = { timer: undefined as NodeJS.Timeout | undefined, all: [...bots, ...watchers] };
  setTimeout(() => {
    room.timer = setInterval(act, ACTION_MS);
  }, Math.random() * ACTION_MS);
  return room;
}

async function main() {
  const rooms: Awaited<ReturnType<typeof startRoom>>[] = [];
  // Twenty rooms set up at a time: one by one, hundreds of rooms take minutes of matchmaking round trips.
  for (let k = 0; k < ROOMS; k += 20) {
    const batch = await Promise.allSettled(Array.from({ length: Math.min(20, ROOMS - k) }, (_, i) => startRoom(k + i)));
    for (const r of batch)
      if (r.status === 'fulfilled') rooms.push(r.value);
      else errors++;
  }
  process.send!({ type: 'ready' });
  await new Promise<void>((resolve) => process.once('message', () => resolve()));
  // How late this worker's own event loop ran: a latency measured here includes it.
  const loop = monitorEventLoopDelay({ resolution: 10 });
  loop.enable();
  const stalls = process.env.STALLS ? recordStalls() : null;
  measuring = true;
  const bytes0 = bytes;
  await new Promise((r) => setTimeout(r, SECONDS * 1000));
  measuring = false;
  const clients = rooms.reduce((n, r) => n + r.all.length, 0);
  loop.disable();
  const loopDelay = { p99: loop.percentile(99) / 1e6, max: loop.max / 1e6 };
  const gaps = stalls?.read() ?? [];
  process.send!({
    type: 'done',
    actions,
    errors,
    clients,
    bytes: bytes - bytes0,
    latOther,
    latSpectator,
    loopDelay,
    gaps,
  });
  for (const r of rooms) clearInterval(r.timer);
  setTimeout(() => process.exit(0), 200);
}
void main();
