// The view stream's diff, main's (index by index, flat ops with whole paths: copied below as it was at 85ffba2)
// against the shared one (shared/src/core/view-stream.ts: lists aligned, patches shaped like the document), on
// the documents a room really diffs: every audience (each seat, the spectators) at every step of random games.
// Bytes: the JSON text of the message per step and audience. CPU: µs per diff, both diffs timed over the same
// document pairs, interleaved in rounds. Every patch is applied and checked against the next document.
// Run: npx tsx --tsconfig tsconfig.base.json bench/view-diff.bench.ts   (GAMES=n per game, default 200; ROUNDS=5)
import { isDeepStrictEqual } from 'node:util';
import {
  applyPatch,
  diff,
  games,
  RecordingDice,
  resultOf,
  seededDice,
  startTable,
  type WireDoc,
} from '@dicehall/shared';
import { viewDocs } from '../server/src/rooms/projection';
import { randomAction } from '../test/helpers/random-game';

const GAMES = Number(process.env.GAMES ?? 200);
const ROUNDS = Number(process.env.ROUNDS ?? 5);
const IDS = (process.env.IDS ?? 'shields,dice-chess,shields-up,high-roll,dice-siege,polywars').split(',');

// ---- main's diff (85ffba2), for comparison only ----------------------------------------------------
type OldOp = [path: (string | number)[], value?: unknown];
function oldDiff(a: unknown, b: unknown): OldOp[] {
  const out: OldOp[] = [];
  oldWalk(a, b, [], out);
  return out;
}
function oldWalk(a: unknown, b: unknown, path: (string | number)[], out: OldOp[]) {
  if (a === b) return;
  const ta = kind(a);
  if (ta !== kind(b) || ta === 'leaf') {
    out.push([path.slice(), b]);
    return;
  }
  const start = out.length;
  if (ta === 'array') {
    const x = a as unknown[];
    const y = b as unknown[];
    const common = Math.min(x.length, y.length);
    for (let i = 0; i < common; i++) {
      path.push(i);
      oldWalk(x[i], y[i], path, out);
      path.pop();
    }
    for (let i = common; i < y.length; i++) out.push([[...path, i], y[i]]);
    if (y.length < x.length) out.push([[...path, 'length'], y.length]);
  } else {
    const x = a as Record<string, unknown>;
    const y = b as Record<string, unknown>;
    for (const k in y) {
      if (y[k] === undefined) continue;
      if (x[k] === undefined) out.push([[...path, k], y[k]]);
      else {
        path.push(k);
        oldWalk(x[k], y[k], path, out);
        path.pop();
      }
    }
    for (const k in x) if (x[k] !== undefined && y[k] === undefined) out.push([[...path, k]]);
  }
  if (out.length - start > 8 && path.length > 0) {
    const ops = out.splice(start);
    if (JSON.stringify(ops).length < JSON.stringify(b).length) out.push(...ops);
    else out.push([path.slice(), b]);
  }
}
function kind(v: unknown): 'array' | 'object' | 'leaf' {
  if (Array.isArray(v)) return 'array';
  return v !== null && typeof v === 'object' ? 'object' : 'leaf';
}
// -----------------------------------------------------------------------------------------------------

/** Every (sent, next) document pair a room diffs over `count` random games, one list per audience kind. */
function pairs(id: string, count: number): [WireDoc, WireDoc][] {
  const m = games[id]!;
  const out: [WireDoc, WireDoc][] = [];
  for (let g = 0; g < count; g++) {
    const dice = new RecordingDice(seededDice(7000 + g));
    const choose = seededDice(900 + g);
    const seats = m.seats.max;
    const start = startTable(m, m.options.parse({}), seats, dice, 0);
    if (!start.ok) throw new Error(start.message);
    let table = start.table;
    let last: WireDoc[] | null = null;
    for (let step = 0; step < 3000; step++) {
      const result = resultOf(m, table);
      const toAct = result ? [] : m.toAct(table.state);
      const docs = viewDocs(m, table.state, seats, toAct);
      // JSON-plain, as the room's documents are once sent (undefined fields absent).
      const now = [docs.public, ...docs.seats].map((d) => JSON.parse(JSON.stringify(d)) as WireDoc);
      if (last) for (const [k, d] of now.entries()) out.push([last[k]!, d]);
      last = now;
      if (result) break;
      const r = randomAction(m, table, choose, dice, step);
      table = r.table;
    }
  }
  return out;
}

