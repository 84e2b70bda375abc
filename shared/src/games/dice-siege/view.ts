// Dice Siege's view and event sentences. Every sheet is public: a race is played with open sheets.
import type { GameEvent, Seat } from '../../core/game-module';
import { ATTACKER_NAMES, SPECIAL_ATTACK_NAMES, type AttackerKind, type SpecialAttackKind } from './lines';
import { attackDamage } from './rules';
import {
  inCourtyard, isAlive, isBreached, isEntered, maxAttempts, specialInfo, totalBoxes,
  type Sheet, type SiegeState, type SpecialId,
} from './state';

export interface SheetView extends Sheet {
  breached: boolean;
  courtyard: boolean;
  maxAttempts: number;
  boxesLeft: number;
  /** What the living entered attackers would deal if the round ended now. */
  threat: number;
  entered: string[];
}

export interface SiegeView {
  mode: 'normal' | 'epic';
  levels: readonly [number, number, number];
  round: number;
  lines: SiegeState['lines'];
  sheets: SheetView[];
  /** Seat order by D7's ranking (outcome, boxes left, rounds), once known. */
  ranking: Seat[];
  you: Seat | null;
}

export function sheetView(state: SiegeState, sh: Sheet): SheetView {
  return {
    ...sh,
    breached: isBreached(state, sh),
    courtyard: inCourtyard(state, sh),
    maxAttempts: maxAttempts(state, sh),
    boxesLeft: totalBoxes(state) - sh.damage,
    threat: attackDamage(state, sh),
    entered: sh.attackers.filter((a) => isEntered(state, a) && isAlive(a)).map((a) => a.id),
  };
}

/**
 * D7 ranking: a won siege before a lost one; then more stronghold boxes left; then rounds: fewer to win,
 * more survived when lost. Sheets still playing rank by boxes and rounds so far.
 */
export function ranking(state: SiegeState): Seat[] {
  const score = (sh: Sheet) => [sh.phase === 'won' ? 0 : 1, sh.damage, sh.phase === 'won' ? sh.endRound ?? state.round : -(sh.endRound ?? state.round)];
  return state.sheets.map((_, s) => s).sort((a, b) => {
    const x = score(state.sheets[a]);
    const y = score(state.sheets[b]);
    return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a - b;
  });
}

export function viewOf(state: SiegeState, seat: Seat | null): SiegeView {
  return {
    mode: state.mode, levels: state.levels, round: state.round, lines: state.lines,
    sheets: state.sheets.map((sh) => sheetView(state, sh)), ranking: ranking(state), you: seat,
  };
}

const LEVELS = ['the Outer Walls', 'the Inner Walls', 'the Courtyard'];
const USE_WORDS: Record<string, string> = {
  archers: 'Archers', warriors: 'Warriors', riders: 'Riders', trebuchets: 'Trebuchets', elves: 'Elves',
  'box-extra1': 'extra die', 'box-extra2': 'second extra die', 'box-elves': 'Elves box', 'box-riders': 'Riders box',
};

export function describeEvent(e: GameEvent, names: string[]): string {
  const who = typeof e.seat === 'number' ? names[e.seat] ?? `Seat ${e.seat + 1}` : '';
  switch (e.type) {
    case 'start': return `The siege begins (${e.mode === 'epic' ? 'Epic' : 'normal'} difficulty)`;
    case 'round': {
      const entering = (e.entering as AttackerKind[]).map((k) => ATTACKER_NAMES[k]);
      return `Round ${e.round}: ${entering.length ? `${entering.join(' and ')} enter the battle` : 'no new attackers'}`;
    }
    case 'special-attack': return `Round ${e.round}: ${SPECIAL_ATTACK_NAMES[e.kind as SpecialAttackKind]} strikes for ${e.damage}`;
    case 'rolled': return `${who} rolls (${e.attempt}): ${(e.dice as number[]).join(' ')}`;
    case 'plan': {
      const uses = (e.uses as (string | null)[]).filter((u): u is string => u !== null);
      const counts = [...new Set(uses)].map((u) => `${uses.filter((x) => x === u).length}× ${USE_WORDS[u]}`);
      const dead = (e.destroyed as string[]).length;
      return `${who} uses ${counts.length ? counts.join(', ') : 'no dice'}: ${e.placed} damage placed${Number(e.summoned) > 0 ? `, ${e.summoned} summoned` : ''}${dead ? `, ${dead} attacker${dead > 1 ? 's' : ''} destroyed` : ''}`;
    }
    case 'unlocked': return `${who} unlocks ${specialInfo(e.special as SpecialId).name} with ${e.ofAKind} of a kind`;
    case 'special': return `${who} uses ${specialInfo(e.special as SpecialId).name}`;
    case 'attack': return e.warHorn ? `${who}'s War Horn holds the attackers back` : `The attackers deal ${e.damage} to ${who}'s stronghold`;
    case 'level-falls': return `${LEVELS[e.level as number]} of ${who}'s stronghold fall${e.level === 0 ? ' (Warriors join, trebuchets are lost)' : ''}`;
    case 'courtyard': return `${who}'s Courtyard is under attack: four rolls from now on`;
    case 'won': return `${who} destroys every attacker in round ${e.round}`;
    case 'lost': return `${who}'s stronghold is overrun in round ${e.round}`;
    default: return e.type;
  }
}
