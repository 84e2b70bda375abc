// `npm run verify -- <game log file>`: recomputes every roll of a finished game and replays it.
import { readFileSync } from 'node:fs';
import { getGame, luckReport, percentText, verifyLog, type GameLog, type LuckReport } from '../index';

/** The luck report in lines: the sentence, each seat, the largest swings and every counted roll (issue 34). */
function luckLines(r: LuckReport): string[] {
  const sign = (x: number) => (x >= 0 ? `+${x.toFixed(2)}` : x.toFixed(2));
  const lines = ['', `Luck: ${r.sentence}`];
  for (const s of r.seats)
    lines.push(
      `  ${s.name}: luck ${sign(s.luck)} over ${s.rolls} rolls of theirs, better than ${percentText(s.percentile)} of fair games`,
    );
  const name = (seat: number | null) => (seat === null ? 'nobody' : (r.seats[seat]?.name ?? `Player ${seat + 1}`));
  if (r.swings.length > 0) {
    lines.push('  The rolls that swung it most:');
    for (const w of r.swings)
      lines.push(
        `    roll #${w.index} (entry ${w.seq}, ${w.what}): d${w.sides} showed ${w.value}, z ${sign(w.z ?? 0)} for ${name(w.favours)}`,
      );
  }
  lines.push('  Every roll (better / same: the chances of a better and an equal result):');
  for (const x of r.rolls)
    lines.push(
      x.z === null
        ? `    #${x.index} d${x.sides}=${x.value} ${x.what}: favours nobody`
        : `    #${x.index} d${x.sides}=${x.value} ${x.what}: for ${name(x.favours)}, better ${x.better.toFixed(3)} same ${x.same.toFixed(3)}, z ${sign(x.z)}`,
    );
  return lines;
}

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
    const luck = luckReport(log, getGame);
    if (luck.ok) for (const line of luckLines(luck)) console.log(line);
    else console.log(`Luck: not measured (${luck.problem}).`);
    return 0;
  }
  console.log(`FAILED: ${log.game} game ${log.gameId}:`);
  for (const p of verdict.problems) console.log(`  - ${p}`);
  return 1;
}

process.exitCode = main(process.argv.slice(2));
