// The room's own work per action, stage by stage, without sockets or the load generator's noise: seeded random
// games played through the table (`advance`), the record (`publish`, the log window), the view streams (`set`, then
// `flush` to fake clients: 2 seats + SPECTATORS spectators) and the schema patch's encode, in the order the room's
// `commit` runs them. This process's CPU time per action, median of ROUNDS interleaved rounds. A bench for A/B of the
// room's code (issue 18); the load bench (bench/load/run.ts) is the one that compares with a bare room.
// Run: npx tsx --tsconfig tsconfig.base.json bench/room-stages.bench.ts   (GAME=shields|dice-chess, GAMES=40, ROUNDS=5,
// AT_ONCE=1: games played side by side, an action of each in turn)
import { readFileSync } from 'node:fs';
import { ClientState, getMessageBytes, Protocol, type Client } from '@colyseus/core';
import { Encoder } from '@colyseus/schema';
import { games, RecordingDice, resultOf, seededDice, startTable, TABLE_OUT, type Table } from '@dicehall/shared';
import { RoomViews } from '../server/src/rooms/projection';
import { GameRecord } from '../server/src/rooms/record';
import { TableState } from '../server/src/rooms/schema';
import { randomAction } from '../test/helpers/random-game';

const GAME = process.env.GAME ?? 'shields';
const GAMES = Number(process.env.GAMES ?? 40);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const SPECTATORS = Number(process.env.SPECTATORS ?? 2);
const AT_ONCE = Math.max(1, Number(process.env.AT_ONCE ?? 1));
const m = games[GAME]!;

let bytes = 0;
const fake = (id: string): Client =>
  ({
    sessionId: id,
    state: ClientState.JOINED,
    enqueueRaw: (b: Uint8Array) => {
      bytes += b.length;
    },
    send: (type: string, msg: unknown) => {
      bytes += getMessageBytes.raw(Protocol.ROOM_DATA, type, msg).length;
    },
  }) as unknown as Client;
const clients = [fake('s0'), fake('s1'), ...Array.from({ length: SPECTATORS }, (_, k) => fake(`w${k}`))];
const seatOf = (id: string) => (id === 's0' ? 0 : id === 's1' ? 1 : undefined);

const stages = ['advance', 'publish', 'project', 'flush', 'encode'] as const;
type Times = Record<(typeof stages)[number], number>;

function play(): { times: Times; actions: number } {
  const times: Times = { advance: 0, publish: 0, project: 0, flush: 0, encode: 0 };
  let actions = 0;
  // One clock reading per stage (each costs ~1–2 µs, counted in the stage it ends).
  const now = () => {
    const u = process.cpuUsage();
    return u.user + u.system;
  };
  let t = now();
  const lap = (k: keyof Times) => {
    const n = now();
    times[k] += n - t;
    t = n;
  };
  const room = (g: number) => {
    const dice = new RecordingDice(seededDice(100 + g));
    const choose = seededDice(500 + g);
    const start = startTable(m, m.options.parse({}), 2, dice, 0);
    if (!start.ok) throw new Error(start.message);
    const r = { table: start.table as Table, dice, choose, state: new TableState(), step: 0 };
    const encoder = new Encoder(r.state);
    // The record's lines go out in the views' frames (issue #29), as in the room.
    let views: RoomViews | undefined;
    const record = new GameRecord({
      state: r.state,
      module: m,
      get lines() {
        return views!.table;
      },
    });
    const host = {
      clients,
      seatOf,
      // The room's send (one encode per audience) and, for older code, its broadcast.
      send: (to: readonly Client[], text: string) => {
        const b = getMessageBytes.raw(Protocol.ROOM_DATA, TABLE_OUT.view, text);
        for (const c of to) c.enqueueRaw(b);
      },
      broadcast: (text: string, except: Client[]) => {
        const b = getMessageBytes.raw(Protocol.ROOM_DATA, TABLE_OUT.view, text);
        for (const c of clients) if (!except.includes(c)) c.enqueueRaw(b);
      },
    };
    views = new RoomViews(host as ConstructorParameters<typeof RoomViews>[0]);
    record.begin(start.entry);
    const project = () => {
      const result = resultOf(m, r.table);
      const toAct = result ? [] : m.toAct(r.table.state);
      views.set(m, r.table.state, 2, toAct, record.window);
    };
    project();
    views.flush();
    encoder.encode({ offset: 1 });
    encoder.discardChanges();
    record.patched();
    /** One action, stage by stage; false once the game is over. */
    return (): boolean => {
      if (r.step >= 2000 || resultOf(m, r.table)) return false;
      t = now();
      const a = randomAction(m, r.table, r.choose, r.dice, r.step++);
      r.table = a.table;
      record.entries.push(a.entry);
      lap('advance');
      record.publish(a.entry, r.table);
      lap('publish');
      project();
      lap('project');
      views.flush();
      lap('flush');
      const patch = encoder.encode({ offset: 1 });
      for (let k = 0; k < clients.length; k++) bytes += patch.length;
      encoder.discardChanges();
      record.patched();
      lap('encode');
      actions++;
      return true;
    };
  };
  // AT_ONCE games live side by side, one action each in turn (as a server's rooms take turns): their data is no
  // longer in the processor's caches when their next action comes.
  for (let g = 0; g < GAMES; g += AT_ONCE) {
    let live = Array.from({ length: Math.min(AT_ONCE, GAMES - g) }, (_, k) => room(g + k));
    while (live.length > 0) live = live.filter((act) => act());
  }
  return { times, actions };
}

const med = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;
play();
const runs = Array.from({ length: ROUNDS }, () => play());
const per = (k: keyof Times) => med(runs.map((r) => r.times[k] / r.actions));
const total = med(runs.map((r) => stages.reduce((n, k) => n + r.times[k], 0) / r.actions));
console.log(
  `${GAME}, ${GAMES} seeded random games (${AT_ONCE} at once), 2 seats + ${SPECTATORS} spectators, ${runs[0]!.actions} actions a round, median of ${ROUNDS}; load average ${readFileSync('/proc/loadavg', 'utf8').split(' ').slice(0, 3).join(' ')}`,
);
console.log(`| ${stages.join(' | ')} | total µs per action | bytes per action per client |`);
console.log(
  `| ${stages.map((k) => per(k).toFixed(1)).join(' | ')} | ${total.toFixed(1)} | ${(bytes / (ROUNDS + 1) / runs[0]!.actions / clients.length).toFixed(0)} |`,
);
