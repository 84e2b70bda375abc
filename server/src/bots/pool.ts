// A small pool of bot worker threads shared by every room of the server: a thinking bot never blocks the event
// loop that sends other rooms' patches, and its time budget is enforced from outside the thread. Asks wait for a
// thread in a fair queue (./fair): round robin by address, then by room, so one address cannot slow another's bots.
import path from 'node:path';
import { randomInt } from 'node:crypto';
import { Worker } from 'node:worker_threads';
import type { BotInput, Level } from '@dicehall/shared';
import { BotRoomCap, FairQueue } from './fair';
import type { WorkerAnswer, WorkerRequest } from './worker';

export interface BotAsk {
  /** The address key of whoever opened the room, and the room: the fair queue's lanes. */
  owner: string;
  room: string;
  game: string;
  level: Level;
  /** The seat's view and legal actions, exactly as that seat's client holds them. */
  input: BotInput;
  /** How long the bot may think; past it (plus the pool's margin) the room gets a fallback action. */
  budgetMs: number;
}

export interface BotAnswer {
  action: unknown;
  /** Time from the ask to the answer. */
  ms: number;
  /** Set when the bot did not answer in time or failed: the action is a random legal one. */
  fallback: null | 'timeout' | 'error';
}

export interface BotPoolOptions {
  threads: number;
  /** Time on top of the budget for the messages to and from the thread. */
  marginMs: number;
  /** Tests only: every bot busy-waits this long before thinking (a slow bot). */
  delayMs: number;
}

interface Job {
  id: number;
  owner: string;
  room: string;
  ask: BotAsk;
  started: number;
  /** When a thread took the job (the budget runs from here). */
  dispatched: number;
  resolve: (a: BotAnswer) => void;
  /** The budget's deadline, running from the moment a thread takes the job. */
  timer: NodeJS.Timeout | null;
  slot: Slot | null;
  done: boolean;
}

interface Slot {
  worker: Worker;
  /** The thread has loaded the bots and said so; jobs go only to ready threads. */
  ready: boolean;
  job: Job | null;
}

/** Under ts-node/tsx/jest the worker is TypeScript: it is loaded through tsx with the tests' path mapping. */
function spawn(): Worker {
  if (__filename.endsWith('.js')) return new Worker(path.join(__dirname, 'worker.js'));
  const root = path.resolve(__dirname, '../../..');
  const api = require.resolve('tsx/cjs/api', { paths: [root] });
  const boot = `require(${JSON.stringify(api)}).register(); require(${JSON.stringify(path.join(__dirname, 'worker.ts'))});`;
  return new Worker(boot, {
    eval: true,
    env: { ...process.env, TSX_TSCONFIG_PATH: path.join(root, 'test/tsconfig.json') },
  });
}

export class BotPool {
  private slots: Slot[] = [];
  private queue = new FairQueue<Job>();
  private nextId = 1;
  private closed = false;
  /** Rooms with a computer seat in play, per address (BOT_ROOMS_PER_ADDRESS; the rooms admit themselves). */
  readonly rooms = new BotRoomCap();
  /** Answers given, and how many of them were fallbacks (for tests and logs). */
  stats = { answers: 0, timeouts: 0, errors: 0, restarts: 0, slowestThinkMs: 0 };
  /** The last asks' waits for a thread (ms, from the ask to its dispatch), per owner: what the queue cost each. */
  private waits = new Map<string, number[]>();

  constructor(private opts: BotPoolOptions) {}

  /** Asks for an action; always resolves, with the bot's choice or, late or failed, a random legal action. */
  think(ask: BotAsk): Promise<BotAnswer> {
    return new Promise((resolve) => {
      const job: Job = {
        id: this.nextId++,
        owner: ask.owner,
        room: ask.room,
        ask,
        started: Date.now(),
        dispatched: 0,
        resolve,
        slot: null,
        done: false,
        timer: null,
      };
      this.queue.push(job);
      this.pump();
    });
  }

  /** Starts every thread now (the boot calls it; tests start them on the first ask). */
  warm() {
    while (!this.closed && this.slots.length < this.opts.threads) this.addSlot();
  }

  /** The last 64 asks' waits for a thread of `owner` (ms), oldest first: the delay the queue itself added. */
  queueWaits(owner: string): number[] {
    return [...(this.waits.get(owner) ?? [])];
  }

