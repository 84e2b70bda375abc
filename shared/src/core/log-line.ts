// The public log line as it travels live (in each audience's stream frames, ./view-stream `TableDelta`, and the pages a
// client is sent): a compact JSON array rather than the entry's object, since every client receives every line. An
// event travels as its values after the number of its key list, each key list sent once a game (`TableDelta.k`): the keys were
// a third to a half of a line. The proof log (`GameLog.entries`, ./log) is not this: it keeps its stable objects,
// and a finished game's log comes whole over HTTP.
import type { Roll } from './dice';
import type { GameEvent } from './game-module';
import type { LogEntry } from './table';

/** A roll as `[index, sides, value]`, or `[index, sides, value, key]` for a keyed roll. */
export type WireRoll = [number, number, number] | [number, number, number, string];

/** An event as `[keys, ...values]`: `keys` numbers a key list of the game's (`TableDelta.k`), the values in its order. */
export type WireEvent = [keys: number, ...values: unknown[]];

/**
 * One public line: `[kind, seat, rolls, events, at]`, then the bot's level when a bot made the move. The seq is
 * not in it: it travels beside the line (`[seq, line]` in a frame's `TableDelta.l`, or a page's `[seq, text]`), once. The kind of nearly
 * every line, 'action', travels as 0 (`ACTION`); `at` counts from the game's start (`TableDelta.s`, the setup
 * entry's time): 6 or 7 digits instead of 13. Both are ~14 B of every line every client receives (issue #18).
 */
export type WireLine =
  | [kind: WireKind, seat: number | null, rolls: WireRoll[], events: WireEvent[], at: number]
  | [kind: WireKind, seat: number | null, rolls: WireRoll[], events: WireEvent[], at: number, bot: string];

/** A line's kind as it travels: 'action' as 0 (`ACTION`), the others (setup, platform entries) as their word. */
export type WireKind = Exclude<LogEntry['kind'], 'action'> | typeof ACTION;
export const ACTION = 0;

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
 * and without the rolls when the module says they reveal a secret (a shuffled deck). `keysOf` numbers an event's
 * key list (the same list, the same number, for the whole game), so the keys are not written in every line.
 * `start`: the game's start (its setup entry's `at`), which `at` counts from.
 */
export function encodeLine(
  entry: LogEntry,
  secretRolls: boolean,
  keysOf: (keys: string[]) => number,
  start = 0,
): string {
  const rolls: WireRoll[] = secretRolls
    ? []
    : entry.rolls.map((r) => (r.key === undefined ? [r.index, r.sides, r.value] : [r.index, r.sides, r.value, r.key]));
  const events = entry.events.map((ev): WireEvent => {
    const record = ev as unknown as Record<string, unknown>;
    // A key whose value is undefined is not in the event's JSON, so it is not in its key list either.
    const keys: string[] = [];
    const values: unknown[] = [];
    for (const k in record) {
      const v = record[k];
      if (v !== undefined && Object.hasOwn(record, k)) {
        keys.push(k);
        values.push(v);
      }
    }
    return [keysOf(keys), ...values];
  });
  const kind: WireKind = entry.kind === 'action' ? ACTION : entry.kind;
  const at = entry.at - start;
  const line: WireLine = entry.bot
    ? [kind, entry.seat, rolls, events, at, entry.bot]
    : [kind, entry.seat, rolls, events, at];
  return JSON.stringify(line);
}

/** Key lists given as JSON texts (each a JSON array of names), read once. */
export const readKeys = (logKeys: Iterable<string>): string[][] => [...logKeys].map((k) => JSON.parse(k) as string[]);

/**
 * Reads a line the server wrote (`encodeLine`) with the seq it travelled beside, the game's key lists and its start
 * (`TableDelta.s`).
 */
export function decodeLine(seq: number, text: string, keys: readonly (readonly string[])[], start = 0): PublicLine {
  return readLine(seq, JSON.parse(text) as WireLine, keys, start);
}

/** A line already parsed (one of a frame's `TableDelta.l`), as `decodeLine` reads it. */
export function readLine(seq: number, line: WireLine, keys: readonly (readonly string[])[], start = 0): PublicLine {
  const [kind, seat, rolls, events, at, bot] = line;
  return {
    seq,
    kind: kind === ACTION ? 'action' : kind,
    seat,
    rolls: rolls.map(([index, sides, value, key]) =>
      key === undefined ? { index, sides, value } : { index, sides, value, key },
    ),
    events: events.map((ev) => {
      const names = keys[ev[0]];
      if (!names) throw new Error(`log line ${seq}: unknown key list ${ev[0]}`);
      const out: Record<string, unknown> = {};
      for (let i = 0; i < names.length; i++) {
        const k = names[i]!;
        // As Object.fromEntries would: an own field, even one named like the prototype's accessor.
        if (k === '__proto__')
          Object.defineProperty(out, k, { value: ev[i + 1], enumerable: true, writable: true, configurable: true });
        else out[k] = ev[i + 1];
      }
      return out as unknown as GameEvent;
    }),
    at: at + start,
    ...(bot ? { bot } : {}),
  };
}

