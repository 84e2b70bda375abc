// Broken on purpose: legalActions never lists rolling three dice, which apply accepts.
import { hiddenPips, type PipsState } from './hidden-pips';
import type { GameModule } from '../../../shared/src/index';

export const disagrees: GameModule<PipsState> = {
  ...hiddenPips,
  id: 'broken-disagrees',
  legalActions(s, seat) {
    return hiddenPips.legalActions.call(this, s, seat).filter((a) => !(a.type === 'roll' && a.dice === 3));
  },
};
