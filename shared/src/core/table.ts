// A game at the table: the module's state plus the platform's own outcomes (resign, claim, agreed draw),
// advanced only through log entries so that the log alone replays the game.
import type { GameEvent, GameModule, Refusal, Result, Seat } from './game-module';
import type { Roll } from './dice';
import type { RecordingDice } from './dice';
import { seatName } from './names';

/** `timeout`: the seat's clock ran out (entered by the room, never sent by a client). */
export type PlatformKind = 'resign' | 'claim' | 'draw' | 'timeout';

export interface LogEntry {
  seq: number;
  kind: 'setup' | 'action' | PlatformKind;
  seat: Seat | null;
  /** The module's action (absent for setup and platform entries). May be secret until the game ends. */
  action?: unknown;
  rolls: Roll[];
  events: GameEvent[];
  /** Server time in ms; informative only, never read by the rules. */
  at: number;
  /** The level of the bot that made this move for the seat; informative, not compared by replays. */
  bot?: string;
}

export interface Table<S = unknown> {
  state: S;
  /** Set by a platform entry; otherwise the module decides. */
  ended: Result | null;
  seats: number;
  seq: number;
}

export type TableStep<S> = { ok: true; table: Table<S>; entry: LogEntry };

export function resultOf<S>(module: GameModule<S>, table: Table<S>): Result | null {
  return table.ended ?? module.result(table.state);
}

export function startTable<S>(
  module: GameModule<S>,
  options: unknown,
  seats: number,
  dice: RecordingDice,
  at = 0,
): TableStep<S> | Refusal {
  const parsed = module.options.safeParse(options ?? {});
  if (!parsed.success)
    return { ok: false, code: 'bad-options', message: parsed.error.issues[0]?.message ?? 'bad options' };
  if (seats < module.seats.min || seats > module.seats.max) {
    return {
      ok: false,
      code: 'bad-seats',
      message: `${module.name} is for ${module.seats.min}–${module.seats.max} players`,
    };
  }
  const step = module.setup(parsed.data, seats, dice);
  const entry: LogEntry = { seq: 0, kind: 'setup', seat: null, rolls: dice.drain(), events: step.events, at };
  return { ok: true, table: { state: step.state, ended: null, seats, seq: 1 }, entry };
}

/** The module's hook for a timeout at more than two seats, by its declared policy; none if it declares none. */
function timeoutHook<S>(module: GameModule<S>): GameModule<S>['resign'] {
  return module.timeoutPolicy === 'eliminate'
    ? module.resign
    : module.timeoutPolicy === 'skip'
      ? module.skip
      : undefined;
}

/** Whether a table of `module` with `seats` seats can run clocks: two seats or fewer, or a declared timeout policy. */
export function timeable(module: GameModule, seats: number): boolean {
  return seats <= 2 || timeoutHook(module) !== undefined;
}

/** Applies a module action or a platform entry. Never throws on bad input; never mutates `table`. */
export function advance<S>(
  module: GameModule<S>,
  table: Table<S>,
  seat: Seat,
  kind: 'action' | PlatformKind,
  input: unknown,
  dice: RecordingDice,
  at = 0,
): TableStep<S> | Refusal {
  if (resultOf(module, table)) return { ok: false, code: 'game-over', message: 'The game is over.' };
  if (!Number.isInteger(seat) || seat < 0 || seat >= table.seats)
    return { ok: false, code: 'not-seated', message: 'Only seated players can act.' };
  const entryOf = (events: GameEvent[], action?: unknown): LogEntry => ({
    seq: table.seq,
    kind,
    seat,
    ...(action === undefined ? {} : { action }),
    rolls: dice.drain(),
    events,
    at,
  });
  if (kind === 'action') {
    const parsed = module.action.safeParse(input);
    if (!parsed.success) return { ok: false, code: 'bad-action', message: `Not an action of ${module.name}.` };
    if (!module.toAct(table.state).includes(seat))
      return { ok: false, code: 'not-your-turn', message: 'It is not your turn.' };
    const mark = dice.count;
    const step = module.apply(table.state, seat, parsed.data, dice);
    if (!step.ok) {
      // A refusal consumes no roll index: rolls the module took before refusing are taken back, so the next
      // accepted action rolls the same dice it would have and the log still verifies. A source that cannot
      // step back (none the platform uses) leaves the gap, which the conformance suite's refusal check reports.
      if (!dice.rewind(mark)) dice.drain();
      return step;
    }
    return {
      ok: true,
      table: { ...table, state: step.state, seq: table.seq + 1 },
      entry: entryOf(step.events, parsed.data),
    };
  }
  // Beyond two seats (or in a game that plays on alone) a resignation, or a timeout under the module's policy, takes
  // out one player; the rest play on.
  const oneOut = table.seats > 2 || (module.playsOnAlone === true && table.seats > 1);
  const oneLeaves = oneOut
    ? kind === 'resign'
      ? module.resign
      : kind === 'timeout'
        ? timeoutHook(module)
        : undefined
    : undefined;
  if (oneLeaves) {
    const step = oneLeaves.call(module, table.state, seat, dice);
    if (!step.ok) {
      dice.drain();
      return step;
    }
    return {
      ok: true,
      table: { ...table, state: step.state, seq: table.seq + 1 },
      entry: entryOf([{ type: kind, seat }, ...step.events]),
    };
  }
  const others = Array.from({ length: table.seats }, (_, s) => s).filter((s) => s !== seat);
  const ended: Result =
    kind === 'resign'
      ? { winners: others, draw: false, reason: 'resigned', summary: 'The opponent resigned' }
      : kind === 'timeout'
        ? { winners: others, draw: false, reason: 'timeout', summary: 'The opponent ran out of time' }
        : kind === 'claim'
          ? { winners: [seat], draw: false, reason: 'abandoned', summary: 'The opponent left and the win was claimed' }
          : { winners: [], draw: true, reason: 'agreed-draw', summary: 'Draw agreed' };
  return { ok: true, table: { ...table, ended, seq: table.seq + 1 }, entry: entryOf([{ type: kind, seat }]) };
}

/**
 * A finished table's result in plain words with names, for the status line and the results. `viewer` is
 * the seat reading it (null for a spectator): the player who resigned reads "You resigned".
 */
export function resultText(module: GameModule, result: Result, names: string[], viewer: Seat | null): string {
  const name = (s: Seat) => seatName(names, s);
  const winners = result.winners.map(name).join(' and ');
  const losers = names.map((_, s) => s).filter((s) => !result.winners.includes(s));
  const lost = losers.map(name).join(' and ');
  switch (result.reason) {
    case 'resigned':
      return viewer !== null && losers.includes(viewer) ? 'You resigned' : `${winners} wins — ${lost} resigned`;
    case 'abandoned':
      return `${winners} wins — ${lost} left the table`;
    case 'agreed-draw':
      return 'Draw agreed';
    case 'timeout':
      return viewer !== null && losers.includes(viewer)
        ? 'You ran out of time'
        : `${winners} wins — ${lost} ran out of time`;
    default: {
      const own = module.describeResult?.(result, names);
      if (own) return own;
      const why = result.summary.replace(/\.+$/, '');
      return result.draw ? `Draw — ${why}` : `${winners} wins — ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
    }
  }
}
