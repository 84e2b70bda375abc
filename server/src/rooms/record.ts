// A table's record of its game: the fair-dice seeds (committed before play, revealed when the game ends, when the
// next game's commitment is shown for a rematch), every log entry, and the public log lines sent in each audience's stream,
// with the lines a module keeps back until they may be seen. It is what the game log and its verification rest on.
import { randomBytes } from 'node:crypto';
import {
  commitmentOf,
  decodeLine,
  encodeLine,
  FAIR_SCHEME,
  FairDice,
  LOG_FORMAT,
  newServerSeed,
  RecordingDice,
  resultOf,
  type GameLog,
  type GameModule,
  type LogEntry,
  type LogPage,
  type PublicLine,
  type Table,
} from '@dicehall/shared';
import { nodeHmac } from './node-hmac';
import type { TableState } from './schema';

/**
 * The latest public lines a joining client is sent (in its stream's full frame, ./projection `TableStream`), and
 * the lines a view may point into (`window`): the most recent only, so a late spectator's first state stays small
 * (issue #18: ≤ 8 KiB without permessage-deflate). Clients that watched keep every line they saw (the client
 * store gathers them by seq); one whose first line is not the game's asks for earlier ones (`page`). These lines
 * were synced as a list in the state until the list itself proved the room's costliest part of a line.
 * Why 8 (bench/wire.bench.ts, 10 random games each, no permessage-deflate, 2026-11-26): with a single line a late
 * spectator's first state is ~5.5 KiB in Shields and ~4.4 KiB in Dice Chess (the view document, seats, seeds, the
 * game's event key lists), and a line costs ~150 B in Shields (an attack event is long) and ~100 B in Dice Chess.
 * 8 lines give 6.6 KiB and 5.1 KiB (max 6.7 and 5.2) at the end of the games: 1.3 KiB under the target for longer
 * lines or views, and still each player's last four moves in sight. With the whole log (before): 15–26 KiB on
 * average, up to 35 KiB.
 */
export const LOG_WINDOW = 8;
/** Lines in one answer to `log-before`: most Shields or Dice Chess games in one, a page of at most ~25 KB. */
export const LOG_PAGE = 100;

/** Where the public lines go out: the room's stream (./projection `TableStream`, issue #29). */
export interface LineSink {
  begin(gameId: string, start: number): void;
  key(text: string): void;
  line(seq: number, text: string): void;
}

/** What the record needs from its room. */
export interface RecordHost {
  state: TableState;
  module: GameModule;
  /** Absent: the lines are kept here only (tests of the record alone). */
  lines?: LineSink;
}

export class GameRecord {
  /** Every entry of the game, actions included (given out once the game is over). */
  entries: LogEntry[] = [];
  private serverSeed = '';
  private nextServerSeed = '';
  /** Log lines the module keeps back for now (a race round's moves, until the round is over): see holdLog. */
  private held: LogEntry[] = [];
  /** Every public line of this game so far, `[seq, text]` as synced: what `page` serves from. */
  private lines: [number, string][] = [];
  /** The game's start (its setup entry's time, ms): the lines' times count from it. */
  private start = 0;
  /** This game's event key lists (as JSON) and their numbers, as the stream carries them. */
  private keyIds = new Map<string, number>();
  /** The same key lists, by number, read back (for `window`). */
  private keyLists: string[][] = [];
  /**
   * The latest LOG_WINDOW public lines as every client reads them (decoded from the text it is sent): every client
   * holds these (a client present got each in its patch, one joining gets the synced window, which holds at least
   * these until the next line, and every line is projected with). The views point into them (GameModule.wireView).
   */
  readonly window: PublicLine[] = [];

  constructor(private host: RecordHost) {}

  /** The seed the game's dice roll from; secret until the game is over. */
  get seed(): string {
    return this.serverSeed;
  }

  /** A new game id and server seed, whose commitment is shown before any client seed is known. */
  prepareSeed() {
    const state = this.host.state;
    this.serverSeed = newServerSeed();
    state.gameId = randomBytes(8).toString('hex');
    state.commitment = commitmentOf(this.serverSeed);
    state.serverSeed = '';
  }

