// Bots off the event loop, measured: hard Shields and Dice Chess bots asked through the server's worker pool
// (as rooms ask them) versus the same bots run on the main thread, with the main loop's worst stall during each.
// Run: npx tsx --tsconfig test/tsconfig.json bench/bots/pool.bench.ts   (POSITIONS=40 per game by default)
import { performance } from 'node:perf_hooks';
import { botInput, createBot, getGame, pick, seededDice, type GameModule } from '@dicehall/shared';
import { BotPool } from '../../server/src/bots/pool';

const POSITIONS = Number(process.env.POSITIONS ?? 40);
const BUDGET_MS = 300;

/** Positions from random games: every 5th decision, until `n`. */
function positions(m: GameModule, options: unknown, n: number) {
  const out: { state: unknown; seat: number }[] = [];
  for (let g = 0; out.length < n; g++) {
    const dice = seededDice(300 + g);
    let state = m.setup(m.options.parse(options), 2, dice).state;
    for (let ply = 0; m.result(state) === null && ply < 300 && out.length < n; ply++) {
      const seat = m.toAct(state)[0];
      if (ply % 5 === 2) out.push({ state, seat });
      const step = m.apply(state, seat, pick(dice, m.legalActions(state, seat)), dice);
      if (!step.ok) throw new Error(step.code);
      state = step.state;
    }
  }
  return out;
}

/** The worst gap between 5 ms ticks of the main loop while `work` runs (how long a patch could be held up). */
async function stall<T>(work: () => Promise<T>): Promise<{ value: T; worstMs: number }> {
  let last = performance.now();
  let worst = 0;
  const t = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last - 5);
    last = now;
  }, 5);
  const value = await work();
  clearInterval(t);
  return { value, worstMs: worst };
}

const pct = (xs: number[], p: number) =>
  [...xs].sort((a, b) => a - b)[Math.min(xs.length - 1, Math.floor(xs.length * p))];

async function main() {
  const pool = new BotPool({ threads: 1, marginMs: 200, delayMs: 0 });
  // Load the thread once (not measured).
  await pool.think({
    owner: 'bench',
    room: 'warm-up',
    game: 'high-roll',
    level: 'easy',
    input: { view: {}, legal: [{ type: 'roll' }], seat: 0 },
    budgetMs: 5000,
  });
  console.log(
    `${POSITIONS} positions per game, hard level, budget ${BUDGET_MS} ms; one worker thread; load ${(
      await import('node:os')
    )
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(' ')}`,
  );
  console.log('| game | where | p50 ms | p95 ms | max ms | fallbacks | worst main-loop stall ms |');
  console.log('| --- | --- | --- | --- | --- | --- | --- |');
  for (const [game, options] of [
    ['shields', {}],
    ['dice-chess', { placement: 'random' }],
  ] as const) {
    const m = getGame(game)!;
    const ps = positions(m, options, POSITIONS);
    const inputs = ps.map(({ state, seat }) => botInput(m, state, seat));
    const before = { ...pool.stats };
    const viaPool = await stall(async () => {
      const times: number[] = [];
      for (const input of inputs)
        times.push(
          (await pool.think({ owner: 'bench', room: game, game, level: 'hard', input, budgetMs: BUDGET_MS })).ms,
        );
      return times;
    });
    const fallbacks = pool.stats.timeouts - before.timeouts + pool.stats.errors - before.errors;
    const onMain = await stall(async () => {
      const times: number[] = [];
      for (const [i, input] of inputs.entries()) {
        const t = performance.now();
        createBot(game, 'hard', seededDice(i))!.think(input, { ms: 250, now: () => performance.now() });
        times.push(performance.now() - t);
        await new Promise((r) => setImmediate(r));
      }
      return times;
    });
    const row = (where: string, r: { value: number[]; worstMs: number }, fb: number | string) =>
      console.log(
        `| ${game} | ${where} | ${pct(r.value, 0.5).toFixed(0)} | ${pct(r.value, 0.95).toFixed(0)} | ${Math.max(...r.value).toFixed(0)} | ${fb} | ${r.worstMs.toFixed(0)} |`,
      );
    row('worker pool', viaPool, fallbacks);
    row('main thread (baseline)', onMain, '–');
  }
  pool.close();
}

void main();
