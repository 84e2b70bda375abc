// Polywars data: die types (W1 footprints and heights, W4 steps, W3 powers) and the scenarios (W7) as plain data.
import { R, type Point, type Terrain } from './geometry';

export type Power = 'damage-field' | 'super-speed' | 'healer' | 'mutation' | 'teleportation';

export interface DieType {
  sides: number;
  /** Footprint radius and height, in units (R = 100), from W1. */
  radius: number;
  height: number;
  /** Steps per Movement Phase (W4). */
  steps: number;
  /** The type's special power (W3), if any. */
  power: Power | null;
}

/** W4: 2–5 sides: 3 steps; 6–19: 2; 20–99: 1; 100 and more: none. */
export function stepsFor(sides: number): number {
  return sides >= 100 ? 0 : sides >= 20 ? 1 : sides >= 6 ? 2 : 3;
}

const type = (sides: number, radius: number, height: number, power: Power | null): DieType => ({
  sides,
  radius,
  height,
  steps: stepsFor(sides),
  power,
});

/** W1 footprints (radius) and heights in units, R = 100: a coin (d2) is 0.24 R across its radius and 0.035 R tall. */
export const DIE_TYPES: Readonly<Record<number, DieType>> = {
  2: type(2, 24, 3.5, 'damage-field'),
  4: type(4, 18, 30, 'super-speed'),
  6: type(6, 16, 32, null),
  8: type(8, 16, 32, 'healer'),
  10: type(10, 17, 34, 'mutation'),
  12: type(12, 18, 36, 'teleportation'),
  20: type(20, 20, 40, null),
  100: type(100, 45, 90, null),
};

export const ALL_SIDES = [2, 4, 6, 8, 10, 12, 20, 100] as const;

/**
 * What every power costs its die (W3, the source's Special Powers). `needsTwo`: the power may not be used
 * when paying would leave the die at 0 (Super Speed, Teleportation); the others are used and the die is
 * destroyed if it falls to 0 (Healer and Mutation say so; Damage Field is read the same way).
 */
export const POWER_COST: Readonly<Record<Power, { cost: number; needsTwo: boolean }>> = {
  'damage-field': { cost: 1, needsTwo: false },
  'super-speed': { cost: 1, needsTwo: true },
  healer: { cost: 1, needsTwo: false },
  mutation: { cost: 1, needsTwo: false },
  teleportation: { cost: 1, needsTwo: true },
};

/** Healer: points restored in all, split as the healer's player chooses among dice in STSA range. */
export const HEAL_POINTS = 3;

/** The option points each player gets at every Initiative (W5). */
export const OPTION_POINTS = 3;

export type ScenarioId = 'kill-the-king' | 'capture-the-flag' | 'rescue-mission' | 'snipe-hunt' | 'attack-on-tokyo';
export type AuraKind = 'immunity' | 'flag' | 'leadership' | 'rage';

/** An axis-aligned rectangle, [x0, y0]–[x1, y1] in units. */
export interface Zone {
  x0: number;
  y0: number;
  x1: number;
  y1: number;
}

export interface Scenario {
  id: ScenarioId;
  name: string;
  players: { min: number; max: number };
  /** Die types a force may include. */
  allowed: number[];
  field: { width: number; height: number };
  terrain: Terrain[];
  /** Default side budget per player; `ratio` gives a side's budget relative to it (Rescue Mission: 2 for the Rescuers). */
  budget: number;
  /** The most dice one force may hold (bounds the game's size; Snipe Hunt's 8 is the source's). */
  maxDice: number;
  auras: AuraKind[];
  /** Cycles after which the game ends; the source's own limit, or the table's (W8, see `limitIsProposal`). */
  cycleLimit: number;
  /** True when the source gives no cycle limit and ours is the table's ruling W8 (it began as a proposal). */
  limitIsProposal: boolean;
  /** Deployment: each seat's zone for its placements, by number of players. */
  zones: (players: number) => Zone[];
  /** Placement distances from the source, in range units. */
  deploy: { withinOfAnchor: number; anchor: 'leader' | 'base' | 'none' };
  /** Whether the rules module plays it to the end yet. */
  playable: boolean;
  /** The objective in a sentence. */
  objective: string;
}

