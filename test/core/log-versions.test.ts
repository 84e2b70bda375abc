// The log as a contract across versions: games archived under older rules still verify and replay,
// under the rules they were played with; a log from a newer build is refused in plain words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, replayLog, resultOf, rulesOfLog, verifyLog, type GameLog } from '@dicehall/shared';

const fixture = (name: string): GameLog =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', name), 'utf8')) as GameLog;

// Recorded with test/fixtures/record.ts before C7 was amended and before S14/S15 (commit "Log fixtures…").
const ARCHIVED = ['dice-chess-v1.json', 'shields-v1-match.json', 'shields-v1-variant-match.json'];

describe('rules versions in logs', () => {
  it.each(ARCHIVED)('%s, recorded before the rules changed, still verifies and replays to its result', (name) => {
    const log = fixture(name);
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

  it('C7 the archived Dice Chess game does not replay under the amended rule: the version matters', () => {
    const log = { ...fixture('dice-chess-v1.json'), rules: getGame('dice-chess')!.rulesVersion };
    expect(log.rules).toBe(2);
    const verdict = verifyLog(log, getGame);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join(' ')).toMatch(/events differ|result differs/);
  });

  it('a log from a newer build is refused: "played under rules vN, this build knows vM"', () => {
    for (const name of ARCHIVED) {
      const log = { ...fixture(name), rules: 99 };
      const known = getGame(log.game)!.rulesVersion;
      expect(replayLog(log, getGame)).toEqual({
        ok: false,
        problem: `played under rules v99, this build knows v${known}`,
      });
      expect(verifyLog(log, getGame).problems).toEqual([`played under rules v99, this build knows v${known}`]);
    }
  });

  it('a version that is not a whole number is refused the same way', () => {
    const log = { ...fixture('dice-chess-v1.json'), rules: 1.5 };
    expect(replayLog(log, getGame)).toMatchObject({
      ok: false,
      problem: 'played under rules v1.5, this build knows v2',
    });
  });
});
