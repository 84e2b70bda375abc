// High Roll, the contract's test game: turns, refusals, the result and the draw.
import { advance, highRoll, RecordingDice, scripted, startTable, resultOf } from '@dicehall/shared';

function play(values: number[]) {
  const dice = new RecordingDice(scripted(values));
  const start = startTable(highRoll, {}, 2, dice);
  if (!start.ok) throw new Error(start.message);
  let table = start.table;
  for (let i = 0; i < 6; i++) {
    const step = advance(highRoll, table, i % 2, 'action', { type: 'roll' }, dice);
    if (!step.ok) throw new Error(step.message);
    table = step.table;
  }
  return resultOf(highRoll, table);
}

describe('high-roll', () => {
  it.each([
    [[6, 1, 6, 1, 6, 1], { winners: [0], draw: false }],
    [[1, 2, 1, 2, 1, 2], { winners: [1], draw: false }],
    [[3, 3, 4, 4, 5, 5], { winners: [], draw: true }],
  ])('rolls %j end with %j', (values, expected) => {
    expect(play(values)).toMatchObject(expected);
  });

  it('refuses an out-of-turn roll and changes nothing', () => {
    const dice = new RecordingDice(scripted([4]));
    const start = startTable(highRoll, {}, 2, dice);
    if (!start.ok) throw new Error('setup');
    const refused = advance(highRoll, start.table, 1, 'action', { type: 'roll' }, dice);
    expect(refused).toMatchObject({ ok: false, code: 'not-your-turn' });
    expect(highRoll.view(start.table.state, null)).toMatchObject({ rolls: [[], []] });
  });

  it('refuses a malformed action', () => {
    const dice = new RecordingDice(scripted([]));
    const start = startTable(highRoll, {}, 2, dice);
    if (!start.ok) throw new Error('setup');
    expect(advance(highRoll, start.table, 0, 'action', { type: 'roll', extra: 1 }, dice)).toMatchObject({
      ok: false,
      code: 'bad-action',
    });
    expect(advance(highRoll, start.table, 0, 'action', 'roll', dice)).toMatchObject({ ok: false, code: 'bad-action' });
  });
});
