// Bot games for the benchmark and the tests: two bots play one whole game through the module's rules.
import { performance } from 'node:perf_hooks';
import { botInput, createBot, getGame, seededDice, type Level } from '@dicehall/shared';

export interface GameRecord {
  /** Winning seats; empty for a draw. */
  winners: number[];
  plies: number;
  /** Think time in ms of each decision, per seat. */
  think: [number[], number[]];
  /** CPU time in ms of each decision (this process's user + system time), per seat. */
  cpu: [number[], number[]];
  nodes: [number[], number[]];
}

/**
 * The games the benchmark plays, each with the options its games are played with: the rooms' defaults, two seats
 * (Polywars: Kill the King for two; Dice Siege: a race of two on the same dice, D7, so the better sheet wins).
 */
export const OPTIONS: Record<string, unknown> = {
  shields: { bestOf: 1, resurrection: false },
  'dice-chess': { placement: 'arrange' },
  'shields-up': {},
  polywars: { seats: 2 },
  'dice-siege': { seats: 2 },
};
export const BENCH_GAMES = Object.keys(OPTIONS);

/**
 * One game: `levels[s]` plays seat s; everything is seeded by `seed`, the game's dice and each bot's own. The bots
 * are the rooms' own (`createBot`: a game's search kit, or its simple or Polywars bot).
 */
export function playGame(gameId: string, levels: [Level, Level], seed: number, maxPlies = 5000): GameRecord {
  const game = getGame(gameId);
  if (!game) throw new Error(`no game ${gameId}`);
  const dice = seededDice(seed * 2654435761);
  const bots = levels.map((level, s) => {
    const bot = createBot(gameId, level, seededDice(seed * 40503 + 17 * (s + 1)));
    if (!bot) throw new Error(`no ${level} bot for ${gameId}`);
    return bot;
  });
  let state = game.setup(game.options.parse(OPTIONS[game.id] ?? {}), 2, dice).state;
  const rec: GameRecord = { winners: [], plies: 0, think: [[], []], cpu: [[], []], nodes: [[], []] };
  const now = () => performance.now();
  while (game.result(state) === null) {
    if (rec.plies >= maxPlies) throw new Error(`${game.id} game ${seed} ran past ${maxPlies} plies`);
    for (const seat of game.toAct(state)) {
      // Seats acting together (Dice Siege's rounds): each decides on the state the one before it left.
      if (!game.toAct(state).includes(seat)) continue;
      const input = botInput(game, state, seat);
      const t0 = now();
      const c0 = process.cpuUsage();
      const thought = bots[seat].think(input, { now });
      rec.think[seat].push(now() - t0);
      const c = process.cpuUsage(c0);
      rec.cpu[seat].push((c.user + c.system) / 1000);
      rec.nodes[seat].push(thought.nodes);
      const step = game.apply(state, seat, thought.action, dice);
      if (!step.ok)
        throw new Error(
          `${levels[seat]} bot played an illegal ${game.id} action ${JSON.stringify(thought.action)}: ${step.code}`,
        );
      state = step.state;
      rec.plies++;
      if (game.result(state) !== null) break;
    }
  }
  rec.winners = game.result(state)!.winners;
  return rec;
}
