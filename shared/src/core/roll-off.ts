// Who goes first in a two-player game: each rolls a d6, the higher starts, ties roll again (Dice Chess C3, Shields Up).
import type { Dice } from './dice';
import type { RollMeaning, Seat } from './game-module';
import { nobodys } from './roll-meaning';

/**
 * One round of the roll-off, as the log records it (the keys' order is part of the log's stable JSON). A type, not
 * an interface, so it fits the open `GameEvent` of modules without an event union.
 */
export type RollOffEvent = {
  type: 'roll-off';
  round: number;
  rolls: number[];
  /** The winner of this round; null on a tie. */
  first: Seat | null;
};

/** Rolls two d6 (seat 0's, then seat 1's) until they differ; every round is pushed to `events`. Returns the starter. */
export function rollOff(dice: Dice, events: { push(event: RollOffEvent): unknown }): Seat {
  for (let round = 1; ; round++) {
    // A fair source ties 100 times in a row with probability 6^-100: only a broken one gets here.
    if (round > 100) throw new Error('the roll-off tied 100 times: the dice source is not random');
    const a = dice.roll(6);
    const b = dice.roll(6);
    const rolls = [a, b];
    const first = a > b ? 0 : b > a ? 1 : null;
    events.push({ type: 'roll-off', round, rolls, first });
    if (first !== null) return first;
  }
}

/**
 * What a roll-off's dice meant (issue 34): who starts, and nothing else. Seat 0 starts with probability exactly ½
 * however many rounds tie, so the deciding die carries one meaning for seat 0 (better ½ when seat 1 won, same ½);
 * every other die favours nobody. Scoring each die on its own would not be calibrated: whether another round is
 * rolled depends on the dice themselves (a tie), which skews the sum of a short roll-off's scores.
 */
export function rollOffMeanings(events: readonly { type: string }[]): RollMeaning[] {
  const rounds = events.filter((e): e is RollOffEvent => e.type === 'roll-off');
  const dice = rounds.flatMap((e) => e.rolls.map(() => nobodys('roll-off die (only who starts counts)')));
  const first = rounds.at(-1)?.first;
  if (first === 0 || first === 1) dice[dice.length - 1] = startsMeaning(first);
  return dice;
}

/** Seat 0's luck in a fair coin's worth of "who starts": better ½ when seat 1 starts, same ½. */
export const startsMeaning = (first: Seat): RollMeaning => ({
  favours: 0,
  better: first === 0 ? 0 : 0.5,
  same: 0.5,
  what: first === 0 ? 'roll-off: the first player starts' : 'roll-off: the second player starts',
});
