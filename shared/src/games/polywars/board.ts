// Polywars: what every rule reads about the field (dice on it, their shapes, seats still in), the scenario roles, and
// how a game is ended.
import type { GameEvent, Result, Seat } from '../../core/game-module';
import { DIE_TYPES, type Zone } from './catalogue';
import type { Body, Disc } from './geometry';
import type { PolywarsState, PwDie } from './state';

export const seatsIn = (s: PolywarsState): Seat[] => s.inGame.flatMap((on, seat) => (on ? [seat] : []));
export const activeSeat = (s: PolywarsState): Seat | null =>
  s.phase === 'turns' ? (s.order[s.turnIndex] ?? null) : null;
export const onBoard = (s: PolywarsState): PwDie[] => s.dice.filter((d) => d.alive && d.x !== null);
export function typeOf(d: PwDie) {
  const t = DIE_TYPES[d.sides];
  // Dice are only made from the catalogue's sides (the action schema and setup check them).
  if (!t) throw new Error(`Polywars: no die type with ${d.sides} sides`);
  return t;
}
export const bodyOf = (d: PwDie): Body => {
  const t = typeOf(d);
  return { x: d.x!, y: d.y!, r: t.radius, h: t.height };
};
export const discOf = (d: PwDie): Disc => ({ x: d.x!, y: d.y!, r: typeOf(d).radius });

/** A seat's deployment zone: setup makes one per seat. */
export function zoneOf(s: PolywarsState, seat: Seat): Zone {
  const z = s.zones[seat];
  if (!z) throw new Error(`Polywars: no deployment zone for seat ${seat}`);
  return z;
}

/** The die with this id (ids are indices into s.dice), for ids the rules have already checked or made themselves. */
export function dieOf(s: PolywarsState, id: number): PwDie {
  const d = s.dice[id];
  if (!d) throw new Error(`Polywars: no die ${id}`);
  return d;
}

export function finish(s: PolywarsState, result: Result, events: GameEvent[]): void {
  if (s.result) return;
  s.result = result;
  s.phase = 'over';
  events.push({ type: 'end', winners: result.winners, reason: result.reason });
}

/** Rescue Mission: seat 0 defends, seat 1 rescues. */
export const DEFENDERS = 0;
export const RESCUERS = 1;

export const ownDice = (s: PolywarsState, seat: Seat) => s.dice.filter((d) => d.owner === seat);

export function zoneHolds(z: Zone, d: Disc): boolean {
  return d.x - d.r >= z.x0 && d.x + d.r <= z.x1 && d.y - d.r >= z.y0 && d.y + d.r <= z.y1;
}

/** Attack on Tokyo: seat 0 defends Tokyo (the base) with every die; seat 1 plays the Rage Aura. */
export const RAGE = 1;

/** Scenarios whose deployment is made in turn, in the open, rather than secretly at once. */
export const inTurn = (s: PolywarsState) => s.scenario === 'rescue-mission' || s.scenario === 'attack-on-tokyo';
