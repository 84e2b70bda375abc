// The public log line as it travels live (the synced `TableState.log` and the earlier lines a client asks for): a
// compact JSON array rather than the entry's object, since every client receives every line. The proof log
// (`GameLog.entries`, ./log) is not this: it keeps its stable objects, and a finished game's log comes whole over HTTP.
import type { Roll } from './dice';
import type { GameEvent } from './game-module';
import type { LogEntry } from './table';

/** A roll as `[index, sides, value]`, or `[index, sides, value, key]` for a keyed roll. */
export type WireRoll = [number, number, number] | [number, number, number, string];

/**
 * One public line: `[kind, seat, rolls, events, at]`, then the bot's level when a bot made the move. The seq is
 * not in it: it travels beside the text (`LogLineSync.seq`, or a page's `[seq, text]`), once.
 */
export type WireLine =
  | [kind: LogEntry['kind'], seat: number | null, rolls: WireRoll[], events: GameEvent[], at: number]
  | [kind: LogEntry['kind'], seat: number | null, rolls: WireRoll[], events: GameEvent[], at: number, bot: string];

/** A public line as a client reads it: the entry without its action (which may be secret until the game ends). */
export interface PublicLine {
  seq: number;
  kind: LogEntry['kind'];
  seat: number | null;
  rolls: Roll[];
  events: GameEvent[];
  at: number;
  /** Set when a bot made this move for the seat (its level). */
  bot?: string;
}

/**
 * An entry's public line: everything but the action, which may be secret (an arrangement) until the game ends,
 * and without the rolls when the module says they reveal a secret (a shuffled deck).
 */
export function encodeLine(entry: LogEntry, secretRolls: boolean): string {
  const rolls: WireRoll[] = secretRolls
    ? []
    : entry.rolls.map((r) => (r.key === undefined ? [r.index, r.sides, r.value] : [r.index, r.sides, r.value, r.key]));
  const line: WireLine = entry.bot
    ? [entry.kind, entry.seat, rolls, entry.events, entry.at, entry.bot]
    : [entry.kind, entry.seat, rolls, entry.events, entry.at];
  return JSON.stringify(line);
}

/** Reads a line the server wrote (`encodeLine`) with the seq it travelled beside. */
export function decodeLine(seq: number, text: string): PublicLine {
  const [kind, seat, rolls, events, at, bot] = JSON.parse(text) as WireLine;
  return {
    seq,
    kind,
    seat,
    rolls: rolls.map(([index, sides, value, key]) =>
      key === undefined ? { index, sides, value } : { index, sides, value, key },
    ),
    events,
    at,
    ...(bot ? { bot } : {}),
  };
}

/** Lines the room keeps in its synced state (the most recent); a client asks for earlier ones (`LOG_PAGE` a time). */
export interface LogPage {
  gameId: string;
  /** `[seq, encodeLine text]`, oldest first, contiguous and ending just before the `before` asked for. */
  lines: [number, string][];
}
