// Helpers of the durable-games suites: two-seat rooms of any game, and honest players taking legal actions.
import { games, seatCount } from '@dicehall/shared';
import { logCount, toActOf, until, type Player } from './server';

/** A game's options for a two-seat room: its defaults, or `seats: 2` where seats vary by option. */
export function twoSeats(id: string): Record<string, unknown> {
  const module = games[id];
  for (const raw of [{}, { seats: 2 }]) {
    const o = module.options.safeParse(raw);
    if (o.success && seatCount(module, o.data) === 2) return raw;
  }
  throw new Error(`no two-seat room for ${id}`);
}

/** Entries of the game as a player's synced state shows them. */
export const logLength = (p: Player) => logCount(p.room.state);

/**
 * Plays up to `count` legal actions (seats to act in turn, the k-th legal action of each), each waited for until
 * every player has seen it; stops early when the game is over. Returns how many were played.
 */
export async function playSome(players: Player[], count: number, salt = 0): Promise<number> {
  let played = 0;
  for (let k = 0; k < count; k++) {
    const state = players[0].room.state;
    if (state.phase !== 'playing') break;
    const toAct: number[] = [...toActOf(state)];
    const mover = players.find((p) => p.seat !== null && toAct.includes(p.seat) && p.legal.length > 0);
    if (!mover) throw new Error(`nobody to act: toAct ${JSON.stringify(toAct)}`);
    const before = logLength(players[0]);
    const rev = mover.stream.rev;
    const legal = mover.legal;
    mover.room.send('action', legal[(k * 7 + salt) % legal.length]);
    // Acknowledged: every player's log shows it, or, where the game holds a simultaneous round's lines back until
    // the round is over (a Dice Siege race), the mover's own view shows it.
    const held = games[mover.room.state.game]?.holdLog !== undefined;
    await until(
      () => players.every((p) => logLength(p) > before) || (held && mover.stream.rev > rev),
      'the action to reach every player',
      10000,
    );
    // The view stream of the next mover catches up with the state.
    await until(() => players.every((p) => p.room.state.phase !== 'playing' || p.stream.rev > 0), 'views', 5000);
    played++;
  }
  return played;
}
