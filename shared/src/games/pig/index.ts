// Pig: the example game that docs/new-game.md walks through, kept small on purpose. On your turn roll a d6 as often
// as you like, adding to the turn's total, and hold to bank it; a 1 loses the turn's total and ends the turn.
// First to the target wins; after EIGHT turns each, the higher score does. Not listed in the lobby.
import { z } from 'zod';
import { refuse, type GameModule, type Seat } from '../../core/game-module';
import { seatName } from '../../core/names';
import { meaningOfFaces } from '../../core/roll-meaning';

/** Turns each seat takes at most (ruling P4): the cap that makes every game end (G1). */
export const TURNS_EACH = 8;

export interface PigState {
  seats: number;
  target: number;
  scores: number[];
  /** What the seat to act has rolled this turn, not yet banked. */
  turnTotal: number;
  turn: Seat;
  /** Turns finished so far, all seats together. */
  turns: number;
  /** The seat that reached the target, once one has. */
  reached: Seat | null;
}

const options = z
  .object({
    target: z.number().int().min(10).max(100).default(20),
    seats: z.number().int().min(2).max(4).default(2),
  })
  .strict();
const action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll') }).strict(),
  z.object({ type: z.literal('hold') }).strict(),
]);
export type PigOptions = z.output<typeof options>;
export type PigAction = z.output<typeof action>;

/** Everyone sees everything: Pig has no secret. */
export interface PigView {
  scores: number[];
  turnTotal: number;
  turn: Seat;
  target: number;
  turnsLeft: number;
}

/** Type aliases, not interfaces, so each stays assignable to the log's loose `GameEvent`. */
export type PigEvent =
  | { type: 'start'; target: number }
  | { type: 'rolled'; seat: Seat; value: number; turnTotal: number }
  | { type: 'busted'; seat: Seat }
  | { type: 'held'; seat: Seat; banked: number; score: number };

const over = (s: PigState) => s.reached !== null || s.turns >= TURNS_EACH * s.seats;

/** The turn passes (P2, P3): the next seat starts from nothing. */
const nextTurn = (s: PigState): PigState => ({ ...s, turnTotal: 0, turn: (s.turn + 1) % s.seats, turns: s.turns + 1 });

export const pig: GameModule<PigState, PigAction, PigOptions, PigView, PigEvent> = {
  id: 'pig',
  name: 'Pig',
  pitch: 'Roll as long as you dare; a 1 loses the turn. The example game of docs/new-game.md.',
  seats: { min: 2, max: 4 },
  // The table's size is an option (two unless chosen), so a party can seat three or four.
  seatsFor: (opts) => opts.seats,
  rulesVersion: 1,
  listed: false,
  // G1: a roll that does not end the turn adds at least 2, and a turn total reaching the target ends the game, so a
  // turn holds at most ceil(target / 2) rolls and one hold; each seat plays at most TURNS_EACH turns.
  bounds: (opts, seats) => {
    const actionsPerTurn = Math.ceil(opts.target / 2) + 1;
    return {
      actionsPerTurn,
      actionsPerGame: actionsPerTurn * TURNS_EACH * seats,
      why: `A roll that keeps the turn adds at least 2 and reaching ${opts.target} ends the game: at most ${actionsPerTurn - 1} rolls and a hold a turn, ${TURNS_EACH} turns a seat.`,
    };
  },
  options,
  action,
  setup(opts, seats) {
    return {
      ok: true,
      state: {
        seats,
        target: opts.target,
        scores: Array(seats).fill(0),
        turnTotal: 0,
        turn: 0,
        turns: 0,
        reached: null,
      },
      events: [{ type: 'start', target: opts.target }],
    };
  },
  toAct(state) {
    return over(state) ? [] : [state.turn];
  },
  legalActions(state, seat) {
    if (!this.toAct(state).includes(seat)) return [];
    return state.turnTotal > 0 ? [{ type: 'roll' }, { type: 'hold' }] : [{ type: 'roll' }];
  },
  apply(state, seat, act, dice) {
    // The room checks the turn too; the module must not rely on it (conformance calls apply directly).
    if (!this.toAct(state).includes(seat)) return refuse('not-your-turn', 'It is not your turn.');
    if (act.type === 'hold') {
      // P3: a hold banks the turn's total; holding nothing is refused (it would pass the turn for free).
      if (state.turnTotal === 0) return refuse('nothing-to-hold', 'Roll at least once before you hold.');
      const scores = state.scores.map((x, s) => (s === seat ? x + state.turnTotal : x));
      const held = { type: 'held' as const, seat, banked: state.turnTotal, score: scores[seat]! };
      return { ok: true, state: nextTurn({ ...state, scores }), events: [held] };
    }
    const value = dice.roll(6);
    // P2: a 1 loses what the turn gathered and ends it.
    if (value === 1)
      return {
        ok: true,
        state: nextTurn(state),
        events: [
          { type: 'rolled', seat, value, turnTotal: 0 },
          { type: 'busted', seat },
        ],
      };
    const turnTotal = state.turnTotal + value;
    const rolled = { type: 'rolled' as const, seat, value, turnTotal };
    // P1: reaching the target with the turn's total wins at once (it is banked).
    if (state.scores[seat]! + turnTotal >= state.target) {
      const scores = state.scores.map((x, s) => (s === seat ? x + turnTotal : x));
      return { ok: true, state: { ...state, scores, turnTotal: 0, reached: seat }, events: [rolled] };
    }
    return { ok: true, state: { ...state, turnTotal }, events: [rolled] };
  },
  // Issue 34: each roll is the roller's own; a 1 is the worst face, otherwise higher is better.
  rollMeanings: ({ seat, rolls }) =>
    seat === null ? [] : rolls.map((r) => meaningOfFaces(seat, r.sides, r.value, (f) => (f === 1 ? 0 : f), 'roll')),
  view(state) {
    const { scores, turnTotal, turn, target } = state;
    return { scores, turnTotal, turn, target, turnsLeft: TURNS_EACH * state.seats - state.turns };
  },
  result(state) {
    if (!over(state)) return null;
    if (state.reached !== null)
      return {
        winners: [state.reached],
        draw: false,
        reason: 'reached-target',
        summary: `Reached ${state.target} first, ${state.scores.join(' to ')}`,
      };
    // P4: out of turns, the higher score wins; equal top scores draw.
    const best = Math.max(...state.scores);
    const winners = state.scores.flatMap((x, s) => (x === best ? [s] : []));
    if (winners.length > 1) return { winners: [], draw: true, reason: 'equal-scores', summary: `Draw at ${best}` };
    return { winners, draw: false, reason: 'higher-score', summary: `Higher score, ${state.scores.join(' to ')}` };
  },
  describe(event, names) {
    switch (event.type) {
      case 'start':
        return `The game begins: first to ${event.target}`;
      case 'rolled':
        return `${seatName(names, event.seat)} rolls ${event.value}${event.value === 1 ? '' : ` (turn ${event.turnTotal})`}`;
      case 'busted':
        return `${seatName(names, event.seat)} loses the turn`;
      case 'held':
        return `${seatName(names, event.seat)} holds ${event.banked} (score ${event.score})`;
    }
  },
};
