// Shields Up's search bot (shared/src/bots/kits/shields-up.ts): its determinized states deal exactly the unseen
// cards, differently for different bot dice; it is blind to what its seat cannot see; and it is clearly stronger
// than the simple bot it replaced and than random play. (Legality, the budget and the view round trip are checked
// for every kit in legal.test.ts, search.test.ts and input.test.ts, which loop over botKits.)
import {
  botInput,
  createBot,
  getBotKit,
  LEVEL_NOTES,
  makeBot,
  makeSimpleBot,
  seededDice,
  shieldsUp,
  shieldsUpKit,
  type Bot,
  type Level,
  type ShieldsUpState,
  type ShieldsUpView,
} from '@dicehall/shared';
import { CARD_IDS } from '@dicehall/shared/shields-up';
import { positions } from './helpers';

const all = positions('shields-up', 12, 11).map(({ state, seat }) => ({ state: state as ShieldsUpState, seat }));

/** Where every card is in a state, zone by zone, for the seat's opponent's hidden zones. */
const hidden = (s: ShieldsUpState, seat: number) => ({
  hand: s.players[1 - seat].hand,
  shields: s.players[1 - seat].shields,
  draw: s.draw,
});

describe('shields-up: determinized states', () => {
  it('U8 hold every card once, the seen ones where the seat sees them, over many positions of random games', () => {
    expect(all.length).toBeGreaterThan(1000);
    for (const [i, { state, seat }] of all.entries()) {
      const view = shieldsUp.view(state, seat);
      const det = shieldsUpKit.determinize(structuredClone(view), seat, seededDice(i));
      expect(shieldsUp.view(det, seat)).toEqual(view);
      const cards = [
        det.draw,
        det.discard,
        det.market.filter((c) => c !== null),
        ...det.players.flatMap((p) => [p.hand, p.shields, p.equipment]),
      ].flat();
      expect([...cards].sort()).toEqual([...CARD_IDS].sort());
      // What the seat holds and what lies open is not resampled.
      expect(det.players[seat]).toEqual(state.players[seat]);
      expect(det.players[1 - seat].equipment).toEqual(state.players[1 - seat].equipment);
      expect({ turn: det.turn, actions: det.actions, turns: det.turns, strike: det.strike }).toEqual({
        turn: state.turn,
        actions: state.actions,
        turns: state.turns,
        strike: state.strike,
      });
    }
  });

  it('U8 deal the unseen cards differently for different bot dice, and the same for the same dice', () => {
    // Positions with at least four unseen cards: their deal is a real guess.
    const rich = all
      .filter(({ state, seat }) => Object.values(hidden(state, seat)).flat().length >= 4)
      .filter((_, i) => i % 10 === 0);
    expect(rich.length).toBeGreaterThan(50);
    for (const { state, seat } of rich) {
      const view = shieldsUp.view(state, seat);
      const deals = [1, 2, 3, 4, 5, 6].map((k) =>
        JSON.stringify(hidden(shieldsUpKit.determinize(view, seat, seededDice(k)), seat)),
      );
      expect(new Set(deals).size).toBeGreaterThan(1);
      expect(JSON.stringify(hidden(shieldsUpKit.determinize(view, seat, seededDice(3)), seat))).toBe(deals[2]);
    }
  });

  it("U8 deal the opponent's hand uniformly: each unseen card lands in it about as often as any other", () => {
    // The first position where the opponent holds two cards and at least six are unseen.
    const { state, seat } = all.find(
      ({ state: s, seat: k }) => s.players[1 - k].hand.length === 2 && Object.values(hidden(s, k)).flat().length >= 6,
    )!;
    const view = shieldsUp.view(state, seat);
    const unseen = Object.values(hidden(state, seat)).flat();
    const count = new Map<string, number>();
    const N = 6000;
    for (let k = 0; k < N; k++)
      for (const c of shieldsUpKit.determinize(view, seat, seededDice(10_000 + k)).players[1 - seat].hand)
        count.set(c, (count.get(c) ?? 0) + 1);
    const expected = (N * 2) / unseen.length;
    expect([...count.keys()].sort()).toEqual([...unseen].sort());
    for (const n of count.values()) expect(Math.abs(n - expected)).toBeLessThan(0.15 * expected);
  });
});

