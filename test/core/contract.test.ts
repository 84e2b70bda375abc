// The typed contract, the wire protocol's tables and the one seat-name rule. The type checks run under
// `tsc -p test` (a `@ts-expect-error` that stops being an error fails the type check); the rest at run time.
import {
  CLOSE,
  type diceChess,
  highRoll,
  PARTY_IN,
  PARTY_OUT,
  scripted,
  seatName,
  TABLE_IN,
  TABLE_OUT,
  type DiceChessEvent,
  type EventOf,
  type HighRollEvent,
  type HighRollView,
  type ViewOf,
} from '@dicehall/shared';
import type { DiceChessView } from '@dicehall/shared/dice-chess';

describe('the typed contract', () => {
  it('a module gives its own view and reads its own events, with no cast', () => {
    const start = highRoll.setup({ sides: 6 }, 2, scripted([]));
    const step = highRoll.apply(start.state, 0, { type: 'roll' }, scripted([4]));
    if (!step.ok) throw new Error(step.code);
    const view: HighRollView = highRoll.view(step.state, null);
    expect(view.totals).toEqual([4, 0]);
    const [rolled] = step.events;
    expect(rolled).toEqual({ type: 'rolled', seat: 0, sides: 6, value: 4, total: 4 });
    expect(highRoll.describe(rolled, ['Ana', 'Ben'])).toBe('Ana rolls a d6: 4 (total 4)');
    // @ts-expect-error High Roll has no 'move' event
    expect(() => highRoll.describe({ type: 'move', seat: 0 }, ['Ana', 'Ben'])).not.toThrow();
    // @ts-expect-error a High Roll action is { type: 'roll' } only
    highRoll.legalActions(start.state, 0).push({ type: 'move' });
  });

  it("the helper types name a module's parts", () => {
    const same = <T>(_: T, __: T) => true;
    const v = {} as ViewOf<typeof diceChess>;
    const e = {} as EventOf<typeof diceChess>;
    expect(
      same<DiceChessView>(v, v) &&
        same<DiceChessEvent>(e, e) &&
        same<HighRollEvent>({ type: 'start' }, { type: 'start' } as EventOf<typeof highRoll>),
    ).toBe(true);
  });
});

describe('the wire protocol', () => {
  it('names each message once per direction', () => {
    for (const table of [TABLE_IN, TABLE_OUT, PARTY_IN, PARTY_OUT]) {
      const names = Object.values(table);
      expect(new Set(names).size).toBe(names.length);
    }
  });

  it('keeps its own close codes in the application range, apart from the consented ones', () => {
    const own = [CLOSE.seatElsewhere, CLOSE.abuse, CLOSE.removed];
    expect(new Set(own).size).toBe(own.length);
    for (const code of own) {
      expect(code).toBeGreaterThanOrEqual(4000);
      expect(code).toBeLessThan(5000);
      expect(CLOSE.consented).not.toContain(code);
    }
  });
});

describe('seatName', () => {
  it.each([
    [['Ana', 'Ben'], 1, 'Ben'],
    [['Ana'], 1, 'Player 2'],
    [['Ana', ''], 1, 'Player 2'],
    [[{ name: 'Cy' }, { name: '' }], 0, 'Cy'],
    [[{ name: 'Cy' }, { name: '' }], 1, 'Player 2'],
    [null, 2, 'Player 3'],
  ] as const)('names %j seat %i "%s"', (names, seat, expected) => {
    expect(seatName(names, seat)).toBe(expected);
  });
});
