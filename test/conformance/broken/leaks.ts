// Broken on purpose: every view carries both secrets.
import { hiddenPips, type PipsAction, type PipsState } from './hidden-pips';
import type { GameModule } from '@dicehall/shared';

export const leaks: GameModule<PipsState, PipsAction, Record<string, never>> = {
  ...hiddenPips,
  id: 'broken-leaks',
  view: (s, seat) => ({ ...(hiddenPips.view(s, seat) as object), secrets: s.secret }),
};
