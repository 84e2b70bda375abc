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

const dieId = z.string().min(1).max(24).regex(/^[a-z0-9.]+$/);
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

export interface ShieldsState {
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
  match: { game: number; score: number[]; gameWinners: Seat[]; starter: Seat },
): ShieldsState {
  return {
    options,
    ...match,
    winner: null,
    turn: match.starter,
    step: 'take',
    pool: [...POOL_IDS],
    players: [freshPlayer(0), freshPlayer(1)],
    lastAttack: null,
  };
}

export const liveColours = (p: Player): Colour[] => COLOURS.filter((c) => p.batteries[c].health > 0);
export const destroyedCount = (p: Player): number => 3 - liveColours(p).length;
