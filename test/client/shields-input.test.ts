// The Shields table's input state machine, without a browser: taps on the real rules' legal actions pick up,
// put down and send exactly what the table promises (S3 take then act, S4 the wheel, S6 black shield placement, S9).
import { seededDice } from '@dicehall/shared';
import { shields, type ShieldsAction, type ShieldsState } from '@dicehall/shared/shields';
import { TableInput, targetOf } from '../../client/src/games/shields/controller';

/** Plays seeded random games until `want` holds for the seat to act; returns that state and seat. */
function find(want: (legal: ShieldsAction[]) => boolean): {
  state: ShieldsState;
  seat: number;
  legal: ShieldsAction[];
} {
  for (let seed = 1; seed < 200; seed++) {
    const dice = seededDice(seed);
    let state = shields.setup(shields.options.parse({}), 2, dice).state;
    for (let ply = 0; ply < 200 && shields.result(state) === null; ply++) {
      const seat = shields.toAct(state)[0]!;
      const legal = shields.legalActions(state, seat);
      if (want(legal)) return { state, seat, legal };
      const step = shields.apply(state, seat, legal[dice.roll(legal.length) - 1]!, dice);
      if (!step.ok) throw new Error(step.message);
      state = step.state;
    }
  }
  throw new Error('no such position in 200 seeded games');
}

const blackTake = (a: ShieldsAction) => a.type === 'take' && a.placement !== undefined;

describe('Shields table input', () => {
  it('S3 a pool die with one way to take it is taken at once', () => {
    const { legal } = find((l) => l.some((a) => a.type === 'take' && a.placement === undefined));
    const take = legal.find((a) => a.type === 'take' && a.placement === undefined)!;
    const input = new TableInput();
    input.load(legal);
    expect(input.tapPool((take as { die: string }).die)).toEqual({ send: take });
    expect(input.sel).toBeNull();
  });

  it('S6 a black shield is picked up, then placed by a tap on a drop zone', () => {
    const { legal } = find((l) => l.some(blackTake));
    const die = (legal.find(blackTake) as { die: string }).die;
    const input = new TableInput();
    input.load(legal);
    expect(input.tapPool(die)).toBe('changed');
    expect(input.placing).toBe(true);
    const behind = legal.find((a) => a.type === 'take' && a.die === die && a.placement === 'behind');
    expect(input.tapZone('behind')).toEqual({ send: behind });
    expect(input.placing).toBe(false);
    // A second tap on the picked die puts it back.
    input.tapPool(die);
    expect(input.tapPool(die)).toBe('changed');
    expect(input.sel).toBeNull();
  });

  it('S4 a battery is picked up; a tap on it again or on the battery it beats rolls the attack', () => {
    const { legal } = find((l) => l.some((a) => a.type === 'attack'));
    const attack = legal.find((a) => a.type === 'attack') as { type: 'attack'; battery: string };
    for (const second of [attack.battery, targetOf(attack.battery)]) {
      const input = new TableInput();
      input.load(legal);
      expect(input.tapBattery(attack.battery)).toBe('changed');
      expect(input.sel).toEqual({ kind: 'battery', id: attack.battery });
      expect(input.tapBattery(second)).toEqual({ send: attack });
    }
    expect(targetOf('p0.battery.red')).toBe('p1.battery.yellow');
    expect(targetOf('p1.battery.blue')).toBe('p0.battery.red');
  });

  it('S9 a reserve potion waits for the battery it heals', () => {
    const { legal } = find((l) => l.some((a) => a.type === 'potion'));
    const potion = legal.find((a) => a.type === 'potion') as { type: 'potion'; die: string; battery: string };
    const input = new TableInput();
    input.load(legal);
    expect(input.tapReserve(potion.die)).toBe('changed');
    expect(input.tapBattery(potion.battery)).toEqual({ send: potion });
  });

  it('a tap on something with no legal action changes nothing, and a stale selection is dropped', () => {
    const { legal } = find((l) => l.some((a) => a.type === 'attack'));
    const input = new TableInput();
    input.load(legal);
    expect(input.tapPool('no-such-die')).toBe('none');
    expect(input.tapReserve('no-such-die')).toBe('none');
    expect(input.tapZone('front')).toBe('none');
    const attack = legal.find((a) => a.type === 'attack') as { battery: string };
    input.tapBattery(attack.battery);
    // The roll went out (or the turn passed): the next snapshot's actions no longer hold it.
    input.load([]);
    expect(input.sel).toBeNull();
    expect(input.putDown()).toBe('none');
  });
});
