// Shields: the 34 dice of the game, each with a stable, readable id (S1), and the color wheel (S4).
import type { Seat } from '../../core/game-module';

export const COLOURS = ['red', 'yellow', 'blue'] as const;
export type Colour = (typeof COLOURS)[number];

/** Red attacks yellow, yellow attacks blue, blue attacks red (S4). */
export const BEATS: Readonly<Record<Colour, Colour>> = { red: 'yellow', yellow: 'blue', blue: 'red' };

export const MAX_HEALTH = 12;

export type DieKind = 'battery' | 'attack' | 'shield' | 'potion' | 'polish';
/** The color a die plays as: a battery is a green d12 but plays as its battery's color. */
export type DieColour = Colour | 'black' | 'green' | 'gray';
export type Placement = 'front' | 'behind';

export interface DieInfo {
  id: string;
  kind: DieKind;
  colour: DieColour;
  sides: number;
  /** The seat a personal die (battery, default d4) belongs to; null for pool dice. */
  owner: Seat | null;
}

export const batteryId = (seat: Seat, c: Colour) => `p${seat}.battery.${c}`;
export const defaultAttackId = (seat: Seat, c: Colour) => `p${seat}.attack.${c}.d4`;

const catalogue = new Map<string, DieInfo>();
const add = (id: string, kind: DieKind, colour: DieColour, sides: number, owner: Seat | null = null) => {
  catalogue.set(id, { id, kind, colour, sides, owner });
  return id;
};

/** The 22 pool dice in their display order (S1). */
export const POOL_IDS: readonly string[] = [
  ...COLOURS.flatMap((c) => [add(`attack.${c}.d6`, 'attack', c, 6), add(`attack.${c}.d8`, 'attack', c, 8)]),
  ...COLOURS.flatMap((c) => [add(`shield.${c}.d10`, 'shield', c, 10), add(`shield.${c}.d12`, 'shield', c, 12)]),
  add('shield.black.d12', 'shield', 'black', 12),
  add('shield.black.d20', 'shield', 'black', 20),
  add('potion.d6', 'potion', 'green', 6),
  add('potion.d8.1', 'potion', 'green', 8),
  add('potion.d8.2', 'potion', 'green', 8),
  add('potion.d10', 'potion', 'green', 10),
  add('polish.d4', 'polish', 'gray', 4),
  add('polish.d6.1', 'polish', 'gray', 6),
  add('polish.d6.2', 'polish', 'gray', 6),
  add('polish.d8', 'polish', 'gray', 8),
];

/** Each player's own six dice: three green d12 batteries and three default d4 attack dice. */
export const PERSONAL_IDS: readonly string[] = [0, 1].flatMap((seat) =>
  COLOURS.flatMap((c) => [
    add(batteryId(seat, c), 'battery', c, 12, seat),
    add(defaultAttackId(seat, c), 'attack', c, 4, seat),
  ]),
);

export const ALL_IDS: readonly string[] = [...POOL_IDS, ...PERSONAL_IDS];

export function die(id: string): DieInfo | undefined {
  return catalogue.get(id);
}

/** The catalogue entry of an id known to exist (ids in a state always do). */
export function known(id: string): DieInfo {
  const d = catalogue.get(id);
  if (!d) throw new Error(`unknown Shields die ${id}`);
  return d;
}

export const isBlackShield = (d: DieInfo) => d.kind === 'shield' && d.colour === 'black';

/** "red d8 attack die", "black d20 shield", "d6 potion", "d8 potion #2", "yellow battery". */
export function dieName(id: string): string {
  const d = die(id);
  if (!d) return id;
  // Two potions are d8s and two polishes d6s (S1): their number tells them apart in the log and on the table.
  const twin = /\.(\d)$/.exec(id);
  if (twin) return `d${d.sides} ${d.kind} #${twin[1]}`;
  switch (d.kind) {
    case 'battery':
      return `${d.colour} battery`;
    case 'attack':
      return `${d.colour} d${d.sides} attack die`;
    case 'shield':
      return `${d.colour} d${d.sides} shield`;
    default:
      return `d${d.sides} ${d.kind}`;
  }
}
