// The client store on the view stream (issue #29): every frame brings its log lines, whose turn and the view's diff
// together, so after each frame the store shows the module's own view exactly, never waiting for a line. And a fuzz of
// the network the store cannot trust: frames dropped, duplicated and reordered, with the room answering each request
// for a snapshot (TABLE_IN.resync) with its audience's full frame at that moment. Every run ends with the store
// holding exactly what the room last projected. Seeded games of every registered game, published, projected and
// flushed as the room does.
import {
  games,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type GameModule,
  type Table,
  type TableSync,
} from '@dicehall/shared';
import { Store } from '../../client/src/net/store';
import { setDocs, TableStream, ViewChannel } from '../../server/src/rooms/projection';
import { GameRecord } from '../../server/src/rooms/record';
import { SeatState, TableState } from '../../server/src/rooms/schema';
import { randomAction } from '../helpers/random-game';

/** The synced state as a client holds it at one moment (a copy: the room's keeps changing). */
const synced = (state: TableState): TableSync => JSON.parse(JSON.stringify(state.toJSON()));

/** A seeded game played as the room plays it: `next()` makes the spectators' next frame (null at the end). */
function room(m: GameModule, seed: number) {
  const seats = m.seats.min < 2 && m.seats.max >= 2 ? 2 : m.seats.min;
  const dice = new RecordingDice(seededDice(seed));
  const choose = seededDice(seed + 1);
  const start = startTable(m, m.options.parse({}), seats, dice, 1_795_680_000_000);
  if (!start.ok) throw new Error(start.message);
  let table: Table = start.table;
  const state = new TableState();
  state.game = m.id;
  state.gameId = `g${seed}`;
  state.phase = 'playing';
  for (let s = 0; s < seats; s++) state.seats.push(new SeatState());
  const stream = new TableStream();
  const record = new GameRecord({ state, module: m, lines: stream });
  record.begin(start.entry);
  const channels = [new ViewChannel(), ...Array.from({ length: seats }, () => new ViewChannel())];
  let step = 0;
  let over = false;
  return {
    state,
    get table() {
      return table;
    },
    /** The spectators' frame for the next step (the first is the full one), or null once the game is over. */
    next(): string | null {
      for (;;) {
        if (over) return null;
        if (step > 0) {
          const moved = randomAction(m, table, choose, dice, 1_795_680_000_000 + step * 1000);
          table = moved.table;
          record.publish(moved.entry, table);
        }
        step++;
        const result = resultOf(m, table);
        over = result !== null || step > 400;
        const toAct = result ? [] : m.toAct(table.state);
        stream.setToAct(toAct);
        setDocs(channels, m, table.state, seats, toAct, record.window);
        const text = stream.take();
        const frame = channels[0]!.flushText(text, () => stream.whole());
        for (const c of channels.slice(1)) c.flushText(text, () => stream.whole());
        if (frame) return frame;
      }
    },
    /** The spectators' snapshot now: what the room answers a `resync`. */
    snapshot: () => channels[0]!.snapshot(stream.whole(), true),
    truth: () => ({
      view: JSON.stringify(m.view(table.state, null)),
      toAct: resultOf(m, table) ? [] : m.toAct(table.state),
    }),
  };
}

describe.each([
  ['shields', {}],
  ['dice-chess', { placement: 'random' }],
])('%s %j', (id, _opts) => {
  it('after every frame the store shows the module view exactly: its lines came in the same frame', () => {
    const m = games[id]!;
    const r = room(m, 77);
    const store = new Store();
    store.ingest('room', synced(r.state), null);
    let frames = 0;
    for (let text = r.next(); text; text = r.next()) {
      store.applyView(text);
      frames++;
      const truth = r.truth();
      expect(JSON.stringify(store.snapshot!.view)).toBe(truth.view);
      expect(store.snapshot!.toAct).toEqual(truth.toAct);
    }
    expect(frames).toBeGreaterThan(20);
    expect(store.resyncs).toBe(0);
    // The log the store shows reads the lines' times back from the game's start.
    const log = store.snapshot!.log;
    expect(log[0]!.at).toBe(1_795_680_000_000);
    expect(log.at(-1)!.at).toBe(1_795_680_000_000 + log.at(-1)!.seq * 1000);
    expect(log.map((l) => l.seq)).toEqual([...Array(log.length).keys()]);
  });
});

