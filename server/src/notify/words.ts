// What a notification says: "Ben, your turn in Dice Chess against Ana", and the game's end in the room's words.
import type { TurnChange } from '../days/turn-events';

/** "Ana", "Ana and Ben", "Ana, Ben and Cy". */
export function listNames(names: string[]): string {
  if (names.length <= 1) return names[0] ?? '';
  return `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}`;
}

const nameOf = (change: TurnChange, seat: number) => change.names[seat]?.trim() || `Seat ${seat + 1}`;

/** The others at the table, seen from `seats`. */
function others(change: TurnChange, seats: number[]): string[] {
  return change.names
    .map((_, seat) => seat)
    .filter((seat) => !seats.includes(seat))
    .map((seat) => nameOf(change, seat));
}

/** The sentence for the seats to act (or, once the game is over, for everyone). */
export function turnSentence(change: TurnChange, seats = change.toAct): string {
  if (change.over) {
    const players = listNames(change.names.map((_, seat) => nameOf(change, seat)));
    return `${change.gameName} with ${players} is over${change.words ? `: ${change.words}` : ''}`;
  }
  const against = others(change, seats);
  return `${listNames(seats.map((seat) => nameOf(change, seat)))}, your turn in ${change.gameName}${
    against.length ? ` against ${listNames(against)}` : ''
  }`;
}

/** One seat's line in a push notification (the seat is the reader: no name first). */
export function pushLine(change: TurnChange, seat: number): string {
  if (change.over) return turnSentence(change);
  const against = others(change, [seat]);
  return `Your turn in ${change.gameName}${against.length ? ` against ${listNames(against)}` : ''}`;
}

/** The table's path (/r/<roomId>), as the client routes it (a room link). */
export const tablePath = (roomId: string) => `/r/${encodeURIComponent(roomId)}`;
