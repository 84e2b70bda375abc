// What Polywars' rolls meant, for the luck report (issue 34). Rules 1 and 2 roll the same dice with the same events,
// and the events list them in the order they were rolled, so each event that rolls says what its rolls meant.
//
// - W6 forces: each die's value is its owner's, higher is better (a die's value is its strength and its health).
// - W5 initiative roll-off: each d6 is its roller's, higher goes first.
// - W3 attack: the command die is the attacker's, judged against the attacker's value less the range: equal is a
//   perfect attack (the best result), lower succeeds and deals its number (more is better, up to the target's
//   value: beyond that the target is gone either way), higher fails (the worst result, all failures alike).
// - W7 respawn: the new value is the owner's, higher is better.
// - W3 mutation (d10 power): each target's reroll is its owner's: the old value again destroys it (the worst
//   result), otherwise higher is better.
import type { GameEvent, RollMeaning, RollSituation } from '../../core/game-module';
import { meaningOfFaces } from '../../core/roll-meaning';
import type { PolywarsState } from './state';

type Ev = GameEvent & Record<string, unknown>;
const higher = (f: number) => f;

export function polywarsRollMeanings(s: RollSituation<PolywarsState, unknown, GameEvent>): (RollMeaning | null)[] {
  const die = (id: number) => s.before?.dice[id] ?? s.after.dice[id];
  const out: RollMeaning[] = [];
  let next = 0;
  const sidesOf = () => s.rolls[next]?.sides ?? 0;
  const push = (favours: number, value: number, worth: (f: number) => number, what: string) => {
    out.push(meaningOfFaces(favours, sidesOf(), value, worth, what));
    next++;
  };
  for (const e of s.events as Ev[]) {
    switch (e.type) {
      case 'forces': {
        const values = e.values as number[];
        values.forEach((v, i) => {
          push(s.after.dice[i]?.owner ?? 0, v, higher, `d${sidesOf()} of the force`);
        });
        break;
      }
      case 'roll-off':
        (e.rolls as number[]).forEach((v, i) => {
          push((e.seats as number[])[i]!, v, higher, 'initiative roll-off');
        });
        break;
      case 'attack': {
        const against = e.against as number;
        const target = die(e.target as number)?.value ?? Number.POSITIVE_INFINITY;
        const worth = (f: number) =>
          f === against ? Number.POSITIVE_INFINITY : f < against ? Math.min(f, target) : -1;
        push(e.seat as number, e.command as number, worth, `command die against ${against}`);
        break;
      }
      case 'respawn':
        push(e.seat as number, e.value as number, higher, 'respawn');
        break;
      case 'power':
        if (e.power === 'mutation') {
          const before = e.before as number[];
          (e.rolls as number[]).forEach((v, i) => {
            const owner = die((e.targets as number[])[i]!)?.owner ?? 0;
            push(owner, v, (f) => (f === before[i] ? 0 : f), 'mutation reroll');
          });
        }
        break;
    }
  }
  // Should an event ever roll without saying so, the pairing of meanings and rolls is lost: claim nothing.
  return out.length === s.rolls.length ? out : s.rolls.map(() => null);
}
