// Dice Siege: constants, the state of each player's sheet, options and actions, and a fresh game.
import { z } from 'zod';
import type { Seat } from '../../core/game-module';
import { LINES, STRONGHOLD, type AttackerKind, type LineSpec } from './lines';

export const BASE_DICE = 6;
export const MAX_DICE = 8;
export const MAX_SEATS = 8;

/** Reinforcement tracks filled by 6's (D4), with their sizes. */
export const TRACKS = { extra1: 3, extra2: 3, elves: 4, riders: 4 } as const;
export type Track = keyof typeof TRACKS;
export const TRACK_IDS = Object.keys(TRACKS) as Track[];

export const SPECIALS = [
  { id: 'wizards-light', tier: 3, name: "Wizard's Light" },
  { id: 'repurpose-rubble', tier: 3, name: 'Repurpose Rubble' },
  { id: 'targeted-attack', tier: 4, name: 'Targeted Attack' },
  { id: 'call-to-arms', tier: 4, name: 'Call to Arms' },
  { id: 'heroic-deeds', tier: 5, name: 'Heroic Deeds' },
  { id: 'war-horn', tier: 5, name: 'War Horn' },
  { id: 'shieldmaiden', tier: 6, name: 'Shieldmaiden' },
  { id: 'summon-the-dead', tier: 6, name: 'Summon the Dead' },
] as const;
export type SpecialId = (typeof SPECIALS)[number]['id'];
export const SPECIAL_IDS = SPECIALS.map((s) => s.id) as SpecialId[];
export const specialInfo = (id: SpecialId) => SPECIALS.find((s) => s.id === id)!;

export const WIZARDS_LIGHT = 6;
export const SUMMON_THE_DEAD = 15;

/** What one die (or one pair of Halflings) is used for. Each needs the face shown in USE_FACE. */
export const USES = [
  'archers',
  'warriors',
  'riders',
  'trebuchets',
  'elves',
  'box-extra1',
  'box-extra2',
  'box-elves',
  'box-riders',
] as const;
export type Use = (typeof USES)[number];
export const USE_FACE: Record<Use, number> = {
  archers: 2,
  warriors: 3,
  riders: 3,
  trebuchets: 4,
  elves: 5,
  'box-extra1': 6,
  'box-extra2': 6,
  'box-elves': 6,
  'box-riders': 6,
};
/** Trebuchets fire only as a battery of at least three 4's. */
export const TREBUCHET_MIN = 3;

export const siegeOptions = z
  .object({
    mode: z.enum(['normal', 'epic']).default('normal'),
    /** 1: solo; 2–8: a race on the same dice (D7). The room opens this many seats. */
    seats: z.number().int().min(1).max(MAX_SEATS).default(1),
  })
  .strict();
export type SiegeOptions = z.output<typeof siegeOptions>;

const index = z
  .number()
  .int()
  .min(0)
  .max(MAX_DICE - 1);
const use = z.enum(USES);
const special = z.enum(SPECIAL_IDS as [SpecialId, ...SpecialId[]]);
const attackerId = z.string().regex(/^l\d{1,2}\.\d$/);

export const siegeAction = z.discriminatedUnion('type', [
  /** Roll the dice not held (the round's first roll holds none). */
  z.object({ type: z.literal('roll'), hold: z.array(index).max(MAX_DICE) }).strict(),
  /** End the round: how the final dice are used, the special unlocked and those used, and where damage goes. */
  z
    .object({
      type: z.literal('plan'),
      /** One entry per die of the tray: its use, or null (unused, or one of a Halflings pair). */
      dice: z.array(use.nullable()).max(MAX_DICE),
      /** Halflings: two 1's counted as one die of another number. */
      pairs: z
        .array(
          z.object({ dice: z.tuple([index, index]), as: z.number().int().min(2).max(6), use: use.nullable() }).strict(),
        )
        .max(MAX_DICE / 2)
        .default([]),
      unlock: special.nullable().default(null),
      specials: z.array(special).max(SPECIALS.length).default([]),
      /** The line Heroic Deeds destroys. */
      heroicLine: z.number().int().min(1).max(99).nullable().default(null),
      /** Damage, in order: from abilities and Wizard's Light to entered attackers, or from Summon the Dead to any. */
      hits: z
        .array(
          z
            .object({ target: attackerId, n: z.number().int().min(1).max(99), summon: z.boolean().default(false) })
            .strict(),
        )
        .max(40)
        .default([]),
    })
    .strict(),
]);
export type SiegeAction = z.output<typeof siegeAction>;
export type Plan = Extract<SiegeAction, { type: 'plan' }>;

