// Bot strength benchmark: N games per pairing per game, seats alternating, every game seeded; writes
// bench/bots/out/<game>.<a>-<b>.json as it goes and, with --report, bench/bots/results.md.
// A run resumes a pairing's tally where it stopped (game k is always played from the same seeds), as long as the
// bots', the game's and the dice's source (see sourceOf) is the one the tally was started with; the tallies are
// committed, so a pairing's 1,000 games can be played over several sessions.
// Full run: npx tsx --tsconfig tsconfig.base.json bench/bots/bench.ts --games 1000 && npx tsx --tsconfig tsconfig.base.json bench/bots/bench.ts --report
import { execSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { LEVELS, type Level } from '@dicehall/shared';
import { BENCH_GAMES, playGame } from './play';

const OUT = join(__dirname, 'out');
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

/** Think times of one level: count, sum and max in ms, and a histogram by whole ms (for quantiles). */
interface Times {
  n: number;
  sum: number;
  max: number;
  hist: Record<string, number>;
}
const noTimes = (): Times => ({ n: 0, sum: 0, max: 0, hist: {} });
function addTime(t: Times, ms: number) {
  t.n++;
  t.sum += ms;
  t.max = Math.max(t.max, ms);
  const k = String(Math.floor(ms));
  t.hist[k] = (t.hist[k] ?? 0) + 1;
}
function merge(into: Times, t: Times) {
  into.n += t.n;
  into.sum += t.sum;
  into.max = Math.max(into.max, t.max);
  for (const [k, c] of Object.entries(t.hist)) into.hist[k] = (into.hist[k] ?? 0) + c;
}
/** The q-quantile's whole-ms bucket (its lower edge) of a histogram. */
function quantile(t: Times, q: number) {
  if (t.n === 0) return NaN;
  const keys = Object.keys(t.hist)
    .map(Number)
    .sort((x, y) => x - y);
  let seen = 0;
  for (const k of keys) {
    seen += t.hist[String(k)]!;
    if (seen > q * t.n) return k;
  }
  return keys[keys.length - 1]!;
}

/**
 * What a tally's games depend on: the git objects of the bots, the game's rules and the dice (a change anywhere else
 * in shared/src, the view stream say, does not restart a tally); null when any of them has uncommitted changes.
 */
function sourceOf(gameId: string): string | null {
  const root = join(__dirname, '..', '..');
  const paths = ['shared/src/bots', `shared/src/games/${gameId}`, 'shared/src/core/dice.ts'];
  const git = (cmd: string) => execSync(cmd, { cwd: root, encoding: 'utf8' }).trim();
  if (git(`git status --porcelain -- ${paths.join(' ')}`)) return null;
  return paths.map((p) => git(`git rev-parse HEAD:${p}`).slice(0, 12)).join('+');
}

interface Tally {
  /** The source the games were played with (sourceOf; null: uncommitted source, such a tally is never resumed). */
  source: string | null;
  game: string;
  a: Level;
  b: Level;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** Think time per decision, wall clock and this process's CPU, by level (A and B differ in every pairing). */
  think: Record<string, Times>;
  cpu: Record<string, Times>;
  plies: number;
  started: string;
  updated: string;
  load: number[];
}

const ALL_PAIRS: [Level, Level][] = [];
for (let i = LEVELS.length - 1; i >= 0; i--) for (let j = i - 1; j >= 0; j--) ALL_PAIRS.push([LEVELS[i], LEVELS[j]]);

function run(gameId: string, a: Level, b: Level, games: number, minutes: number) {
  const file = join(OUT, `${gameId}.${a}-${b}.json`);
  const source = sourceOf(gameId);
  const before: Tally | null = existsSync(file) ? JSON.parse(readFileSync(file, 'utf8')) : null;
  const resume = before !== null && before.source !== null && before.source === source;
  if (before && !resume)
    console.log(`${file}: played with another source (${before.source ?? 'uncommitted'}); starting again`);
  const t: Tally = resume
    ? before
    : {
        source,
        game: gameId,
        a,
        b,
        games: 0,
        winsA: 0,
        winsB: 0,
        draws: 0,
        think: { [a]: noTimes(), [b]: noTimes() },
        cpu: { [a]: noTimes(), [b]: noTimes() },
        plies: 0,
        started: new Date().toISOString(),
        updated: '',
        load: [],
      };
  const stop = Date.now() + minutes * 60_000;
  const save = () => {
    t.updated = new Date().toISOString();
    t.load.push(Number(loadavg()[0].toFixed(1)));
    writeFileSync(file, JSON.stringify(t));
  };
  for (let g = t.games; g < games && Date.now() < stop; g++) {
    // A plays seat 0 in even games and seat 1 in odd ones, so the first-move edge cancels out.
    const aSeat = g % 2;
    const r = playGame(gameId, aSeat === 0 ? [a, b] : [b, a], g + 1);
    t.games++;
    t.plies += r.plies;
    if (r.winners.length === 0) t.draws++;
    else if (r.winners[0] === aSeat) t.winsA++;
    else t.winsB++;
    for (const [level, seat] of [
      [a, aSeat],
      [b, 1 - aSeat],
    ] as const) {
      for (const x of r.think[seat]) addTime(t.think[level]!, x);
      for (const x of r.cpu[seat]) addTime(t.cpu[level]!, x);
    }
    if (t.games % 10 === 0) save();
  }
  save();
  console.log(`${gameId} ${a} vs ${b}: ${t.winsA}-${t.winsB}-${t.draws} in ${t.games} games`);
}

/** Wilson score interval, 95%. */
export function wilson(k: number, n: number): [number, number] {
  if (n === 0) return [0, 1];
  const z = 1.959964;
  const p = k / n;
  const d = 1 + (z * z) / n;
  const c = (p + (z * z) / (2 * n)) / d;
  const h = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / d;
  return [Math.max(0, c - h), Math.min(1, c + h)];
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

function report() {
  const tallies: Tally[] = readdirSync(OUT)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(OUT, f), 'utf8')));
  const lines: string[] = [];
  for (const gameId of BENCH_GAMES) {
    const mine = tallies
      .filter((t) => t.game === gameId)
      .sort((x, y) => LEVELS.indexOf(y.a) - LEVELS.indexOf(x.a) || LEVELS.indexOf(y.b) - LEVELS.indexOf(x.b));
    if (mine.length === 0) continue;
    lines.push(
      `### ${gameId}`,
      '',
      '| pairing (A vs B) | games | A wins | B wins | draws | A win rate | Wilson 95% CI | plies/game | load avg (min–max) |',
      '|---|---|---|---|---|---|---|---|---|',
    );
    for (const t of mine) {
      const [lo, hi] = wilson(t.winsA, t.games);
      lines.push(
        `| ${t.a} vs ${t.b} | ${t.games} | ${t.winsA} | ${t.winsB} | ${t.draws} | ${pct(t.winsA / t.games)} | ${pct(lo)}–${pct(hi)} | ${(t.plies / t.games).toFixed(1)} | ${Math.min(...t.load)}–${Math.max(...t.load)} |`,
      );
    }
    const wall = new Map<string, Times>();
    const cpu = new Map<string, Times>();
    for (const t of mine)
      for (const lvl of [t.a, t.b]) {
        if (!wall.has(lvl)) wall.set(lvl, noTimes());
        if (!cpu.has(lvl)) cpu.set(lvl, noTimes());
        merge(wall.get(lvl)!, t.think[lvl]!);
        merge(cpu.get(lvl)!, t.cpu[lvl]!);
      }
    lines.push(
      '',
      '| level | decisions | mean think | p95 think (1 ms buckets) | max think | mean CPU | p95 CPU |',
      '|---|---|---|---|---|---|---|',
    );
    for (const lvl of [...LEVELS].reverse()) {
      const w = wall.get(lvl);
      const c = cpu.get(lvl);
      if (!w || !c || w.n === 0) continue;
      lines.push(
        `| ${lvl} | ${w.n} | ${(w.sum / w.n).toFixed(1)} ms | ${quantile(w, 0.95)} ms | ${w.max.toFixed(1)} ms | ${(c.sum / c.n).toFixed(1)} ms | ${quantile(c, 0.95)} ms |`,
      );
    }
    lines.push('');
  }
  const notes = join(__dirname, 'notes.md');
  const head = [
    '# Bot strength: results',
    '',
    `Generated by \`bench/bots/bench.ts --report\` on ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC from bench/bots/out/*.json;`,
    `${cpus().length} cores (${cpus()[0]?.model ?? 'unknown CPU'}), Node ${process.version}, one core per benchmark process.`,
    '',
  ];
  const out = join(__dirname, 'results.md');
  writeFileSync(out, [...head, ...lines, ...(existsSync(notes) ? [readFileSync(notes, 'utf8')] : [])].join('\n'));
  console.log(lines.join('\n'));
  console.log(`\n(written to ${out})`);
}

if (args.includes('--report')) report();
else {
  mkdirSync(OUT, { recursive: true });
  const games = Number(arg('games', '1000'));
  const minutes = Number(arg('minutes', 'Infinity'));
  const gameIds = arg('game', BENCH_GAMES.join(',')).split(',');
  const pairs = args.includes('--pairs')
    ? arg('pairs', '')
        .split(',')
        .map((p) => p.split('-') as [Level, Level])
    : ALL_PAIRS;
  for (const gameId of gameIds) for (const [a, b] of pairs) run(gameId, a, b, games, minutes);
}
