// Determinized states agree with the view; chance is listed die face by die face; the budget holds.
import { performance } from 'node:perf_hooks';
import {
  botInput,
  botKits,
  chanceOutcomes,
  diceChess,
  diceChessKit,
  makeBot,
  seededDice,
  shields,
  shieldsKit,
} from '@dicehall/shared';
import { positionState, type DiceChessState } from '@dicehall/shared/dice-chess';
import type { ShieldsState } from '@dicehall/shared/shields';
import { GAMES, positions } from './helpers';

describe.each(GAMES)('%s: determinized states', (gameId) => {
  const kit = botKits[gameId];
  const all = positions(gameId, 6, 3);

  it('show the seat exactly its view and offer exactly its legal actions', () => {
    expect(all.length).toBeGreaterThan(300);
    for (const [i, { state, seat }] of all.entries()) {
      const input = botInput(kit.game, state, seat);
      const det = kit.determinize(input.view, seat, seededDice(i));
      expect(kit.game.view(det, seat)).toEqual(input.view);
      expect(kit.game.legalActions(det, seat)).toEqual(input.legal);
      expect(kit.game.toAct(det)).toEqual(kit.game.toAct(state as never));
    }
  });
});

describe('dice-chess: the unseen arrangement is sampled', () => {
  it("C2 as a permutation of the opponent's public rolled dice, differently for different bot seeds", () => {
    const s0 = diceChess.setup({ placement: 'arrange' }, 2, seededDice(11)).state;
    const step = diceChess.apply(
      s0,
      1,
      { type: 'arrange', order: Array.from({ length: 16 }, (_, i) => 15 - i) },
      seededDice(1),
    );
    if (!step.ok) throw new Error(step.code);
    const view = diceChess.view(step.state, 0);
    const samples = [1, 2, 3, 4].map(
      (seed) => botKits['dice-chess'].determinize(view, 0, seededDice(seed)) as DiceChessState,
    );
    for (const det of samples) {
      expect([...det.pending[1]!].sort()).toEqual([...step.state.rolled[1]].sort());
      expect(det.pending[0]).toBeNull();
      expect(diceChess.view(det, 0)).toEqual(view);
    }
    expect(new Set(samples.map((d) => d.pending[1]!.join(''))).size).toBeGreaterThan(1);
  });
});

describe('chance outcomes come from the rules, die face by die face', () => {
  it('S4 a Shields attack lists each face of the attack die at 1/sides', () => {
    let s = shields.setup({ bestOf: 1, resurrection: false }, 2, seededDice(2)).state as ShieldsState;
    const seat = s.turn;
    const took = shields.apply(s, seat, { type: 'take', die: `attack.red.d8` }, seededDice(1));
    if (!took.ok) throw new Error(took.code);
    s = took.state;
    const outs = chanceOutcomes(
      shieldsKit,
      s,
      seat,
      { type: 'attack', battery: `p${seat}.battery.red` },
      seededDice(1),
    );
    expect(outs.map((o) => o.p)).toEqual(Array(8).fill(1 / 8));
    const health = outs.map((o) => o.state.players[1 - seat].batteries.yellow.health);
    expect(health).toEqual([11, 10, 9, 8, 7, 6, 5, 4]);
  });

  it('C5 a Dice Chess capture lists the six rerolls of the capturing die; a plain move has one outcome', () => {
    // Seat 0's 4 on d4, seat 1's 3 on d5 and a far-away die each so neither side is annihilated.
    const s = positionState('a......./......../......../...c..../...4..../......../......../.......1', 0);
    const capture = chanceOutcomes(diceChessKit, s, 0, { type: 'move', from: 'd4', to: 'd5' }, seededDice(1));
    expect(capture.map((o) => o.p)).toEqual(Array(6).fill(1 / 6));
    expect(capture.map((o) => o.state.board[4 * 8 + 3])).toEqual([1, 2, 3, 4, 5, 6]);
    const quiet = chanceOutcomes(diceChessKit, s, 0, { type: 'move', from: 'd4', to: 'c4' }, seededDice(1));
    expect(quiet).toHaveLength(1);
    expect(quiet[0].p).toBe(1);
  });
});

describe.each(GAMES)('%s: the budget holds', (gameId) => {
  const kit = botKits[gameId];
  // Busy positions: many legal actions, play under way.
  const busy = positions(gameId, 3, 5)
    .filter(({ state, seat }) => kit.game.legalActions(state, seat).length >= 8)
    .slice(0, 30);

  it('never spends more rule steps than the node cap', () => {
    expect(busy.length).toBeGreaterThan(5);
    for (const [i, { state, seat }] of busy.entries()) {
      for (const nodes of [50, 500]) {
        const t = makeBot(kit, 'hard', seededDice(i)).think(botInput(kit.game, state, seat), { nodes });
        expect(t.nodes).toBeLessThanOrEqual(nodes);
      }
    }
  });

  it('stops at the deadline of the clock it is given', () => {
    for (const [i, { state, seat }] of busy.slice(0, 10).entries()) {
      // A clock that moves 1 ms each time it is read: a 40 ms deadline allows about 40 rule steps.
      let t = 0;
      const now = () => t++;
      const thought = makeBot(kit, 'hard', seededDice(i)).think(botInput(kit.game, state, seat), {
        nodes: 1e9,
        ms: 40,
        now,
      });
      expect(thought.nodes).toBeLessThanOrEqual(41);
      expect(thought.cut).toBe(true);
    }
  });

  it('hard answers within its wall-clock deadline plus one rule step of slack', () => {
    for (const [i, { state, seat }] of busy.slice(0, 8).entries()) {
      const input = botInput(kit.game, state, seat);
      const c0 = process.cpuUsage();
      makeBot(kit, 'hard', seededDice(i)).think(input, { nodes: 1e9, ms: 60, now: () => performance.now() });
      const c = process.cpuUsage(c0);
      // CPU time, not wall time: on a shared machine the wall clock also counts time the test was not
      // scheduled, while the bot's own work past a 60 ms deadline is what must stay small.
      expect((c.user + c.system) / 1000).toBeLessThan(60 + 400);
    }
  });
});