/** Lines the room keeps in its synced state (the most recent); a client asks for earlier ones (`LOG_PAGE` a time). */
export interface LogPage {
  gameId: string;
  /** `[seq, encodeLine text]`, oldest first, contiguous and ending just before the `before` asked for. */
  lines: [number, string][];
}

/**
 * The public lines of the current game a client holds, contiguous, oldest first: every line its stream's frames
 * brought (the latest lines in its first, full frame), and earlier pages it asked for (`log-before`). A new game
 * starts afresh. Lines that do not join the run
 * reaching the newest (an answer to an older question) are let go, so the log never has a hole. The web client's
 * store and the tests' and benches' clients keep their lines with it.
 */
export class HeldLines {
  gameId = '';
  /** The game's key lists (`TableDelta.k`). */
  keys: string[][] = [];
  /** The game's start (`TableDelta.s`). */
  start = 0;
  /** The held lines, contiguous, oldest first (a new list whenever lines are added). */
  list: PublicLine[] = [];
  /** Lines that came past a gap (none should: a gap in the stream is a snapshot first). */
  holes = 0;
  /** The most lines one frame brought. */
  widest = 0;
  private bySeq = new Map<number, PublicLine>();
  /** A page of a game not held yet (asked just before a rematch): read with that game's first frame. */
  private pending: LogPage | null = null;

  /**
   * What a frame of the view stream brought (./view-stream `TableDelta`): a new game's id and start (the lines held
   * start afresh), key lists (all of them in a `full` frame, new ones appended otherwise), and lines. True when lines
   * were added (or a new game began).
   */
  frame(t: { g?: string; s?: number; k?: string[][]; l?: [number, WireLine][] }, full: boolean): boolean {
    let changed = false;
    if (t.g !== undefined && t.g !== this.gameId) {
      this.gameId = t.g;
      this.bySeq.clear();
      this.list = [];
      this.keys = [];
      changed = true;
    }
    if (t.s !== undefined) this.start = t.s;
    if (Array.isArray(t.k)) this.keys = full ? t.k : [...this.keys, ...t.k];
    const pending = this.pending;
    if (pending && pending.gameId === this.gameId) {
      this.pending = null;
      changed = this.page(pending) || changed;
    }
    const lines = Array.isArray(t.l) ? t.l : [];
    if (lines.length === 0) return changed;
    this.widest = Math.max(this.widest, lines.length);
    const newest = this.list[this.list.length - 1]?.seq;
    if (!full && newest !== undefined && lines[0]![0] > newest + 1) this.holes++;
    return this.add(lines.map(([seq, line]) => [seq, () => readLine(seq, line, this.keys, this.start)])) || changed;
  }

  /**
   * Lines the room sent in a `log-page` (on joining, ahead of the first state; or asked for): kept where they join
   * the lines held. A page of another game than the one held waits for that game's state (`sync`).
   */
  page(page: LogPage): boolean {
    if (!page || !Array.isArray(page.lines)) return false;
    if (page.gameId !== this.gameId) {
      this.pending = page;
      return false;
    }
    return this.add(
      page.lines
        .filter((l) => Array.isArray(l) && typeof l[0] === 'number' && typeof l[1] === 'string')
        .map(([seq, text]) => [seq, () => decodeLine(seq, text, this.keys, this.start)]),
    );
  }

  /** The held line of a seq. */
  line(seq: number): PublicLine | undefined {
    return this.bySeq.get(seq);
  }

  private add(lines: [number, () => PublicLine][]): boolean {
    let added = false;
    for (const [seq, read] of lines) {
      if (this.bySeq.has(seq)) continue;
      this.bySeq.set(seq, read());
      added = true;
    }
    if (!added) return false;
    const list = [...this.bySeq.values()].sort((a, b) => a.seq - b.seq);
    // Keep the run of consecutive seqs that reaches the newest line.
    let first = list.length - 1;
    while (first > 0 && list[first - 1]!.seq === list[first]!.seq - 1) first--;
    for (const l of list.slice(0, first)) this.bySeq.delete(l.seq);
    this.list = list.slice(first);
    return true;
  }
}
