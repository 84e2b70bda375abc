// What the Shields table's scene functions share: the scene they add to, where each die went, the input state and
// the legal actions, the layout, the snapshot, and the way a tap is carried out; the table's colours and arrows.
import type { Container, Graphics, Text } from 'pixi.js';
import type { TextLook } from '../../engine/text';
import type { Colour } from '@dicehall/shared/shields';
import type { ShieldsView } from '@dicehall/shared/shields';
import type { Snapshot } from '../../net/store';
import type { Legal, Outcome, TableInput } from './controller';
import type { Layout } from './layout';
import { LOOK, type DieSpec } from './look';

export const SEAT_COLORS = [0xe8b04b, 0x5b9bd5];
export const COLOUR_HEX: Record<Colour, number> = {
  red: LOOK.red.fill,
  yellow: LOOK.yellow.fill,
  blue: LOOK.blue.fill,
};
export const POOL_KINDS = [
  ['attack', 'Attack dice', 'replace your d4'],
  ['shield', 'Shields', 'colored: one battery · black: all'],
  ['potion', 'Potions', 'heal a battery'],
  ['polish', 'Polish', 'repair a shield'],
] as const;

export interface Place {
  x: number;
  y: number;
  size: number;
}

export interface Paint {
  scene: Container;
  places: Map<string, Place>;
  input: TableInput;
  legal: Legal;
  L: Layout;
  view: ShieldsView;
  snap: Snapshot;
  /** Carries out what a tap came to (a new selection, or an action to send). */
  on(o: Outcome): void;
  /** A text as `makeText` makes it: the one the last redraw showed with the same words and look when there was one. */
  text(words: string, look: TextLook, ax?: number, ay?: number, overlay?: boolean): Text;
  /** A die as `makeDie` makes it: the last redraw's die of the same spec when there was one, tapping to `tap` now. */
  die(spec: DieSpec, tap?: () => void): Container;
}

export function arrow(
  g: Graphics,
  x1: number,
  y1: number,
  x2: number,
  y2: number,
  color: number,
  alpha: number,
  width: number,
) {
  const ang = Math.atan2(y2 - y1, x2 - x1);
  const head = 6 + width * 1.5;
  g.moveTo(x1, y1)
    .lineTo(x2 - Math.cos(ang) * head * 0.6, y2 - Math.sin(ang) * head * 0.6)
    .stroke({ width, color, alpha, cap: 'round' });
  g.poly(
    [
      x2,
      y2,
      x2 - Math.cos(ang - 0.45) * head,
      y2 - Math.sin(ang - 0.45) * head,
      x2 - Math.cos(ang + 0.45) * head,
      y2 - Math.sin(ang + 0.45) * head,
    ],
    true,
  ).fill({ color, alpha });
}
