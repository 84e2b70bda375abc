// Polywars bots head to head (issue #17): 2-player Kill the King, levels alternating seats, win rates with Wilson 95%
// intervals and the think time of the lookahead bot. Opponent 'greedy' is the simple bot's normal (the old Polywars
// normal: greedy by action kind). Run: npx tsx --tsconfig tsconfig.base.json bench/bots/polywars.ts [level] [opponent] [games]
import { cpus, loadavg } from 'node:os';
import { botInput, createBot, getGame, makeSimpleBot, seededDice, type Level } from '@dicehall/shared';

const [level = 'normal', opp = 'easy', n = '40'] = process.argv.slice(2) as [Level, Level, string];
const m = getGame('polywars')!;

function play(levels: Level[], seed: number): { winner: number | null; think: number[] } {
  const dice = seededDice(seed);
  const bots = levels.map((l, i) =>
    (l as string) === 'greedy'
      ? makeSimpleBot('polywars', 'normal', seededDice(seed * 10 + i))
      : createBot('polywars', l, seededDice(seed * 10 + i))!,
  );
  let state = m.setup(m.options.parse({ seats: 2 }), 2, dice).state;
  const think: number[] = [];
  for (let ply = 0; m.result(state) === null && ply < 3000; ply++) {
    const seat = m.toAct(state)[0];
    const t0 = performance.now();
    const action = bots[seat].choose(botInput(m, state, seat), { now: () => performance.now() });
    if (levels[seat] === level) think.push(performance.now() - t0);
    const step = m.apply(state, seat, action, dice);
    if (!step.ok) throw new Error(step.code);
    state = step.state;
  }
  const r = m.result(state);
  return { winner: r && !r.draw && r.winners.length === 1 ? r.winners[0] : null, think };
}

function wilson(k: number, n: number): [number, number] {
  const z = 1.96;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [c - h, c + h];
}

const load0 = loadavg()[0];
let wins = 0,
  draws = 0;
const think: number[] = [];
for (let g = 0; g < Number(n); g++) {
  const seat = g % 2;
  const r = play(seat === 0 ? [level, opp] : [opp, level], 100 + g);
  if (r.winner === seat) wins++;
  else if (r.winner === null) draws++;
  think.push(...r.think);
}
const [lo, hi] = wilson(wins, Number(n));
const q = (p: number) => [...think].sort((a, b) => a - b)[Math.floor(p * think.length)].toFixed(1);
const mean = (think.reduce((a, b) => a + b, 0) / think.length).toFixed(2);
console.log(
  `${level} vs ${opp}: ${wins}/${n} won (${draws} draws), ${((100 * wins) / Number(n)).toFixed(0)}% [${(100 * lo).toFixed(0)}–${(100 * hi).toFixed(0)}%]; ` +
    `think ${think.length} decisions mean ${mean} ms p95 ${q(0.95)} max ${q(0.999)} ms; load ${load0.toFixed(2)}→${loadavg()[0].toFixed(2)} on ${cpus().length} cores`,
);
