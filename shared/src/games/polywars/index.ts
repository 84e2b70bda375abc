// Polywars, the dice wargame on a continuous battlefield for 2–6 players and five scenarios: the module the table runs.
import type { GameModule } from '../../core/game-module';
import { legalActions } from './legal';
import { SCENARIOS } from './catalogue';
import { applyAction, leave, setupState, toAct } from './rules';
import { polywarsAction, polywarsOptions, type PolywarsAction, type PolywarsOptions, type PolywarsState } from './state';
import { describeEvent, viewOf } from './view';

export * from './board';
export * from './catalogue';
export * from './geometry';
export * from './legal';
export * from './rules';
export * from './scenarios';
export * from './state';
export * from './view';

export const polywars: GameModule<PolywarsState, PolywarsAction, PolywarsOptions> = {
  id: 'polywars',
  rulesVersion: 1,
  name: 'Polywars',
  pitch:
    'Your dice are the army. Build a force of polyhedral dice under a budget of sides, roll them all, deploy in secret ' +
    'around your leader, then bid for initiative each cycle and fight on an open battlefield: side-to-side attacks up ' +
    'close, zaps across the field with line of sight (paid back in range), steps over low terrain, and one special ' +
    'power a turn. Kill the King (2 to 6 players, the last leader standing wins), Capture the Flag, Rescue Mission, ' +
    'Snipe Hunt and Attack on Tokyo.',
  seats: { min: 2, max: 6 },
  seatsFor: (options) => options.seats ?? SCENARIOS[options.scenario].players.max,
  listed: true,
  options: polywarsOptions,
  action: polywarsAction,
  setup: (options, seats) => ({ ok: true, state: setupState(options, seats), events: [{ type: 'setup', scenario: options.scenario, seats }] }),
  toAct,
  legalActions,
  apply: applyAction,
  view: viewOf,
  result: (state) => state.result,
  resign: leave,
  describe: describeEvent,
};
