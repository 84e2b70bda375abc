// Dice Siege, the solitaire roll-and-write against waves of attackers, alone or as a same-dice race.
import type { GameModule } from '../../core/game-module';
import { legalActions } from './legal';
import { diceSiegeRollMeanings } from './luck';
import { applyAction, isOver, leaveRace, roundSecret, setupState, toAct } from './rules';
import { LINES, STRONGHOLD } from './lines';
import {
  MAX_SEATS,
  roundBound,
  sheetOf,
  siegeAction,
  siegeOptions,
  totalBoxes,
  type SiegeAction,
  type SiegeOptions,
  type SiegeState,
} from './state';
import { describeEvent, disguise, ranking, viewOf, type SiegeView } from './view';

export * from './lines';
export * from './state';
export * from './rules';
export * from './legal';
export * from './view';

/** D1: three rolls a round, four once the first Courtyard box is checked (maxAttempts). */
const MAX_ROLLS = 4;

export const diceSiege: GameModule<SiegeState, SiegeAction, SiegeOptions, SiegeView> = {
  id: 'dice-siege',
  // v2: a player may leave a race (resign, or dropped past the grace) and the others play on; v1 ended it.
  rulesVersion: 2,
  rulesFor: (version) =>
    version === 1
      ? { ...diceSiege, rulesVersion: 1, resign: undefined, playsOnAlone: undefined, timeoutPolicy: undefined }
      : undefined,
  name: 'Dice Siege',
  pitch:
    'Hold your stronghold against ten waves of goblins, orcs, trolls, war elephants and a Greater Wyvern. Each ' +
    'round roll six dice up to three times, keep what you like, then send archers, warriors, trebuchets, elves ' +
    'and riders into battle, call reinforcements with sixes and unlock specials with sets. Alone, or a race ' +
    'where every player gets the same dice.',
  seats: { min: 1, max: MAX_SEATS },
  listed: true,
  options: siegeOptions,
  seatsFor: (options) => options.seats,
  // G1: a turn is a seat's part of one round (a solo player is awaited throughout, so the round number marks it).
  bounds: (options, seats) => {
    const rounds = roundBound({ levels: STRONGHOLD[options.mode], lines: LINES });
    return {
      actionsPerTurn: MAX_ROLLS + 1,
      actionsPerGame: seats * rounds * (MAX_ROLLS + 1),
      why:
        `A round is at most ${MAX_ROLLS} rolls (D1, the fourth from the Courtyard on) and one plan per seat; no game ` +
        `outlasts ${rounds} rounds (roundBound: after the last line enters, every round with a living attacker checks ` +
        'a stronghold box, but for the one War Horn round).',
    };
  },
  turnNumber: (state) => state.round,
  action: siegeAction,
  setup: (opts, seats) => setupState(opts.mode, seats),
  toAct,
  legalActions,
  apply: applyAction,
  view: (state, seat) => viewOf(state, seat),
  /** A finished race's replay shows every sheet move by move (the whole log is public by then). */
  openView: (state) => viewOf(state, null, true),
  disguise,
  resign: (state, seat) => leaveRace(state, seat),
  playsOnAlone: true,
  // A racer whose clock falls leaves the race (ranked last), as one who resigns: a clock per round at any table.
  timeoutPolicy: 'eliminate',
  holdLog: roundSecret,
  result(state) {
    if (!isOver(state)) return null;
    const order = ranking(state);
    const key = (s: number) => {
      const sh = sheetOf(state, s);
      return `${sh.phase}|${sh.left ? 'left' : ''}|${sh.damage}|${sh.endRound}`;
    };
    if (state.sheets.length === 1) {
      const sh = sheetOf(state, 0);
      return sh.phase === 'won'
        ? {
            winners: [0],
            draw: false,
            reason: 'attackers-destroyed',
            summary: `Every attacker destroyed in round ${sh.endRound}, ${totalBoxes(state) - sh.damage} boxes standing`,
          }
        : { winners: [], draw: false, reason: 'overrun', summary: `The stronghold fell in round ${sh.endRound}` };
    }
    const top = order[0];
    if (top === undefined) throw new Error('Dice Siege: a finished race ranks no seat');
    const winners = order.filter((s) => key(s) === key(top)).sort((a, b) => a - b);
    const best = sheetOf(state, top);
    return {
      winners,
      draw: false,
      reason: 'race',
      summary:
        best.phase === 'won'
          ? `Held out and won in round ${best.endRound} with ${totalBoxes(state) - best.damage} boxes standing`
          : `Lasted longest, to round ${best.endRound}`,
    };
  },
  rollMeanings: diceSiegeRollMeanings,
  describe: describeEvent,
  describeResult(result, names) {
    const who = (s: number) => names[s] ?? `Seat ${s + 1}`;
    if (result.reason === 'attackers-destroyed')
      return `${who(0)} held out — ${result.summary.charAt(0).toLowerCase()}${result.summary.slice(1)}`;
    if (result.reason === 'overrun')
      return `${who(0)}'s stronghold fell — ${result.summary.replace(/^The stronghold fell /, '')}`;
    if (result.reason !== 'race') return '';
    const first = result.winners.map(who).join(' and ');
    // Nobody held out: the race went to whoever lasted longest, which the line says in so many words.
    const lasted = result.summary.match(/^Lasted longest, to round (\d+)/);
    if (lasted)
      return result.winners.length > 1
        ? `Every stronghold fell — ${first} lasted longest, to round ${lasted[1]}, and share first place`
        : `Every stronghold fell — ${first} lasted longest, to round ${lasted[1]}, and wins the race`;
    return `${result.winners.length > 1 ? `${first} share first place` : `${first} wins the race`} — ${result.summary.charAt(0).toLowerCase()}${result.summary.slice(1)}`;
  },
};
export { policyAction } from './policy';
