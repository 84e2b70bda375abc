// Hidden Pips, a correct little game with a secret that the broken fixtures beside it each break in one way.
// Each seat is dealt a secret d6; in turn, a seat rolls 1–3 of its 4 dice into its score or stops; the higher score
// plus secret wins.
import { z } from 'zod';
import { refuse, type Dice, type GameModule, type Seat } from '@dicehall/shared';

export interface PipsState {
  secret: number[];
  score: number[];
  left: number[];
  stopped: boolean[];
  turn: Seat;
}
const action = z.discriminatedUnion('type', [
  z.object({ type: z.literal('roll'), dice: z.number().int().min(1).max(3) }).strict(),
  z.object({ type: z.literal('stop') }).strict(),
]);
export type PipsAction = z.infer<typeof action>;

const done = (s: PipsState, seat: Seat) => s.stopped[seat] || s.left[seat] === 0;
const over = (s: PipsState) => done(s, 0) && done(s, 1);
const next = (s: PipsState, seat: Seat): Seat => (done(s, 1 - seat) ? seat : 1 - seat);
export const rollSum = (dice: Dice, n: number) =>
  Array.from({ length: n }, () => dice.roll(6)).reduce((a, b) => a + b, 0);

export const hiddenPips: GameModule<PipsState, PipsAction, Record<string, never>> = {
  id: 'hidden-pips',
  name: 'Hidden Pips',
  pitch: 'A fixture for the conformance kit.',
  seats: { min: 2, max: 2 },
  rulesVersion: 1,
  listed: false,
  // G1: a seat rolls at least one of its 4 dice or stops, so at most 4 actions each; when the other seat is done
  // the same seat goes on, so one turn may hold all 4.
  bounds: () => ({ actionsPerTurn: 4, actionsPerGame: 8, why: 'Each action uses a die or stops; 4 dice a seat.' }),
  options: z.object({}).strict() as unknown as z.ZodType<Record<string, never>>,
  action,
  setup: (_o, _seats, dice) => ({
    ok: true,
    state: { secret: [dice.roll(6), dice.roll(6)], score: [0, 0], left: [4, 4], stopped: [false, false], turn: 0 },
    events: [{ type: 'dealt' }],
  }),
  toAct: (s) => (over(s) ? [] : [s.turn]),
  legalActions(s, seat) {
    if (!this.toAct(s).includes(seat)) return [];
    return [
      ...Array.from({ length: Math.min(3, s.left[seat]) }, (_, i): PipsAction => ({ type: 'roll', dice: i + 1 })),
      { type: 'stop' },
    ];
  },
  apply(s, seat, a, dice) {
    if (!this.toAct(s).includes(seat)) return refuse('not-your-turn', 'It is not your turn.');
    if (a.type === 'stop') {
      const t = { ...s, stopped: s.stopped.map((x, i) => x || i === seat) };
      return { ok: true, state: { ...t, turn: next(t, seat) }, events: [{ type: 'stop', seat }] };
    }
    if (a.dice > s.left[seat]) return refuse('too-many', 'Not that many dice left.');
    const sum = rollSum(dice, a.dice);
    const t = {
      ...s,
      score: s.score.map((x, i) => (i === seat ? x + sum : x)),
      left: s.left.map((x, i) => (i === seat ? x - a.dice : x)),
    };
    return { ok: true, state: { ...t, turn: next(t, seat) }, events: [{ type: 'roll', seat, sum }] };
  },
  view: (s, seat) => ({
    score: s.score,
    left: s.left,
    stopped: s.stopped,
    turn: s.turn,
    mine: seat === null ? null : s.secret[seat],
  }),
  disguise: (s, viewer, dice) => ({ ...s, secret: s.secret.map((x, i) => (i === viewer ? x : dice.roll(6))) }),
  result(s) {
    if (!over(s)) return null;
    const [a, b] = [0, 1].map((i) => s.score[i] + s.secret[i]);
    if (a === b) return { winners: [], draw: true, reason: 'equal', summary: 'Equal totals' };
    return { winners: [a > b ? 0 : 1], draw: false, reason: 'higher', summary: `${a} to ${b}` };
  },
  describe: (e) => e.type,
};
