// The view stream (server/src/rooms/projection.ts → shared applyViewMessage) over random games of every
// registered game: a client that applied every frame holds exactly what a client joining late is sent whole, and
// both equal the fresh projection. Frames cross as the JSON text the room sends, each carrying the log lines its view
// may point into (GameModule.wireView) ahead of the view (issue #29: one ordered stream, no line missing).
// VIEW_STREAM_GAMES sets the games per module (CI default 20; e.g. VIEW_STREAM_GAMES=3000 npx jest
// test/rooms/view-stream.test.ts).
import {
  applyViewMessage,
  diff,
  emptyStream,
  encodeViewMessage,
  readViewMessage,
  games,
  HeldLines,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type DiffMemo,
  type LineSource,
  type ViewStream,
} from '@dicehall/shared';
import { setDocs, TableStream, ViewChannel, viewDocs } from '../../server/src/rooms/projection';
import { GameRecord } from '../../server/src/rooms/record';
import { TableState } from '../../server/src/rooms/schema';
import { randomAction } from '../helpers/random-game';
import { sized } from '../helpers/size';

const GAMES = sized(20, 3000, 'VIEW_STREAM_GAMES');
/** The document as JSON would carry it (undefined fields dropped), the form both must match. */
const plain = (v: unknown) => JSON.parse(JSON.stringify(v));
/** A channel's next frame with no table change (the diff tests below). */
const flush = (c: ViewChannel, memo?: DiffMemo) => c.flushText('{}', () => '{}', memo);

/** A client as the web store keeps one: its stream and the lines its frames brought. */
class Receiver {
  stream: ViewStream = emptyStream();
  readonly lines = new HeldLines();
  readonly source: LineSource = { line: (seq) => this.lines.line(seq) };
  /** Applies one frame's text: its lines first, then its view; false when it does not follow. */
  take(text: string): boolean {
    const msg = readViewMessage(text);
    if (!msg) return false;
    this.lines.frame(msg.t ?? {}, msg.full !== undefined);
    const next = applyViewMessage(this.stream, msg, this.source);
    if (!next) return false;
    this.stream = next;
    return true;
  }
}

