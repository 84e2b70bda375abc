// What a roll meant, for the modules' `rollMeanings` (ruling-free helpers): kept apart from ./luck, the report, so a
// game module (and the bots that load one) reaches neither the fair roller nor the log nor the table through it.
import type { RollMeaning, Seat } from './game-module';

/**
 * The meaning of a fair die's `value` for `favours` when each face is worth `worth(face)` to that seat (higher is
 * better): the share of faces worth strictly more, and of faces worth the same. Most modules need only this.
 */
export function meaningOfFaces(
  favours: Seat | null,
  sides: number,
  value: number,
  worth: (face: number) => number,
  what: string,
): RollMeaning {
  const mine = worth(value);
  let better = 0;
  let same = 0;
  for (let f = 1; f <= sides; f++) {
    const w = worth(f);
    if (w > mine) better++;
    else if (w === mine) same++;
  }
  return { favours, better: better / sides, same: same / sides, what };
}

/** A roll that is luck nobody chose (a shuffle's draw, a random placement). */
export const nobodys = (what: string): RollMeaning => ({ favours: null, better: 0, same: 1, what });
