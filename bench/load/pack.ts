// Packs the load benchmark into one self-contained folder for a bigger machine with no Node, no npm and no network
// (issue 29): this Node's binary (gzipped: the folder stays under 64 MiB), the runner, the load worker and the bench
// server (Dicehall's sources with the bare room) each bundled into one CommonJS file, and run.sh, which runs the
// capacity ladder with the server pinned to SERVER_CPUS cores and the load generator on all the others, and writes
// every run's figures to results/.
//   npx tsx --tsconfig tsconfig.base.json bench/load/pack.ts            → bench/out/load-pack/
//   then, on the machine:  sh load-pack/run.sh                          (env: see run.sh)
// Rehearse here first:  LADDER=50 GAMES=shields SECONDS=5 WARMUP=2 sh bench/out/load-pack/run.sh
// esbuild comes with tsx (a dev dependency); the bundle leaves out only what the server loads lazily and never in a
// load run (server/dist, native add-ons that have JavaScript fallbacks).
import { execFileSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const root = path.resolve(__dirname, '../..');
const OUT = path.resolve(process.env.PACK_OUT ?? path.join(root, 'bench/out/load-pack'));

const RUN_SH = `#!/bin/sh
# Dicehall's load benchmark, packed by bench/load/pack.ts: one command, loopback only, results in ./results.
#   GAMES="shields dice-chess"   games to measure, each against the bare Colyseus room in the same run
#   LADDER="1500 3000 4500"      rooms per run (× (2 players + SPECTATORS) clients)
#   SERVER_CPUS=2                the server's cores (0…n-1); the load generator takes all the others
#   WORKERS=<other cores, ≤ 14>  load worker processes; SPECTATORS=2, ACTION_MS=2000, SECONDS=30, WARMUP=10
set -eu
cd "$(dirname "$0")"
[ -x ./node ] || { gzip -dc node.gz > node.tmp && chmod +x node.tmp && mv node.tmp node; }
cpus=$(getconf _NPROCESSORS_ONLN)
export SERVER_CPUS="\${SERVER_CPUS:-2}"
others=$((cpus - SERVER_CPUS)); [ "$others" -ge 1 ] || { echo "need more than SERVER_CPUS=$SERVER_CPUS cores"; exit 1; }
[ "$others" -gt 14 ] && others=14
export WORKERS="\${WORKERS:-$others}" SECONDS="\${SECONDS:-30}" WARMUP="\${WARMUP:-10}" OUT="\${OUT:-$(pwd)/results}"
mkdir -p "$OUT"
for game in \${GAMES:-shields dice-chess}; do
  for rooms in \${LADDER:-1500 3000 4500}; do
    echo "== $game, $rooms rooms"
    GAME=$game ROOMS=$rooms ./node run.cjs 2>&1 | tee -a "$OUT/console.log"
  done
done
echo "results in $OUT"
`;

async function main() {
  rmSync(OUT, { recursive: true, force: true });
  mkdirSync(OUT, { recursive: true });
  const entries: [string, string][] = [
    ['bench/load/run.ts', 'run'],
    ['bench/load/worker.ts', 'worker'],
    ['bench/bench-server.ts', 'bench-server'],
  ];
  // The versions bundled, for the server's check of the library internals it mends (server/src/rooms/schema-fixes.ts).
  const { installedVersion, MENDED_FOR } = await import('../../server/src/rooms/schema-fixes');
  const versions = Object.fromEntries(Object.keys(MENDED_FOR).map((name) => [name, installedVersion(name)]));
  for (const [entry, name] of entries) {
    await build({
      entryPoints: [path.join(root, entry)],
      outfile: path.join(OUT, `${name}.cjs`),
      bundle: true,
      platform: 'node',
      target: 'node20',
      format: 'cjs',
      // The schema classes' decorators and class fields as the server compiles them.
      tsconfig: path.join(root, 'tsconfig.base.json'),
      external: ['../server/dist/*', 'bufferutil', 'utf-8-validate', 'pg-native', 'msgpackr-extract'],
      define: { 'process.env.DICEHALL_BUNDLED_VERSIONS': JSON.stringify(JSON.stringify(versions)) },
      logLevel: 'error',
    });
  }
  writeFileSync(path.join(OUT, 'node.gz'), execFileSync('gzip', ['-c', process.execPath], { maxBuffer: 1 << 30 }));
  writeFileSync(path.join(OUT, 'run.sh'), RUN_SH);
  chmodSync(path.join(OUT, 'run.sh'), 0o755);
  copyFileSync(path.join(root, 'bench/README.md'), path.join(OUT, 'BENCHMARKS.md'));
  const size = (f: string) => statSync(path.join(OUT, f)).size / 2 ** 20;
  const files = ['node.gz', ...entries.map(([, n]) => `${n}.cjs`), 'run.sh'];
  console.log(`${OUT}: ${files.map((f) => `${f} ${size(f).toFixed(1)} MiB`).join(', ')}`);
  console.log(`total ${files.reduce((n, f) => n + size(f), 0).toFixed(1)} MiB (Node ${process.version})`);
}
void main();
