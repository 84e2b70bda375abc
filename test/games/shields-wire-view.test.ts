// Shields views on the wire (GameModule.wireView, issue #18): dice travel as their ids, a battery without what its
// place says (S4's colour wheel), each player's black shields once (S6: the same black shield guards every live
// battery), the last attack as the seq of the log line that says it. Over random matches of each option, at every
// step, the view put back equals the module's own view exactly, in the same key order, and the wire form is smaller.
import {
  LineMissing,
  noLines,
  pick,
  seededDice,
  shields,
  type PublicLine,
  type ShieldsState,
  type ShieldsView,
} from '@dicehall/shared';
import { Lines } from '../helpers/lines';

const GAMES = Number(process.env.WIRE_VIEW_GAMES ?? 60);

describe.each([[{ bestOf: 1 }], [{ bestOf: 3 }], [{ bestOf: 1, resurrection: true }]])(
  'Shields wire views, %j',
  (opts) => {
    // A best of three is about three games long: fewer of them keep the test's time in bounds.
    const count = opts.bestOf === 3 ? Math.ceil(GAMES / 3) : GAMES;
    it(`over ${count} random matches every view put back from its wire form equals the view`, () => {
      const m = shields;
      let views = 0;
      let blackSeen = 0;
      let wholeBytes = 0;
      let wireBytes = 0;
      let attacks = 0;
      let pointed = 0;
      for (let g = 0; g < count; g++) {
        const dice = seededDice(5100 + g);
        const choose = seededDice(9900 + g);
        const setup = m.setup(m.options.parse(opts), 2, dice);
        let state: ShieldsState = setup.state;
        const lines = new Lines(m, setup.events);
        for (let step = 0; m.result(state) === null && step < 2000; step++) {
          const view = m.view(state, null);
          const wire = m.wireView!.toWire(state, view, lines.window) as { lastAttack: unknown };
          const text = JSON.stringify(wire);
          // No die travels as an object: its kind, colour and sides are the catalogue's.
          expect(text).not.toContain('"kind"');
          expect(text).not.toContain('"faces"');
          const back = m.wireView!.fromWire(JSON.parse(text), lines.all);
          expect(JSON.stringify(back)).toBe(JSON.stringify(view));
          // Without lines (a full document) the last attack travels whole, and reads the same.
          const whole = JSON.stringify(m.wireView!.toWire(state, view, []));
          expect(JSON.stringify(m.wireView!.fromWire(JSON.parse(whole), noLines))).toBe(JSON.stringify(view));
          // A whole view reads as itself.
          expect(m.wireView!.fromWire(view, noLines)).toEqual(view);
          if (view.lastAttack) {
            attacks++;
            if (typeof wire.lastAttack === 'number') {
              pointed++;
              // It names a line of the window, and a holder without that line waits for it rather than guess.
              expect(lines.window.map((l) => l.seq)).toContain(wire.lastAttack);
              expect(() => m.wireView!.fromWire(JSON.parse(text), noLines)).toThrow(LineMissing);
            }
          }
          views++;
          if (view.players.some((p) => p.batteries.some((b) => b.shields.some((s) => s.colour === 'black'))))
            blackSeen++;
          wholeBytes += JSON.stringify(view).length;
          wireBytes += text.length;
          const seat = m.toAct(state)[0]!;
          const next = m.apply(state, seat, pick(choose, m.legalActions(state, seat)), dice);
          if (!next.ok) throw new Error(next.code);
          state = next.state;
          lines.action(seat, next.events, state);
        }
      }
      expect(views).toBeGreaterThan(count * 20);
      // The attack travels once, in its line, most of the time (not once it has scrolled out of the window: the variant has long stretches without one).
      expect(pointed).toBeGreaterThan(attacks * 0.7);
      expect(blackSeen).toBeGreaterThan(views / 10);
      expect(wireBytes).toBeLessThan(wholeBytes * 0.6);
    });
  },
);

it('a destroyed battery shows no shields, while the black shields still guard the live ones (S6)', () => {
  const m = shields;
  const view = m.view(m.setup(m.options.parse({}), 2, seededDice(3)).state, null) as ShieldsView;
  const black = { id: 'shield.black.d20', colour: 'black' as const, faces: 20, points: 7, layer: 'front' as const };
  const p = view.players[0]!;
  const players = [
    {
      ...p,
      batteries: p.batteries.map((b, i) =>
        i === 1
          ? { ...b, alive: false, health: 0, attack: null, shields: [] }
          : { ...b, shields: [black, ...b.shields] },
      ),
    },
    view.players[1]!,
  ];
  const v: ShieldsView = { ...view, players };
  const back = m.wireView!.fromWire(
    JSON.parse(JSON.stringify(m.wireView!.toWire(null as never, v, []))),
    noLines,
  ) as ShieldsView;
  expect(back).toEqual(v);
  expect(back.players[0]!.batteries[1]!.shields).toEqual([]);
  expect(back.players[0]!.batteries[2]!.shields[0]).toEqual(black);
});

describe('the last attack pointing into the log', () => {
  const m = shields;
  const setup = m.setup(m.options.parse({}), 2, seededDice(8));
  const attack = {
    seat: 1,
    battery: 'p1.battery.red',
    die: 'attack.red.d6',
    sides: 6,
    value: 4,
    target: 'p0.battery.yellow',
    layer: 'p0.battery.yellow',
    before: 12,
    after: 8,
    lost: 0,
    destroyed: [] as string[],
  };
  const line = (seq: number, events: PublicLine['events']): PublicLine => ({
    seq,
    kind: 'action',
    seat: 1,
    rolls: [],
    events,
    at: 0,
  });
  const view = { ...(m.view(setup.state, null) as ShieldsView), lastAttack: attack };

  it('points to the newest line saying exactly that attack', () => {
    const lines = [line(3, [{ type: 'attack', ...attack }]), line(4, [{ type: 'attack', ...attack }])];
    expect((m.wireView!.toWire(setup.state, view, lines) as ShieldsView).lastAttack).toBe(4);
  });

  it('travels whole when no line of the window says it (scrolled out, another attack, another key order)', () => {
    const other = { ...attack, value: 5, after: 7 };
    const { value, ...rest } = attack;
    const reordered = { type: 'attack', value, ...rest };
    for (const lines of [
      [] as PublicLine[],
      [line(5, [{ type: 'take', seat: 1, die: 'attack.red.d6' }])],
      [line(6, [{ type: 'attack', ...other }])],
      [line(7, [reordered])],
    ]) {
      const wire = m.wireView!.toWire(setup.state, view, lines) as ShieldsView;
      expect(wire.lastAttack).toEqual(attack);
      expect(JSON.stringify(m.wireView!.fromWire(JSON.parse(JSON.stringify(wire)), noLines))).toBe(
        JSON.stringify(view),
      );
    }
  });

  it('no attack yet (the start of a game, the next game of a match) travels as null', () => {
    const fresh = m.view(setup.state, null) as ShieldsView;
    const lines = [line(3, [{ type: 'attack', ...attack }])];
    expect((m.wireView!.toWire(setup.state, fresh, lines) as ShieldsView).lastAttack).toBeNull();
  });
});
