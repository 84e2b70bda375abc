// A bot worker thread: thinks for one seat at a time off the rooms' event loop. It is given the seat's view
// and legal actions as the seat's client holds them (never the state or the seed) and answers with an action.
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';
import { createBot, getBotKit, seededDice, type BotInput, type Level } from '@dicehall/shared';

export interface WorkerRequest {
  id: number;
  game: string;
  level: Level;
  /** The bot's own dice seed (its sampling and tie breaks); unrelated to the game's dice. */
  seed: number;
  input: BotInput;
  /** Wall-clock budget for the search. */
  ms: number;
  /** Tests only: a busy wait before thinking, standing in for a slow bot. */
  delayMs: number;
}

export type WorkerAnswer =
  | { id: number; ok: true; action: unknown; nodes: number; ms: number }
  | { id: number; ok: false; error: string };

parentPort!.postMessage('ready');
parentPort!.on('message', (req: WorkerRequest) => {
  const start = performance.now();
  try {
    while (performance.now() - start < req.delayMs) {
      /* a slow bot, blocking only this thread */
    }
    const bot = createBot(req.game, req.level, seededDice(req.seed));
    if (!bot) throw new Error(`no bot for ${req.game}`);
    // The level's own time budget, never more than the room allows.
    const own = req.level === 'random' ? req.ms : (getBotKit(req.game)?.levels[req.level].budget.ms ?? req.ms);
    const thought = bot.think(req.input, { ms: Math.min(own, req.ms), now: () => performance.now() });
    parentPort!.postMessage({
      id: req.id,
      ok: true,
      action: thought.action,
      nodes: thought.nodes,
      ms: performance.now() - start,
    } satisfies WorkerAnswer);
  } catch (e) {
    parentPort!.postMessage({ id: req.id, ok: false, error: (e as Error).message } satisfies WorkerAnswer);
  }
});
