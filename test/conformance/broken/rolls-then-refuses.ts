// Broken on purpose: apply rolls the dice before it checks there are that many left, then refuses.
import { hiddenPips, rollSum, type PipsAction, type PipsState } from './hidden-pips';
import { refuse, type GameModule } from '@dicehall/shared';

export const rollsThenRefuses: GameModule<PipsState, PipsAction, Record<string, never>> = {
  ...hiddenPips,
  id: 'broken-rolls-then-refuses',
  apply(s, seat, a, dice) {
    if (a.type !== 'roll' || !this.toAct(s).includes(seat)) return hiddenPips.apply.call(this, s, seat, a, dice);
    const sum = rollSum(dice, a.dice);
    if (a.dice > s.left[seat]) return refuse('too-many', 'Not that many dice left.');
    const score = s.score.map((x, i) => (i === seat ? x + sum : x));
    const left = s.left.map((x, i) => (i === seat ? x - a.dice : x));
    const done = (i: number) => s.stopped[i] || left[i] === 0;
    return {
      ok: true,
      state: { ...s, score, left, turn: done(1 - seat) ? seat : 1 - seat },
      events: [{ type: 'roll', seat, sum }],
    };
  },
};
