// Polywars: options, the action schema, and the state the rules pass around (plain data, never mutated).
import { z } from 'zod';
import type { Result, Seat } from '../../core/game-module';
import { SCENARIOS, type AuraKind, type ScenarioId, type Zone } from './catalogue';
import type { Field, Terrain } from './geometry';

export const MAX_DICE_PER_FORCE = 20;

/**
 * Rules versions (GameModule.rulesVersion): 1 until 2026-11-27; 2 adds W9 (a flag carrier may drop its flag to take
 * another it tags, and a flag passes to a friendly die by tagging: the `tag` action) and W8's ending of Kill the King
 * (a tie at the top of the totals shares the win even when others were eliminated; everybody level is a draw) and of
 * Capture the Flag (said as a draw for want of a capture); 3 (2026-11-28) names the dice in every event that
 * mentions one (owner, type, value: `named.ts`), so log lines read "Ana's d8 (5)", not "die 21"; play is unchanged.
 */
export type PolywarsRules = 1 | 2 | 3;
export const POLYWARS_RULES: PolywarsRules = 3;
/** Coordinates are integers in units (R = 100); no field is larger than 100 R. */
const coord = z.number().int().min(0).max(10_000);
const dieId = z
  .number()
  .int()
  .min(0)
  .max(6 * MAX_DICE_PER_FORCE - 1);

/** 0 stands for "the scenario's own" (a room form's choice), the same as leaving the option out. */
const scenarioDefault = (v: unknown) => (v === 0 ? undefined : v);

export const polywarsOptions = z
  .object({
    /** Only scenarios the module plays to the end are offered (catalogue `playable`). */
    scenario: z
      .enum(['kill-the-king', 'capture-the-flag', 'rescue-mission', 'snipe-hunt', 'attack-on-tokyo'])
      .default('kill-the-king'),
    /** Total sides per force (W6: equal for every player; Rescue Mission: the Defenders', the Rescuers get twice). Default: the scenario's. */
    budget: z.preprocess(scenarioDefault, z.number().int().min(2).max(300).optional()),
    /** Cycles before the game ends on points (a proposal where the scenario has no limit). */
    cycleLimit: z.preprocess(scenarioDefault, z.number().int().min(1).max(100).optional()),
    /** Seats at the table; without it, the scenario's most (a room made before rooms had sizes seated six). */
    seats: z.number().int().min(2).max(6).optional(),
  })
  .strict()
  .superRefine((o, ctx) => {
    const sc = SCENARIOS[o.scenario];
    const p = sc.players;
    if (o.seats !== undefined && (o.seats < p.min || o.seats > p.max)) {
      ctx.addIssue({
        code: 'custom',
        path: ['seats'],
        message: `${sc.name} is for ${p.min === p.max ? p.min : `${p.min}–${p.max}`} players`,
      });
    }
  });
export type PolywarsOptions = z.output<typeof polywarsOptions>;

/**
 * Moves and powers name a target point as integer units (a hundredth of R): a fixed grid fine enough to be
 * continuous for play, and finite, so a log entry is exact and replays bit for bit.
 */
export const polywarsAction = z.discriminatedUnion('type', [
  /** W6: the die types of the force, in order (secret until every player has built). */
  z.object({ type: z.literal('build'), dice: z.array(z.number().int()).min(1).max(MAX_DICE_PER_FORCE) }).strict(),
  /**
   * Placement of one's own dice in force order (secret until all have placed). Kill the King names the leader (an
   * index into the force); Capture the Flag names the base's centre.
   */
  z
    .object({
      type: z.literal('place'),
      leader: z
        .number()
        .int()
        .min(0)
        .max(MAX_DICE_PER_FORCE - 1)
        .optional(),
      base: z.object({ x: coord, y: coord }).strict().optional(),
      at: z
        .array(z.object({ x: coord, y: coord }).strict())
        .min(1)
        .max(MAX_DICE_PER_FORCE),
    })
    .strict(),
  /** Attack on Tokyo: the Rage player puts the Rage Aura on one Defender die, at least 8 R from Tokyo. */
  z.object({ type: z.literal('unleash'), die: dieId, x: coord, y: coord }).strict(),
  /** W5 Initiative: option points bid, 0–3 (secret until all have bid). */
  z.object({ type: z.literal('bid'), points: z.number().int().min(0).max(3) }).strict(),
  /** W5 Healing: distinct own dice, +1 each (secret until all have healed). */
  z.object({ type: z.literal('heal'), dice: z.array(dieId).max(3) }).strict(),
  z.object({ type: z.literal('attack'), die: dieId, target: dieId }).strict(),
  /** After a successful zap: how much of the zap back cost the attacker takes on itself; the rest cuts the damage. */
  z.object({ type: z.literal('zap-back'), absorb: z.number().int().min(0).max(100) }).strict(),
  z.object({ type: z.literal('step'), die: dieId, x: coord, y: coord }).strict(),
  z.object({ type: z.literal('damage-field'), die: dieId }).strict(),
  z.object({ type: z.literal('super-speed'), die: dieId }).strict(),
  z
    .object({
      type: z.literal('healer'),
      die: dieId,
      targets: z
        .array(z.object({ die: dieId, points: z.number().int().min(1).max(3) }).strict())
        .min(1)
        .max(3),
    })
    .strict(),
  z
    .object({
      type: z.literal('mutation'),
      die: dieId,
      targets: z
        .array(dieId)
        .min(1)
        .max(6 * MAX_DICE_PER_FORCE),
    })
    .strict(),
  z.object({ type: z.literal('teleportation'), die: dieId, x: coord, y: coord }).strict(),
  /**
   * W9 (rules 2): the die that has just ended a step takes the flag of seat `flag` within R of it, lying (dropping a
   * flag it carries there, in exchange) or carried by a friendly die (passed on).
   */
  z.object({ type: z.literal('tag'), die: dieId, flag: z.number().int().min(0).max(5) }).strict(),
  /** Drops the flag a die carries, where it stands (Capture the Flag). */
  z.object({ type: z.literal('drop'), die: dieId }).strict(),
  /** Ends the current phase of one's turn (Attack → Movement → Action → the next player). */
  z.object({ type: z.literal('done') }).strict(),
  /** Leaves the game: only this player is eliminated, the others play on. */
  z.object({ type: z.literal('concede') }).strict(),
]);
export type PolywarsAction = z.output<typeof polywarsAction>;

