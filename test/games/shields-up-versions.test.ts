// Shields Up's log across rules versions: a game archived under rules 1 still verifies and replays under them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import {
  advance,
  commitmentOf,
  FAIR_SCHEME,
  FairDice,
  getGame,
  LOG_FORMAT,
  pick,
  RecordingDice,
  replayLog,
  resultOf,
  rulesOfLog,
  seededDice,
  startTable,
  verifyLog,
  type GameLog,
  type LogEntry,
} from '@dicehall/shared';

// Recorded with test/fixtures/record.ts (bot seed 14) before U3 was amended and U9 added: in two of its turns
// both Batteries are discarded, each for two more actions.
const archived = (): GameLog =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'shields-up-v1.json'), 'utf8')) as GameLog;

/** A random game with fair dice, logged as the server logs one (its rules version named). */
function played(seed: number): GameLog {
  const module = getGame('shields-up')!;
  const serverSeed = 'ab'.repeat(32);
  const fair = { gameId: `versions-${seed}`, clientSeed: 'test' };
  const dice = new RecordingDice(new FairDice(serverSeed, fair));
  const bot = seededDice(seed);
  const start = startTable(module, {}, 2, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table;
  const entries: LogEntry[] = [start.entry];
  for (let n = 0; !resultOf(module, table); n++) {
    const seat = module.toAct(table.state)[0]!;
    const step = advance(module, table, seat, 'action', pick(bot, module.legalActions(table.state, seat)), dice, n);
    if (!step.ok) throw new Error(step.message);
    table = step.table;
    entries.push(step.entry);
  }
  return {
    format: LOG_FORMAT,
    game: 'shields-up',
    rules: module.rulesVersion,
    gameId: fair.gameId,
    options: {},
    seats: 2,
    players: ['Ana', 'Ben'],
    fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(serverSeed), clientSeed: fair.clientSeed, serverSeed },
    entries,
    result: resultOf(module, table),
  };
}

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

  it('U9 the archived game does not replay under rules 2: a second Battery in one turn gave two actions', () => {
    const log = { ...archived(), rules: getGame('shields-up')!.rulesVersion };
    expect(log.rules).toBe(2);
    const verdict = verifyLog(log, getGame);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems).toHaveLength(1);
    // Rules 2 follows the archived game until turn 26, where the player's Battery had given its actions and a
    // second one, smuggled in, was still in play with no action left (entry 62): under rules 1 the turn waited for
    // it (entry 63 used it for two more actions), under rules 2 it would give nothing, so the turn ends there and
    // the market's refill asks for a reshuffle the archived game did not roll then.
    expect(log.entries[63]).toMatchObject({ action: { type: 'battery' }, events: [{ type: 'battery', actions: 2 }] });
    expect(replayLog(log, getGame, 61).ok).toBe(true);
    expect(replayLog(log, getGame, 62)).toEqual({
      ok: false,
      problem: 'replay failed: roll #27 was a d7, the rules asked for a d3',
    });
  });

  it('a game played under rules 2 records its version, and verifies and replays under it', () => {
    const log = played(7);
    expect(log.rules).toBe(2);
    expect(verifyLog(log, getGame)).toMatchObject({ ok: true, problems: [] });
    const replay = replayLog(log, getGame);
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.module.rulesVersion).toBe(2);
    expect(resultOf(replay.module, replay.table)).toEqual(log.result);
  });
});
