// What Shields Up's rolls meant (issue 34): U2's roll-off counts only who starts; the shuffles (U2, U6) and a blind
// Smuggle (U7) are luck nobody chose.
import { RecordingDice, scripted, shieldsUp, startTable, type GameEvent } from '@dicehall/shared';

const meanings = shieldsUp.rollMeanings!;

describe('Shields Up roll meanings', () => {
  it('U2: the shuffle’s 17 rolls favour nobody; the roll-off counts who starts', () => {
    const shuffle = Array.from({ length: 17 }, () => 1);
    const dice = new RecordingDice(scripted([...shuffle, 3, 3, 2, 5]));
    const start = startTable(shieldsUp, {}, 2, dice);
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
    expect(m).toHaveLength(21);
    expect(m.slice(0, 17).every((x) => x!.favours === null && x!.what === 'deck shuffle')).toBe(true);
    // U2: 3-3 ties, then 2-5: only the deciding die counts, as who starts (seat 1: the worse half for seat 0).
    expect(m.slice(17, 20).every((x) => x!.favours === null)).toBe(true);
    expect(m[20]).toEqual({ favours: 0, better: 0.5, same: 0.5, what: 'roll-off: the second player starts' });
  });

  it('U7, U6: a blind Smuggle and a reshuffle in play favour nobody', () => {
    const m = meanings({
      kind: 'action',
      seat: 0,
      before: null,
      action: undefined,
      after: null as never,
      events: [{ type: 'smuggle', seat: 0, zone: 'hand' }],
      rolls: [{ index: 30, sides: 2, value: 2 }],
    });
    expect(m).toEqual([{ favours: null, better: 0, same: 1, what: 'blind smuggle' }]);
  });
});