const u = (v: number) => Math.round(v * R);
const rect = (x0: number, y0: number, x1: number, y1: number): Zone => ({ x0: u(x0), y0: u(y0), x1: u(x1), y1: u(y1) });
const poly = (height: number, ...xy: number[]): Terrain => {
  const points: Point[] = [];
  for (let i = 0; i < xy.length; i += 2) points.push({ x: u(xy[i]!), y: u(xy[i + 1]!) }); // xy is written in pairs below
  return { points, height: u(height) };
};

/**
 * The default 20 × 14 R battlefield's terrain (the source names none; ours is symmetric and kept in the middle
 * band x 6–14, y 5–9, clear of every deployment zone): a low hill any die but a coin can climb, two rocks only
 * a d20 or d100 can climb, and a ruined tower that only the d100 climbs and that hides everything else.
 */
export const STANDARD_TERRAIN: Terrain[] = [
  poly(0.25, 9, 6, 11, 6, 11.5, 7, 11, 8, 9, 8, 8.5, 7),
  poly(0.38, 6.5, 5.2, 7.6, 5.4, 7.2, 6.2),
  poly(0.38, 13.5, 8.8, 12.4, 8.6, 12.8, 7.8),
  poly(0.8, 6.4, 8, 7.4, 8, 7.4, 8.8, 6.4, 8.8),
  poly(0.8, 12.6, 5.2, 13.6, 5.2, 13.6, 6, 12.6, 6),
];

const FIELD = { width: u(20), height: u(14) };

/** Kill the King zones: opposite ends for two, corners and sides beyond; each wide enough for a 2 R deployment ring. */
export function kingZones(players: number): Zone[] {
  switch (players) {
    case 2:
      return [rect(0, 0, 5, 14), rect(15, 0, 20, 14)];
    case 3:
      return [rect(0, 0, 6, 5), rect(14, 0, 20, 5), rect(7, 9.5, 13, 14)];
    case 4:
      return [rect(0, 0, 6, 5), rect(14, 9, 20, 14), rect(14, 0, 20, 5), rect(0, 9, 6, 14)];
    default:
      return [
        rect(0, 0, 6, 4.6),
        rect(14, 9.4, 20, 14),
        rect(14, 0, 20, 4.6),
        rect(0, 9.4, 6, 14),
        rect(7, 0, 13, 4.6),
        rect(7, 9.4, 13, 14),
      ].slice(0, players);
  }
}

/** Rescue Mission: the Defenders' base in the left half; the Rescuers anywhere 5–10 R from it (checked on placement). */
const rescueZones = (players: number): Zone[] => [
  rect(0, 0, 10, 14),
  ...Array(players - 1)
    .fill(0)
    .map(() => rect(0, 0, 20, 14)),
];

/** Attack on Tokyo: Tokyo and its Defenders in the left 8 R, so the Rage can start 8 R away. */
const tokyoZones = (players: number): Zone[] =>
  Array(players)
    .fill(0)
    .map(() => rect(0, 0, 8, 14));

/** Snipe Hunt's two bases, 7 R apart across the middle of the field: the start and the goal. */
export const SNIPE_BASES = [
  { x: u(6.5), y: u(7) },
  { x: u(13.5), y: u(7) },
];
/** The Snipe player can have no more than 8 dice (the source). */
export const SNIPE_MAX_DICE = 8;
/**
 * The numbered spaces on the start base: space 1 at the centre, 2–8 on a ring 0.6 R out (clockwise from the east),
 * far enough apart for the largest allowed die (a d20, radius 0.2 R).
 */
