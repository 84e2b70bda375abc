// What Shields Up's rolls meant, for the luck report (issue 34). Every rules version rolls the same way.
//
// U2's and U6's shuffles and U7's blind Smuggle are luck nobody chose: a card's worth depends on the whole hidden
// position, so no draw order is "better" for a seat in a way both players would agree on before the game. Only the
// roll-off for the first turn (U2) counts, and only who starts (core/roll-off.ts).
import type { GameEvent, RollMeaning, RollSituation } from '../../core/game-module';
import { nobodys } from '../../core/roll-meaning';
import { rollOffMeanings } from '../../core/roll-off';

export function shieldsUpRollMeanings(s: RollSituation<unknown, unknown, GameEvent>): RollMeaning[] {
  const what = s.events.some((e) => e.type === 'smuggle') ? 'blind smuggle' : 'deck shuffle';
  if (s.kind !== 'setup') return s.rolls.map(() => nobodys(what));
  // The setup shuffles the 18 cards first (17 rolls), then holds the roll-off.
  const off = rollOffMeanings(s.events);
  const shuffle = s.rolls.slice(0, s.rolls.length - off.length).map(() => nobodys('deck shuffle'));
  return [...shuffle, ...off];
}
