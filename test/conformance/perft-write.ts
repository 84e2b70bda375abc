// Rewrites the pinned perft counts of the games named on the command line (all registered games with --all).
// Run it deliberately, after a rule change that should change the counts, and review the diff:
//   npm run perft -- dice-chess
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { games } from '@dicehall/shared';
import { computePerft, PERFT_DIR, pinsNothing } from './perft-data';

const ids = process.argv.includes('--all') ? Object.keys(games) : process.argv.slice(2);
if (ids.length === 0) {
  process.stderr.write('name the games to rewrite (or --all)\n');
  process.exit(2);
}
for (const id of ids) {
  const module = games[id];
  if (!module) throw new Error(`no registered game "${id}"`);
  const file = computePerft(module);
  if (pinsNothing(file)) {
    // Counts of 1 everywhere would pass whatever the rules allowed: not a pin (test/conformance/games.ts NO_PERFT).
    process.stderr.write(`${id}: every count is 1, so the file would pin nothing; not written (see NO_PERFT)\n`);
    process.exitCode = 1;
    continue;
  }
  writeFileSync(join(PERFT_DIR, `${id}.json`), `${JSON.stringify(file, null, 2)}\n`);
  process.stdout.write(`${id}: ${file.cases.map((c) => c.counts.join('/')).join(', ')}\n`);
}
