// Rules 3: every event that names dice carries how they looked when the action began (owner, type, value, and
// which of identical twins), so its log line reads "Ana's d8 (5) hits Ben's d6 (4)" without the state it came from.
import type { GameEvent, Seat } from '../../core/game-module';
import type { PolywarsState } from './state';

/** A die as the table saw it: `nth` (1-based) only when its owner had live twins of the same type and value. */
export interface NamedDie {
  seat: Seat;
  sides: number;
  value: number;
  nth?: number;
}

/** The ids of dice an event names, under the keys the rules use for them. */
export function dieIdsOf(e: GameEvent): number[] {
  const ids: number[] = [];
  const add = (v: unknown) => {
    if (typeof v === 'number' && Number.isInteger(v) && !ids.includes(v)) ids.push(v);
  };
  add(e.die);
  add(e.target);
  add(e.by);
  // "from"/"to" are dice in rage-passed and flag-passed, points elsewhere (a point is an object, so add skips it).
  add(e.from);
  add(e.to);
  // Powers' targets: ids (damage field, mutation) or { die, points } (healer).
  if (Array.isArray(e.targets))
    for (const t of e.targets) add(typeof t === 'object' && t !== null ? (t as { die?: unknown }).die : t);
  return ids;
}

/** The events with a `dice` entry (id → NamedDie) on each that names dice, read from the state before the action. */
export function nameDice(before: PolywarsState, events: GameEvent[]): GameEvent[] {
  return events.map((e) => {
    const ids = dieIdsOf(e).filter((id) => before.dice[id] !== undefined);
    if (!ids.length) return e;
    const dice: Record<number, NamedDie> = {};
    for (const id of ids.sort((a, b) => a - b)) {
      const d = before.dice[id]!;
      const twins = before.dice.filter(
        (o) => o.alive && o.owner === d.owner && o.sides === d.sides && o.value === d.value,
      );
      const nth = twins.findIndex((o) => o.id === id);
      dice[id] = {
        seat: d.owner,
        sides: d.sides,
        value: d.value,
        ...(twins.length > 1 && nth >= 0 ? { nth: nth + 1 } : {}),
      };
    }
    return { ...e, dice };
  });
}

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/** "Ana's d8 (5)", "Ben's second d6 (4)": the words the board's buttons use for the same die. */
export function namedDieWords(d: NamedDie, name: (seat: Seat) => string): string {
  const nth = d.nth ? `${ORDINALS[d.nth - 1] ?? `${d.nth}th`} ` : '';
  return `${name(d.seat)}'s ${nth}d${d.sides} (${d.value})`;
}
