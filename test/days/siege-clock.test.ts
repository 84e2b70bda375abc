// A clock for Dice Siege's race rounds at any table (issue 28 via 33): the module says a timeout eliminates, so a
// racer whose clock falls leaves the race ranked last (as one who resigns) and the others race on.
import {
  advance,
  FairDice,
  getGame,
  RecordingDice,
  resultOf,
  rulesModule,
  startTable,
  timeable,
  type GameModule,
} from '@dicehall/shared';

const siege = getGame('dice-siege')!;
const dice = () => new RecordingDice(new FairDice('ab'.repeat(32), { gameId: 'g', clientSeed: 'c' }));

describe('Dice Siege round clock', () => {
  it('can be timed at three and more seats; its first rules version cannot', () => {
    expect(timeable(siege, 4)).toBe(true);
    const v1 = rulesModule(siege, 1) as GameModule;
    expect(timeable(v1, 4)).toBe(false);
  });

  it('a racer whose clock falls leaves; the others play on', () => {
    const d = dice();
    const start = startTable(siege, {}, 3, d, 0);
    if (!start.ok) throw new Error(start.message);
    const toAct = siege.toAct(start.table.state);
    expect(toAct).toEqual([0, 1, 2]);
    const step = advance(siege, start.table, 1, 'timeout', undefined, d, 1000);
    if (!step.ok) throw new Error(step.message);
    expect(resultOf(siege, step.table)).toBeNull();
    expect(siege.toAct(step.table.state)).toEqual([0, 2]);
  });
});
