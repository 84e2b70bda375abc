// Broken on purpose: apply adds the roll to the score array it was given, mutating its input.
import { hiddenPips, rollSum, type PipsAction, type PipsState } from './hidden-pips';
import type { GameModule } from '@dicehall/shared';

export const mutates: GameModule<PipsState, PipsAction, Record<string, never>> = {
  ...hiddenPips,
  id: 'broken-mutates',
  apply(s, seat, a, dice) {
    if (a.type !== 'roll' || a.dice > s.left[seat] || !this.toAct(s).includes(seat))
      return hiddenPips.apply.call(this, s, seat, a, dice);
    const sum = rollSum(dice, a.dice);
    s.score[seat] += sum;
    const left = s.left.map((x, i) => (i === seat ? x - a.dice : x));
    const done = (i: number) => s.stopped[i] || left[i] === 0;
    return {
      ok: true,
      state: { ...s, score: s.score.slice(), left, turn: done(1 - seat) ? seat : 1 - seat },
      events: [{ type: 'roll', seat, sum }],
    };
  },
};
