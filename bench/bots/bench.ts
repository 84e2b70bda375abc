// Bot strength benchmark: N games per pairing per game, seats alternating, every game seeded; writes
// bench/bots/out/<game>.<a>-<b>.json as it goes and, with --report, bench/bots/results.md.
// Full run: npx tsx --tsconfig tsconfig.base.json bench/bots/bench.ts --games 1000 && npx tsx --tsconfig tsconfig.base.json bench/bots/bench.ts --report
import { existsSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { cpus, loadavg } from 'node:os';
import { join } from 'node:path';
import { botKits, LEVELS, type Level } from '@dicehall/shared';
import { playGame } from './play';

const OUT = join(__dirname, 'out');
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 ? args[i + 1] : fallback;
};

interface Tally {
  game: string;
  a: Level;
  b: Level;
  games: number;
  winsA: number;
  winsB: number;
  draws: number;
  /** Think time in ms per decision, by level (A and B differ in every pairing). */
  think: Record<string, number[]>;
  plies: number;
  started: string;
  updated: string;
  load: number[];
}

const ALL_PAIRS: [Level, Level][] = [];
for (let i = LEVELS.length - 1; i >= 0; i--) for (let j = i - 1; j >= 0; j--) ALL_PAIRS.push([LEVELS[i], LEVELS[j]]);

function run(gameId: string, a: Level, b: Level, games: number, minutes: number) {
  const kit = botKits[gameId];
  const t: Tally = {
    game: gameId,
    a,
    b,
    games: 0,
    winsA: 0,
    winsB: 0,
    draws: 0,
    think: { [a]: [], [b]: [] },
    plies: 0,
    started: new Date().toISOString(),
    updated: '',
    load: [],
  };
  const file = join(OUT, `${gameId}.${a}-${b}.json`);
  const stop = Date.now() + minutes * 60_000;
  const save = () => {
    t.updated = new Date().toISOString();
    t.load.push(Number(loadavg()[0].toFixed(1)));
    writeFileSync(file, JSON.stringify(t));
  };
  for (let g = 0; g < games && Date.now() < stop; g++) {
    // A plays seat 0 in even games and seat 1 in odd ones, so the first-move edge cancels out.
    const aSeat = g % 2;
    const r = playGame(kit, aSeat === 0 ? [a, b] : [b, a], g + 1);
    t.games++;
    t.plies += r.plies;
    if (r.winners.length === 0) t.draws++;
    else if (r.winners[0] === aSeat) t.winsA++;
    else t.winsB++;
    t.think[a].push(...r.think[aSeat].map((x) => Math.round(x * 100) / 100));
    t.think[b].push(...r.think[1 - aSeat].map((x) => Math.round(x * 100) / 100));
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
const quantile = (xs: number[], q: number) => {
  if (xs.length === 0) return NaN;
  const s = [...xs].sort((x, y) => x - y);
  return s[Math.min(s.length - 1, Math.floor(q * s.length))];
};

function report() {
  const tallies: Tally[] = readdirSync(OUT)
    .filter((f) => f.endsWith('.json'))
    .map((f) => JSON.parse(readFileSync(join(OUT, f), 'utf8')));
  const lines: string[] = [];
  for (const gameId of Object.keys(botKits)) {
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
    const byLevel = new Map<string, number[]>();
    for (const t of mine)
      for (const [lvl, xs] of Object.entries(t.think)) byLevel.set(lvl, [...(byLevel.get(lvl) ?? []), ...xs]);
    lines.push('', '| level | decisions | mean think | p95 think | max think |', '|---|---|---|---|---|');
    for (const lvl of [...LEVELS].reverse()) {
      const xs = byLevel.get(lvl) ?? [];
      if (xs.length === 0) continue;
      const mean = xs.reduce((x, y) => x + y, 0) / xs.length;
      lines.push(
        `| ${lvl} | ${xs.length} | ${mean.toFixed(1)} ms | ${quantile(xs, 0.95).toFixed(1)} ms | ${Math.max(...xs).toFixed(1)} ms |`,
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
  const gameIds = arg('game', Object.keys(botKits).join(',')).split(',');
  const pairs = args.includes('--pairs')
    ? arg('pairs', '')
        .split(',')
        .map((p) => p.split('-') as [Level, Level])
    : ALL_PAIRS;
  for (const gameId of gameIds) for (const [a, b] of pairs) run(gameId, a, b, games, minutes);
}
