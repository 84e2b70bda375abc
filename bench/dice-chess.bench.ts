// Dice Chess rules benchmark: random full games per second and legal-move generations per second, one core.
// Run: npx tsx --tsconfig tsconfig.base.json bench/dice-chess.bench.ts   (results are kept in bench/dice-chess.results.md)
import os from 'node:os';
import { performance } from 'node:perf_hooks';
import { pick, seededDice } from '@dicehall/shared';
import { diceChess, generateMoves, type DiceChessState } from '@dicehall/shared/dice-chess';

const SECONDS = Number(process.env.BENCH_SECONDS ?? 5);

/** Plays one game with random legal moves; the arrangement (when asked) keeps the rolled order. */
function randomGame(
  seed: number,
  placement: 'arrange' | 'random',
  keep?: DiceChessState[],
): { plies: number; state: DiceChessState } {
  const dice = seededDice(seed);
  const bot = seededDice(seed ^ 0x9e3779b9);
  const setup = diceChess.setup({ placement }, 2, dice);
  if (!setup.ok) throw new Error('setup');
  let s = setup.state;
  while (!s.result) {
    const seat = diceChess.toAct(s)[0];
    const step = diceChess.apply(s, seat, pick(bot, diceChess.legalActions(s, seat)), dice);
    if (!step.ok) throw new Error(step.message);
    s = step.state;
    if (keep && s.phase === 'play') keep.push(s);
  }
  return { plies: s.ply, state: s };
}

/**
 * Runs `body` for SECONDS of wall time. Also counts this process's CPU time (process.cpuUsage, user + system):
 * on a shared machine other jobs take wall time from the loop but not CPU time, so `perCpuSecond` is the steadier
 * figure (bench/rules-ab.js compares two builds the same way).
 */
function timed(
  label: string,
  body: () => number,
): { label: string; perSecond: number; perCpuSecond: number; count: number; seconds: number } {
  const end = performance.now() + SECONDS * 1000;
  const t0 = performance.now();
  const c0 = process.cpuUsage();
  let count = 0;
  while (performance.now() < end) count += body();
  const seconds = (performance.now() - t0) / 1000;
  const cpu = process.cpuUsage(c0);
  const cpuSeconds = (cpu.user + cpu.system) / 1e6;
  return { label, perSecond: count / seconds, perCpuSecond: count / cpuSeconds, count, seconds };
}

// Warm up the JIT with games whose states are dropped, as a random playout drops them. The pool of positions for
// the generation benchmarks is kept only after the full-game timings: 16,000 states kept alive while V8 watches
// where they were allocated make it pretenure every later state into the old generation (allocation-site
// pretenuring), which slowed the full games 2-2.5x, before and after the 2026-11-25 changes alike
// (bench/dice-chess.results.md).
for (let seed = 0; seed < 300; seed++) randomGame(1e6 + seed, 'random');

let seed = 0;
let plies = 0;
const games = timed('random full games (random placement, random legal moves)', () => {
  plies += randomGame(seed++, 'random').plies;
  return 1;
});
const gamesPlies = plies;
let seed2 = 0;
const arranged = timed('random full games (arrangement phase, rolled order kept)', () => {
  randomGame(5e5 + seed2++, 'arrange');
  return 1;
});
// Real play positions for the generation benchmarks.
const pool: DiceChessState[] = [];
for (let seed = 0; seed < 300; seed++) randomGame(1e6 + seed, 'random', pool);
let i = 0;
let sink = 0;
const legal = timed('legalActions (move objects with square names)', () => {
  for (let k = 0; k < 1000; k++) {
    const s = pool[i++ % pool.length];
    sink += diceChess.legalActions(s, s.turn).length;
  }
  return 1000;
});
let j = 0;
let movesSeen = 0;
const raw = timed('generateMoves (encoded moves, the inner generator)', () => {
  for (let k = 0; k < 1000; k++) {
    const s = pool[j++ % pool.length];
    movesSeen += generateMoves(s.board, s.turn).length;
  }
  return 1000;
});

const fmt = (x: number) => Math.round(x).toLocaleString('en-US');
console.log(`Dice Chess rules benchmark, ${new Date().toISOString().slice(0, 10)}`);
console.log(
  `machine: ${os.cpus().length} cores (${os.cpus()[0]?.model ?? 'unknown'}), Node ${process.version}, one core used`,
);
const cpu = (t: { perCpuSecond: number }) => `${fmt(t.perCpuSecond)} per CPU-second`;
console.log(
  `load average at the end: ${os
    .loadavg()
    .map((x) => x.toFixed(2))
    .join(', ')}`,
);
console.log(
  `${games.label}: ${fmt(games.perSecond)} games/s, ${cpu(games)} (${fmt(games.count)} games in ${games.seconds.toFixed(1)} s, ` +
    `${(gamesPlies / games.count).toFixed(1)} plies a game on average, ${fmt(gamesPlies / games.seconds)} plies/s)`,
);
console.log(`${arranged.label}: ${fmt(arranged.perSecond)} games/s, ${cpu(arranged)}`);
console.log(`${legal.label}: ${fmt(legal.perSecond)} generations/s, ${cpu(legal)}, over ${pool.length} positions`);
if (sink < 0) console.log(sink);
console.log(
  `${raw.label}: ${fmt(raw.perSecond)} generations/s, ${cpu(raw)} (${(movesSeen / raw.count).toFixed(1)} moves a position on average)`,
);
