// One step of a seeded random game played as the room plays it: the first seat to act takes a legal action picked
// by `choose` (the test's own dice, never the game's), through the table (`advance`), so the step has its log entry.
import {
  advance,
  pick,
  type Dice,
  type GameModule,
  type RecordingDice,
  type Table,
  type TableStep,
} from '@dicehall/shared';

export function randomAction<S>(
  m: GameModule<S>,
  table: Table<S>,
  choose: Dice,
  dice: RecordingDice,
  at: number,
): TableStep<S> & { ok: true } {
  const seat = m.toAct(table.state)[0]!;
  const step = advance(m, table, seat, 'action', pick(choose, m.legalActions(table.state, seat)), dice, at);
  if (!step.ok) throw new Error(`${m.id}: a listed legal action was refused: ${step.message}`);
  return step;
}
