// The first engine's die API, kept for views written against it: a plain die (`form: 'cube'`) of the one renderer.
import { Die } from './die';
import type { Stage } from './stage';

export interface DieLook {
  size: number;
  fill: number;
  ink: number;
  /** Shown faint under the value: the die's size, e.g. "d8". */
  badge?: string;
}

export class DieSprite {
  private die: Die;
  readonly container;

  constructor(look: DieLook) {
    this.die = new Die({ ...look, sides: 6, form: 'cube', face: '' });
    this.container = this.die.container;
  }

  /** The face shown now. */
  get value(): string {
    return String(this.die.look.face ?? '');
  }

  set(look: Partial<DieLook>, value: number | string) {
    this.die.set({ ...look, face: value });
  }

  /** Tumbles through random faces for a moment and lands on `value` (the server's number). */
  roll(stage: Stage, sides: number, value: number, ms = 600) {
    this.die.tumble(stage, value, { sides, ms, spin: 0.25, grow: 0, every: 60 });
  }
}
