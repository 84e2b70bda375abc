// The contract every game implements: pure rules behind one interface the room, client and tests share.
import type { ZodType } from 'zod';
import type { Dice, Roll } from './dice';
import type { TimeoutPolicy } from './clock';
import type { HeldLine, LineSource } from './wire-lines';

/** A seat index: 0 for the first player, 1 for the second, … */
export type Seat = number;

/**
 * Something that happened, public by contract: events are shown to everyone, so they never carry a secret.
 * The loose shape every log entry holds; a game names its own events as a union of object types (type aliases,
 * not interfaces, so they stay assignable to this index signature): `HighRollEvent` is the worked example.
 */
export interface GameEvent {
  type: string;
  [key: string]: unknown;
}

export type Step<S, E extends GameEvent = GameEvent> = { ok: true; state: S; events: E[] };
export type Refusal = { ok: false; code: string; message: string };

export interface Result {
  /** Winning seats; empty for a draw. */
  winners: Seat[];
  draw: boolean;
  /** A short code ("two-batteries", "annihilation", "resigned", …). */
  reason: string;
  /** A sentence for people. */
  summary: string;
}

/**
 * G1, every game ends: how many actions one turn and one whole game can take, and how that is known.
 *
 * A *turn* of a seat is the actions that seat takes while nothing marks a new turn: the list of awaited seats
 * (`toAct`) stays the same list, and the module's `turnNumber` (when it declares one) stays the same number. In a
 * game of turns that is the mover's turn; in a simultaneous step (a secret arrangement, a bid, a race's round) it
 * is each seat's input between two changes of who is awaited: when one seat finishes answering, `toAct` changes
 * and a new turn begins for those still awaited. A game whose `toAct` does not show every new turn (a solo race
 * awaited throughout, an automatic pass that gives the same seat the next turn) declares `turnNumber`.
 * No state may repeat inside one turn.
 */
export interface GameBounds {
  /** The most actions one seat takes in one turn. */
  actionsPerTurn: number;
  /** The most actions of all seats together from the setup to the result. */
  actionsPerGame: number;
  /**
   * How both are known, in a sentence or two: the proof, or the derivation from the rules' own limits; where a
   * number is only checked by the conformance suite's stall-seeking search (test/helpers/termination.ts), say so.
   */
  why: string;
}

/**
 * What one roll meant, for the luck report (issue 34, ./luck.ts): which seat a good result helps and how good this
 * result was for that seat, as chances under fair dice in the situation it was rolled in.
 */
export interface RollMeaning {
  /** The seat the roll's result is good or bad for; null for luck nobody chose (a shuffle, a random placement). */
  favours: Seat | null;
  /** The chance that a fair die rolled here gives a result strictly better for `favours` (0 for the best result). */
  better: number;
  /** The chance of a result exactly as good, this result's own face included (so better + same <= 1). */
  same: number;
  /** A few words for the per-roll list: "capture reroll", "attack on a d12 shield", "deck shuffle". */
  what: string;
}

/**
 * The situation of an entry's rolls, as the luck report replays the log: the state before the entry (null for the
 * setup), what was done, the state after it, and the rolls it took in the order the rules took them.
 */
export interface RollSituation<State = unknown, Action = unknown, Event extends GameEvent = GameEvent> {
  kind: 'setup' | 'action' | 'resign' | 'claim' | 'draw' | 'timeout';
  seat: Seat | null;
  before: State | null;
  action: Action | undefined;
  after: State;
  events: readonly Event[];
  rolls: readonly Roll[];
}

/**
 * One game's rules. The type parameters tie each part to the others: `apply` takes the `Action` the `action`
 * schema parses, `view` returns the `View` the client draws, `describe` reads the game's own `Event`s.
 * `GameModule` with no arguments is "some game" (the registry, the room, the verifier): its methods take
 * `unknown`, which every module satisfies because TypeScript checks method parameters bivariantly.
 */
export interface GameModule<
  State = unknown,
  Action = unknown,
  Options = unknown,
  View = unknown,
  Event extends GameEvent = GameEvent,
