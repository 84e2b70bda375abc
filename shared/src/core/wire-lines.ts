// What a view's wire form may point into (GameModule.wireView): public log lines by seq, and the pointers themselves.
// Apart from ./log-line (which the bots must not reach, test/bots/input.test.ts): a line here is only its seq and
// events, which a `PublicLine` is.
import type { GameEvent } from './game-module';

/** A public log line as far as a view's wire form reads it (./log-line `PublicLine` is one). */
export interface HeldLine {
  seq: number;
  events: GameEvent[];
}

/**
 * Public lines by seq, as one side holds them: what a view's wire form may point into (GameModule.wireView). The
 * server's are the room's latest published lines; a client's, the lines it holds of the game (client/src/net/store).
 */
export interface LineSource {
  line(seq: number): HeldLine | undefined;
}

export const noLines: LineSource = { line: () => undefined };

/** A source over a list of lines (any order). */
export function linesOf(lines: Iterable<HeldLine>): LineSource {
  const bySeq = new Map<number, HeldLine>();
  for (const l of lines) bySeq.set(l.seq, l);
  return { line: (seq) => bySeq.get(seq) };
}

/**
 * A view's wire form points to a line its holder does not hold. Lines travel in the same frame as the views that
 * point to them (issue #29), so this means frames were lost: the client asks for a snapshot (./view-stream).
 */
export class LineMissing extends Error {
  constructor(readonly seq: number) {
    super(`log line ${seq} is not held`);
  }
}

/**
 * A field of a view as it travels (GameModule.wireView): the seq of the newest line in `lines` from which `derive`
 * rebuilds exactly `value` (the same JSON text, key order included), or `value` itself when none does. A field a
 * log line already says (the last attack, the last move) then costs its seq instead of a second copy.
 */
export function pointTo<T>(
  value: T,
  lines: readonly HeldLine[],
  derive: (line: HeldLine) => T | undefined,
): T | number {
  if (value === null || typeof value !== 'object') return value;
  let text: string | undefined;
  for (let k = lines.length - 1; k >= 0; k--) {
    const d = derivedText(lines[k]!, derive as (line: HeldLine) => unknown);
    if (d === undefined) continue;
    text ??= JSON.stringify(value);
    if (d === text) return lines[k]!.seq;
  }
  return value;
}

/**
 * What `derive` rebuilds from a line, as JSON text, worked out once per line and derive: a server room points each
 * audience's view (and each action's) into the same few lines, which do not change once published.
 */
const derived = new WeakMap<HeldLine, Map<(line: HeldLine) => unknown, string | undefined>>();
function derivedText(line: HeldLine, derive: (line: HeldLine) => unknown): string | undefined {
  let byDerive = derived.get(line);
  if (!byDerive) derived.set(line, (byDerive = new Map()));
  if (byDerive.has(derive)) return byDerive.get(derive);
  const d = derive(line);
  const text = d === undefined ? undefined : JSON.stringify(d);
  byDerive.set(derive, text);
  return text;
}

/** The field `pointTo` sent: rebuilt from the line it names, or as it travelled (a whole value). */
export function pointedTo<T>(field: T | number, lines: LineSource, derive: (line: HeldLine) => T | undefined): T {
  if (typeof field !== 'number') return field;
  const line = lines.line(field);
  if (!line) throw new LineMissing(field);
  const d = derive(line);
  if (d === undefined) throw new Error(`log line ${field} does not hold what the view points to`);
  return d;
}