  /** Asks waiting for a thread, in all and per address (tests and logs). */
  waiting(): { total: number; byOwner: Record<string, number> } {
    return { total: this.queue.size, byOwner: this.queue.waitingBy() };
  }

  close() {
    this.closed = true;
    for (const job of this.queue.drain()) this.settle(job, null, 'error');
    for (const s of this.slots) void s.worker.terminate();
    this.slots = [];
  }

  private pump() {
    while (this.queue.size > 0 && !this.closed) {
      const slot = this.slots.find((s) => s.ready && s.job === null);
      if (!slot) {
        // Threads start on the first ask (loading the rules takes a moment), up to the pool's size.
        if (this.slots.length < this.opts.threads && this.slots.every((s) => s.ready)) this.addSlot();
        return;
      }
      const job = this.queue.take()!;
      job.slot = slot;
      slot.job = job;
      job.dispatched = Date.now();
      const waits = this.waits.get(job.owner) ?? [];
      waits.push(job.dispatched - job.started);
      if (waits.length > 64) waits.shift();
      this.waits.set(job.owner, waits);
      job.timer = setTimeout(() => this.expire(job), job.ask.budgetMs + this.opts.marginMs);
      const req: WorkerRequest = {
        id: job.id,
        game: job.ask.game,
        level: job.ask.level,
        seed: randomInt(2 ** 31),
        input: job.ask.input,
        ms: job.ask.budgetMs,
        delayMs: this.opts.delayMs,
      };
      slot.worker.postMessage(req);
    }
  }

  private addSlot(): Slot {
    const slot: Slot = { worker: spawn(), ready: false, job: null };
    slot.worker.unref();
    slot.worker.on('message', (m: WorkerAnswer | 'ready') => {
      if (m === 'ready') {
        slot.ready = true;
        return this.pump();
      }
      const job = slot.job;
      if (!job || job.id !== m.id) return;
      slot.job = null;
      if (m.ok) this.settle(job, m.action, null);
      else this.settle(job, null, 'error');
      this.pump();
    });
    slot.worker.on('error', () => this.replace(slot));
    slot.worker.on('exit', () => this.replace(slot));
    this.slots.push(slot);
    return slot;
  }

  /** A thread that died or was stopped gives way to a fresh one; its job (if any) gets a fallback. */
  private replace(slot: Slot) {
    const i = this.slots.indexOf(slot);
    if (i < 0) return;
    this.slots.splice(i, 1);
    if (slot.job) this.settle(slot.job, null, 'error');
    slot.job = null;
    if (!this.closed) this.stats.restarts++;
    // A thread that cannot even start would be restarted forever: the waiting asks get their fallback instead.
    if (!slot.ready) for (const job of this.queue.drain()) this.settle(job, null, 'error');
    this.pump();
  }

  /** The budget ran out: the room is answered now; a thread still thinking is stopped (it overran its budget). */
  private expire(job: Job) {
    if (job.done) return;
    const slot = job.slot;
    this.queue.remove(job);
    this.settle(job, null, 'timeout');
    if (slot) {
      slot.job = null;
      const i = this.slots.indexOf(slot);
      if (i >= 0) this.slots.splice(i, 1);
      this.stats.restarts++;
      void slot.worker.terminate();
      // The replacement starts loading now, not when the next bot needs it.
      if (!this.closed) this.addSlot();
      this.pump();
    }
  }

  private settle(job: Job, action: unknown, fallback: BotAnswer['fallback']) {
    if (job.done) return;
    job.done = true;
    if (job.timer) clearTimeout(job.timer);
    // A job a thread took frees its lanes' share (one still waiting was taken out of the queue, or drained).
    if (job.dispatched) this.queue.done(job);
    // A fallback never gives the game away (Polywars lists conceding among the legal actions).
    const all = job.ask.input.legal;
    const safe = all.filter((a) => !['concede', 'resign'].includes(String((a as { type?: unknown })?.type)));
    const legal = safe.length > 0 ? safe : all;
    this.stats.answers++;
    if (job.dispatched) this.stats.slowestThinkMs = Math.max(this.stats.slowestThinkMs, Date.now() - job.dispatched);
    if (fallback === 'timeout') this.stats.timeouts++;
    if (fallback === 'error') this.stats.errors++;
    job.resolve({ action: fallback ? legal[randomInt(legal.length)] : action, ms: Date.now() - job.started, fallback });
  }
}