describe("shields-up: the bot is blind to its seat's secrets", () => {
  const sample = all.filter((_, i) => i % 23 === 0).slice(0, 60);

  it("U8 a state with the hidden cards re-dealt (the module's disguise) gives the same input, determinized states and action", () => {
    let probed = 0;
    for (const [i, { state, seat }] of sample.entries()) {
      const other = shieldsUp.disguise!(state, seat, seededDice(500 + i));
      if (JSON.stringify(hidden(other, seat)) !== JSON.stringify(hidden(state, seat))) probed++;
      const a = botInput(shieldsUp, state, seat);
      const b = botInput(shieldsUp, other, seat);
      expect(b).toEqual(a);
      expect(shieldsUpKit.determinize(b.view as ShieldsUpView, seat, seededDice(9))).toEqual(
        shieldsUpKit.determinize(a.view as ShieldsUpView, seat, seededDice(9)),
      );
      for (const level of ['easy', 'normal', 'hard'] as const) {
        const x = makeBot(shieldsUpKit, level, seededDice(4)).choose(a as never, { nodes: 400 });
        const y = makeBot(shieldsUpKit, level, seededDice(4)).choose(b as never, { nodes: 400 });
        expect(y).toEqual(x);
      }
    }
    expect(probed).toBeGreaterThan(sample.length / 2);
  });

  it("determinize refuses a view that is not the seat's own (a spectator's or the other seat's)", () => {
    const { state, seat } = sample[5];
    expect(() => shieldsUpKit.determinize(shieldsUp.view(state, null), seat, seededDice(1))).toThrow(/not seat/);
    expect(() => shieldsUpKit.determinize(shieldsUp.view(state, 1 - seat), seat, seededDice(1))).toThrow(/not seat/);
  });
});

describe('shields-up: the registry', () => {
  it('createBot gives the search kit for Shields Up, the simple bot still for the games without a kit', () => {
    const { state, seat } = all[40];
    const input = botInput(shieldsUp, state, seat);
    const bot = createBot('shields-up', 'hard', seededDice(1))!;
    expect(bot.think(input, { nodes: 2000 }).nodes).toBeGreaterThan(0);
    for (const level of ['easy', 'normal', 'hard'] as const)
      expect(LEVEL_NOTES['shields-up'][level]).toMatch(/hidden cards/);
    // The simple bot answers without a search: no rule step spent.
    expect(makeSimpleBot('shields-up', 'hard', seededDice(1)).think(input).nodes).toBe(0);
    expect(getBotKit('polywars')).toBeUndefined();
    expect(createBot('polywars', 'normal', seededDice(2))!.game).toBe('polywars');
  });
});

/** Games between `a` (seat alternating, first in even games) and `b`; wins of `a`. Every game and bot seeded. */
function match(
  a: (g: number) => Bot,
  b: (g: number) => Bot,
  games: number,
  budget: { nodes: number },
): { wins: number; losses: number } {
  let wins = 0;
  let losses = 0;
  for (let g = 0; g < games; g++) {
    const dice = seededDice(70_000 + g);
    const aSeat = g % 2;
    const bots = aSeat === 0 ? [a(g), b(g)] : [b(g), a(g)];
    let state = shieldsUp.setup({}, 2, dice).state;
    for (let ply = 0; shieldsUp.result(state) === null; ply++) {
      if (ply >= 5000) throw new Error(`game ${g} ran past 5000 plies`);
      const seat = shieldsUp.toAct(state)[0];
      // A node budget only (no clock): the games replay exactly on any machine.
      const action = bots[seat].choose(botInput(shieldsUp, state, seat) as never, budget);
      const step = shieldsUp.apply(state, seat, action as never, dice);
      if (!step.ok) throw new Error(step.code);
      state = step.state;
    }
    const r = shieldsUp.result(state)!;
    if (r.winners[0] === aSeat && !r.draw) wins++;
    else if (!r.draw) losses++;
  }
  return { wins, losses };
}

describe('shields-up: strength', () => {
  const search = (level: Level) => (g: number) => makeBot(shieldsUpKit, level, seededDice(g * 31 + 1)) as Bot;
  const random = (g: number) => makeBot(shieldsUpKit, 'random', seededDice(g * 31 + 2)) as Bot;
  const simple = (g: number) => makeSimpleBot('shields-up', 'normal', seededDice(g * 31 + 2));

  // A coin would win 48 of 60 (or 32 of 40) with a chance below one in ten thousand.
  it('normal beats random in at least 80% of 60 games', () => {
    const r = match(search('normal'), random, 60, { nodes: 4000 });
    expect(r.wins).toBeGreaterThanOrEqual(48);
  });

  it('normal beats the old simple bot (greedy by kind) in at least 80% of 40 games', () => {
    const r = match(search('normal'), simple, 40, { nodes: 4000 });
    expect(r.wins).toBeGreaterThanOrEqual(32);
  });

  it('hard, on a small budget, beats the old simple bot in at least 80% of 24 games', () => {
    const r = match(search('hard'), simple, 24, { nodes: 1500 });
    expect(r.wins).toBeGreaterThanOrEqual(20);
  });
});
