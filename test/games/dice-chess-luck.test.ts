// What Dice Chess's rolls meant (issue 34): starting dice and capture rerolls favour their owner, higher is better;
// the roll-off counts only who starts; the random placement's shuffle favours nobody.
import { diceChess, RecordingDice, scripted, startTable, type DiceChessEvent } from '@dicehall/shared';

const meanings = diceChess.rollMeanings!;

describe('Dice Chess roll meanings', () => {
  it('C2, C3: the setup’s 32 starting dice are their owners’, the roll-off counts who starts, the shuffle nobody’s', () => {
    const own = Array.from({ length: 32 }, (_, i) => (i % 6) + 1);
    const rollOff = [4, 4, 2, 5];
    const shuffle = [...Array.from({ length: 15 }, () => 1), ...Array.from({ length: 15 }, () => 2)];
    const dice = new RecordingDice(scripted([...own, ...rollOff, ...shuffle]));
    const start = startTable(diceChess, { placement: 'random' }, 2, dice);
    if (!start.ok) throw new Error(start.message);
    const e = start.entry;
    const m = meanings({
      kind: 'setup',
      seat: null,
      before: null,
      action: undefined,
      after: start.table.state,
      events: e.events as DiceChessEvent[],
      rolls: e.rolls,
    });
    expect(m).toHaveLength(e.rolls.length);
    expect(m.slice(0, 32).map((x) => x!.favours)).toEqual([...Array(16).fill(0), ...Array(16).fill(1)]);
    // A 1 is the worst face: five better; a 6 the best.
    expect(m[0]).toMatchObject({ better: 5 / 6, same: 1 / 6, what: 'starting die' });
    expect(m[5]).toMatchObject({ better: 0, same: 1 / 6 });
    // C3: the roll-off ties (4, 4), then seat 1 wins (2, 5): only the deciding die counts, as who starts.
    expect(m.slice(32, 35).every((x) => x!.favours === null)).toBe(true);
    expect(m[35]).toEqual({ favours: 0, better: 0.5, same: 0.5, what: 'roll-off: the second player starts' });
    expect(m.slice(36).every((x) => x!.favours === null && x!.what === 'random placement')).toBe(true);
  });

  it('C5: a capture reroll is the capturer’s, higher is better; a plain move rolls nothing', () => {
    const capture = {
      type: 'capture',
      seat: 1,
      from: 'c5',
      to: 'c4',
      value: 3,
      captured: 2,
      reroll: 2,
      notation: '',
    } as unknown as DiceChessEvent;
    const m = meanings({
      kind: 'action',
      seat: 1,
      before: null,
      action: { type: 'move', from: 'c5', to: 'c4' },
      after: null as never,
      events: [capture],
      rolls: [{ index: 40, sides: 6, value: 2 }],
    });
    expect(m).toEqual([{ favours: 1, better: 4 / 6, same: 1 / 6, what: 'capture reroll' }]);
  });
});