export const SNIPE_SPACES = [
  { x: 0, y: 0 },
  ...Array.from({ length: 7 }, (_, k) => ({
    x: Math.round(60 * Math.cos((2 * Math.PI * k) / 7)),
    y: Math.round(60 * Math.sin((2 * Math.PI * k) / 7)),
  })),
];
/** Hunters go between the bases, no closer than 2 range units to either: the band between them, full height. */
const snipeZones = (players: number): Zone[] =>
  Array(players)
    .fill(0)
    .map(() => rect(8.5, 0, 11.5, 14));

export const SCENARIOS: Readonly<Record<ScenarioId, Scenario>> = {
  'kill-the-king': {
    id: 'kill-the-king',
    name: 'Kill the King',
    players: { min: 2, max: 6 },
    allowed: [...ALL_SIDES],
    field: FIELD,
    terrain: STANDARD_TERRAIN,
    budget: 60,
    maxDice: 20,
    auras: ['leadership'],
    cycleLimit: 30,
    limitIsProposal: true,
    zones: kingZones,
    deploy: { withinOfAnchor: 2, anchor: 'leader' },
    playable: true,
    objective: "Destroy every other player's Leadership Aura die; the last leader standing wins.",
  },
  'capture-the-flag': {
    id: 'capture-the-flag',
    name: 'Capture the Flag',
    players: { min: 2, max: 6 },
    allowed: [2, 4, 6, 8, 10, 12, 20],
    field: FIELD,
    terrain: STANDARD_TERRAIN,
    budget: 60,
    maxDice: 20,
    auras: ['flag'],
    cycleLimit: 30,
    limitIsProposal: true,
    zones: kingZones,
    deploy: { withinOfAnchor: 2, anchor: 'base' },
    playable: true,
    objective: 'Tag the enemy flag and bring it to your own base; destroyed dice respawn on their base.',
  },
  'rescue-mission': {
    id: 'rescue-mission',
    name: 'Rescue Mission',
    players: { min: 2, max: 2 },
    allowed: [2, 4, 6, 8, 10, 12, 20],
    field: FIELD,
    terrain: STANDARD_TERRAIN,
    budget: 30,
    maxDice: 20,
    auras: ['immunity'],
    cycleLimit: 12,
    limitIsProposal: false,
    zones: rescueZones,
    deploy: { withinOfAnchor: 2, anchor: 'base' },
    playable: true,
    objective: "Rescuers (twice the Defenders' sides) bring the frozen Immunity die to their base within 12 cycles.",
  },
  'snipe-hunt': {
    id: 'snipe-hunt',
    name: 'Snipe Hunt',
    players: { min: 2, max: 2 },
    allowed: [4, 6, 8, 10, 12, 20],
    field: FIELD,
    terrain: [],
    budget: 40,
    maxDice: 20,
    auras: [],
    cycleLimit: 20,
    limitIsProposal: false,
    zones: snipeZones,
    deploy: { withinOfAnchor: 2, anchor: 'base' },
    playable: true,
    objective: 'Two battles with roles swapped: a point per Snipe die from the first base to the second (7 R apart).',
  },
  'attack-on-tokyo': {
    id: 'attack-on-tokyo',
    name: 'Attack on Tokyo',
    players: { min: 2, max: 2 },
    allowed: [2, 4, 6, 8, 10, 12, 20],
    field: FIELD,
    terrain: STANDARD_TERRAIN,
    budget: 60,
    maxDice: 20,
    auras: ['rage'],
    cycleLimit: 10,
    limitIsProposal: false,
    zones: tokyoZones,
    deploy: { withinOfAnchor: 3, anchor: 'base' },
    playable: true,
    objective: 'The Rage die must reach the base within 10 cycles; every Rage step must bring it closer.',
  },
};

export const PLAYABLE_SCENARIOS = Object.values(SCENARIOS)
  .filter((s) => s.playable)
  .map((s) => s.id);
