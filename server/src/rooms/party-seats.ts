// A lobby's seat count for the chosen game: what the game's options give (`seatsFor`), or the host's number where
// the options can say it (a game sized by a `seats` option), never a count the table would not seat.
import { seatCount, type GameModule } from '@dicehall/shared';

export type SeatChoice = { ok: true; seats: number; options: unknown } | { ok: false; message: string };

/**
 * `options` are parsed already. Without `wanted`, the options decide. With it, the options must agree, or take it
 * as their own `seats` (re-parsed, so the game's own bounds apply); otherwise a refusal naming what is allowed.
 */
export function seatsOf(module: GameModule, options: unknown, wanted: number | undefined): SeatChoice {
  const given = seatCount(module, options);
  if (wanted === undefined || wanted === given) return { ok: true, seats: given, options };
  if (options && typeof options === 'object') {
    const sized = module.options.safeParse({ ...options, seats: wanted });
    if (sized.success && seatCount(module, sized.data) === wanted)
      return { ok: true, seats: wanted, options: sized.data };
    if (!sized.success && module.seatsFor)
      return { ok: false, message: sized.error.issues[0]?.message ?? `${module.name} cannot seat ${wanted}.` };
  }
  const { min, max } = module.seats;
  return {
    ok: false,
    message:
      min === max
        ? `${module.name} is played with ${max} seats.`
        : `${module.name} is played with ${given} seats with these options.`,
  };
}