export interface Attacker {
  /** `l<line>.<index in line>` */
  id: string;
  line: number;
  kind: AttackerKind;
  boxes: number;
  hits: number;
}

export type SheetPhase = 'roll' | 'done' | 'won' | 'lost';

export interface Sheet {
  /** Stronghold boxes checked, filled Outer Walls, then Inner Walls, then Courtyard. */
  damage: number;
  attackers: Attacker[];
  /** 6's placed on each reinforcement track. */
  tracks: Record<Track, number>;
  /** Unlocked (circled) and used (ticked) rounds of each special; null while not. */
  specials: Record<SpecialId, { unlocked: number | null; used: number | null }>;
  /** This round's dice, by slot; empty before the first roll. */
  tray: number[];
  /** Rolls made this round. */
  attempt: number;
  /** Fixed when the round starts: reinforcements completed in a round help from the next. */
  diceCount: number;
  elves: boolean;
  riders: boolean;
  phase: SheetPhase;
  /** The round the sheet's game ended in. */
  endRound: number | null;
  /** The player left the race (resigned, or dropped past the grace): out, ranked last. */
  left?: boolean;
}

export interface SiegeState {
  mode: 'normal' | 'epic';
  levels: readonly [number, number, number];
  lines: readonly LineSpec[];
  round: number;
  sheets: Sheet[];
  /**
   * Every sheet as the current round opened. In a race the others see these until the round is over, so
   * nobody learns another's holds, rerolled dice or plan before making their own (the dice are shared).
   */
  opened: Sheet[];
}

/** A seat's sheet, for a seat the caller has checked (the room seats exactly state.sheets.length players). */
export function sheetOf(state: Pick<SiegeState, 'sheets'>, seat: Seat): Sheet {
  const sh = state.sheets[seat];
  if (!sh) throw new Error(`Dice Siege: no sheet for seat ${seat}`);
  return sh;
}
export const totalBoxes = (s: Pick<SiegeState, 'levels'>) => s.levels[0] + s.levels[1] + s.levels[2];
export const isBreached = (s: SiegeState, sh: Sheet) => sh.damage >= s.levels[0];
/** D1: the fourth roll comes with the first Courtyard box checked. */
export const inCourtyard = (s: SiegeState, sh: Sheet) => sh.damage > s.levels[0] + s.levels[1];
export const maxAttempts = (s: SiegeState, sh: Sheet) => (inCourtyard(s, sh) ? 4 : 3);
export const isEntered = (s: SiegeState, a: Attacker) => a.line <= s.round;
export const isAlive = (a: Attacker) => a.hits < a.boxes;
export const lineOf = (s: SiegeState, n: number) => s.lines.find((l) => l.line === n);
/**
 * Rounds no game can outlast: after the last line enters, every round with a living attacker checks
 * at least one stronghold box, except the one War Horn round.
 */
export const roundBound = (s: Pick<SiegeState, 'levels' | 'lines'>) => s.lines.length + totalBoxes(s) + 1;

export function freshSheet(lines: readonly LineSpec[]): Sheet {
  const attackers: Attacker[] = [];
  for (const l of lines) {
    if ('attackers' in l)
      l.attackers.forEach((a, i) => {
        attackers.push({ id: `l${l.line}.${i}`, line: l.line, kind: a.kind, boxes: a.boxes, hits: 0 });
      });
  }
  const specials = Object.fromEntries(
    SPECIAL_IDS.map((id) => [id, { unlocked: null, used: null }]),
  ) as Sheet['specials'];
  return {
    damage: 0,
    attackers,
    tracks: { extra1: 0, extra2: 0, elves: 0, riders: 0 },
    specials,
    tray: [],
    attempt: 0,
    diceCount: BASE_DICE,
    elves: false,
    riders: false,
    phase: 'done',
    endRound: null,
  };
}

/** Round 0, before the first line enters; the rules start round 1 at once. */
export function blankState(mode: 'normal' | 'epic', seats: number, lines: readonly LineSpec[] = LINES): SiegeState {
  const sheets = Array.from({ length: seats }, () => freshSheet(lines));
  return { mode, levels: STRONGHOLD[mode], lines, round: 0, sheets, opened: sheets };
}
