// Polywars' log across rules versions: games archived under rules 1 (before W8 and W9) still verify and replay under them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, replayLog, resultOf, rulesOfLog, verifyLog, type GameLog } from '@dicehall/shared';

// Recorded with test/fixtures/record.ts under rules 1: Kill the King for two (bot seed 3, cycle limit 3, ended on
// the limit) and Capture the Flag for three (bot seed 1, cycle limit 4, a draw on the limit).
const ARCHIVED = ['polywars-v1-king.json', 'polywars-v1-flag.json'];
const archived = (name: string): GameLog =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8')) as GameLog;

describe('Polywars logs of rules 1', () => {
  it.each(ARCHIVED)('%s, recorded before the rules changed, still verifies and replays to its result', (name) => {
    const log = archived(name);
    expect(log.rules).toBeUndefined();
    expect(rulesOfLog(log)).toBe(1);
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.rollsChecked).toBeGreaterThan(15);
    const replay = replayLog(log, getGame);
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.module.rulesVersion).toBe(1);
    expect(resultOf(replay.module, replay.table)).toEqual(log.result);
  });

  it('W8 the archived Capture the Flag game does not verify under rules 2: the version matters', () => {
    const log = { ...archived('polywars-v1-flag.json'), rules: 2 };
    const verdict = verifyLog(log, getGame);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join(' ')).toMatch(/result differs/);
  });
});
