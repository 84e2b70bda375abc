// A table's record of its game: the fair-dice seeds (committed before play, revealed when the game ends, when the
// next game's commitment is shown for a rematch), every log entry, and the public log lines synced in the schema,
// with the lines a module keeps back until they may be seen. It is what the game log and its verification rest on.
import { randomBytes } from 'node:crypto';
import {
  commitmentOf,
  FAIR_SCHEME,
  FairDice,
  LOG_FORMAT,
  newServerSeed,
  RecordingDice,
  resultOf,
  type GameLog,
  type GameModule,
  type LogEntry,
  type Table,
} from '@dicehall/shared';
import { nodeHmac } from './node-hmac';
import { LogLine, type TableState } from './schema';

/** What the record needs from its room. */
export interface RecordHost {
  state: TableState;
  module: GameModule;
}

export class GameRecord {
  /** Every entry of the game, actions included (given out once the game is over). */
  entries: LogEntry[] = [];
  private serverSeed = '';
  private nextServerSeed = '';
  /** Log lines the module keeps back for now (a race round's moves, until the round is over): see holdLog. */
  private held: LogEntry[] = [];

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
    this.host.state.log.clear();
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
    this.host.state.log.clear();
    this.held = [];
    entries.forEach((e, k) => {
      if (heldAfter[k]) this.held.push(e);
      else for (const line of [...this.held.splice(0), e]) this.appendLine(line);
    });
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

  private appendLine(entry: LogEntry) {
    const line = new LogLine();
    line.seq = entry.seq;
    // Everything but the action itself, which may be secret (an arrangement) until the game ends, and the rolls
    // when the module says they reveal a secret (a shuffled deck).
    const rolls = this.host.module.secretRolls ? [] : entry.rolls;
    line.json = JSON.stringify({
      seq: entry.seq,
      kind: entry.kind,
      seat: entry.seat,
      rolls,
      events: entry.events,
      at: entry.at,
      ...(entry.bot ? { bot: entry.bot } : {}),
    });
    this.host.state.log.push(line);
  }
}
