// The Dice Chess board's colours and its d6 as the one die renderer draws it (pips in a seat's colour).
import { Die } from '../../engine/die';

export const SEAT_COLORS = [0xe8b04b, 0x5b9bd5];
export const LIGHT = 0x4d6e5a;
export const DARK = 0x36543f;
export { INK, MUTED } from '../../engine/palette';
export const WARN = 0xffb347;
export const DANGER = 0xff8a7a;
const PIP_INK = 0x161616;

/** A die of `seat`'s colour showing `face` (null: a blank "?" for a die whose place is secret). */
export function pipDie(size: number, seat: number, face: number | null): Die {
  return new Die({ form: 'pips', sides: 6, size, fill: SEAT_COLORS[seat]!, ink: PIP_INK, face });
}

/** Redraws a kept die for a new size, seat or face. */
export function setPipDie(d: Die, size: number, seat: number, face: number | null) {
  d.set({ size, fill: SEAT_COLORS[seat]!, face });
}
