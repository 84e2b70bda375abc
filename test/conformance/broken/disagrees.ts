// Broken on purpose: legalActions never lists rolling three dice, which apply accepts.
import { hiddenPips, type PipsAction, type PipsState } from './hidden-pips';
import type { GameModule } from '@dicehall/shared';

export const disagrees: GameModule<PipsState, PipsAction, Record<string, never>> = {
  ...hiddenPips,
  id: 'broken-disagrees',
  legalActions(s, seat) {
    return hiddenPips.legalActions.call(this, s, seat).filter((a) => !(a.type === 'roll' && a.dice === 3));
  },
};
