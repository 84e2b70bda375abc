// What Dice Siege's rolls meant, for the luck report (issue 34): kept simple, and said plainly.
//
// Each die of a roll is its roller's, and a face is worth whether the sheet can use it this round (D3, D4), judged on
// the sheet before the roll: a 2 always arms archers; a 3 serves warriors or riders once they are open; a 4 serves
// trebuchets until the walls are breached; a 5 serves elves once completed; a 6 fills a reinforcement track while one
// has room; a 1 is half a Halflings pair, worth half. So "better" is the chance of a more usable face, "same" of an
// equally usable one. Sets (N of a kind) and the plan's choices are left out: they depend on the other dice and on
// the player, and a die's own usefulness is the part nobody chose. Every rules version rolls the same way.
//
// In a race the players share the dice (D7): a key's face is drawn once, by whoever rolls it first, and repeated for
// the others (core/luck.ts counts the repeats for nobody). So the first draw is scored for its roller by how much
// better the face suits their sheet than the sheets of the others still playing (the mean of theirs): the luck of a
// shared die is the difference it makes between the players. Solo, that is the sheet's own worth.
import type { GameEvent, RollMeaning, RollSituation } from '../../core/game-module';
import { meaningOfFaces } from '../../core/roll-meaning';
import { isBreached, sheetOf, TRACK_IDS, TRACKS, type SiegeState } from './state';

/** How usable each face 1–6 is for `seat`'s sheet in `state` (1 usable, 0 not, ½ for a Halflings one). */
export function faceWorth(state: SiegeState, seat: number): number[] {
  const sh = sheetOf(state, seat);
  const breached = isBreached(state, sh);
  const room = TRACK_IDS.some((t) => sh.tracks[t] < TRACKS[t]);
  const yes = (b: boolean) => (b ? 1 : 0);
  return [0.5, 1, yes(breached || sh.riders), yes(!breached), yes(sh.elves), yes(room)];
}

export function diceSiegeRollMeanings(s: RollSituation<SiegeState, unknown, GameEvent>): (RollMeaning | null)[] {
  if (s.kind !== 'action' || s.seat === null || !s.before) return s.rolls.map(() => null);
  const seat = s.seat;
  const state = s.before;
  const mine = faceWorth(state, seat);
  const others = state.sheets
    .map((sh, i) => (i !== seat && (sh.phase === 'roll' || sh.phase === 'done') ? faceWorth(state, i) : null))
    .filter((w): w is number[] => w !== null);
  const worth = mine.map((w, f) => w - others.reduce((t, o) => t + o[f]!, 0) / Math.max(1, others.length));
  return s.rolls.map((r) =>
    r.sides === 6 ? meaningOfFaces(seat, 6, r.value, (f) => worth[f - 1]!, `d6 of round ${s.before!.round}`) : null,
  );
}
