// Dice sources: the interface the rules roll through, a scripted source for tests, and a recorder.
export interface Dice {
  /** A uniform integer in 1..sides. */
  roll(sides: number): number;
  /**
   * A uniform integer in 1..sides named by `key` instead of by its position: the same key gives the same
   * number however many rolls came before (a race's players share dice this way). Sources without it
   * fall back to `roll` through `rollKeyed` below.
   */
  rollKeyed?(sides: number, key: string): number;
}

/** A keyed roll's name: short, and free of the separator the fair scheme hashes with. */
export const ROLL_KEY_RE = /^[a-z0-9][a-z0-9.:_-]{0,63}$/;

export function checkKey(key: string): void {
  if (typeof key !== 'string' || !ROLL_KEY_RE.test(key))
    throw new RangeError(`a roll key is 1..64 of [a-z0-9.:_-], not ${JSON.stringify(key)}`);
}

/** Rolls by key when the source can, in sequence otherwise (scripted tests, plain seeded bots). */
export function rollKeyed(dice: Dice, sides: number, key: string): number {
  return dice.rollKeyed ? dice.rollKeyed(sides, key) : dice.roll(sides);
}

/**
 * A source that can step back: `position` counts the rolls taken so far and `seek` returns to an earlier count,
 * so the table can take back the rolls of an action the rules then refused (a refusal consumes no roll index).
 */
export interface SeekableDice extends Dice {
  readonly position: number;
  seek(position: number): void;
}

export const isSeekable = (d: Dice): d is SeekableDice =>
  typeof (d as Partial<SeekableDice>).seek === 'function' && typeof (d as Partial<SeekableDice>).position === 'number';

function checkSeek(to: number, at: number): void {
  if (!Number.isInteger(to) || to < 0 || to > at) throw new RangeError(`cannot seek to roll ${to} from roll ${at}`);
}

export interface Roll {
  /** Position of the roll in the game's whole sequence, from 0. */
  index: number;
  sides: number;
  value: number;
  /** Present for a keyed roll: the fair value hashes this key in place of the index. */
  key?: string;
}

export const MIN_SIDES = 2;
export const MAX_SIDES = 100;

export function checkSides(sides: number): void {
  if (!Number.isInteger(sides) || sides < MIN_SIDES || sides > MAX_SIDES) {
    throw new RangeError(`a die has ${MIN_SIDES}..${MAX_SIDES} sides, not ${sides}`);
  }
}

/** Plays back fixed numbers in order; throws when the script runs out or a value cannot be on the die. */
export function scripted(values: number[]): SeekableDice & { remaining(): number } {
  let i = 0;
  return {
    get position() {
      return i;
    },
    seek(to: number) {
      checkSeek(to, i);
      i = to;
    },
    roll(sides: number) {
      checkSides(sides);
      if (i >= values.length)
        throw new Error(`scripted dice ran out after ${values.length} rolls (wanted a d${sides})`);
      const v = values[i++]!;
      if (!Number.isInteger(v) || v < 1 || v > sides)
        throw new Error(`scripted roll #${i - 1} is ${v}, not a face of a d${sides}`);
      return v;
    },
    remaining: () => values.length - i,
  };
}

/** Plays back recorded rolls, checking each die size: replays a log exactly or fails loudly. */
export function replayed(rolls: Roll[]): SeekableDice & { remaining(): number } {
  let i = 0;
  const next = (sides: number, key: string | undefined) => {
    const r = rolls[i];
    if (!r) throw new Error(`the log has no roll #${i}`);
    if (r.sides !== sides) throw new Error(`roll #${r.index} was a d${r.sides}, the rules asked for a d${sides}`);
    if (r.key !== key)
      throw new Error(`roll #${r.index} has key ${JSON.stringify(r.key)}, the rules asked for ${JSON.stringify(key)}`);
    i++;
    return r.value;
  };
  return {
    get position() {
      return i;
    },
    seek(to: number) {
      checkSeek(to, i);
      i = to;
    },
    roll: (sides: number) => next(sides, undefined),
    rollKeyed: (sides: number, key: string) => next(sides, key),
    remaining: () => rolls.length - i,
  };
}

/** Wraps a source and keeps every roll with its index, so a log can carry them. */
export class RecordingDice implements Dice {
  private taken: Roll[] = [];
  constructor(
    private readonly source: Dice,
    private next = 0,
  ) {}
  roll(sides: number): number {
    checkSides(sides);
    const value = this.source.roll(sides);
    this.taken.push({ index: this.next++, sides, value });
    return value;
  }
  rollKeyed(sides: number, key: string): number {
    checkSides(sides);
    checkKey(key);
    const value = rollKeyed(this.source, sides, key);
    this.taken.push({ index: this.next++, sides, value, key });
    return value;
  }
  /**
   * Takes back every roll from index `to` on, in the record and in the source, as if they had never been rolled.
   * False (and nothing changed) when the source cannot step back.
   */
  rewind(to: number): boolean {
    if (to === this.next) return true;
    checkSeek(to, this.next);
    if (!isSeekable(this.source) || this.source.position < this.next - to) return false;
    this.source.seek(this.source.position - (this.next - to));
    this.taken = this.taken.filter((r) => r.index < to);
    this.next = to;
    return true;
  }
  /** The rolls since the last drain, and forget them. */
  drain(): Roll[] {
    const out = this.taken;
    this.taken = [];
    return out;
  }
  get count(): number {
    return this.next;
  }
}

/** A seeded, deterministic, non-cryptographic source for property tests and bots (mulberry32). */
export function seededDice(seed: number): SeekableDice {
  const start = seed >>> 0;
  let a = start;
  let n = 0;
  const next = () => {
    n++;
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    roll: (sides) => 1 + Math.floor(next() * sides),
    get position() {
      return n;
    },
    // Each draw adds the same constant to the state, so any position is reached in one step.
    seek(to: number) {
      checkSeek(to, n);
      n = to;
      a = (start + Math.imul(0x6d2b79f5, to)) >>> 0;
    },
  };
}

/**
 * seededDice with keyed rolls: a key's number depends only on the seed and the key (FNV-1a into
 * mulberry32), so simulations of a race share dice the way the fair roller does, only faster.
 */
export function seededKeyedDice(seed: number): Dice {
  const plain = seededDice(seed);
  return {
    roll: plain.roll,
    rollKeyed(sides, key) {
      let h = 0x811c9dc5 ^ (seed >>> 0);
      for (let i = 0; i < key.length; i++) h = Math.imul(h ^ key.charCodeAt(i), 0x01000193) >>> 0;
      return seededDice(h).roll(sides);
    },
  };
}

/** Picks an element with a dice source (bots and random play). */
export function pick<T>(dice: Dice, items: readonly T[]): T {
  if (items.length === 0) throw new Error('pick from an empty list');
  if (items.length === 1) return items[0]!;
  // Dice have at most 100 sides; larger lists are picked in two digits.
  if (items.length <= MAX_SIDES) return items[dice.roll(items.length) - 1]!;
  const hi = Math.ceil(items.length / MAX_SIDES);
  for (;;) {
    const i = (dice.roll(hi) - 1) * MAX_SIDES + (dice.roll(MAX_SIDES) - 1);
    if (i < items.length) return items[i]!;
  }
}
