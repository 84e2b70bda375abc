// The bots of one room: a seat played by the computer from the start, or a dropped player's seat held by a
// stand-in until its player returns (handed back at the next turn boundary). The room calls poke() after
// every change; moves come back through host.play, like a client's action.
import type { BotInput, Level } from '@dicehall/shared';
import type { BotPool } from './pool';

export type BotLevel = Exclude<Level, 'random'>;

/** What the room lends its bots: no state, no seed — the seat's view document as its client holds it. */
export interface BotHost {
  game: string;
  /** The address key of whoever opened the room, and the room's id: its asks' lanes in the pool's fair queue. */
  owner(): string;
  room(): string;
  /** Bumps whenever the table moves (a new game counts): an answer to an older stamp is dropped and asked again. */
  stamp(): string;
  playing(): boolean;
  toAct(): readonly number[];
  /** The level playing `seat` (a bot seat or a stand-in), or null when its player plays it. */
  levelOf(seat: number): BotLevel | null;
  /** The seat's view and legal actions exactly as sent to the seat's clients, or null when none is sent yet. */
  inputFor(seat: number): BotInput | null;
  play(seat: number, action: unknown, level: BotLevel, fallback: string | null): void;
  /** The stand-in leaves: its player takes the seat back. */
  handBack(seat: number): void;
}

export interface RoomBotOptions {
  /** Thinking time a bot is given (capped by its level's own budget in the worker). */
  budgetMs: number;
  /** A bot's move is played no sooner than this after the position it answers, so people can follow it. */
  paceMs: number;
}

/**
 * A bot's later actions in one run of its own (a Polywars turn's steps, Shields Up's cards) follow each other this
 * quickly, and after RUN_MS of a run without pause: a computer's whole phase shows within about 5 s (issue 28; a
 * Polywars turn of two dozen steps took 17 s at the full pace each).
 */
const FOLLOW_UP_MS = 100;
const RUN_MS = 3500;

export class RoomBots {
  private thinking = new Set<number>();
  /** Each bot seat's current run of actions: when it began, and the table's stamp right after its last action. */
  private runs = new Map<number, { started: number; stamp: string }>();
  /** The seat whose action is being played now (the room may ask for its next one before play returns). */
  private inPlay: number | null = null;
  /** Seats whose player came back while the stand-in was mid-turn. */
  private returning = new Set<number>();
  private disposed = false;
  /** Asks sent, for tests: the exact input each bot was given. */
  readonly asks: { seat: number; stamp: string; input: BotInput }[] = [];
  /** Bot moves the rules refused (never expected: the room then plays a random legal action instead). */
  refused = 0;

  constructor(
    private pool: BotPool,
    private host: BotHost,
    private opts: RoomBotOptions,
    private record = false,
  ) {}

  /** Whether a bot is playing `seat` now (its player's own actions wait until it is handed back). */
  holds(seat: number): boolean {
    return this.host.levelOf(seat) !== null;
  }

  /** The dropped player of `seat` is back: the seat is theirs again now, or after the stand-in's turn. */
  returned(seat: number) {
    if (this.host.levelOf(seat) === null) return;
    if (this.thinking.has(seat) || this.host.toAct().includes(seat)) this.returning.add(seat);
    else this.host.handBack(seat);
  }

  /** Starts thinking for every bot seat that is to act and not thinking yet. */
  poke() {
    if (this.disposed || !this.host.playing()) return;
    for (const seat of this.host.toAct()) {
      if (this.thinking.has(seat)) continue;
      const level = this.host.levelOf(seat);
      if (level === null) continue;
      const input = this.host.inputFor(seat);
      if (!input || input.legal.length === 0) continue;
      this.ask(seat, level, input);
    }
  }

  /** After a move: a stand-in whose player came back hands the seat over once its turn is done. */
  afterMove() {
    for (const seat of [...this.returning]) {
      if (this.thinking.has(seat)) continue;
      if (this.host.playing() && this.host.toAct().includes(seat)) continue;
      this.returning.delete(seat);
      if (this.host.levelOf(seat) !== null) this.host.handBack(seat);
    }
  }

  /** The table changed (a move, a new game, a stand-in): hand seats back where due, then let bots to act think. */
  changed() {
    this.afterMove();
    this.poke();
  }

  /** A new game or a reset: nothing in flight counts any more (its stamp is stale) and nobody is returning. */
  reset() {
    this.returning.clear();
  }

  dispose() {
    this.disposed = true;
  }

  private ask(seat: number, level: BotLevel, input: BotInput) {
    const stamp = this.host.stamp();
    this.thinking.add(seat);
    if (this.record) this.asks.push({ seat, stamp, input });
    const asked = Date.now();
    const ask = { owner: this.host.owner(), room: this.host.room(), game: this.host.game, level, input };
    // The run goes on while the table is where the seat's own last action left it (nobody else has moved since).
    const run = this.runs.get(seat);
    const following = run !== undefined && (run.stamp === stamp || this.inPlay === seat);
    const pace = !following
      ? this.opts.paceMs
      : asked - run.started > RUN_MS
        ? 0
        : Math.min(this.opts.paceMs, FOLLOW_UP_MS);
    void this.pool.think({ ...ask, budgetMs: this.opts.budgetMs }).then(async (answer) => {
      const wait = pace - (Date.now() - asked);
      if (wait > 0) await new Promise((r) => setTimeout(r, wait));
      this.thinking.delete(seat);
      if (this.disposed) return;
      // The table moved meanwhile (another seat's simultaneous answer, a resignation, a new game): ask again.
      if (this.host.stamp() !== stamp || this.host.levelOf(seat) === null) {
        this.afterMove();
        this.poke();
        return;
      }
      this.runs.set(seat, { started: following ? run.started : Date.now(), stamp: '' });
      this.inPlay = seat;
      try {
        this.host.play(seat, answer.action, level, answer.fallback);
      } finally {
        this.inPlay = null;
      }
      const played = this.runs.get(seat);
      if (played) played.stamp = this.host.stamp();
    });
  }
}
