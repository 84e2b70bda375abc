// Dice Siege's view and event sentences. Solo sheets are open; in a race the others' sheets show as the round opened until it is over.
import type { GameEvent, Seat } from '../../core/game-module';
import { seatName } from '../../core/names';
import { ATTACKER_NAMES, SPECIAL_ATTACK_NAMES, type AttackerKind, type SpecialAttackKind } from './lines';
import type { Dice } from '../../core/dice';
import { attackDamage, roundSecret } from './rules';
import {
  inCourtyard,
  isAlive,
  isBreached,
  isEntered,
  maxAttempts,
  specialInfo,
  totalBoxes,
  type Sheet,
  type SiegeState,
  type SpecialId,
} from './state';

export interface SheetView extends Sheet {
  breached: boolean;
  courtyard: boolean;
  maxAttempts: number;
  boxesLeft: number;
  /** What the living entered attackers would deal if the round ended now. */
  threat: number;
  entered: string[];
  /** A race's sheet shown as the round opened: its owner's moves this round appear when the round is over. */
  hidden: boolean;
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

export function sheetView(state: SiegeState, sh: Sheet, hidden = false): SheetView {
  return {
    ...sh,
    hidden,
    breached: isBreached(state, sh),
    courtyard: inCourtyard(state, sh),
    maxAttempts: maxAttempts(state, sh),
    boxesLeft: totalBoxes(state) - sh.damage,
    threat: attackDamage(state, sh),
    entered: sh.attackers.filter((a) => isEntered(state, a) && isAlive(a)).map((a) => a.id),
  };
}

/**
 * D7 ranking: a won siege before a lost one, a player who left last; then more stronghold boxes left; then
 * rounds: fewer to win, more survived when lost. Sheets still playing rank by boxes and rounds so far.
 */
export function rankSheets(sheets: readonly Sheet[], round: number): Seat[] {
  const score = (sh: Sheet): [number, number, number] => [
    sh.left ? 2 : sh.phase === 'won' ? 0 : 1,
    sh.damage,
    sh.phase === 'won' ? (sh.endRound ?? round) : -(sh.endRound ?? round),
  ];
  return sheets
    .map((_, s) => s)
    .sort((a, b) => {
      const x = score(sheets[a]!); // a and b are indices of sheets
      const y = score(sheets[b]!);
      return x[0] - y[0] || x[1] - y[1] || x[2] - y[2] || a - b;
    });
}

export const ranking = (state: SiegeState): Seat[] => rankSheets(state.sheets, state.round);

/**
 * What a seat (null: a spectator) sees. Solo, everything live. In a race, every other sheet as the round
 * opened until the round is over, for spectators too (a spectator's link would otherwise let a player peek):
 * only whether each player is still choosing shows, never their dice or choices.
 */
export function viewOf(state: SiegeState, seat: Seat | null, open = false): SiegeView {
  const secret = !open && roundSecret(state);
  const shown = state.sheets.map((sh, s) => {
    if (!secret || s === seat) return sheetView(state, sh);
    const o = state.opened[s];
    if (!o) throw new Error(`Dice Siege: no opening sheet for seat ${s}`);
    const phase = o.phase === 'roll' ? (sh.phase === 'roll' ? 'roll' : 'done') : o.phase;
    return sheetView(state, { ...o, phase, ...(sh.left ? { left: true } : {}) }, true);
  });
  return {
    mode: state.mode,
    levels: state.levels,
    round: state.round,
    lines: state.lines,
    sheets: shown,
    ranking: rankSheets(shown, state.round),
    you: seat,
  };
}

/** The conformance probe: what a viewer cannot see of a race round (others' dice and damage) re-dealt. */
export function disguise(state: SiegeState, viewer: Seat | null, dice: Dice): SiegeState {
  if (!roundSecret(state)) return state;
  const total = totalBoxes(state);
  const sheets = state.sheets.map((sh, s) => {
    if (s === viewer || sh.tray.length === 0) return sh;
    return { ...sh, tray: sh.tray.map(() => dice.roll(6)), damage: Math.min(total - 1, sh.damage + dice.roll(3) - 1) };
  });
  return { ...state, sheets };
}

const LEVELS = ['the Outer Walls', 'the Inner Walls', 'the Courtyard'] as const;
const USE_WORDS: Record<string, string> = {
  archers: 'Archers',
  warriors: 'Warriors',
  riders: 'Riders',
  trebuchets: 'Trebuchets',
  elves: 'Elves',
  'box-extra1': 'extra die',
  'box-extra2': 'second extra die',
  'box-elves': 'Elves box',
  'box-riders': 'Riders box',
};

export function describeEvent(e: GameEvent, names: string[]): string {
  const who = typeof e.seat === 'number' ? seatName(names, e.seat) : '';
  switch (e.type) {
    case 'start':
      return `The siege begins (${e.mode === 'epic' ? 'Epic' : 'normal'} difficulty)`;
    case 'round': {
      const entering = (e.entering as AttackerKind[]).map((k) => ATTACKER_NAMES[k]);
      return `Round ${e.round}: ${entering.length ? `${entering.join(' and ')} enter the battle` : 'no new attackers'}`;
    }
    case 'special-attack':
      return `Round ${e.round}: ${SPECIAL_ATTACK_NAMES[e.kind as SpecialAttackKind]} strikes for ${e.damage}`;
    case 'rolled':
      return `${who} rolls (${e.attempt}): ${(e.dice as number[]).join(' ')}`;
    case 'plan': {
      const uses = (e.uses as (string | null)[]).filter((u): u is string => u !== null);
      const counts = [...new Set(uses)].map((u) => `${uses.filter((x) => x === u).length}× ${USE_WORDS[u]}`);
      const dead = (e.destroyed as string[]).length;
      return `${who} uses ${counts.length ? counts.join(', ') : 'no dice'}: ${e.placed} damage placed${Number(e.summoned) > 0 ? `, ${e.summoned} summoned` : ''}${dead ? `, ${dead} attacker${dead > 1 ? 's' : ''} destroyed` : ''}`;
    }
    case 'unlocked':
      return `${who} unlocks ${specialInfo(e.special as SpecialId).name} with ${e.ofAKind} of a kind`;
    case 'special':
      return `${who} uses ${specialInfo(e.special as SpecialId).name}`;
    case 'attack':
      return e.warHorn
        ? `${who}'s War Horn holds the attackers back`
        : `The attackers deal ${e.damage} to ${who}'s stronghold`;
    case 'level-falls':
      return `${LEVELS[e.level as 0 | 1 | 2].replace(/^the/, 'The')} of ${who}'s stronghold fall${e.level === 0 ? ' (Warriors join, trebuchets are lost)' : ''}`;
    case 'courtyard':
      return `${who}'s Courtyard is under attack: four rolls from now on`;
    case 'left':
      return `${who} leaves the race in round ${e.round} (ranked last)`;
    case 'won':
      return `${who} destroys every attacker in round ${e.round}`;
    case 'lost':
      return `${who}'s stronghold is overrun in round ${e.round}`;
    default:
      return e.type;
  }
}
