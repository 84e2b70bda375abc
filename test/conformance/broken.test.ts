// The kit's checks bite: each deliberately broken module fails exactly the check for its fault, with that check's
// message, and passes the others; the correct module they are built from passes all of them.
import type { GameModule } from '@dicehall/shared';
import {
  checkAgreement,
  checkPlaythrough,
  checkPurity,
  checkRefusalRolls,
  checkReplay,
  checkSecrets,
  configFor,
  type ConformanceConfig,
} from '../helpers/conformance';
import { checkTermination } from '../helpers/termination';
import { disagrees } from './broken/disagrees';
import { hiddenPips } from './broken/hidden-pips';
import { leaks } from './broken/leaks';
import { endlessGame, endlessTurn, loops } from './broken/loops';
import { mutates } from './broken/mutates';
import { rollsThenRefuses } from './broken/rolls-then-refuses';

const CHECKS: Record<string, (m: GameModule, cfg: ConformanceConfig) => unknown> = {
  playthrough: checkPlaythrough,
  purity: checkPurity,
  agreement: checkAgreement,
  refusals: checkRefusalRolls,
  replay: checkReplay,
  secrets: checkSecrets,
  termination: checkTermination,
};

/** The message of each check that fails, by check name. */
function failures(module: GameModule): Record<string, string> {
  const cfg = configFor(module, { games: 6 });
  const out: Record<string, string> = {};
  for (const [name, check] of Object.entries(CHECKS)) {
    try {
      check(module, cfg);
    } catch (e) {
      out[name] = (e as Error).message;
    }
  }
  return out;
}

describe('the conformance kit catches broken modules', () => {
  it('the correct fixture passes every check', () => {
    expect(failures(hiddenPips)).toEqual({});
  });

  it.each([
    ['mutates its input', 'purity', mutates, /broken-mutates: .*apply .* mutated its input/],
    [
      'leaks a secret in a view',
      'secrets',
      leaks,
      /broken-leaks: the view of (seat \d|a spectator) .* changes when what is hidden from it changes: it leaks a secret/,
    ],
    [
      'rolls then refuses',
      'refusals',
      rollsThenRefuses,
      /broken-rolls-then-refuses: refused \{"type":"roll","dice":\d\} \(too-many\) .* after taking \d roll\(s\)/,
    ],
    [
      'disagrees between legalActions and apply',
      'agreement',
      disagrees,
      /broken-disagrees: apply accepts \{"type":"roll","dice":3\} .*which legalActions does not list/,
    ],
    [
      'loops inside a turn, G1 (an action that changes nothing)',
      'termination',
      loops,
      /broken-loops: G1, stall game \d .*: a state repeats inside seat \d's turn: \{"type":"wait"\}/,
    ],
    [
      'never has to end a turn, G1',
      'termination',
      endlessTurn,
      /broken-endless-turn: G1, .*: seat \d took 5 actions in one turn \(the last \{"type":"tally"\}\), over the declared bound of 4/,
    ],
    [
      'never has to end the game, G1',
      'termination',
      endlessGame,
      /broken-endless-game: G1, .*: no result after 8 actions, the game's declared bound \(actionsPerGame\)/,
    ],
  ])('a module that %s fails only the %s check', (_what, check, module, message) => {
    const failed = failures(module as GameModule);
    expect(Object.keys(failed)).toEqual([check]);
    expect(failed[check as string]).toMatch(message as RegExp);
  });
});
