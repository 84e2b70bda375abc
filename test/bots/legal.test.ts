// Every bot action is legal: thousands of positions from random games of each game, every level,
// checked by the module's own apply on the real state. Set BOT_POSITIONS for a bigger run.
import { botInput, botKits, diceChess, LEVELS, makeBot, seededDice } from '@dicehall/shared';
import { GAMES, positions } from './helpers';

const GAMES_PER_OPTION_SET = Number(process.env.BOT_POSITIONS ?? 12);

describe.each(GAMES)('%s: bot actions are always legal', (gameId) => {
  const all = positions(gameId, GAMES_PER_OPTION_SET);

  it('over thousands of positions, at every level, with a small budget', () => {
    expect(all.length).toBeGreaterThan(1000);
    const refused: string[] = [];
    all.forEach(({ kit, state, seat }, i) => {
      const level = LEVELS[i % LEVELS.length];
      const bot = makeBot(kit, level, seededDice(i + 1));
      const action = bot.choose(botInput(kit.game, state, seat), { nodes: 120 });
      // The game's own dice source; a refused action would not roll, so any source will do.
      const step = kit.game.apply(state, seat, action, seededDice(i));
      if (!step.ok) refused.push(`${level} at #${i}: ${JSON.stringify(action)} → ${step.code}`);
      else if (level !== 'random' && (action as { type: string }).type !== 'arrange') {
        // Outside Dice Chess's arrangement (16! orders, one listed), the answer is one of the listed actions.
        expect(kit.game.legalActions(state, seat)).toContainEqual(action);
      }
    });
    expect(refused).toEqual([]);
  });

  it('with the full level budgets on a sample of positions', () => {
    const sample = all.filter((_, i) => i % 97 === 0).slice(0, 24);
    for (const [i, { kit, state, seat }] of sample.entries()) {
      const action = makeBot(kit, 'hard', seededDice(i)).choose(botInput(kit.game, state, seat), { nodes: 4000 });
      expect(kit.game.apply(state, seat, action, seededDice(i)).ok).toBe(true);
    }
  });
});

it('C2 a normal or hard Dice Chess arrangement is a permutation that puts the highest dice in the front rank', () => {
  const s = diceChess.setup({ placement: 'arrange' }, 2, seededDice(5)).state;
  for (const level of ['normal', 'hard'] as const) {
    const bot = makeBot(botKits['dice-chess'], level, seededDice(1));
    const action = bot.choose(botInput(diceChess, s, 0)) as { type: 'arrange'; order: number[] };
    expect([...action.order].sort((a, b) => a - b)).toEqual(Array.from({ length: 16 }, (_, i) => i));
    const values = action.order.map((i) => s.rolled[0][i]);
    expect(Math.min(...values.slice(8))).toBeGreaterThanOrEqual(Math.max(...values.slice(0, 8)));
    expect(diceChess.apply(s, 0, action, seededDice(1)).ok).toBe(true);
  }
});
