// Shields Up's deck as data (U1): what each card does, and which of its fields we invented.
// The published card list could not be found: replacing this table with the real one needs no code change,
// as long as every kind keeps one of the three plays below.

/** How a card is played face up: toward a set (`build`, weapons and the Battery) or resolved at once (`instant`). */
export type Play = 'build' | 'instant';

/** What a completed set or a resolved card does. */
export type Effect = 'damage' | 'battery' | 'smuggle' | 'hijinks';

export interface CardKind {
  kind: string;
  name: string;
  copies: number;
  /** Cards of this kind needed to complete the set (the set indicator's circles); 1 for instants. */
  set: number;
  /** Damage of the completed set (weapons) or of the card resolved face up (Space Mine); 0 otherwise. */
  damage: number;
  play: Play;
  effect: Effect;
  /** The set indicator's color. */
  colour: string;
  /** One short line for the card face. */
  text: string;
  /** Fields of this entry that the source does not give and we chose (U1). */
  reconstructed: Array<'name' | 'copies' | 'set' | 'damage' | 'play' | 'effect' | 'colour' | 'text'>;
}

export const DECK: readonly CardKind[] = [
  {
    kind: 'death-ray',
    name: 'Death Ray',
    copies: 3,
    set: 3,
    damage: 4,
    play: 'build',
    effect: 'damage',
    colour: '#d8453b',
    text: 'Set of 3: 4 damage',
    reconstructed: ['copies', 'colour'],
  },
  {
    kind: 'plasma-cannon',
    name: 'Plasma Cannon',
    copies: 3,
    set: 2,
    damage: 3,
    play: 'build',
    effect: 'damage',
    colour: '#8a5cd6',
    text: 'Set of 2: 3 damage',
    reconstructed: ['name', 'copies', 'set', 'damage', 'colour', 'text'],
  },
  {
    kind: 'laser-cannon',
    name: 'Laser Cannon',
    copies: 3,
    set: 2,
    damage: 2,
    play: 'build',
    effect: 'damage',
    colour: '#2f9e6e',
    text: 'Set of 2: 2 damage',
    reconstructed: ['name', 'copies', 'set', 'damage', 'colour', 'text'],
  },
  {
    kind: 'space-mine',
    name: 'Space Mine',
    copies: 3,
    set: 1,
    damage: 1,
    play: 'instant',
    effect: 'damage',
    colour: '#e0a420',
    text: 'Face up: 1 damage. As a shield: strikes back',
    reconstructed: ['copies', 'set', 'damage', 'play', 'colour'],
  },
  {
    kind: 'battery',
    name: 'Battery',
    copies: 2,
    set: 1,
    damage: 0,
    play: 'build',
    effect: 'battery',
    colour: '#3b82d8',
    text: 'Stores 2 actions; discard to use them',
    reconstructed: ['copies', 'colour'],
  },
  {
    kind: 'smuggle',
    name: 'Smuggle',
    copies: 2,
    set: 1,
    damage: 0,
    play: 'instant',
    effect: 'smuggle',
    colour: '#9aa3ad',
    text: 'Steal a card: hand, equipment or shield',
    reconstructed: ['copies', 'colour'],
  },
  {
    kind: 'hijinks',
    name: 'Transporter Hijinks',
    copies: 2,
    set: 1,
    damage: 0,
    play: 'instant',
    effect: 'hijinks',
    colour: '#d65ca8',
    text: 'Swap hands with your opponent',
    reconstructed: ['copies', 'colour'],
  },
];

/** A card's id is its kind and copy number, "death-ray-2": stable across games, so logs name cards plainly. */
export const CARD_IDS: readonly string[] = DECK.flatMap((k) =>
  Array.from({ length: k.copies }, (_, i) => `${k.kind}-${i + 1}`),
);

const byId = new Map<string, CardKind>();
for (const k of DECK) for (let i = 1; i <= k.copies; i++) byId.set(`${k.kind}-${i}`, k);

export function kindOf(id: string): CardKind {
  const k = byId.get(id);
  if (!k) throw new Error(`no card "${id}"`);
  return k;
}

export const isCard = (id: string): boolean => byId.has(id);