> {
  id: string;
  name: string;
  /** One paragraph for the lobby. */
  pitch: string;
  seats: { min: number; max: number };
  /**
   * How many seats a room with these options has (within `seats`); without it, `seats.max`. Lets one game offer
   * rooms of several sizes without the room knowing why.
   */
  seatsFor?(options: Options): number;
  /**
   * The rules version this module plays. Raise it whenever a rule change could make an archived log
   * replay differently (another event, another roll, another ending); a log records it (log.ts).
   */
  rulesVersion: number;
  /**
   * The module playing an older version of these rules, for replaying archived logs; undefined for a
   * version this build no longer knows. Absent when there never was another version.
   */
  rulesFor?(version: number): GameModule<State, Action, Options, View, Event> | undefined;
  /**
   * G1: the bounds of a table with these (parsed) options and seats. The conformance suite's termination law has a
   * stall-seeking player try to exceed them in every registered game (test/conformance/README.md).
   */
  bounds(options: Options, seats: number): GameBounds;
  /**
   * The game's own count of turns or rounds, rising at each new one, for a game whose `toAct` does not show every
   * new turn (see GameBounds): a solo Dice Siege round, a Dice Chess ply after an automatic pass.
   */
  turnNumber?(state: State): number;
  /** Test-only modules stay out of the lobby. */
  listed: boolean;
  /** Whether the game can end in a draw, so players may also agree to one. */
  draws?: boolean;
  /**
   * The rolls themselves would reveal a secret (a shuffle gives away the deck's order), so the room keeps them
   * out of the public log lines; the full log, rolls included, is published when the game ends.
   */
  secretRolls?: boolean;
  options: ZodType<Options>;
  /** Parses untrusted input; anything it accepts may still be illegal in the position. */
  action: ZodType<Action>;
  setup(options: Options, seats: number, dice: Dice): Step<State, Event>;
  /** Whose input is awaited (several when simultaneous); empty once the game is over. */
  toAct(state: State): Seat[];
  legalActions(state: State, seat: Seat): Action[];
  /**
   * The same list as `legalActions(state, seat)`, worked out from what `seat` is shown alone (`view(state, seat)`),
   * for a seat that is to act. When present the room sends no legal-action list: each client derives its own
   * (shared/src/core/view-stream.ts), which costs no bytes per change (bench/RESULTS.md). The view stream test
   * checks it against `legalActions` at every step of random games.
   */
  legalFromView?(view: unknown, seat: Seat): Action[];
  apply(state: State, seat: Seat, action: Action, dice: Dice): Step<State, Event> | Refusal;
  /** What `seat` may see (null: a spectator). Never carries another seat's secret. */
  view(state: State, seat: Seat | null): View;
  /**
   * `view(state, seat)` made from the spectators' view of the same state (`publicView`, `view(state, null)`), when
   * most of a seat's view is the public one: the room makes every audience's view at each change (issue 18: three
   * views of the whole table per Shields action). Returning `publicView` itself says the seat sees exactly what
   * spectators see; the room then makes one document for all of them. Anything else it returns may share the public
   * view's objects but must not change them. Must equal `view(state, seat)`: the conformance suite checks it at
   * every step of random games.
   */
  seatView?(state: State, seat: Seat, publicView: View): View;
  /**
   * What of a view travels, when some of its fields can be worked out exactly from the rest with the shared rules
   * (a list of moves, a board's text): `toWire` leaves them out on the server, `fromWire` puts them back on the
   * client (shared/src/core/view-stream.ts), so a change costs no bytes for them. `fromWire(toWire(state, v))`
   * must equal `v` for every view of every state (the view stream test checks it over random games); `fromWire`
   * only fills fields that are absent, so a view sent whole still reads as itself.
   *
   * `lines` are the public log lines every client receiving this form also holds (the room's latest, newest last,
   * carried in the same stream frame or an earlier one; none for a full document), so a field a line already says
   * (the last attack, the last move) may travel as that line's seq (`pointTo`, ./wire-lines); `fromWire` rebuilds it
   * from the line it names in the lines its holder has, and throws `LineMissing` when it is not held (frames were
   * lost: the client asks for a snapshot). `toWire` points only where the rebuild comes out
   * exactly the same, so the view stays exact whatever the lines hold.
   */
  wireView?: {
    toWire(state: State, view: View, lines: readonly HeldLine[]): unknown;
    fromWire(wire: unknown, lines: LineSource): View;
  };
  /**
   * Everything, hidden cards included, for the replay of a finished game (whose full log is public by then).
   * Games without secrets leave it out: the replay shows the spectators' view.
   */
  openView?(state: State): View;
  result(state: State): Result | null;
  /**
   * The probe for hidden information, used by the conformance suite: a state `viewer` (null: a spectator) cannot
   * tell from `state`, with everything hidden from them re-dealt from `dice` (other hands reshuffled, other
   * seats' pending answers changed). `view(state, viewer)` must come out the same for both. Games without
   * secrets leave it out; a game with secrets must declare it.
   */
  disguise?(state: State, viewer: Seat | null, dice: Dice): State;
  /**
   * What each roll of one entry meant (issue 34): one item per roll of `situation.rolls`, in order; null (or a short
   * list) says a roll meant nothing to anyone. A pure function of the situation, so the luck report recomputes it
   * from the log alone; it must read every rules version the module's `rulesFor` serves. Without it, the game's rolls
   * count for nobody.
   */
  rollMeanings?(situation: RollSituation<State, Action, Event>): readonly (RollMeaning | null)[];
  /** One event in plain words; `names` are the seats' display names. */
  describe(event: Event, names: string[]): string;
  /**
   * The game's own result in plain words with names, without the "Game over" around it ("Bob wins — Alice has
   * no dice left on the board"). Without it, resultText builds one from the summary.
   */
  describeResult?(result: Result, names: string[]): string;
  /**
   * A resignation in a game of more than two seats: only `seat` leaves, the others play on (the module's own
   * `result` then says when it ends). Without it, or at two seats, the table gives the win to everyone else.
   */
  resign?(state: State, seat: Seat, dice: Dice): Step<State, Event> | Refusal;
  /**
   * Each player plays alone (a race): one who resigns, or stays away past the grace, leaves only themselves, even
   * at two seats. The table calls `resign`, and the room enters that resignation itself when the grace runs out
   * instead of offering the others a claim, so nobody is held up longer than the grace.
   */
  playsOnAlone?: boolean;
  /**
   * Simultaneous secret choices: while true for the state after an entry, the room keeps that entry's public log
   * line back; the held lines go out, in order, with the first entry after which it is false (and at the end).
   */
  holdLog?(state: State): boolean;
  /** What resigning gives up, for the confirmation ("this game", "the whole match"); "this game" without it. */
  resignScope?(options: Options): string;
  /**
   * What a fallen clock does at a table of more than two seats: 'eliminate' takes the player out through `resign`,
   * 'skip' passes their turn through `skip`. Without it (or without the hook it names) such a table cannot be timed.
   */
  timeoutPolicy?: TimeoutPolicy;
  /** The 'skip' policy's hook: `seat`'s turn (or answer in a simultaneous step) passes; the game goes on. */
  skip?(state: State, seat: Seat, dice: Dice): Step<State, Event> | Refusal;
}

