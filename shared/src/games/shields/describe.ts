// Shields: one plain sentence per event, for the game log.
import type { GameEvent, Result } from '../../core/game-module';
import { seatName } from '../../core/names';
import { die, dieName } from './catalogue';

const who = (names: string[], seat: unknown) => seatName(names, Number(seat));

/** "red d8" for an attack die, "yellow d12 shield" for a shield, "yellow battery" for a battery. */
function short(id: unknown): string {
  const d = die(String(id));
  if (!d) return String(id);
  return d.kind === 'attack' ? `${d.colour} d${d.sides}` : dieName(d.id);
}

function list(ids: unknown): string {
  const names = (ids as string[]).map((id) => `the ${dieName(id)}`);
  return names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names.at(-1)}` : names.join('');
}
/** "the red d4 attack die goes", "the red d10 shield and the red d4 attack die also go". */
const go = (ids: unknown, also = '') => `${list(ids)} ${also}${(ids as string[]).length > 1 ? 'go' : 'goes'}`;

function destination(e: GameEvent): string {
  const battery = e.battery ? ` onto the ${dieName(String(e.battery))}` : '';
  switch (e.to) {
    case 'reserve':
      return ' into reserve';
    case 'front':
      return ', in front of the colored shields';
    case 'behind':
      return ', behind the colored shields';
    case 'trash':
      return ', which goes straight to the trash';
    case 'battery':
      return die(String(e.revive ?? e.die))?.kind === 'battery' ? ' at 12 health with its d4' : battery;
    default:
      return battery;
  }
}

export function describeEvent(e: GameEvent, names: string[]): string {
  const name = who(names, e.seat);
  switch (e.type) {
    case 'roll-off': {
      const rolls = e.rolls as number[];
      const again = Number(e.round) > 1 ? ` (tie, roll-off ${e.round})` : '';
      return `${name} rolls 3d12 for the first turn${again}: ${rolls.join(' + ')} = ${e.total}`;
    }
    case 'game-start': {
      const why =
        e.reason === 'roll-off'
          ? 'won the roll-off'
          : e.reason === 'replay-draw'
            ? 'the drawn game is replayed with the same starter'
            : 'lost the last game';
      return `Game ${e.game} begins: ${who(names, e.first)} goes first (${why})`;
    }
    case 'take': {
      const trashed = (e.trashed as string[]).filter((id) => id !== e.die);
      const extra = trashed.length > 0 ? `; ${go(trashed)} to the trash` : '';
      return `${name} takes the ${dieName(String(e.die))}${destination(e)}${extra}`;
    }
    case 'attack': {
      const target = die(String(e.target));
      const lost = Number(e.lost) > 0 ? ` (${e.lost} lost)` : '';
      const destroyed = (e.destroyed as string[]).length > 0 ? `; ${go(e.destroyed)} to the trash` : '';
      return (
        `${name} attacks ${who(names, target?.owner)}'s ${short(e.target)} with the ${short(e.die)}: rolls ${e.value}; ` +
        `${short(e.layer)} ${e.before} → ${e.after}${lost}${destroyed}`
      );
    }
    case 'potion':
    case 'polish': {
      const wasted = Number(e.wasted) > 0 ? ` (${e.wasted} lost over the cap)` : '';
      return `${name} uses the ${dieName(String(e.die))} on the ${short(e.type === 'potion' ? e.battery : e.shield)}: ${e.before} → ${e.after}${wasted}`;
    }
    case 'resurrect': {
      const others = (e.trashed as string[]).filter((id) => id !== e.sacrifice);
      const extra = others.length > 0 ? `; ${go(others, 'also ')} to the trash` : '';
      return `${name} sacrifices the ${dieName(String(e.sacrifice))} (showing ${e.shows}) to bring back the ${dieName(String(e.revive))}${destination(e)}${extra}`;
    }
    case 'pass':
      return `${name} has nothing to do and passes`;
    case 'stalled': {
      const [d0, d1] = e.destroyed as number[];
      const [p0, p1] = e.points as number[];
      const head = e.trigger === 'both-passed' ? 'Both players passed in a row' : `${e.turns} turns without an attack`;
      const w = e.winner === null ? null : who(names, e.winner);
      // The winner's number first: "fewer batteries destroyed (0 to 1)".
      const [dw, dl] = e.winner === 1 ? [d1, d0] : [d0, d1];
      const [pw, pl] = e.winner === 1 ? [p1, p0] : [p0, p1];
      if (e.decidedBy === 'batteries')
        return `${head}: the game ends; ${w} has fewer batteries destroyed (${dw} to ${dl})`;
      if (e.decidedBy === 'points')
        return `${head}: the game ends; batteries destroyed are level (${d0} each), ${w} has more points standing (${pw} to ${pl})`;
      return `${head}: the game ends level on batteries (${d0} each) and points standing (${p0} each)`;
    }
    case 'game-drawn':
      return e.bestOf === 1 ? 'The game is a draw' : `Game ${e.game} is a draw and does not count`;
    case 'ready':
      return `${name} is ready for the next game`;
    case 'game-won': {
      const loser = who(names, 1 - Number(e.seat));
      const [won = 0, lost = 0] = [(e.score as number[])[Number(e.seat)], (e.score as number[])[1 - Number(e.seat)]];
      const score =
        won === lost
          ? `the score is ${won}–${lost}`
          : `${won > lost ? name : loser} leads ${Math.max(won, lost)}–${Math.min(won, lost)}`;
      return e.bestOf === 1
        ? `${name} wins: two of ${loser}'s batteries are destroyed`
        : `${name} wins game ${e.game} by destroying two of ${loser}'s batteries; ${score}`;
    }
    case 'match-won': {
      const score = e.score as number[];
      return `${name} wins the match ${score[Number(e.seat)]}–${score[1 - Number(e.seat)]}`;
    }
    default:
      return e.type;
  }
}

/** S14 endings in the result's seat-neutral words (the result's summary). */
export const STALL_WORDS = {
  'stalled-batteries': 'Ten turns without an attack; fewer batteries destroyed',
  'stalled-points': 'Ten turns without an attack; level on batteries, more points standing',
  draw: 'Ten turns without an attack; level on batteries and points',
} as const;

/** "Bob wins — two of Alice's batteries are destroyed", "Alice wins the best of three 2–1". */
export function describeResult(r: Result, names: string[]): string {
  const why = r.summary.replace(/\.+$/, '');
  if (r.draw) return `Draw — ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
  const w = r.winners[0] ?? 0;
  const match = /best of three (\d)–(\d)/.exec(why);
  if (match) return `${who(names, w)} wins the best of three ${match[1]}–${match[2]}`;
  if (r.reason === 'two-batteries')
    return `${who(names, w)} wins — two of ${who(names, 1 - w)}'s batteries are destroyed`;
  return `${who(names, w)} wins — ${why.charAt(0).toLowerCase()}${why.slice(1)}`;
}