describe.each(Object.keys(games))('%s view stream', (id) => {
  const m = games[id];
  // Six-seat Polywars games are long and their legal lists large: fewer of them keep the suite's time in bounds.
  const count = m.seats.max > 2 ? Math.max(2, Math.ceil(GAMES / 50)) : GAMES;
  it(`over ${count} random games, every frame applied in order equals a late joiner's full frame and the fresh projection`, () => {
    let steps = 0;
    let diffBytes = 0;
    let fullBytes = 0;
    let lateChecks = 0;
    let pointed = 0;
    for (let g = 0; g < count; g++) {
      const dice = new RecordingDice(seededDice(7000 + g));
      const choose = seededDice(900 + g);
      const seats = m.seats.max;
      const options = m.options.parse({});
      const start = startTable(m, options, seats, dice, 0);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      // The room's record of the game, its lines going out in the stream's frames as the room's do.
      const stream = new TableStream();
      const record = new GameRecord({ state: new TableState(), module: m, lines: stream });
      record.begin(start.entry);
      const channels = [new ViewChannel(), ...Array.from({ length: seats }, () => new ViewChannel())];
      const clients = channels.map(() => new Receiver());
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
        stream.setToAct(toAct);
        setDocs(channels, m, table.state, seats, toAct, record.window);
        if (sent.some((d) => /"last(Attack|Move)":\d/.test(JSON.stringify(d)))) pointed++;
        // As the room flushes: the table's changes taken once, the spectators' channel first, the seats reusing its
        // sub-diffs (a round's memo).
        const memo: DiffMemo = new WeakMap();
        const tableText = stream.take();
        let whole: string | undefined;
        channels.forEach((c, k) => {
          const text = c.flushText(tableText, () => (whole ??= stream.whole()), memo);
          if (!text) return;
          if (text.startsWith('[')) diffBytes += text.length;
          else fullBytes += text.length;
          if (!clients[k]!.take(text)) throw new Error(`${id} game ${g} step ${step}: frame out of step`);
        });
        clients.forEach((c, k) => {
          expect(diff(plain(c.stream.doc), plain(truth[k]))).toBeUndefined();
          expect(c.stream.rev).toBe(channels[k]!.rev);
          // Every few steps, a client joining now gets the full frame: the same document, its lines and whose turn.
          if ((step + g) % 7 === 0) {
            const late = new Receiver();
            expect(late.take(channels[k]!.snapshot(stream.whole()))).toBe(true);
            expect(plain(late.stream.doc)).toEqual(plain(c.stream.doc));
            expect(late.stream.rev).toBe(c.stream.rev);
            // The late joiner holds the latest lines, the same as the client that watched.
            const latest = late.lines.list;
            expect(latest).toEqual(c.lines.list.slice(-latest.length));
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
    // Shields and Dice Chess point their last attack or move into the log lines their frames carry.
    if (id === 'shields' || id === 'dice-chess') expect(pointed).toBeGreaterThan(steps / 2);
    console.log(
      `${id}: ${count} games, ${steps} steps; frame bytes per step per audience ${(diffBytes / steps / (m.seats.max + 1)).toFixed(0)}, full frames ${fullBytes} B; pointing ${pointed}`,
    );
  }, 300000);
});

describe('bytes per action (issue #18)', () => {
  it.each([
    // Issue #18's ≤ 250 B counted the view's diff and the line; a frame also carries whose turn and its own framing
    // (`[rev,{"l":[…],"a":[…]},ops]`), in one message where there were two.
    ['shields', {}, 270],
    ['dice-chess', { placement: 'random' }, 270],
    ['dice-chess', { placement: 'arrange' }, 270],
  ] as const)(
    '%s %j: a seeded game costs each audience under %i B per action (its whole frame); the last attack or move travels once',
    (id, opts, bound) => {
      const m = games[id]!;
      const dice = new RecordingDice(seededDice(42));
      const choose = seededDice(43);
      const start = startTable(m, m.options.parse(opts), 2, dice, 1_795_680_000_000);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      const stream = new TableStream();
      const record = new GameRecord({ state: new TableState(), module: m, lines: stream });
      record.begin(start.entry);
      const channels = [new ViewChannel(), new ViewChannel(), new ViewChannel()];
      let bytes = 0;
      let actions = 0;
      for (let step = 0; step < 2000; step++) {
        const result = resultOf(m, table);
        const toAct = result ? [] : m.toAct(table.state);
        stream.setToAct(toAct);
        setDocs(channels, m, table.state, 2, toAct, record.window);
        const tableText = stream.take();
        for (const c of channels) {
          const msg = c.flushText(tableText, () => stream.whole());
          if (!msg || step === 0) continue;
          bytes += msg.length;
          // The attack's (or move's) own fields are in its log line, not in the view's diff as well.
          expect(msg).not.toMatch(/"(layer|lost|destroyed|notation|reroll)":/);
        }
        if (result) break;
        const next = randomAction(m, table, choose, dice, 1_795_680_000_000 + step * 4000);
        table = next.table;
        record.publish(next.entry, table);
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
      const first = applyViewMessage(emptyStream(), flush(c)!)!;
      c.set({ view: b, legal: [] });
      const msg = flush(c);
      const after = msg ? applyViewMessage(first, msg)! : first;
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

  it('a diff frame travels as [rev, table] or [rev, table, ops], a full frame as an object; both read back, anything else is refused', () => {
    expect(encodeViewMessage({ rev: 4, ops: { view: { a: 1 } } })).toBe('[4,{},{"view":{"a":1}}]');
    expect(encodeViewMessage({ rev: 4, t: { a: [1] } })).toBe('[4,{"a":[1]}]');
    expect(encodeViewMessage({ rev: 0, full: { view: 1 } })).toBe('{"rev":0,"full":{"view":1}}');
    expect(readViewMessage('[4,{},{"view":{"a":1}}]')).toEqual({ rev: 4, t: {}, ops: { view: { a: 1 } } });
    expect(readViewMessage('[4,{"a":[1]}]')).toEqual({ rev: 4, t: { a: [1] } });
    expect(readViewMessage('{"rev":4,"ops":{"view":{"a":1}}}')).toEqual({ rev: 4, ops: { view: { a: 1 } } });
    for (const junk of ['[1]', '["1",{}]', '[1,2,{}]', '[1,{},2,3]', 'null', '{"ops":{}}', 'not json'])
      expect(readViewMessage(junk)).toBeNull();
  });

  it('leaves the document it was given untouched (views keep their old references)', () => {
    const before = { view: { a: { b: [1, 2] }, c: 1 }, legal: [] };
    const frozen = JSON.stringify(before);
    const c = new ViewChannel();
    c.set(before);
    const s = applyViewMessage(emptyStream(), flush(c)!)!;
    c.set({ view: { a: { b: [1, 3] }, c: 1 }, legal: [] });
    applyViewMessage(s, flush(c)!);
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
