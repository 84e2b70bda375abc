// Broken on purpose: every view carries both secrets.
import { hiddenPips, type PipsState } from './hidden-pips';
import type { GameModule } from '../../../shared/src/index';

export const leaks: GameModule<PipsState> = {
  ...hiddenPips,
  id: 'broken-leaks',
  view: (s, seat) => ({ ...(hiddenPips.view(s, seat) as object), secrets: s.secret }),
};
