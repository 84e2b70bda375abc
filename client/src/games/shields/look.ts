// The Shields table's colours and its dice as the one die renderer draws them: the polyhedron's outline in its
// colour, solid for attack dice, potions and polish, see-through for shields and batteries, like the physical set.
import type { Container } from 'pixi.js';
import type { DieColour } from '@dicehall/shared/shields';
import { Die, type DieMark } from '../../engine/die';

export { INK, MUTED } from '../../engine/palette';
export const ACCENT = 0xe8b04b;
export const HOT = 0xff6b5a;
export const FELT = 0x1b2d24;

export const LOOK: Record<DieColour | 'battery' | 'dead', { fill: number; ink: number; edge: number }> = {
  red: { fill: 0xd9473f, ink: 0xffffff, edge: 0xff8a80 },
  yellow: { fill: 0xf2c230, ink: 0x1a1a1a, edge: 0xffe17a },
  blue: { fill: 0x3b7fdb, ink: 0xffffff, edge: 0x8fc0ff },
  black: { fill: 0x121316, ink: 0xf2efe6, edge: 0xaab2ba },
  green: { fill: 0x39a957, ink: 0xffffff, edge: 0x8ef0a8 },
  gray: { fill: 0x8c939a, ink: 0x111111, edge: 0xd0d5da },
  battery: { fill: 0x2fbf6a, ink: 0xffffff, edge: 0x7dffb0 },
  dead: { fill: 0x3a3f3c, ink: 0x9aa39d, edge: 0x5d6560 },
};

export type Mark = DieMark;

export interface DieSpec {
  sides: number;
  look: keyof typeof LOOK;
  /** Shields and batteries are translucent dice. */
  clear?: boolean;
  size: number;
  /** The big text: a value, points or "d8". */
  text: string;
  /** Small text under the value, e.g. "/12". */
  badge?: string;
  mark?: Mark;
}

const MARKS = { glow: ACCENT, selected: 0xffffff, target: HOT };

/** Builds one die; `tap` makes it a button on the canvas. */
export function makeDie(spec: DieSpec, tap?: () => void): Container {
  return shieldsDie(spec, tap).container;
}

/** The die itself, for an animation that changes its face. */
export function shieldsDie(spec: DieSpec, tap?: () => void): Die {
  const look = LOOK[spec.look];
  // On a see-through die the value is white (a pale yellow on yellow) so it reads over the felt behind it.
  const ink = spec.clear && spec.look !== 'yellow' ? 0xffffff : spec.clear ? 0xfff3c4 : look.ink;
  return new Die(
    {
      form: 'poly',
      sides: spec.sides,
      size: spec.size,
      fill: look.fill,
      edge: look.edge,
      ink,
      clear: spec.clear,
      face: spec.text,
      badge: spec.badge,
      mark: spec.mark,
      marks: MARKS,
    },
    tap,
  );
}
