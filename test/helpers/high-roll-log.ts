// A finished High Roll game under a fixed seed: the verifier's honest log, for the unit tests and the CLI's.
import {
  advance,
  commitmentOf,
  FairDice,
  FAIR_SCHEME,
  highRoll,
  LOG_FORMAT,
  RecordingDice,
  startTable,
  type GameLog,
} from '@dicehall/shared';

export const SEED = `${'00'.repeat(31)}01`;

export function finishedLog(): GameLog {
  const gameId = '0123456789abcdef';
  const dice = new RecordingDice(new FairDice(SEED, { gameId, clientSeed: 'x' }));
  const start = startTable(highRoll, {}, 2, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table;
  const entries = [start.entry];
  for (let i = 0; i < 6; i++) {
    const step = advance(highRoll, table, i % 2, 'action', { type: 'roll' }, dice);
    if (!step.ok) throw new Error(step.message);
    table = step.table;
    entries.push(step.entry);
  }
  return {
    format: LOG_FORMAT,
    game: 'high-roll',
    gameId,
    options: { sides: 6 },
    seats: 2,
    players: ['Ana', 'Ben'],
    fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(SEED), clientSeed: 'x', serverSeed: SEED },
    entries,
    result: highRoll.result(table.state),
  };
}
