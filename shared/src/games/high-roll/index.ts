// High Roll: a tiny test game that proves the contract end to end. Each player rolls a d6 three times,
// turns alternating; the higher total wins, equal totals draw. Not listed in the lobby.
import { z } from 'zod';
import { refuse, type GameModule, type Seat } from '../../core/game-module';
import { seatName } from '../../core/names';
import { meaningOfFaces } from '../../core/roll-meaning';

export const ROLLS_EACH = 3;

export interface HighRollState {
  seats: number;
  sides: number;
  rolls: number[][];
  turn: Seat;
}

const options = z.object({ sides: z.number().int().min(2).max(20).default(6) }).strict();
const action = z.object({ type: z.literal('roll') }).strict();
export type HighRollOptions = z.output<typeof options>;
export type HighRollAction = z.output<typeof action>;

/** Everyone sees everything: High Roll has no secret. */
export interface HighRollView {
  rolls: number[][];
  totals: number[];
  turn: Seat;
  sides: number;
}

/** Type aliases, not interfaces, so each stays assignable to the log's loose `GameEvent`. */
export type HighRollEvent =
  | { type: 'start' }
  | { type: 'rolled'; seat: Seat; sides: number; value: number; total: number };

const total = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

export const highRoll: GameModule<HighRollState, HighRollAction, HighRollOptions, HighRollView, HighRollEvent> = {
  id: 'high-roll',
  name: 'High Roll',
  pitch: 'Each player rolls three dice in turn; the higher total wins. A test game for the table itself.',
  seats: { min: 2, max: 2 },
  rulesVersion: 1,
  listed: false,
  draws: true,
  // G1: each turn is one roll, and every seat rolls ROLLS_EACH times.
  bounds: (_options, seats) => ({
    actionsPerTurn: 1,
    actionsPerGame: ROLLS_EACH * seats,
    why: `One roll per turn; each seat rolls ${ROLLS_EACH} times, then the game is over.`,
  }),
  options,
  action,
  setup(opts, seats) {
    return {
      ok: true,
      state: { seats, sides: opts.sides, rolls: Array.from({ length: seats }, () => []), turn: 0 },
      events: [{ type: 'start' }],
    };
  },
  toAct(state) {
    return state.rolls.every((r) => r.length >= ROLLS_EACH) ? [] : [state.turn];
  },
  legalActions(state, seat) {
    return this.toAct(state).includes(seat) ? [{ type: 'roll' }] : [];
  },
  apply(state, seat, _action, dice) {
    if (!this.toAct(state).includes(seat)) return refuse('not-your-turn', 'It is not your turn.');
    const value = dice.roll(state.sides);
    const rolls = state.rolls.map((r, s) => (s === seat ? [...r, value] : r));
    return {
      ok: true,
      state: { ...state, rolls, turn: (seat + 1) % state.seats },
      events: [{ type: 'rolled', seat, sides: state.sides, value, total: total(rolls[seat] ?? []) }],
    };
  },
  // Issue 34: each roll is the roller's own, and a higher face is better (the totals decide).
  rollMeanings: ({ seat, rolls }) =>
    seat === null ? [] : rolls.map((r) => meaningOfFaces(seat, r.sides, r.value, (f) => f, 'roll')),
  view(state) {
    return { rolls: state.rolls, totals: state.rolls.map(total), turn: state.turn, sides: state.sides };
  },
  result(state) {
    if (this.toAct(state).length > 0) return null;
    const totals = state.rolls.map(total);
    const best = Math.max(...totals);
    const winners = totals.flatMap((t, s) => (t === best ? [s] : []));
    if (winners.length > 1) return { winners: [], draw: true, reason: 'equal-totals', summary: `Draw at ${best} each` };
    return { winners, draw: false, reason: 'higher-total', summary: `Higher total, ${totals.join(' to ')}` };
  },
  describe(event, names) {
    switch (event.type) {
      case 'rolled':
        return `${seatName(names, event.seat)} rolls a d${event.sides}: ${event.value} (total ${event.total})`;
      case 'start':
        return 'The game begins';
    }
  },
};
