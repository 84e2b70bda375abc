// One patch round of a two-seat room's view streams (server/src/rooms/projection.ts): the spectators' diff and each
// seat's, alone or sharing sub-diffs (DiffMemo: the seats' documents share the public view's nodes, viewDocs), on
// the documents of every step of random games. CPU µs per round (this process's CPU time), interleaved rounds,
// median. Checks that both ways give the same patches.
// Run: npx tsx --tsconfig tsconfig.base.json bench/view-round.bench.ts   (GAMES=n per game, default 100; ROUNDS=5)
import {
  diff,
  games,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type DiffMemo,
  type WireDoc,
} from '@dicehall/shared';
import { viewDocs } from '../server/src/rooms/projection';
import { GameRecord } from '../server/src/rooms/record';
import { TableState } from '../server/src/rooms/schema';
import { randomAction } from '../test/helpers/random-game';

const GAMES = Number(process.env.GAMES ?? 100);
const ROUNDS = Number(process.env.ROUNDS ?? 5);

type Docs = WireDoc[];
function rounds(id: string): [Docs, Docs][] {
  const m = games[id]!;
  const out: [Docs, Docs][] = [];
  for (let g = 0; g < GAMES; g++) {
    const dice = new RecordingDice(seededDice(100 + g));
    const choose = seededDice(500 + g);
    const start = startTable(m, m.options.parse({}), 2, dice, 0);
    if (!start.ok) throw new Error(start.message);
    let table = start.table;
    // The room's public lines, which the views point into (GameModule.wireView), as the room passes them.
    const record = new GameRecord({ state: new TableState(), module: m });
    record.begin(start.entry);
    let prev: Docs | null = null;
    for (let step = 0; step < 2000 && !resultOf(m, table); step++) {
      const toAct = m.toAct(table.state);
      const d = viewDocs(m, table.state, 2, toAct, record.window);
      const docs = [d.public, ...d.seats];
      if (prev) out.push([prev, docs]);
      prev = docs;
      const r = randomAction(m, table, choose, dice, step);
      table = r.table;
      record.publish(r.entry, table);
      record.patched();
    }
  }
  return out;
}

const alone = ([a, b]: [Docs, Docs]) => a.map((d, i) => diff(d, b[i]));
function shared([a, b]: [Docs, Docs]) {
  const memo: DiffMemo = new WeakMap();
  return a.map((d, i) => diff(d, b[i], memo));
}
function time(f: (r: [Docs, Docs]) => unknown, rs: [Docs, Docs][]): number {
  const t0 = process.cpuUsage();
  for (const r of rs) f(r);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / rs.length;
}
const med = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;

console.log(`${GAMES} random games per game, a round = the spectators' diff and both seats'; ${ROUNDS} timing rounds`);
console.log('| game | rounds | µs per round, diffs alone | sharing sub-diffs | ratio |');
console.log('| --- | --- | --- | --- | --- |');
for (const id of ['shields', 'dice-chess']) {
  const rs = rounds(id);
  for (const r of rs)
    if (JSON.stringify(alone(r)) !== JSON.stringify(shared(r))) throw new Error(`${id}: the patches differ`);
  const a: number[] = [];
  const s: number[] = [];
  time(alone, rs);
  time(shared, rs);
  for (let k = 0; k < ROUNDS; k++) {
    a.push(time(alone, rs));
    s.push(time(shared, rs));
  }
  console.log(
    `| ${id} | ${rs.length} | ${med(a).toFixed(1)} | ${med(s).toFixed(1)} | ${(med(s) / med(a)).toFixed(2)} |`,
  );
}
