// Shields: the state, the options and the action schema, and a fresh game's layout.
import { z } from 'zod';
import type { Seat } from '../../core/game-module';
import { COLOURS, defaultAttackId, MAX_HEALTH, POOL_IDS, type Colour } from './catalogue';

export const shieldsOptions = z
  .object({
    /** A single game or a best of three (S12). */
    bestOf: z.union([z.literal(1), z.literal(3)]).default(1),
    /** The resurrection variant (S13). */
    resurrection: z.boolean().default(false),
  })
  .strict();
export type ShieldsOptions = z.output<typeof shieldsOptions>;

const dieId = z
  .string()
  .min(1)
  .max(24)
  .regex(/^[a-z0-9.]+$/);
const placement = z.enum(['front', 'behind']);

export const shieldsAction = z.discriminatedUnion('type', [
  /** Step one: take a die from the pool; a black shield also names its placement (S6). */
  z.object({ type: z.literal('take'), die: dieId, placement: placement.optional() }).strict(),
  /** Step two, one of: attack with one of your batteries (its id); the target follows from the wheel (S4). */
  z.object({ type: z.literal('attack'), battery: dieId }).strict(),
  z.object({ type: z.literal('potion'), die: dieId, battery: dieId }).strict(),
  z.object({ type: z.literal('polish'), die: dieId, shield: dieId }).strict(),
  /** Variant S13; a revived black shield names its placement. */
  z.object({ type: z.literal('resurrect'), sacrifice: dieId, revive: dieId, placement: placement.optional() }).strict(),
  /** Only when nothing else is possible (the variant can disarm batteries); see the rules page. */
  z.object({ type: z.literal('pass') }).strict(),
  /** Between two games of a match: this player has seen the result and is ready for the next game. */
  z.object({ type: z.literal('next') }).strict(),
]);
export type ShieldsAction = z.output<typeof shieldsAction>;

export interface Shield {
  id: string;
  points: number;
}

export interface Battery {
  /** 0 once destroyed: the battery die is then in its owner's trash. */
  health: number;
  /** Attack die id; null only when the variant sacrificed it. */
  attack: string | null;
  /** This battery's colored shields, outermost (newest) first. */
  shields: Shield[];
}

export interface Player {
  batteries: Record<Colour, Battery>;
  /** Black shields in front of / behind the colored shields, outermost (newest) first. */
  front: Shield[];
  behind: Shield[];
  /** Potions and polish waiting to be used, in the order taken. */
  reserve: string[];
  /** In the order trashed. */
  trash: string[];
}

export interface AttackSummary {
  seat: Seat;
  battery: string;
  die: string;
  sides: number;
  value: number;
  target: string;
  /** The die that took the damage: a shield, or the target battery itself. */
  layer: string;
  before: number;
  after: number;
  lost: number;
  destroyed: string[];
}

/**
 * Rules versions (GameModule.rulesVersion):
 * - 1: S1–S13; in a match the next game started the moment a game was won.
 * - 2 (2026-11-23): S14 (the variant's stall ending, and drawn games), S15, and a pause between the games of a
 *   match: the final position stays until both players say "next".
 * The version lives in the state, so one set of rules plays both.
 */
export type ShieldsRules = 1 | 2;
export const SHIELDS_RULES: ShieldsRules = 2;

/** S14: this many turns in a row without an attack end a game of the variant. */
export const STALL_TURNS = 10;
/** S14: the table shows the count from here on. */
export const STALL_SHOWN = 5;

/** Between two games of a match (rules 2): how the last game ended, and who has pressed "Next game". */
export interface Between {
  /** The game that just ended. */
  game: number;
  /** Its winner; null when it was drawn (S14) and is replayed. */
  winner: Seat | null;
  /** Who starts the next game: the loser (S12), or the same starter after a draw (S14). */
  next: Seat;
  ready: [boolean, boolean];
}

export type Ending = 'two-batteries' | 'stalled-batteries' | 'stalled-points' | 'stalled-draw';

export interface ShieldsState {
  rules: ShieldsRules;
  options: ShieldsOptions;
  /** 1, 2, 3 within the match. */
  game: number;
  /** Games won per seat. */
  score: number[];
  /** Winner of each finished game, in order. */
  gameWinners: Seat[];
  /** Who started the current game. */
  starter: Seat;
  /** The match winner; null while the match runs. */
  winner: Seat | null;
  /** A single game drawn under S14: over without a winner. */
  draw: boolean;
  /** S14 (rules 2): turns in a row without an attack, counted in every game, acted on only with the variant. */
  quiet: number;
  /** S14 (rules 2): whether the last turn was a pass. */
  passed: boolean;
  /** Rules 2, in a match: set while the finished game's final position waits for both players. */
  between: Between | null;
  /** How the last game ended (rules 2): by S11, or by S14 and on which of its steps. */
  ending: Ending | null;
  turn: Seat;
  step: 'take' | 'act';
  /** Dice still in the pool, in display order. */
  pool: string[];
  players: Player[];
  lastAttack: AttackSummary | null;
}

export function freshPlayer(seat: Seat): Player {
  const battery = (c: Colour): Battery => ({ health: MAX_HEALTH, attack: defaultAttackId(seat, c), shields: [] });
  return {
    batteries: { red: battery('red'), yellow: battery('yellow'), blue: battery('blue') },
    front: [],
    behind: [],
    reserve: [],
    trash: [],
  };
}

/** A game's opening layout: full pool, fresh batteries, empty reserves and trash. */
export function freshGame(
  options: ShieldsOptions,
  match: { rules: ShieldsRules; game: number; score: number[]; gameWinners: Seat[]; starter: Seat },
): ShieldsState {
  return {
    options,
    ...match,
    winner: null,
    draw: false,
    quiet: 0,
    passed: false,
    between: null,
    ending: null,
    turn: match.starter,
    step: 'take',
    pool: [...POOL_IDS],
    players: [freshPlayer(0), freshPlayer(1)],
    lastAttack: null,
  };
}

export const liveColours = (p: Player): Colour[] => COLOURS.filter((c) => p.batteries[c].health > 0);
export const destroyedCount = (p: Player): number => 3 - liveColours(p).length;

/** The match is over: won, or a single game drawn (S14). */
export const isOver = (s: ShieldsState): boolean => s.winner !== null || s.draw;

/** S14's second tie-break: battery health plus every shield's points still standing. */
export function pointsStanding(p: Player): number {
  let n = 0;
  for (const c of COLOURS) {
    const b = p.batteries[c];
    n += b.health;
    for (const sh of b.shields) n += sh.points;
  }
  for (const sh of [...p.front, ...p.behind]) n += sh.points;
  return n;
}
