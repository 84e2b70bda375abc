// The public log line as it travels (shared/src/core/log-line.ts): what a client decodes is the entry without its
// action, through JSON, for every game's real entries; key lists are numbered once per game.
import {
  decodeLine,
  encodeLine,
  games,
  HeldLines,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type LogEntry,
  type LogPage,
  type WireLine,
} from '@dicehall/shared';
import { randomAction } from '../helpers/random-game';

/** The line a client should read: the entry without its action, as JSON would carry it. */
const expected = (e: LogEntry, secretRolls: boolean) => {
  const { action: _action, ...rest } = e as LogEntry & { action?: unknown };
  return JSON.parse(JSON.stringify({ ...rest, rolls: secretRolls ? [] : rest.rolls }));
};

function roundTrip(entries: LogEntry[], secretRolls: boolean) {
  const lists: string[][] = [];
  const ids = new Map<string, number>();
  const keysOf = (keys: string[]) => {
    const text = JSON.stringify(keys);
    let id = ids.get(text);
    if (id === undefined) {
      id = lists.length;
      ids.set(text, id);
      lists.push([...keys]);
    }
    return id;
  };
  const start = entries[0]!.at;
  for (const e of entries) {
    const text = encodeLine(e, secretRolls, keysOf, start);
    expect(decodeLine(e.seq, text, lists, start)).toEqual({ seq: e.seq, ...expected(e, secretRolls) });
  }
  return lists;
}

test.each(Object.keys(games))('%s: every line of random games decodes to its entry without the action', (id) => {
  const m = games[id]!;
  let lines = 0;
  for (let g = 0; g < 5; g++) {
    const dice = new RecordingDice(seededDice(40 + g));
    const first = startTable(m, {}, m.seats.min, dice, 1000);
    if (!first.ok) throw new Error(`${id}: ${first.message}`);
    const entries = [first.entry];
    let table = first.table;
    const choose = seededDice(90 + g);
    for (let k = 1; k <= 200 && !resultOf(m, table); k++) {
      const step = randomAction(m, table, choose, dice, 1000 + 997 * k);
      entries.push(step.entry);
      table = step.table;
    }
    roundTrip(entries, !!m.secretRolls);
    lines += entries.length;
  }
  expect(lines).toBeGreaterThan(10);
});

test('an event key undefined is left out of its key list; a key named __proto__ stays an own field', () => {
  const e = (events: object[]): LogEntry =>
    ({ seq: 1, kind: 'action', seat: 0, action: { x: 1 }, rolls: [], events, at: 5 }) as unknown as LogEntry;
  const lists = roundTrip([e([{ type: 'a', gone: undefined, n: 1 }])], false);
  expect(lists).toEqual([['type', 'n']]);
  const odd = JSON.parse('{"type":"b","__proto__":7}');
  const text = encodeLine(e([odd]), false, () => 0, 0);
  const line = decodeLine(1, text, [['type', '__proto__']], 0);
  expect(Object.getOwnPropertyDescriptor(line.events[0], '__proto__')?.value).toBe(7);
  expect(Object.getPrototypeOf(line.events[0])).toBe(Object.prototype);
});

describe('HeldLines: the lines a client holds', () => {
  // Lines of one event each, as the room writes them: key list 0 is ["type","to"].
  const text = (seq: number) => JSON.stringify([0, seq % 2, [], [[0, 'moved', `sq${seq}`]], seq]);
  /** A frame's table part (shared/src/core/view-stream.ts TableDelta) bringing these lines of game `g`. */
  const frame = (g: string, seqs: number[]) => ({
    g,
    s: 1000,
    k: [['type', 'to']],
    l: seqs.map((seq) => [seq, JSON.parse(text(seq)) as WireLine] as [number, WireLine]),
  });
  const page = (gameId: string, from: number, to: number): LogPage => ({
    gameId,
    lines: Array.from({ length: to - from + 1 }, (_, k) => [from + k, text(from + k)] as [number, string]),
  });
  const seqs = (h: HeldLines) => h.list.map((l) => l.seq);

  it("reads a joining client's full frame (the latest lines), then each frame's lines, then earlier pages", () => {
    const h = new HeldLines();
    // A frame with no table part, or a null page: nothing held, nothing thrown.
    expect(h.frame({}, false)).toBe(false);
    expect(h.page(null as never)).toBe(false);
    // A page of a game not known yet is held back, not dropped, until that game's frame.
    expect(h.page(page('g1', 10, 11))).toBe(false);
    // The full frame: the game, its key lists and the latest lines.
    expect(h.frame(frame('g1', [12, 13, 14, 15, 16, 17, 18, 19]), true)).toBe(true);
    expect(seqs(h)).toEqual([10, 11, 12, 13, 14, 15, 16, 17, 18, 19]);
    expect(h.line(15)).toEqual({
      seq: 15,
      kind: 'action',
      seat: 1,
      rolls: [],
      events: [{ type: 'moved', to: 'sq15' }],
      at: 1015,
    });
    // A line held already adds nothing; the next frame's lines (two at once) join on.
    expect(h.frame({ l: frame('g1', [19]).l }, false)).toBe(false);
    expect(h.frame({ l: frame('g1', [20, 21]).l }, false)).toBe(true);
    expect(seqs(h).at(-1)).toBe(21);
    expect([h.holes, h.widest]).toEqual([0, 8]);
    // Earlier lines asked for join at the front.
    expect(h.page(page('g1', 0, 9))).toBe(true);
    expect(seqs(h)).toEqual([...Array(22).keys()]);
  });

  it('keeps only the run that reaches the newest line, counts a gap, and starts afresh with a new game', () => {
    const h = new HeldLines();
    h.frame(frame('g1', [0, 1, 2]), true);
    // A frame whose lines skip some (none should: its stream would have a gap first).
    h.frame({ l: frame('g1', [5]).l }, false);
    expect(h.holes).toBe(1);
    expect(seqs(h)).toEqual([5]);
    // An answer to an older question that no longer joins is let go; one for another game waits for that game.
    expect(h.page(page('g1', 0, 2))).toBe(true);
    expect(seqs(h)).toEqual([5]);
    expect(h.page(page('g0', 0, 9))).toBe(false);
    expect(seqs(h)).toEqual([5]);
    // A rematch: a frame naming the new game brings its lines only, read with its own key lists.
    h.frame(frame('g2', [0]), false);
    expect(seqs(h)).toEqual([0]);
    expect(h.line(5)).toBeUndefined();
    // New key lists in a diff frame are added to the game's.
    h.frame({ k: [['type', 'n']], l: [[1, [0, 0, [], [[1, 'rolled', 4]], 1]]] }, false);
    expect(h.line(1)!.events).toEqual([{ type: 'rolled', n: 4 }]);
  });
});
