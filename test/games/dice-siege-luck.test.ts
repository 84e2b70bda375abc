// What Dice Siege's rolls meant (issue 34): each die is its roller's, worth whether the sheet can use its face this
// round (D3, D4): 2 archers always; 3 once warriors or riders are open; 4 until the walls fall; 5 with elves; 6
// while a track has room; a 1 half (half a Halflings pair).
import { diceSiege, RecordingDice, scripted, startTable, type SiegeState } from '@dicehall/shared';

const meanings = diceSiege.rollMeanings!;

function fresh(): SiegeState {
  const start = startTable(diceSiege, { mode: 'normal', seats: 1 }, 1, new RecordingDice(scripted([])));
  if (!start.ok) throw new Error(start.message);
  return start.table.state as SiegeState;
}
const rollOn = (state: SiegeState, values: number[]) =>
  meanings({
    kind: 'action',
    seat: 0,
    before: state,
    action: { type: 'roll', hold: [] },
    after: state,
    events: [],
    rolls: values.map((value, index) => ({ index, sides: 6, value, key: `siege.r1.a1.s${index}` })),
  });

describe('Dice Siege roll meanings', () => {
  it('D3 on a fresh sheet: 2, 4 and 6 are usable (archers, trebuchets, reinforcements), 3 and 5 not yet, 1 half', () => {
    const [one, two, three, , , six] = rollOn(fresh(), [1, 2, 3, 4, 5, 6]);
    // Usable faces 2, 4, 6 (half of the dice); a 1 is worth ½; 3 and 5 nothing.
    expect(two).toEqual({ favours: 0, better: 0, same: 3 / 6, what: 'd6 of round 1' });
    expect(six).toMatchObject({ better: 0, same: 3 / 6 });
    expect(one).toMatchObject({ better: 3 / 6, same: 1 / 6 });
    expect(three).toMatchObject({ better: 4 / 6, same: 2 / 6 });
  });

  it('D1, D4: once the walls are breached and every track is full, a 4 and a 6 are of no use; riders make 3 useful', () => {
    const s = fresh();
    const sheet = {
      ...s.sheets[0]!,
      damage: s.levels[0],
      riders: true,
      tracks: { extra1: 3, extra2: 3, elves: 4, riders: 4 },
    };
    const m = rollOn({ ...s, sheets: [sheet] }, [4, 3]);
    // Usable now: 2 (archers) and 3 (warriors, riders); 5 is not (elves not completed in this made-up sheet).
    expect(m[0]).toMatchObject({ favours: 0, better: 3 / 6, same: 3 / 6 }); // 1 (half), 2, 3 beat it
    expect(m[1]).toMatchObject({ favours: 0, better: 0, same: 2 / 6 });
  });

  it('the setup rolls nothing, and nothing else counts', () => {
    expect(rollOn(fresh(), [])).toEqual([]);
  });
});
