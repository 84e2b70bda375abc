// The public log line as it travels (shared/src/core/log-line.ts): what a client decodes is the entry without its
// action, through JSON, for every game's real entries; key lists are numbered once per game.
import {
  decodeLine,
  encodeLine,
  games,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type LogEntry,
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