/** A small seeded generator for the network's choices. */
function rng(seed: number) {
  let s = seed >>> 0;
  return () => (s = (s * 1664525 + 1013904223) >>> 0) / 2 ** 32;
}

describe.each(Object.keys(games))('%s over a network that drops, duplicates and reorders frames', (id) => {
  it('recovers by snapshot every time: the store ends holding what the room last projected', () => {
    const m = games[id]!;
    let asked = 0;
    let perturbed = 0;
    // Games of more seats run long: fewer of them.
    const runs = m.seats.max > 2 ? 4 : 12;
    for (let run = 0; run < runs; run++) {
      const r = room(m, 500 + run);
      const net = rng(900 + run);
      const store = new Store();
      // The network's queue of texts on their way to the client; a snapshot asked for joins it (it may be late too).
      const queue: string[] = [];
      store.onResync(() => {
        asked++;
        queue.push(r.snapshot());
      });
      store.ingest('room', synced(r.state), null);
      /** Delivers some of what is on its way, in the order the network likes. */
      const deliver = (all: boolean) => {
        while (queue.length > 0 && (all || net() < 0.6)) {
          // Mostly the oldest first; sometimes a later one overtakes it.
          const k = queue.length > 1 && net() < 0.15 ? 1 : 0;
          const [text] = queue.splice(k, 1);
          store.applyView(text!);
        }
      };
      let last: string | null = null;
      for (let text = r.next(); text; text = r.next()) {
        last = text;
        const p = net();
        if (p < 0.08)
          perturbed++; // dropped
        else if (p < 0.14) {
          perturbed++;
          queue.push(text, text); // duplicated
        } else queue.push(text);
        deliver(false);
      }
      // The room's last frame reaches the client (a later one always would, on a live table): any gap shows.
      if (last && !queue.includes(last)) queue.push(last);
      // Everything on its way arrives, the snapshots the client asks for included, until it holds the latest.
      for (let rounds = 0; queue.length > 0 && rounds < 10; rounds++) deliver(true);
      const truth = r.truth();
      expect({ run, view: JSON.stringify(store.snapshot!.view) }).toEqual({ run, view: truth.view });
      expect(store.snapshot!.toAct).toEqual(truth.toAct);
    }
    expect(perturbed).toBeGreaterThan(0);
    expect(asked).toBeGreaterThan(0);
  });
});

it('a full frame that starts a stream applies whatever its revision; a late answer to resync older than what is held does not', () => {
  const store = new Store();
  const state = new TableState();
  state.game = 'high-roll';
  state.gameId = 'g';
  store.ingest('room', synced(state), null);
  const full = (rev: number, x: number, re = false) =>
    JSON.stringify({
      rev,
      full: { view: { x } },
      t: { g: 'g', s: 0, k: [], l: [], a: [0], c: '' },
      ...(re ? { re: 1 } : {}),
    });
  store.applyView(full(10, 1));
  store.applyView('[11,{},{"view":{"x":2}}]');
  expect(store.snapshot!.view).toEqual({ x: 2 });
  // Another seat's stream (a watcher sat down, a rematch moved the seats): its own revisions.
  store.applyView(full(3, 7));
  expect(store.snapshot!.view).toEqual({ x: 7 });
  store.applyView('[4,{},{"view":{"x":8}}]');
  expect(store.snapshot!.view).toEqual({ x: 8 });
  // An answer to an ask made before frames moved on: stale, dropped; one at the revision held or later applies.
  store.applyView(full(3, 99, true));
  expect(store.snapshot!.view).toEqual({ x: 8 });
  store.applyView(full(5, 9, true));
  expect(store.snapshot!.view).toEqual({ x: 9 });
  expect(store.resyncs).toBe(0);
});
