// What Shields' rolls meant, for the luck report (issue 34). Every rules version rolls the same way.
//
// S2's roll-off: only who starts counts, a fair coin for seat 0 carried by the deciding die. S4/S5's attack: the damage
// die is the attacker's, and a face is worth the damage the hit layer can take, min(face, the layer's points before
// the hit): damage beyond the layer is lost, so every face that destroys the layer is equally good (a 7 and an 8
// against a 5-point shield are the same result).
import type { GameEvent, RollMeaning, RollSituation } from '../../core/game-module';
import { meaningOfFaces, nobodys } from '../../core/roll-meaning';
import { startsMeaning } from '../../core/roll-off';
import { die, dieName } from './catalogue';

/** A layer in the words of the game's log ("yellow d12 shield", "red battery"); the id if the catalogue lacks it. */
const layerName = (id: string) => (die(id) ? dieName(id) : id);

type RollOff = { type: 'roll-off'; seat: number; rolls: number[] };
type Attack = { type: 'attack'; seat: number; sides: number; value: number; before: number; layer: string };

export function shieldsRollMeanings(s: RollSituation<unknown, unknown, GameEvent>): (RollMeaning | null)[] {
  const out: (RollMeaning | null)[] = [];
  for (const e of s.events) {
    if (e.type === 'roll-off') {
      for (const _ of (e as unknown as RollOff).rolls) out.push(nobodys('roll-off die (only who starts counts)'));
    } else if (e.type === 'game-start' && e.reason === 'roll-off' && out.length > 0) {
      // Who starts is a fair coin whatever the totals; the deciding die carries it (core/roll-off.ts says why).
      out[out.length - 1] = startsMeaning(e.first as number);
    } else if (e.type === 'attack') {
      const a = e as unknown as Attack;
      const what = `attack on the ${layerName(a.layer)} (${a.before} left)`;
      out.push(meaningOfFaces(a.seat, a.sides, a.value, (f) => Math.min(f, a.before), what));
    }
  }
  // The events list the rolls in the order they were taken; anything else the rules rolled means nothing here.
  return s.rolls.map((_, i) => out[i] ?? null);
}