export interface PwDie {
  /** Index in `dice`, stable for the whole game. */
  id: number;
  owner: Seat;
  sides: number;
  value: number;
  /** Centre in units; null until the placements are revealed. */
  x: number | null;
  y: number | null;
  alive: boolean;
  aura: AuraKind | null;
}

export type Phase = 'build' | 'place' | 'bid' | 'heal' | 'turns' | 'over';
export type TurnPhase = 'attack' | 'move' | 'action' | 'speed';

export interface PendingZap {
  attacker: number;
  target: number;
  damage: number;
  cost: number;
}

export interface Placement {
  leader: number | null;
  base: { x: number; y: number } | null;
  at: { x: number; y: number }[];
}

/** A Flag Aura (Capture the Flag): where it lies, or the die carrying it. */
export interface Flag {
  owner: Seat;
  x: number;
  y: number;
  carrier: number | null;
}

export interface PolywarsState {
  /** The rules version the game is played under, set at setup. */
  rules: PolywarsRules;
  scenario: ScenarioId;
  budget: number;
  allowed: number[];
  maxDice: number;
  cycleLimit: number;
  field: Field;
  terrain: Terrain[];
  zones: Zone[];
  /** Range units within which the rest of a force is placed around its leader. */
  deployWithin: number;
  seats: number;
  phase: Phase;
  /** 1 from the first Initiative on; 0 before. */
  cycle: number;
  /** SECRET while phase is 'build': each seat's chosen die types, null until it builds. */
  forces: (number[] | null)[];
  dice: PwDie[];
  /** SECRET while phase is 'place'. */
  placements: (Placement | null)[];
  /** SECRET while phase is 'bid'. */
  bids: (number | null)[];
  /** SECRET while phase is 'heal'. */
  heals: (number[] | null)[];
  /** The revealed bids of this cycle and the order they set (W5). */
  lastBids: number[] | null;
  order: Seat[];
  turnIndex: number;
  turnPhase: TurnPhase;
  /** Dice that have attacked in this Attack Phase. */
  attacked: number[];
  /** Dice whose move in this Movement Phase is over (another die has moved since), and the die moving now. */
  moved: number[];
  mover: number | null;
  stepsTaken: number;
  /** W9: the moving die has tagged a flag since its last step ended (one tag per step). */
  tagged: boolean;
  /** The d4 granted another movement phase by Super Speed. */
  speedDie: number | null;
  pendingZap: PendingZap | null;
  /** Each seat's base centre, once placements are revealed (Capture the Flag); Snipe Hunt: [start, goal]. */
  bases: ({ x: number; y: number } | null)[];
  flags: Flag[];
  /** Snipe Hunt: battle 1 or 2, the Snipe player's seat, points per seat, and the Snipe dice by base space (ids). */
  snipe: { battle: number; seat: Seat; points: number[]; spaces: number[] } | null;
  /** Rescue Mission: the hostage's id while it is frozen (no moves, no attacks, none against it). */
  frozen: number | null;
  /** Seats still in the game. */
  inGame: boolean[];
  /** Seats in the order they were eliminated (several at once share a place). */
  eliminated: Seat[][];
  result: Result | null;
}