/**
 * The module that plays `version` of a game's rules, or a refusal saying which versions differ.
 * The design: each module keeps its older rules where they differ (the version lives in the game's own
 * state, set at setup, so one `apply` serves every version); the room always plays the newest, and only
 * replay and verification ask for an older one.
 */
export function rulesModule<S, A, O, V, E extends GameEvent>(
  module: GameModule<S, A, O, V, E>,
  version: number,
): GameModule<S, A, O, V, E> | Refusal {
  if (version === module.rulesVersion) return module;
  const older = Number.isInteger(version) ? module.rulesFor?.(version) : undefined;
  if (older && older.rulesVersion === version) return older;
  return refuse('unknown-rules', `played under rules v${version}, this build knows v${module.rulesVersion}`);
}

/** The number of seats a room of `module` with (parsed) `options` has. */
export function seatCount<O>(module: GameModule<unknown, unknown, O>, options: O): number {
  return module.seatsFor?.(options) ?? module.seats.max;
}

/** The parts of a module, for code that holds one game's module: `ViewOf<typeof shields>` is `ShieldsView`. */
export type StateOf<M> = M extends GameModule<infer S, infer _A, infer _O, infer _V, infer _E> ? S : never;
export type ActionOf<M> = M extends GameModule<infer _S, infer A, infer _O, infer _V, infer _E> ? A : never;
export type OptionsOf<M> = M extends GameModule<infer _S, infer _A, infer O, infer _V, infer _E> ? O : never;
export type ViewOf<M> = M extends GameModule<infer _S, infer _A, infer _O, infer V, infer _E> ? V : never;
export type EventOf<M> = M extends GameModule<infer _S, infer _A, infer _O, infer _V, infer E> ? E : never;

export function refuse(code: string, message: string): Refusal {
  return { ok: false, code, message };
}
