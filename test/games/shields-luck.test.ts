// What Shields' rolls meant (issue 34): S2's roll-off counts only who starts; an attack's damage
// is worth what the hit layer can take (S5: the rest is lost), so every face that destroys the layer is as good.
import { RecordingDice, scripted, shields, startTable, type GameEvent } from '@dicehall/shared';

const meanings = shields.rollMeanings!;

const attackOn = (seat: number, sides: number, value: number, before: number) =>
  meanings({
    kind: 'action',
    seat,
    before: null,
    action: { type: 'attack', battery: 'x' },
    after: null as never,
    events: [
      {
        type: 'attack',
        seat,
        battery: 'x',
        die: 'd',
        sides,
        value,
        target: 't',
        layer: 'p1.battery.red',
        before,
        after: 0,
        lost: 0,
        destroyed: [],
      },
    ],
    rolls: [{ index: 9, sides, value }],
  });

describe('Shields roll meanings', () => {
  it('S2: the roll-off, a tied round included, counts only who starts', () => {
    // Round 1 ties at 18; round 2: 12+1+1 = 14 against 2+2+2 = 6.
    const dice = new RecordingDice(scripted([6, 6, 6, 5, 6, 7, 12, 1, 1, 2, 2, 2]));
    const start = startTable(shields, {}, 2, dice);
    if (!start.ok) throw new Error(start.message);
    const m = meanings({
      kind: 'setup',
      seat: null,
      before: null,
      action: undefined,
      after: start.table.state,
      events: start.entry.events as GameEvent[],
      rolls: start.entry.rolls,
    });
    // Only the deciding die counts, as who starts: seat 0 won, the best result for seat 0.
    expect(m.slice(0, 11).every((x) => x!.favours === null)).toBe(true);
    expect(m[11]).toEqual({ favours: 0, better: 0, same: 0.5, what: 'roll-off: the first player starts' });
  });

  it.each([
    // [sides, value, layer points before, better, same]
    [8, 8, 5, 0, 4 / 8], // S5: 5 to 8 all destroy a 5-point shield; the excess is lost
    [8, 6, 5, 0, 4 / 8],
    [8, 3, 5, 5 / 8, 1 / 8], // 4, 5, 6, 7, 8 do more
    [6, 2, 12, 4 / 6, 1 / 6], // a full battery: every point counts
    [4, 1, 1, 0, 1], // a 1-point layer: every face destroys it, the roll meant nothing either way
  ])('S5 a d%p showing %p against a layer of %p: better %p, same %p', (sides, value, before, better, same) => {
    expect(attackOn(1, sides, value, before)).toEqual([
      { favours: 1, better, same, what: `attack on the red battery (${before} left)` },
    ]);
  });
});
