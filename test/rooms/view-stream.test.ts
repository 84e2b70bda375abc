// The view stream (server/src/rooms/projection.ts → shared applyViewMessage) over random games of every
// registered game: a client that saw every diff holds exactly what a client joining late is sent whole, and
// both equal the fresh projection. Messages cross as the JSON text the room sends, each just ahead of the patch
// that brings the log lines its view may point into (GameModule.wireView), as the room sends them. VIEW_STREAM_GAMES
// sets the games per module (CI default 100; e.g. VIEW_STREAM_GAMES=3000 npx jest test/rooms/view-stream.test.ts).
import {
  applyViewMessage,
  diff,
  emptyStream,
  encodeViewMessage,
  readViewMessage,
  expandStream,
  games,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type DiffMemo,
  type LineSource,
  type PublicLine,
  type ViewMessage,
  type ViewStream,
} from '@dicehall/shared';
import { setDocs, ViewChannel, viewDocs } from '../../server/src/rooms/projection';
import { GameRecord } from '../../server/src/rooms/record';
import { TableState } from '../../server/src/rooms/schema';
import { randomAction } from '../helpers/random-game';
import { sized } from '../helpers/size';

const GAMES = sized(20, 3000, 'VIEW_STREAM_GAMES');
/** What crosses the socket: the message's JSON text. */
const wire = (m: ViewMessage): string => encodeViewMessage(m);
/** The document as JSON would carry it (undefined fields dropped), the form both must match. */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v));

describe.each(Object.keys(games))('%s view stream', (id) => {
  const m = games[id];
  // Six-seat Polywars games are long and their legal lists large: fewer of them keep the suite's time in bounds.
  const count = m.seats.max > 2 ? Math.max(2, Math.ceil(GAMES / 50)) : GAMES;
  it(`over ${count} random games, every diff applied in order equals a late joiner's full document and the fresh projection`, () => {
    let steps = 0;
    let diffBytes = 0;
    let fullBytes = 0;
    let lateChecks = 0;
    let waited = 0;
    let pointed = 0;
    for (let g = 0; g < count; g++) {
      const dice = new RecordingDice(seededDice(7000 + g));
      const choose = seededDice(900 + g);
      const seats = m.seats.max;
      const options = m.options.parse({});
      const start = startTable(m, options, seats, dice, 0);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      // The room's record of the game: its public lines, the synced window and the lines every client holds.
      const state = new TableState();
      const record = new GameRecord({ state, module: m });
      record.begin(start.entry);
      // The lines every client on the streams holds: all it was sent (it watched from the start).
      const held = new Map<number, PublicLine>();
      const source: LineSource = { line: (seq) => held.get(seq) };
      const gather = () => {
        for (const l of record.window) held.set(l.seq, l);
      };
      const channels = [new ViewChannel(), ...Array.from({ length: seats }, () => new ViewChannel())];
      const clients: ViewStream[] = channels.map(() => emptyStream());
      for (let step = 0; ; step++) {
        const result = resultOf(m, table);
        const toAct = result ? [] : m.toAct(table.state);
        const docs = viewDocs(m, table.state, seats, toAct, record.window);
        const sent = [docs.public, ...docs.seats];
        // What each client must end up holding: its view, and the server's own legal-action list for a seat to act
        // (derived on the client from its view where the module has legalFromView, so this also checks that).
        // The view is the module's own, whole: a game whose views travel smaller (wireView) is expanded on the client.
        const truth = sent.map((_d, k) => ({
          view: m.view(table.state, k === 0 ? null : k - 1),
          legal: k > 0 && toAct.includes(k - 1) ? m.legalActions(table.state, k - 1) : [],
        }));
        if (m.legalFromView) for (const d of sent) expect(d.legal).toBeUndefined();
        setDocs(channels, m, table.state, seats, toAct, record.window);
        if (sent.some((d) => /"last(Attack|Move)":\d/.test(JSON.stringify(d)))) pointed++;
        // As the room flushes: the spectators' channel first, the seats reusing its sub-diffs (a round's memo).
        const memo: DiffMemo = new WeakMap();
        channels.forEach((c, k) => {
          const msg = c.flush(memo);
          if (!msg) return;
          const bytes = wire(msg).length;
          if (msg.ops) diffBytes += bytes;
          else fullBytes += bytes;
          // The message arrives ahead of the patch: the lines held are the ones before this step's.
          const next = applyViewMessage(clients[k], wire(msg), source);
          if (!next) throw new Error(`${id} game ${g} step ${step}: message out of step`);
          if (next.waiting) waited++;
          clients[k] = next;
        });
        // The patch: the new lines, and the window back to its size.
        gather();
        record.patched();
        for (const [k, c] of clients.entries()) clients[k] = expandStream(c, source);
        clients.forEach((c, k) => {
          expect(c.waiting).toBeFalsy();
          const expected = plain(truth[k]);
          expect(diff(plain(c.doc), expected)).toBeUndefined();
          // Every few steps, a client joining now gets the whole document: the same.
          // It needs no line: a full document never points into the log.
          if ((step + g) % 7 === 0) {
            const late = applyViewMessage(emptyStream(), wire(channels[k].snapshot()))!;
            expect(late.waiting).toBeFalsy();
            expect(plain(late.doc)).toEqual(plain(c.doc));
            expect(late.rev).toBe(c.rev);
            lateChecks++;
          }
        });
        steps++;
        if (result || step > 3000) break;
        const stepResult = randomAction(m, table, choose, dice, step);
        table = stepResult.table;
        record.publish(stepResult.entry, table);
      }
    }
    expect(steps).toBeGreaterThan(count);
    expect(lateChecks).toBeGreaterThan(0);
    // Shields and Dice Chess point their last attack or move into the log; the messages came before its line.
    if (id === 'shields' || id === 'dice-chess') {
      expect(pointed).toBeGreaterThan(steps / 2);
      expect(waited).toBeGreaterThan(0);
    }
    console.log(
      `${id}: ${count} games, ${steps} steps; diff bytes per step per audience ${(diffBytes / steps / (m.seats.max + 1)).toFixed(0)}, full documents ${fullBytes} B; pointing ${pointed}, waited ${waited}`,
    );
  }, 300000);
});

