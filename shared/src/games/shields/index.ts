// Shields, the two-player dice game of batteries, shields and a color wheel: the module the table runs.
import type { GameEvent, GameModule } from '../../core/game-module';
import { describeEvent } from './describe';
import { applyAction, legalActions, toAct } from './rules';
import { freshGame, shieldsAction, shieldsOptions, type ShieldsAction, type ShieldsOptions, type ShieldsState } from './state';
import { viewOf } from './view';

export type { AttackSummary, Battery, Player, Shield, ShieldsAction, ShieldsOptions, ShieldsState } from './state';
export type { BatteryView, DieView, PlayerView, ShieldsView, ShieldView } from './view';
export { ALL_IDS, BEATS, COLOURS, POOL_IDS, PERSONAL_IDS, batteryId, defaultAttackId, die, dieName } from './catalogue';
export type { Colour, DieColour, DieInfo, DieKind, Placement } from './catalogue';

export const shields: GameModule<ShieldsState, ShieldsAction, ShieldsOptions> = {
  id: 'shields',
  name: 'Shields',
  pitch:
    'A duel of polyhedral dice. Each of you guards three batteries (green d12s, one each for red, yellow and blue) and attacks ' +
    'around a color wheel: red hits yellow, yellow hits blue, blue hits red. Every turn you take one die from a shared ' +
    'pool (bigger attack dice, colored and black shields, potions and polish), which also denies it to your ' +
    'opponent, then roll to break through the other side\'s shields. Destroy two batteries to win. Single game or ' +
    'best of three, with an optional resurrection variant.',
  seats: { min: 2, max: 2 },
  listed: true,
  options: shieldsOptions,
  action: shieldsAction,
  setup(options, _seats, dice) {
    // S2: 3d12 each, the higher total starts; a tie rolls again, every roll logged.
    const events: GameEvent[] = [];
    let totals: number[];
    let round = 0;
    do {
      round++;
      totals = [0, 1].map((seat) => {
        const rolls = [dice.roll(12), dice.roll(12), dice.roll(12)];
        const total = rolls[0] + rolls[1] + rolls[2];
        events.push({ type: 'roll-off', round, seat, rolls, total });
        return total;
      });
    } while (totals[0] === totals[1]);
    const starter = totals[0] > totals[1] ? 0 : 1;
    events.push({ type: 'game-start', game: 1, first: starter, reason: 'roll-off' });
    return { ok: true, state: freshGame(options, { game: 1, score: [0, 0], gameWinners: [], starter }), events };
  },
  toAct,
  legalActions,
  apply: applyAction,
  view: (state) => viewOf(state),
  result(state) {
    if (state.winner === null) return null;
    const [a, b] = [state.score[state.winner], state.score[1 - state.winner]];
    const summary =
      state.options.bestOf === 1
        ? 'Destroyed two of the opponent\'s batteries'
        : `Won the best of three ${a}–${b}, destroying two batteries in each game won`;
    return { winners: [state.winner], draw: false, reason: 'two-batteries', summary };
  },
  describe: describeEvent,
};
