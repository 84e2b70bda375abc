// Broken on purpose, three ways a game can fail to end (G1), each caught by the termination law:
// - `loops`: a "wait" that changes nothing, so a turn can return to its own state for ever;
// - `endlessTurn`: a "tally" that counts up and keeps the turn, so a turn never has to end;
// - `endlessGame`: a "pass" that hands the turn over and changes nothing else, so the game never has to end.
import { z } from 'zod';
import type { GameModule, Seat } from '@dicehall/shared';
import { hiddenPips, type PipsAction, type PipsState } from './hidden-pips';

type Extra = { type: 'wait' } | { type: 'tally' } | { type: 'pass' };
type State = PipsState & { tally?: number };
type Action = PipsAction | Extra;

function withExtra(
  id: string,
  extra: Extra['type'],
  apply: (s: State, seat: Seat) => State,
): GameModule<State, Action> {
  const action = z.union([hiddenPips.action, z.object({ type: z.literal(extra) }).strict()]) as z.ZodType<Action>;
  return {
    ...(hiddenPips as unknown as GameModule<State, Action>),
    id,
    action,
    legalActions(s, seat) {
      const base = hiddenPips.legalActions.call(this, s, seat) as Action[];
      return base.length ? [...base, { type: extra }] : base;
    },
    apply(s, seat, a, dice) {
      if (a.type !== extra) return hiddenPips.apply.call(this, s, seat, a as PipsAction, dice);
      if (!this.toAct(s).includes(seat)) return { ok: false, code: 'not-your-turn', message: 'It is not your turn.' };
      return { ok: true, state: apply(s, seat), events: [{ type: extra, seat }] };
    },
  };
}

export const loops = withExtra('broken-loops', 'wait', (s) => ({ ...s }));
export const endlessTurn = withExtra('broken-endless-turn', 'tally', (s) => ({ ...s, tally: (s.tally ?? 0) + 1 }));
export const endlessGame = withExtra('broken-endless-game', 'pass', (s, seat) => ({
  ...s,
  turn: s.stopped[1 - seat] || s.left[1 - seat] === 0 ? seat : 1 - seat,
}));
