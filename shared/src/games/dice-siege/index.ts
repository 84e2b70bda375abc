// Dice Siege, the solitaire roll-and-write against waves of attackers, alone or as a same-dice race.
import type { GameModule } from '../../core/game-module';
import { legalActions } from './legal';
import { applyAction, isOver, setupState, toAct } from './rules';
import { MAX_SEATS, siegeAction, siegeOptions, totalBoxes, type SiegeAction, type SiegeOptions, type SiegeState } from './state';
import { describeEvent, ranking, viewOf } from './view';

export * from './lines';
export * from './state';
export * from './rules';
export * from './legal';
export * from './view';

export const diceSiege: GameModule<SiegeState, SiegeAction, SiegeOptions> = {
  id: 'dice-siege',
  rulesVersion: 1,
  name: 'Dice Siege',
  pitch:
    'Hold your stronghold against ten waves of goblins, orcs, trolls, war elephants and a Greater Wyvern. Each ' +
    'round roll six dice up to three times, keep what you like, then send archers, warriors, trebuchets, elves ' +
    'and riders into battle, call reinforcements with sixes and unlock specials with sets. Alone, or a race ' +
    'where every player gets the same dice.',
  seats: { min: 1, max: MAX_SEATS },
  listed: false,
  options: siegeOptions,
  seatsFor: (options) => options.seats,
  action: siegeAction,
  setup: (opts, seats) => setupState(opts.mode, seats),
  toAct,
  legalActions,
  apply: applyAction,
  view: viewOf,
  result(state) {
    if (!isOver(state)) return null;
    const order = ranking(state);
    const key = (s: number) => {
      const sh = state.sheets[s];
      return `${sh.phase}|${sh.damage}|${sh.endRound}`;
    };
    if (state.sheets.length === 1) {
      const sh = state.sheets[0];
      return sh.phase === 'won'
        ? { winners: [0], draw: false, reason: 'attackers-destroyed', summary: `Every attacker destroyed in round ${sh.endRound}, ${totalBoxes(state) - sh.damage} boxes standing` }
        : { winners: [], draw: false, reason: 'overrun', summary: `The stronghold fell in round ${sh.endRound}` };
    }
    const winners = order.filter((s) => key(s) === key(order[0])).sort((a, b) => a - b);
    const best = state.sheets[order[0]];
    return {
      winners, draw: false, reason: 'race',
      summary: `${best.phase === 'won' ? `Held out and won in round ${best.endRound}` : `Lasted longest, to round ${best.endRound}`} with ${totalBoxes(state) - best.damage} boxes standing`,
    };
  },
  describe: describeEvent,
};
