// Shields Up's search bot against the simple bot it replaced (shared/src/bots/simple.ts, greedy by action kind)
// and against random: seats alternating, every game seeded, each decision through botInput only.
// Run: npx tsx --tsconfig tsconfig.base.json bench/bots/vs-simple.ts [level=hard] [opponent=simple|random|easy|normal] [games=40]
import { performance } from 'node:perf_hooks';
import { botInput, makeBot, makeSimpleBot, seededDice, shieldsUpKit, type Bot, type Level } from '@dicehall/shared';

/** Wilson score interval, 95% (as in bench.ts, which runs its pairings when imported). */
function wilson(k: number, n: number): [number, number] {
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const [level = 'hard', opp = 'simple', n = '40'] = process.argv.slice(2);
const game = shieldsUpKit.game;
let wins = 0,
  losses = 0,
  draws = 0;
const think: number[] = [];
for (let g = 0; g < Number(n); g++) {
  const dice = seededDice(g * 2654435761 + 7);
  const botSeat = g % 2;
  const mine = makeBot(shieldsUpKit, level as Level, seededDice(g * 40503 + 17));
  const other: Bot =
    opp === 'simple'
      ? makeSimpleBot('shields-up', 'normal', seededDice(g * 40503 + 34))
      : makeBot(shieldsUpKit, opp as Level, seededDice(g * 40503 + 34));
  let state = game.setup({}, 2, dice).state;
  for (let ply = 0; game.result(state) === null; ply++) {
    if (ply >= 5000) throw new Error(`game ${g} ran past 5000 plies`);
    const seat = game.toAct(state)[0];
    const bot = seat === botSeat ? mine : other;
    const t0 = performance.now();
    const action = bot.choose(botInput(game, state, seat), { now: () => performance.now() });
    if (seat === botSeat) think.push(performance.now() - t0);
    const step = game.apply(state, seat, action as never, dice);
    if (!step.ok) throw new Error(step.code);
    state = step.state;
  }
  const r = game.result(state)!;
  if (r.winners.length === 0) draws++;
  else if (r.winners[0] === botSeat) wins++;
  else losses++;
}
const [lo, hi] = wilson(wins, Number(n));
think.sort((a, b) => a - b);
console.log(
  `${level} vs ${opp}: ${wins}-${losses}-${draws} of ${n} (${((100 * wins) / Number(n)).toFixed(1)}%, CI ${(100 * lo).toFixed(1)}–${(100 * hi).toFixed(1)}%); ` +
    `think mean ${(think.reduce((a, b) => a + b, 0) / think.length).toFixed(1)} ms, p95 ${think[Math.floor(0.95 * think.length)].toFixed(1)} ms`,
);
