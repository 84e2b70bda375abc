// Dice Siege tuning: simulates seeded solo games with the strong policy, per mode, on worker threads, and
// prints win rates with 95% Wilson intervals and the average game length.
// Run: npx tsx --tsconfig tsconfig.base.json bench/dice-siege-tuning.ts [games per mode] [workers ≤ 2] [lines.json]
//   It prints running totals every 30 s; stopped early, the last lines are exact for seeds 0..k-1 of each mode.
//   lines.json (optional) replaces the attacker lines, for tuning; without it the frozen lines are used.
import { readFileSync } from 'node:fs';
import { cpus } from 'node:os';
import { isMainThread, parentPort, Worker, workerData } from 'node:worker_threads';
import { seededKeyedDice } from '@dicehall/shared';
import { LINES, setupState, diceSiege, type LineSpec, type SiegeState } from '@dicehall/shared/dice-siege';
import { policyAction } from '@dicehall/shared/dice-siege';

type Mode = 'normal' | 'epic';
interface Job {
  mode: Mode;
  from: number;
  to: number;
  lines: LineSpec[];
}
interface Tally {
  games: number;
  wins: number;
  rounds: number;
  winRounds: number;
  boxesLeft: number;
  cpuMs: number;
}

/** Game `seed` of a mode: its own dice stream, the policy deciding every action. */
export function playOne(mode: Mode, seed: number, lines: readonly LineSpec[]): SiegeState {
  const dice = seededKeyedDice(seed * 2 + (mode === 'epic' ? 1 : 0));
  let state = setupState(mode, 1, lines).state;
  for (let n = 0; diceSiege.result(state) === null; n++) {
    if (n > 2000) throw new Error(`game ${seed} did not end`);
    const step = diceSiege.apply(state, 0, policyAction(state, 0), dice);
    if (!step.ok) throw new Error(`game ${seed}: the policy's action was refused: ${step.code} ${step.message}`);
    state = step.state;
  }
  return state;
}

function runJob(job: Job): Tally {
  const c0 = process.cpuUsage();
  const t: Tally = { games: 0, wins: 0, rounds: 0, winRounds: 0, boxesLeft: 0, cpuMs: 0 };
  for (let seed = job.from; seed < job.to; seed++) {
    const s = playOne(job.mode, seed, job.lines);
    const sh = s.sheets[0];
    t.games++;
    t.rounds += sh.endRound!;
    if (sh.phase === 'won') {
      t.wins++;
      t.winRounds += sh.endRound!;
      t.boxesLeft += s.levels[0] + s.levels[1] + s.levels[2] - sh.damage;
    }
  }
  const c = process.cpuUsage(c0);
  t.cpuMs = (c.user + c.system) / 1000;
  return t;
}

/** Wilson score interval at 95%. */
export function wilson(wins: number, n: number): [number, number] {
  const z = 1.959964;
  const p = wins / n;
  const d = 1 + (z * z) / n;
  const centre = (p + (z * z) / (2 * n)) / d;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [centre - half, centre + half];
}

const CHUNK = 250;

function add(a: Tally, b: Tally): Tally {
  return {
    games: a.games + b.games,
    wins: a.wins + b.wins,
    rounds: a.rounds + b.rounds,
    winRounds: a.winRounds + b.winRounds,
    boxesLeft: a.boxesLeft + b.boxesLeft,
    cpuMs: a.cpuMs + b.cpuMs,
  };
}

function line(mode: Mode, t: Tally): string {
  const [lo, hi] = wilson(t.wins, t.games);
  return (
    `${mode.padEnd(6)} ${t.games} games: wins ${((100 * t.wins) / t.games).toFixed(2)}% (95% CI ${(100 * lo).toFixed(2)}–${(100 * hi).toFixed(2)}%), ` +
    `${(t.rounds / t.games).toFixed(2)} rounds a game (won: ${(t.winRounds / Math.max(1, t.wins)).toFixed(2)}, ${(t.boxesLeft / Math.max(1, t.wins)).toFixed(1)} boxes left), ` +
    `${(t.cpuMs / t.games).toFixed(2)} CPU ms a game`
  );
}

/**
 * Chunks of seeds alternate between the modes and go to whichever worker is free; results count only as
 * an unbroken run of seeds from 0, so a run stopped early still reports exactly seeds 0..k-1 of each mode.
 */
async function main() {
  const n = Number(process.argv[2] ?? 1000);
  const workers = Math.max(1, Math.min(2, Number(process.argv[3] ?? 2), cpus().length));
  const lines: LineSpec[] = process.argv[4] ? JSON.parse(readFileSync(process.argv[4], 'utf8')) : [...LINES];
  const started = Date.now();
  console.log(`Node ${process.version}, ${n} games per mode, ${workers} worker thread(s), chunks of ${CHUNK}`);
  const queue: Job[] = [];
  for (let from = 0; from < n; from += CHUNK)
    for (const mode of ['normal', 'epic'] as Mode[]) queue.push({ mode, from, to: Math.min(n, from + CHUNK), lines });
  const done: Record<Mode, Map<number, Tally>> = { normal: new Map(), epic: new Map() };
  const prefix = (mode: Mode): Tally => {
    let t: Tally = { games: 0, wins: 0, rounds: 0, winRounds: 0, boxesLeft: 0, cpuMs: 0 };
    for (let from = 0; done[mode].has(from); from += CHUNK) t = add(t, done[mode].get(from)!);
    return t;
  };
  let last = 0;
  const report = (force = false) => {
    if (!force && Date.now() - last < 30_000) return;
    last = Date.now();
    const secs = ((Date.now() - started) / 1000).toFixed(0);
    for (const mode of ['normal', 'epic'] as Mode[]) {
      const t = prefix(mode);
      if (t.games > 0) console.log(`[${secs} s] ${line(mode, t)}`);
    }
  };
  await Promise.all(
    Array.from(
      { length: workers },
      () =>
        new Promise<void>((resolve, reject) => {
          const worker = new Worker(`require('tsx/cjs'); require(${JSON.stringify(__filename)});`, {
            eval: true,
            workerData: { worker: true },
          });
          const next = () => {
            const job = queue.shift();
            if (!job) {
              void worker.terminate();
              resolve();
              return;
            }
            worker.once('message', (t: Tally) => {
              done[job.mode].set(job.from, t);
              report();
              next();
            });
            worker.postMessage(job);
          };
          worker.once('error', reject);
          next();
        }),
    ),
  );
  console.log('final:');
  report(true);
  console.log(`total ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (isMainThread) {
  if (require.main === module)
    main().catch((e) => {
      console.error(e);
      process.exit(1);
    });
} else if (workerData?.worker) {
  parentPort!.on('message', (job: Job) => parentPort!.postMessage(runJob(job)));
}
