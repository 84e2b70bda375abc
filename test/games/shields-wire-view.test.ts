// Shields views on the wire (GameModule.wireView, issue #18): dice travel as their ids, a battery without what its
// place says (S4's colour wheel), each player's black shields once (S6: the same black shield guards every live
// battery). Over random matches of each option, at every step, the view put back equals the module's own view
// exactly, in the same key order, and the wire form is smaller.
import { pick, seededDice, shields, type ShieldsState, type ShieldsView } from '@dicehall/shared';

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
      for (let g = 0; g < count; g++) {
        const dice = seededDice(5100 + g);
        const choose = seededDice(9900 + g);
        let state: ShieldsState = m.setup(m.options.parse(opts), 2, dice).state;
        for (let step = 0; m.result(state) === null && step < 2000; step++) {
          const view = m.view(state, null);
          const wire = m.wireView!.toWire(state, view);
          const text = JSON.stringify(wire);
          // No die travels as an object: its kind, colour and sides are the catalogue's.
          expect(text).not.toContain('"kind"');
          expect(text).not.toContain('"faces"');
          const back = m.wireView!.fromWire(JSON.parse(text));
          expect(JSON.stringify(back)).toBe(JSON.stringify(view));
          // A whole view reads as itself.
          expect(m.wireView!.fromWire(view)).toEqual(view);
          views++;
          if (view.players.some((p) => p.batteries.some((b) => b.shields.some((s) => s.colour === 'black'))))
            blackSeen++;
          wholeBytes += JSON.stringify(view).length;
          wireBytes += text.length;
          const seat = m.toAct(state)[0]!;
          const next = m.apply(state, seat, pick(choose, m.legalActions(state, seat)), dice);
          if (!next.ok) throw new Error(next.code);
          state = next.state;
        }
      }
      expect(views).toBeGreaterThan(count * 20);
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
  const back = m.wireView!.fromWire(JSON.parse(JSON.stringify(m.wireView!.toWire(null as never, v)))) as ShieldsView;
  expect(back).toEqual(v);
  expect(back.players[0]!.batteries[1]!.shields).toEqual([]);
  expect(back.players[0]!.batteries[2]!.shields[0]).toEqual(black);
});
