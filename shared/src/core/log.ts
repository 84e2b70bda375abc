// The game log file: everything needed to replay a game and to verify every roll once the seed is revealed.
import { rulesModule, type GameModule, type Result } from './game-module';
import { commitmentOf, fairKeyedRoll, fairRoll, FAIR_SCHEME } from './fair';
import { RecordingDice, replayed } from './dice';
import { advance, resultOf, startTable, type LogEntry, type Table } from './table';

export const LOG_FORMAT = 'dicehall-log/1';

export interface GameLog {
  format: typeof LOG_FORMAT;
  game: string;
  /** The rules version the game was played under (GameModule.rulesVersion); logs from before versions existed have none and are version 1. */
  rules?: number;
  gameId: string;
  options: unknown;
  seats: number;
  players: string[];
  fair: { scheme: string; commitment: string; clientSeed: string; serverSeed: string | null };
  entries: LogEntry[];
  result: Result | null;
}

export interface Verdict {
  ok: boolean;
  rollsChecked: number;
  /** Each problem in a sentence; empty when ok. */
  problems: string[];
}

type Lookup = (id: string) => GameModule | undefined;

/** The version a log was played under: logs written before versions existed are version 1. */
export const rulesOfLog = (log: Pick<GameLog, 'rules'>): number => log.rules ?? 1;

/** Replays the log through the rules with its own rolls; returns the final table or the first inconsistency. */
export function replayLog(
  log: GameLog,
  lookup: Lookup,
  upTo = Infinity,
): { ok: true; table: Table; module: GameModule } | { ok: false; problem: string } {
  const current = lookup(log.game);
  if (!current) return { ok: false, problem: `unknown game "${log.game}"` };
  const module = rulesModule(current, rulesOfLog(log));
  if ('ok' in module) return { ok: false, problem: module.message };
  const [first, ...rest] = log.entries;
  if (first?.kind !== 'setup') return { ok: false, problem: 'the log does not start with the setup' };
  try {
    const dice = new RecordingDice(replayed(log.entries.flatMap((e) => e.rolls)));
    const start = startTable(module, log.options, log.seats, dice);
    if (!start.ok) return { ok: false, problem: `setup refused: ${start.message}` };
    const mismatch = sameEntry(first, start.entry);
    if (mismatch) return { ok: false, problem: `setup: ${mismatch}` };
    let table = start.table;
    for (const e of rest.slice(0, Math.max(0, upTo))) {
      if (e.kind === 'setup' || e.seat === null) return { ok: false, problem: `entry ${e.seq} is not a move` };
      const step = advance(module, table, e.seat, e.kind, e.action, dice);
      if (!step.ok) return { ok: false, problem: `entry ${e.seq} was refused by the rules: ${step.message}` };
      const m = sameEntry(e, step.entry);
      if (m) return { ok: false, problem: `entry ${e.seq}: ${m}` };
      table = step.table;
    }
    return { ok: true, table, module };
  } catch (err) {
    return { ok: false, problem: `replay failed: ${(err as Error).message}` };
  }
}

function sameEntry(logged: LogEntry, replayedEntry: LogEntry): string | null {
  if (logged.seq !== replayedEntry.seq) return `sequence ${logged.seq} where ${replayedEntry.seq} was expected`;
  if (JSON.stringify(logged.rolls) !== JSON.stringify(replayedEntry.rolls))
    return 'its rolls differ from what the rules asked for';
  if (JSON.stringify(logged.events) !== JSON.stringify(replayedEntry.events))
    return 'its events differ from the replay';
  return null;
}

/** Checks the commitment, recomputes every roll from the revealed seed, and replays the game. */
export function verifyLog(log: GameLog, lookup: Lookup): Verdict {
  const problems: string[] = [];
  if (log.format !== LOG_FORMAT) problems.push(`not a ${LOG_FORMAT} file`);
  if (log.fair?.scheme !== FAIR_SCHEME) problems.push(`unknown dice scheme "${log.fair?.scheme}"`);
  const seed = log.fair?.serverSeed;
  let rollsChecked = 0;
  if (!seed || !/^[0-9a-f]{64}$/.test(seed)) {
    problems.push('the server seed is not revealed yet (it is, once the game ends)');
  } else {
    if (commitmentOf(seed) !== log.fair.commitment) problems.push('the revealed seed does not match the commitment');
    const inputs = { gameId: log.gameId, clientSeed: log.fair.clientSeed };
    const rolls = (log.entries ?? []).flatMap((e) => e.rolls);
    rolls.forEach((r, i) => {
      if (r.index !== i) problems.push(`roll #${i} is numbered ${r.index}`);
      else {
        // A keyed roll (a race's shared dice) hashes its key where an indexed roll hashes its index.
        let fair: number;
        try {
          fair =
            r.key === undefined
              ? fairRoll(seed, inputs, r.index, r.sides)
              : fairKeyedRoll(seed, inputs, r.key, r.sides);
        } catch {
          problems.push(`roll #${r.index} is not a die the scheme can roll`);
          return;
        }
        if (fair !== r.value)
          problems.push(
            `roll #${r.index} (d${r.sides}${r.key === undefined ? '' : `, key ${r.key}`}) shows ${r.value}, the seed gives ${fair}`,
          );
      }
      rollsChecked++;
    });
  }
  if (problems.length === 0) {
    const replay = replayLog(log, lookup);
    if (!replay.ok) problems.push(replay.problem);
    else if (JSON.stringify(resultOf(replay.module, replay.table)) !== JSON.stringify(log.result))
      problems.push('the result differs from the replay');
  }
  return { ok: problems.length === 0, rollsChecked, problems };
}