describe('bytes per action (issue #18)', () => {
  it.each([
    ['shields', {}, 250],
    ['dice-chess', { placement: 'random' }, 250],
    ['dice-chess', { placement: 'arrange' }, 250],
  ] as const)(
    '%s %j: a seeded game costs each audience under %i B of view diff and log line per action; the last attack or move travels once',
    (id, opts, bound) => {
      const m = games[id]!;
      const dice = new RecordingDice(seededDice(42));
      const choose = seededDice(43);
      const start = startTable(m, m.options.parse(opts), 2, dice, 1_795_680_000_000);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      const state = new TableState();
      const record = new GameRecord({ state, module: m });
      record.begin(start.entry);
      const channels = [new ViewChannel(), new ViewChannel(), new ViewChannel()];
      let bytes = 0;
      let actions = 0;
      for (let step = 0; step < 2000; step++) {
        const result = resultOf(m, table);
        const toAct = result ? [] : m.toAct(table.state);
        setDocs(channels, m, table.state, 2, toAct, record.window);
        for (const c of channels) {
          const msg = c.flushText();
          if (!msg || step === 0) continue;
          bytes += msg.length;
          // The attack's (or move's) own fields are in its log line, not in the view's diff as well.
          expect(msg).not.toMatch(/"(layer|lost|destroyed|notation|reroll)":/);
        }
        if (result) break;
        const next = randomAction(m, table, choose, dice, 1_795_680_000_000 + step * 4000);
        table = next.table;
        record.publish(next.entry, table);
        // Every audience receives the line.
        bytes += 3 * state.newLines.length;
        record.patched();
        actions++;
      }
      expect(actions).toBeGreaterThan(20);
      expect(bytes / actions / 3).toBeLessThan(bound);
    },
  );
});

