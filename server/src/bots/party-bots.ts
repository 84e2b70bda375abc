// A party's computer seats: which seat a host may give the computer at the lobby (the table then seats the bots,
// ./room-bots). Kept with the other bot code; the lobby room (../rooms/party-room) only routes the messages.
import { botGames } from '@dicehall/shared';
import type { PartyState } from '../rooms/party-schema';

export interface Refusal {
  code: string;
  message: string;
}

/** Why `seat` cannot go to the computer in this lobby now, or null when it can. */
export function computerSeatRefusal(state: PartyState, seat: number): Refusal | null {
  if (seat >= state.seats)
    return { code: 'no-seat', message: state.seats ? `Seats are 1 to ${state.seats}.` : 'Pick a game first.' };
  if (!botGames().includes(state.game)) return { code: 'no-bot', message: 'This game has no computer player.' };
  if ([...state.members.values()].some((m) => m.seat === seat))
    return { code: 'seat-taken', message: 'A member sits there.' };
  const others = [...state.bots.keys()].filter((s) => Number(s) !== seat).length;
  if (others + 1 >= state.seats) return { code: 'bad-seats', message: 'Leave at least one seat for a person.' };
  return null;
}

/** The computer seats a table is opened with, from the lobby's list (seat → level). */
export function computerSeats<L extends string>(state: PartyState): { seat: number; level: L }[] {
  return [...state.bots.entries()].map(([seat, level]) => ({ seat: Number(seat), level: level as L }));
}
