// The client store with views that point into the log (GameModule.wireView, issue #18): a view message arrives just
// ahead of the patch that brings the line it points to. Until the patch, the store keeps showing the document before
// (never a guess); with it, the document is the module's own view exactly. Whatever the order, the client ends with
// the same state. Seeded Shields and Dice Chess games, as the room publishes, projects and flushes them.
import { games, RecordingDice, resultOf, seededDice, startTable, type TableSync } from '@dicehall/shared';
import { Store } from '../../client/src/net/store';
import { setDocs, ViewChannel } from '../../server/src/rooms/projection';
import { GameRecord } from '../../server/src/rooms/record';
import { SeatState, TableState } from '../../server/src/rooms/schema';
import { randomAction } from '../helpers/random-game';

/** The synced state as a client holds it at one moment (a copy: the room's keeps changing). */
const synced = (state: TableState): TableSync => JSON.parse(JSON.stringify(state.toJSON()));

describe.each([
  ['shields', {}],
  ['dice-chess', { placement: 'random' }],
])('%s %j', (id, opts) => {
  it('a view waiting for its line shows the document before until the patch, then the module view exactly', () => {
    const m = games[id]!;
    const dice = new RecordingDice(seededDice(77));
    const choose = seededDice(78);
    const start = startTable(m, m.options.parse(opts), 2, dice, 1_795_680_000_000);
    if (!start.ok) throw new Error(start.message);
    let table = start.table;
    const state = new TableState();
    state.game = id;
    state.gameId = 'g1';
    state.phase = 'playing';
    for (let s = 0; s < 2; s++) state.seats.push(new SeatState());
    const record = new GameRecord({ state, module: m });
    record.begin(start.entry);
    const channels = [new ViewChannel(), new ViewChannel(), new ViewChannel()];
    const store = new Store();
    let waited = 0;
    let shown = '';
    for (let step = 0; step < 2000; step++) {
      const result = resultOf(m, table);
      const toAct = result ? [] : m.toAct(table.state);
      setDocs(channels, m, table.state, 2, toAct, record.window);
      const msg = channels[0]!.flushText();
      if (msg) store.applyView(msg);
      // Before the patch: either the new view (it points to no new line) or the one shown before, never a mix.
      const before = JSON.stringify(store.snapshot?.view ?? null);
      const truth = JSON.stringify(m.view(table.state, null));
      if (step > 0) {
        expect([truth, shown]).toContain(before);
        if (before !== truth) waited++;
      }
      // The patch.
      store.ingest('room', synced(state), null);
      record.patched();
      expect(JSON.stringify(store.snapshot!.view)).toBe(truth);
      shown = truth;
      if (result) break;
      const at = 1_795_680_000_000 + (step + 1) * 1000;
      const next = randomAction(m, table, choose, dice, at);
      table = next.table;
      record.publish(next.entry, table);
    }
    expect(waited).toBeGreaterThan(5);
    // The log the store shows reads the lines' times back from the game's start.
    const log = store.snapshot!.log;
    expect(log[0]!.at).toBe(1_795_680_000_000);
    expect(log.at(-1)!.at).toBe(1_795_680_000_000 + log.at(-1)!.seq * 1000);
  });
});

it("a diff read against the last game's lines (it came just ahead of the new game's id) is read again with the new game's", () => {
  const m = games.shields!;
  const state = new TableState();
  state.game = 'shields';
  state.phase = 'playing';
  for (let s = 0; s < 2; s++) state.seats.push(new SeatState());
  const record = new GameRecord({ state, module: m });
  const spectators = [new ViewChannel(), new ViewChannel(), new ViewChannel()];
  const store = new Store();
  /** Plays `n` actions of a seeded game as the room does, the store getting each message and patch. */
  const play = (gameId: string, seed: number, n: number, patches: boolean) => {
    state.gameId = gameId;
    const dice = new RecordingDice(seededDice(seed));
    const choose = seededDice(seed + 1);
    const start = startTable(m, m.options.parse({}), 2, dice, 1_795_680_000_000);
    if (!start.ok) throw new Error(start.message);
    let table = start.table;
    record.begin(start.entry);
    setDocs(spectators, m, table.state, 2, m.toAct(table.state), []);
    for (let k = 0; k < n; k++) {
      const next = randomAction(m, table, choose, dice, 0);
      table = next.table;
      record.publish(next.entry, table);
      setDocs(spectators, m, table.state, 2, m.toAct(table.state), record.window);
      if (!patches) continue;
      store.applyView(spectators[0]!.flushText()!);
      store.ingest('room', synced(state), null);
      record.patched();
    }
    return table;
  };
  play('g1', 11, 30, true);
  // The next game's patches held back (the store writing), its first moves flushed together: the view arrives
  // pointing to the new game's lines while the store holds the last game's under the same seqs.
  const table = play('g2', 21, 9, false);
  const msg = spectators[0]!.flushText()!;
  expect(msg).toMatch(/"lastAttack":\d/);
  store.applyView(msg);
  store.ingest('room', synced(state), null);
  expect(JSON.stringify(store.snapshot!.view)).toBe(JSON.stringify(m.view(table.state, null)));
});
