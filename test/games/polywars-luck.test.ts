// What Polywars' rolls meant (issue 34): W3's command die against the attacker's value less the range, W6's forces,
// W5's roll-offs, W7's respawns, the mutation's rerolls; a roll no event explains makes the entry claim nothing.
import { polywars, type GameEvent } from '@dicehall/shared';

const meanings = polywars.rollMeanings!;
/** A field of three dice: 0 and 1 are seat 0's, 2 is seat 1's (values 5, 3, 2). */
const field = {
  dice: [
    { id: 0, owner: 0, sides: 6, value: 5 },
    { id: 1, owner: 0, sides: 8, value: 3 },
    { id: 2, owner: 1, sides: 6, value: 2 },
  ],
} as never;
type Situation = Parameters<typeof meanings>[0];
const situation = (events: GameEvent[], rolls: [number, number][]): Situation => ({
  kind: 'action',
  seat: 0,
  before: field,
  action: undefined,
  after: field,
  events,
  rolls: rolls.map(([sides, value], index) => ({ index, sides, value })),
});
const attack = (target: number, against: number, command: number) =>
  meanings(
    situation(
      [{ type: 'attack', seat: 1, die: 2, target, zap: false, range: 0, command, against, outcome: '' }],
      [[6, command]],
    ),
  )[0];

describe('Polywars roll meanings', () => {
  it.each([
    // [target die, against, command, better, same]
    [0, 4, 4, 0, 1 / 6], // W3 perfect: the best result
    [0, 4, 2, 2 / 6, 1 / 6], // successful for 2: a 3 does more, a 4 is perfect
    [0, 4, 6, 4 / 6, 2 / 6], // failed: 5 and 6 fail alike
    [2, 4, 3, 1 / 6, 2 / 6], // against a 2, a 2 and a 3 do the same (the target is gone); only the perfect 4 is better
    [0, 0, 3, 0, 1], // nothing can succeed: the roll meant nothing either way
  ])('W3 attack on die %p against %p, command %p: better %p, same %p', (target, against, command, better, same) => {
    expect(attack(target, against, command)).toEqual({
      favours: 1,
      better,
      same,
      what: `command die against ${against}`,
    });
  });

  it('W6 the forces’ values are their owners’, W5 roll-off dice their rollers’, W7 a respawn its owner’s', () => {
    const m = meanings(
      situation(
        [
          { type: 'forces', forces: [[6, 8], [6]], values: [5, 3, 2] },
          { type: 'roll-off', seats: [1, 0], rolls: [4, 4] },
          { type: 'respawn', die: 2, seat: 1, value: 6, x: 0, y: 0 },
        ],
        [
          [6, 5],
          [8, 3],
          [6, 2],
          [6, 4],
          [6, 4],
          [6, 6],
        ],
      ),
    );
    expect(m.map((x) => [x!.favours, x!.better, x!.same])).toEqual([
      [0, 1 / 6, 1 / 6],
      [0, 5 / 8, 1 / 8],
      [1, 4 / 6, 1 / 6],
      [1, 2 / 6, 1 / 6],
      [0, 2 / 6, 1 / 6],
      [1, 0, 1 / 6],
    ]);
  });

  it('W3 a mutation reroll is the target’s owner’s: its old value destroys it, the worst result', () => {
    const m = meanings(
      situation(
        [{ type: 'power', power: 'mutation', seat: 1, die: 2, targets: [0, 1], rolls: [5, 7], before: [5, 3] }],
        [
          [6, 5],
          [8, 7],
        ],
      ),
    );
    expect(m[0]).toEqual({ favours: 0, better: 5 / 6, same: 1 / 6, what: 'mutation reroll' });
    expect(m[1]).toEqual({ favours: 0, better: 1 / 8, same: 1 / 8, what: 'mutation reroll' });
  });

  it('a roll no event explains: the entry claims nothing', () => {
    expect(meanings(situation([{ type: 'built', seat: 0 }], [[6, 3]]))).toEqual([null]);
  });
});