describe('diff', () => {
  it('turns any document into any other, deletions, shrinking lists and type changes included', () => {
    const cases: [unknown, unknown][] = [
      [
        { a: 1, b: [1, 2, 3], c: { d: 'x' } },
        { a: 2, b: [1, 2], e: null },
      ],
      [
        [{ x: 1 }, { x: 2 }],
        [{ x: 1 }, { x: 3 }, { y: 4 }],
      ],
      [{ a: [1] }, { a: { 0: 1 } }],
      [null, { a: 1 }],
      [{ a: 1 }, null],
      [
        { list: Array.from({ length: 20 }, (_, i) => ({ i })) },
        { list: Array.from({ length: 20 }, (_, i) => ({ i: i + 1 })) },
      ],
    ];
    for (const [a, b] of cases) {
      const c = new ViewChannel();
      c.set({ view: a, legal: [] });
      const first = applyViewMessage(emptyStream(), wire(c.flush()!))!;
      c.set({ view: b, legal: [] });
      const msg = c.flush();
      const after = msg ? applyViewMessage(first, wire(msg))! : first;
      expect(after.doc).toEqual({ view: b, legal: [] });
    }
  });

  it.each(['shields', 'dice-chess'])(
    "a round sharing its sub-diffs (%s: seats reuse the spectators' work) sends exactly the diffs taken alone",
    (id) => {
      const m = games[id]!;
      let reused = 0;
      let own = 0;
      for (let g = 0; g < 20; g++) {
        const dice = new RecordingDice(seededDice(300 + g));
        const choose = seededDice(600 + g);
        const start = startTable(m, m.options.parse({}), 2, dice, 0);
        if (!start.ok) throw new Error(start.message);
        let table = start.table;
        let prev: ReturnType<typeof viewDocs> | null = null;
        for (let step = 0; step < 400 && !resultOf(m, table); step++) {
          const toAct = m.toAct(table.state);
          const docs = viewDocs(m, table.state, 2, toAct);
          // The seats' documents share the public one's nodes wherever they show the same.
          for (const d of docs.seats) {
            if (d.view === docs.public.view) reused++;
            else own++;
          }
          if (prev) {
            const memo: DiffMemo = new WeakMap();
            const withMemo = [
              diff(prev.public, docs.public, memo),
              ...prev.seats.map((d, s) => diff(d, docs.seats[s], memo)),
            ];
            const alone = [diff(prev.public, docs.public), ...prev.seats.map((d, s) => diff(d, docs.seats[s]))];
            expect(JSON.stringify(withMemo)).toBe(JSON.stringify(alone));
          }
          prev = docs;
          const next = randomAction(m, table, choose, dice, step);
          table = next.table;
        }
      }
      // Shields shows every seat the same view: each seat's document is the spectators' own object. So does Dice
      // Chess, but for a seat's own confirmed arrangement while the other seat arranges (C2): then the seat's view
      // is its own, sharing the public one's nodes.
      expect(reused).toBeGreaterThan(100);
      if (id === 'shields') expect(own).toBe(0);
      else expect(own).toBeGreaterThan(0);
    },
  );

  it('a diff travels as [rev, ops], a full document as an object; both read back, anything else is refused', () => {
    expect(encodeViewMessage({ rev: 4, ops: { view: { a: 1 } } })).toBe('[4,{"view":{"a":1}}]');
    expect(encodeViewMessage({ rev: 0, full: { view: 1 } })).toBe('{"rev":0,"full":{"view":1}}');
    expect(readViewMessage('[4,{"view":{"a":1}}]')).toEqual({ rev: 4, ops: { view: { a: 1 } } });
    expect(readViewMessage('{"rev":4,"ops":{"view":{"a":1}}}')).toEqual({ rev: 4, ops: { view: { a: 1 } } });
    for (const junk of ['[1]', '["1",{}]', '[1,{},2]', 'null', '{"ops":{}}', 'not json'])
      expect(readViewMessage(junk)).toBeNull();
  });

  it('leaves the document it was given untouched (views keep their old references)', () => {
    const before = { view: { a: { b: [1, 2] }, c: 1 }, legal: [] };
    const frozen = JSON.stringify(before);
    const c = new ViewChannel();
    c.set(before);
    const s = applyViewMessage(emptyStream(), c.flush()!)!;
    c.set({ view: { a: { b: [1, 3] }, c: 1 }, legal: [] });
    applyViewMessage(s, c.flush()!);
    expect(JSON.stringify(s.doc)).toBe(frozen);
  });

  it('a document without a legal list, or whose game does not derive one, offers no action; a marked one derives its list', () => {
    expect(applyViewMessage(emptyStream(), { rev: 0, full: { view: { x: 1 } } })!.doc).toEqual({
      view: { x: 1 },
      legal: [],
    });
    expect(
      applyViewMessage(emptyStream(), { rev: 0, full: { view: { x: 1 }, act: ['high-roll', 0] } })!.doc!.legal,
    ).toEqual([]);
    expect(
      applyViewMessage(emptyStream(), { rev: 0, full: { view: { x: 1 }, act: ['no-such-game', 0] } })!.doc!.legal,
    ).toEqual([]);
    // A view the rules cannot read (not the server's) offers nothing rather than throwing in the client.
    expect(applyViewMessage(emptyStream(), { rev: 0, full: { view: null, act: ['shields', 0] } })!.doc!.legal).toEqual(
      [],
    );
  });
});
