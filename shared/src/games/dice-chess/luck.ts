// What Dice Chess's rolls meant, for the luck report (issue 34). Every rules version rolls the same way.
//
// A die's value is worth more the higher it is: a capture needs an equal or higher value (C5) and the board's total
// decides a game that ends without annihilation (C7). So each starting die (C2) and each capture reroll (C5) favours
// its owner with "higher is better"; the roll-off (C3) counts only who starts (core/roll-off.ts); the random
// placement's shuffle favours nobody.
import type { RollMeaning, RollSituation } from '../../core/game-module';
import { meaningOfFaces, nobodys } from '../../core/roll-meaning';
import { rollOffMeanings } from '../../core/roll-off';
import { DICE_PER_SIDE } from './board';
import type { DiceChessEvent, DiceChessState } from './state';

const higher = (f: number) => f;

export function diceChessRollMeanings(
  s: RollSituation<DiceChessState, unknown, DiceChessEvent>,
): (RollMeaning | null)[] {
  if (s.kind === 'setup') {
    const starting = s.rolls
      .slice(0, 2 * DICE_PER_SIDE)
      .map((r, i) => meaningOfFaces(i < DICE_PER_SIDE ? 0 : 1, r.sides, r.value, higher, 'starting die'));
    const off = rollOffMeanings(s.events);
    const rest = s.rolls.slice(starting.length + off.length).map(() => nobodys('random placement'));
    return [...starting, ...off, ...rest];
  }
  const capture = s.events.find((e) => e.type === 'capture');
  if (capture && s.seat !== null && s.rolls.length === 1)
    return [meaningOfFaces(s.seat, s.rolls[0]!.sides, s.rolls[0]!.value, higher, 'capture reroll')];
  return s.rolls.map(() => null);
}
