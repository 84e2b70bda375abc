// Hard's think time alone: hard vs easy for up to 150 s, wall clock and this process's CPU time per decision.
// Run: npx tsx --tsconfig tsconfig.base.json bench/bots/think.ts <game id> [games]
import { playGame } from './play';
const [g, n = '40'] = process.argv.slice(2);
const wall: number[] = [],
  cpu: number[] = [];
const stop = Date.now() + 150_000;
let games = 0;
for (let i = 0; i < Number(n) && Date.now() < stop; i++, games++) {
  const hardSeat = i % 2;
  const r = playGame(g, hardSeat === 0 ? ['hard', 'easy'] : ['easy', 'hard'], 5000 + i);
  wall.push(...r.think[hardSeat]);
  cpu.push(...r.cpu[hardSeat]);
}
const q = (xs: number[], p: number) => [...xs].sort((a, b) => a - b)[Math.floor(p * xs.length)].toFixed(1);
const m = (xs: number[]) => (xs.reduce((a, b) => a + b, 0) / xs.length).toFixed(1);
console.log(
  `${g} hard, ${games} games, ${wall.length} decisions: wall mean ${m(wall)} p95 ${q(wall, 0.95)}; cpu mean ${m(cpu)} p95 ${q(cpu, 0.95)} ms`,
);
