// Shields Up's log across rules versions: a game archived under rules 1 still verifies and replays under them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, replayLog, resultOf, rulesOfLog, verifyLog, type GameLog } from '@dicehall/shared';

// Recorded with test/fixtures/record.ts (bot seed 14) before U3 was amended and U9 added: two of its turns
// discard both Batteries, each for two more actions.
const archived = (): GameLog =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'shields-up-v1.json'), 'utf8')) as GameLog;

describe('Shields Up logs of rules 1', () => {
  it('the archived game, recorded before the rules changed, still verifies and replays to its result', () => {
    const log = archived();
    expect(log.rules).toBeUndefined();
    expect(rulesOfLog(log)).toBe(1);
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(verdict.rollsChecked).toBeGreaterThan(30);
    const replay = replayLog(log, getGame);
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.module.rulesVersion).toBe(1);
    expect(resultOf(replay.module, replay.table)).toEqual(log.result);
  });
});
