// `npm run verify -- <game log file>`: recomputes every roll of a finished game and replays it.
import { readFileSync } from 'node:fs';
import { getGame, verifyLog, type GameLog } from '../index';

function main(argv: string[]): number {
  const file = argv[0];
  if (!file) {
    console.error('usage: npm run verify -- <game log file>');
    return 2;
  }
  let log: GameLog;
  try {
    log = JSON.parse(readFileSync(file, 'utf8')) as GameLog;
  } catch (err) {
    console.error(`cannot read ${file}: ${(err as Error).message}`);
    return 2;
  }
  const verdict = verifyLog(log, getGame);
  if (verdict.ok) {
    console.log(
      `OK: ${log.game} game ${log.gameId}: the seed matches its commitment, all ${verdict.rollsChecked} rolls recompute, and the replay gives the recorded result.`,
    );
    return 0;
  }
  console.log(`FAILED: ${log.game} game ${log.gameId}:`);
  for (const p of verdict.problems) console.log(`  - ${p}`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