  /** The rematch plays under the seed committed when the last game ended, before any rematch seed was sent. */
  useNextSeed() {
    const state = this.host.state;
    this.serverSeed = this.nextServerSeed;
    state.gameId = randomBytes(8).toString('hex');
    state.commitment = state.nextCommitment;
    state.serverSeed = '';
    state.nextCommitment = '';
    this.nextServerSeed = '';
  }

  /** The game's dice: the committed server seed with the players' client seeds. */
  dice(clientSeed: string): RecordingDice {
    return new RecordingDice(new FairDice(this.serverSeed, { gameId: this.host.state.gameId, clientSeed }, nodeHmac));
  }

  /** A new game's log opens with its setup entry. */
  begin(setup: LogEntry) {
    this.held = [];
    this.clearLines(setup.at);
    this.appendLine(setup);
  }

  /** An accepted entry's public line, unless the module holds it back for now (simultaneous secret moves). */
  publish(entry: LogEntry, table: Table) {
    const m = this.host.module;
    if (m.holdLog?.(table.state) && !resultOf(m, table)) this.held.push(entry);
    else for (const e of [...this.held.splice(0), entry]) this.appendLine(e);
  }

  /** A resumed game's entries and public lines; `heldAfter[k]`: entry k's line was still held back. */
  restore(entries: LogEntry[], serverSeed: string, heldAfter: boolean[]) {
    this.serverSeed = serverSeed;
    this.entries = [...entries];
    this.held = [];
    this.clearLines(entries[0]?.at ?? 0);
    entries.forEach((e, k) => {
      if (heldAfter[k]) this.held.push(e);
      else for (const line of [...this.held.splice(0), e]) this.appendLine(line);
    });
  }

  /** A flush went out (the stream keeps what each frame carries: nothing to do here; kept for callers). */
  patched() {}

  /** The seq of the latest public line (-1 before the game's first). */
  lastSeq(): number {
    return this.lines[this.lines.length - 1]?.[0] ?? -1;
  }

  /** The game is over: its seed is revealed and the next game's committed. */
  reveal() {
    this.host.state.serverSeed = this.serverSeed;
    this.nextServerSeed = newServerSeed();
    this.host.state.nextCommitment = commitmentOf(this.nextServerSeed);
  }

  /** The whole log, actions included: given out once the game is over and its seed revealed. */
  gameLog(options: unknown, seats: number, table: Table | null): GameLog {
    const { state, module } = this.host;
    return {
      format: LOG_FORMAT,
      game: module.id,
      rules: module.rulesVersion,
      gameId: state.gameId,
      options,
      seats,
      players: state.seats.map((s) => s.name),
      fair: {
        scheme: FAIR_SCHEME,
        commitment: state.commitment,
        clientSeed: state.clientSeed,
        serverSeed: state.phase === 'over' ? this.serverSeed : null,
      },
      entries: this.entries,
      result: table ? resultOf(module, table) : null,
    };
  }

  /**
   * The public lines before `before`, at most `max`, oldest first: exactly the lines published so far (held
   * lines are not among them until the module lets them be seen), in the text the synced state carried.
   */
  page(before: number, max = LOG_PAGE): LogPage {
    const lines = this.lines;
    let end = lines.length;
    while (end > 0 && lines[end - 1]![0] >= before) end--;
    return { gameId: this.host.state.gameId, lines: lines.slice(Math.max(0, end - max), end) };
  }

  private clearLines(start: number) {
    this.lines = [];
    this.start = start;
    this.keyIds.clear();
    this.keyLists = [];
    this.window.length = 0;
    this.host.lines?.begin(this.host.state.gameId, start);
  }

  /** The number of an event key list, added to the synced lists the first time this game publishes it. */
  private keysOf = (keys: string[]): number => {
    const text = JSON.stringify(keys);
    let id = this.keyIds.get(text);
    if (id === undefined) {
      id = this.keyIds.size;
      this.keyIds.set(text, id);
      this.keyLists.push(keys);
      this.host.lines?.key(text);
    }
    return id;
  };

  private appendLine(entry: LogEntry) {
    const seq = entry.seq;
    const start = this.start;
    const text = encodeLine(entry, !!this.host.module.secretRolls, this.keysOf, start);
    this.lines.push([seq, text]);
    this.window.push(decodeLine(seq, text, this.keyLists, start));
    if (this.window.length > LOG_WINDOW) this.window.shift();
    // Out with the next frame of every audience (issue #29).
    this.host.lines?.line(seq, text);
  }
}
