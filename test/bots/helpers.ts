// Positions from random seeded games of each game with a bot kit, for the bot tests.
import { botKits, pick, seededDice, type BotKit, type Seat } from '@dicehall/shared';

export interface Position {
  kit: BotKit;
  state: unknown;
  seat: Seat;
}

/** Option sets each game is sampled under: the defaults and every variant. */
export const OPTION_SETS: Record<string, unknown[]> = {
  shields: [
    { bestOf: 1, resurrection: false },
    { bestOf: 3, resurrection: false },
    { bestOf: 1, resurrection: true },
  ],
  'dice-chess': [{ placement: 'arrange' }, { placement: 'random' }],
  'shields-up': [{}],
};

/** Games short enough to need more of them for the same number of positions (Shields Up: about 57 decisions a game). */
const GAMES_FACTOR: Record<string, number> = { 'shields-up': 2 };

/**
 * Every decision point of `games` random games per option set (every seat that must act), played with
 * random legal actions; Dice Chess's arrangement uses a random order so boards vary.
 */
export function positions(gameId: string, games: number, seed = 1): Position[] {
  const kit = botKits[gameId];
  const game = kit.game;
  const out: Position[] = [];
  for (const options of OPTION_SETS[gameId]) {
    for (let g = 0; g < games * (GAMES_FACTOR[gameId] ?? 1); g++) {
      const dice = seededDice(seed * 1000 + g);
      let state = game.setup(game.options.parse(options), 2, dice).state;
      for (let ply = 0; game.result(state) === null && ply < 400; ply++) {
        for (const seat of game.toAct(state)) {
          out.push({ kit, state, seat });
          let action = pick(dice, game.legalActions(state, seat));
          if ((action as { type: string }).type === 'arrange') {
            const order = Array.from({ length: 16 }, (_, i) => i);
            for (let i = 15; i > 0; i--) {
              const j = dice.roll(i + 1) - 1;
              [order[i], order[j]] = [order[j], order[i]];
            }
            action = { type: 'arrange', order };
          }
          const step = game.apply(state, seat, action, dice);
          if (!step.ok) throw new Error(`random play refused: ${step.code}`);
          state = step.state;
          if (game.result(state) !== null) break;
        }
      }
    }
  }
  return out;
}

export const GAMES = Object.keys(botKits);