const message = (rev: number, ops: unknown) => JSON.stringify({ rev, ops });

/**
 * View fields that repeat what the log line of the same action already says (Shields' lastAttack is the attack
 * event; Dice Chess's lastMove is the move event, its notation the board list once more). The views are not
 * changed (shared/src/games is off limits here): this only measures what dropping them from the stream would save.
 */
const DUPLICATES: Record<string, string[]> = { shields: ['lastAttack'], 'dice-chess': ['lastMove', 'notation'] };
function without(d: WireDoc, keys: string[]): WireDoc {
  const view = { ...(d.view as Record<string, unknown>) };
  for (const k of keys) delete view[k];
  return { ...d, view };
}
const saved: string[] = [];

/** CPU µs per diff (this process's CPU time, so other jobs on the machine count less than in wall time). */
function time(f: (a: unknown, b: unknown) => unknown, ps: [WireDoc, WireDoc][]): number {
  const t0 = process.cpuUsage();
  for (const [a, b] of ps) f(a, b);
  const t = process.cpuUsage(t0);
  return (t.user + t.system) / ps.length;
}

console.log(
  `${GAMES} random games per game (fewer for 3+ seats), every audience at every step; ${ROUNDS} timing rounds`,
);
console.log(
  '| game | diffs | bytes per message, main | now | top view keys now (B per message) | µs per diff, main | now |',
);
console.log('| --- | --- | --- | --- | --- | --- | --- |');
for (const id of IDS) {
  const m = games[id]!;
  const ps = pairs(id, m.seats.max > 2 ? Math.max(2, Math.ceil(GAMES / 20)) : GAMES);
  let oldBytes = 0;
  let newBytes = 0;
  let sent = 0;
  const byKey = new Map<string, number>();
  for (const [a, b] of ps) {
    const ops = oldDiff(a, b);
    const patch = diff(a, b);
    if ((ops.length === 0) !== (patch === undefined)) throw new Error(`${id}: the diffs disagree on a change`);
    if (patch === undefined) continue;
    sent++;
    oldBytes += message(1000, ops).length;
    newBytes += message(1000, patch).length;
    if (!isDeepStrictEqual(applyPatch(a, patch), b)) throw new Error(`${id}: a patch did not give the next document`);
    const v = (patch as { view?: Record<string, unknown> }).view;
    if (v && typeof v === 'object' && !Array.isArray(v))
      for (const [k, p] of Object.entries(v))
        byKey.set(k, (byKey.get(k) ?? 0) + k.length + 4 + JSON.stringify(p).length);
  }
  const dup = DUPLICATES[id];
  if (dup) {
    let bytes = 0;
    for (const [a, b] of ps) {
      const patch = diff(without(a, dup), without(b, dup));
      if (patch !== undefined) bytes += message(1000, patch).length;
    }
    saved.push(
      `| ${id} | ${dup.join(', ')} | ${Math.round(newBytes / sent)} B | ${Math.round(bytes / sent)} B (−${Math.round((newBytes - bytes) / sent)} B) |`,
    );
  }
  const olds: number[] = [];
  const news: number[] = [];
  // One round each to warm up (not counted), then interleaved rounds; the median is reported.
  time(oldDiff, ps);
  time(diff, ps);
  for (let r = 0; r < ROUNDS; r++) {
    olds.push(time(oldDiff, ps));
    news.push(time(diff, ps));
  }
  const med = (xs: number[]) => [...xs].sort((p, q) => p - q)[xs.length >> 1]!;
  const keys = [...byKey]
    .sort((p, q) => q[1] - p[1])
    .slice(0, 4)
    .map(([k, n]) => `${k} ${Math.round(n / sent)}`)
    .join(', ');
  console.log(
    `| ${id} | ${sent} | ${Math.round(oldBytes / sent)} B | ${Math.round(newBytes / sent)} B (${Math.round((100 * (newBytes - oldBytes)) / oldBytes)}%) | ${keys} | ${med(olds).toFixed(1)} | ${med(news).toFixed(1)} |`,
  );
}
if (saved.length) {
  console.log('\nWhat dropping the view fields that repeat the log line would save (not done; per message, now):');
  console.log('| game | fields | with them | without them |');
  console.log('| --- | --- | --- | --- |');
  for (const r of saved) console.log(r);
}
