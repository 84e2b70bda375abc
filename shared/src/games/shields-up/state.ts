// Shields Up: the state, the actions as parsed from untrusted input, and the options.
import { z } from 'zod';
import type { Result, Seat } from '../../core/game-module';

export const ZONES = ['hand', 'shields', 'equipment'] as const;
export type Zone = (typeof ZONES)[number];

/** A face-down shield row holds at most three cards (U3). */
export const MAX_SHIELDS = 3;
export const ACTIONS_PER_TURN = 2;
/** What a Battery stores (U1). */
export const BATTERY_ACTIONS = 2;

/**
 * Rules versions (GameModule.rulesVersion):
 * 1. as first played: every Battery discarded gives two actions, and every action must be taken while one can be;
 * 2. U3 amended and U9 (2026-11-27): Battery actions at most once per turn (a second Battery is discarded for
 *    nothing), and once only Battery actions remain the turn may be ended. A player whose only move left is a
 *    Battery that would give nothing has nothing to do, so the turn ends (U10).
 * The version lives in the state, so one set of rules plays both.
 */
export type ShieldsUpRules = 1 | 2;
export const SHIELDS_UP_RULES: ShieldsUpRules = 2;

/**
 * U9: the game is drawn once this many turns have ended without a destroyed ship. Not in the source: without
 * it the game can loop for ever: with the piles empty, two players may be left only buying and playing the one
 * Transporter Hijinks in turn. In 100,000 random games every game that did not loop ended by turn 146.
 */
export const TURN_LIMIT = 200;

export interface PlayerState {
  /** Secret to the opponent (U8). */
  hand: string[];
  /** Face down, oldest first; seen by their owner only (U8). */
  shields: string[];
  /** Face up: set cards in progress and Batteries in play. */
  equipment: string[];
  destroyed: boolean;
}

/** A wave of damage waiting for its striker to pick the shields it destroys (U5). */
export interface Strike {
  by: Seat;
  against: Seat;
  /** Damage still to deal in this wave. */
  left: number;
  /** Space Mines revealed so far in this wave: the size of the counter-strike that follows it. */
  mines: number;
}

export interface ShieldsUpState {
  rules: ShieldsUpRules;
  /** Index 0 is the top. Its order is secret to everyone (U8). */
  draw: string[];
  /** The last card is the top; public. */
  discard: string[];
  /** [oldest, newest]: an empty slot stays empty until the end of the turn (U6). */
  market: [string | null, string | null];
  players: [PlayerState, PlayerState];
  turn: Seat;
  /** Actions left this turn, Battery actions included. */
  actions: number;
  /**
   * Rules 2: the Battery actions among `actions`. The base actions are spent first, so they are all taken once
   * `actions === extra`, and the turn may then be ended (U3 amended). Always 0 under rules 1.
   */
  extra: number;
  /** Rules 2: whether a Battery has given actions this turn (U9: at most once). Always false under rules 1. */
  charged: boolean;
  /** Turns begun, from 1. */
  turns: number;
  strike: Strike | null;
  result: Result | null;
}

const cardId = z.string().min(1).max(40);

export const shieldsUpAction = z.discriminatedUnion('type', [
  z.object({ type: z.literal('draw') }).strict(),
  z.object({ type: z.literal('shield'), card: cardId }).strict(),
  z.object({ type: z.literal('build'), card: cardId }).strict(),
  /** Resolve a card at once. Smuggle names a zone, and the card when the zone is the face-up equipment (U7). */
  z
    .object({ type: z.literal('play'), card: cardId, zone: z.enum(ZONES).optional(), target: cardId.optional() })
    .strict(),
  z.object({ type: z.literal('buy'), which: z.enum(['oldest', 'newest']) }).strict(),
  z.object({ type: z.literal('battery'), card: cardId }).strict(),
  z.object({ type: z.literal('end') }).strict(),
  /** The striker's pick among the target's shields, by position (oldest first). */
  z
    .object({
      type: z.literal('strike'),
      shield: z
        .number()
        .int()
        .min(0)
        .max(MAX_SHIELDS - 1),
    })
    .strict(),
]);

export const shieldsUpOptions = z.object({}).strict();

export type ShieldsUpAction = z.output<typeof shieldsUpAction>;
export type ShieldsUpOptions = z.output<typeof shieldsUpOptions>;
