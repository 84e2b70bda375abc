// Polywars scenario rules beyond the core (W7): Capture the Flag's flags and respawns, Rescue Mission's hostage,
// Snipe Hunt's two battles and Attack on Tokyo's Rage.
import type { Dice } from '../../core/dice';
import type { GameEvent, Seat } from '../../core/game-module';
import { SNIPE_BASES, SNIPE_MAX_DICE, SNIPE_SPACES } from './catalogue';
import { distanceToDisc, discsOverlap, onField, R, type Disc } from './geometry';
import { DEFENDERS, discOf, finish, onBoard, ownDice, RAGE, RESCUERS, typeOf, zoneHolds, zoneOf } from './board';
import type { Placement, PolywarsState, PwDie } from './state';

/** The free spot nearest a base's centre (a 10-unit grid within 2 R), or null when the base is crowded out. */
export function freeSpotNear(
  s: PolywarsState,
  d: PwDie,
  at: { x: number; y: number },
): { x: number; y: number } | null {
  const r = typeOf(d).radius;
  const others = onBoard(s)
    .filter((o) => o.id !== d.id)
    .map(discOf);
  let best: { x: number; y: number } | null = null;
  let bestKey = Infinity;
  for (let dy = -2 * R; dy <= 2 * R; dy += 10) {
    for (let dx = -2 * R; dx <= 2 * R; dx += 10) {
      // Nearest first; ties go to the first in reading order (dy, then dx), so the spot is one and the same everywhere.
      const key = (dx * dx + dy * dy) * 1e6 + (dy + 2 * R) * 1e3 + (dx + 2 * R);
      if (dx * dx + dy * dy > 4 * R * R || key >= bestKey) continue;
      const spot: Disc = { x: at.x + dx, y: at.y + dy, r };
      if (onField(spot, s.field) && !others.some((o) => discsOverlap(o, spot))) {
        best = { x: spot.x, y: spot.y };
        bestKey = key;
      }
    }
  }
  return best;
}

export function respawn(s: PolywarsState, d: PwDie, events: GameEvent[], dice: Dice): void {
  const spot = freeSpotNear(s, d, s.bases[d.owner]!);
  if (!spot) return;
  Object.assign(d, { alive: true, value: dice.roll(d.sides), x: spot.x, y: spot.y });
  events.push({ type: 'respawn', die: d.id, seat: d.owner, value: d.value, x: d.x, y: d.y });
}

/** Sides a seat may field: the Rescuers get twice the Defenders' budget (W7). */
export const budgetOf = (s: PolywarsState, seat: Seat) =>
  s.scenario === 'rescue-mission' && seat === RESCUERS ? 2 * s.budget : s.budget;

/** The hostage: the Rescuers' first die, which the Defenders' deployment puts on the Defenders' base, frozen. */
export const hostageOf = (s: PolywarsState): PwDie | undefined => ownDice(s, RESCUERS)[0];

/** Discs a Rescue Mission deployment must leave clear: for the Defenders the hostage on their base, then everything placed. */
export function blockedAtPlacement(s: PolywarsState, seat: Seat, base: { x: number; y: number }): Disc[] {
  if (seat === DEFENDERS) {
    const h = hostageOf(s);
    return h ? [{ x: base.x, y: base.y, r: typeOf(h).radius }] : [];
  }
  return onBoard(s).map(discOf);
}

// ───────────────────────────── Snipe Hunt (W7) ─────────────────────────────

export const maxDiceOf = (s: PolywarsState, seat: Seat) => (s.snipe?.seat === seat ? SNIPE_MAX_DICE : s.maxDice);

/** Snipe dice leave the start base one more each cycle: on cycle k, the dice on spaces 1..k may move. */
export function released(s: PolywarsState, d: PwDie): boolean {
  if (!s.snipe || d.owner !== s.snipe.seat) return true;
  const space = s.snipe.spaces.indexOf(d.id);
  return space < 0 || space < s.cycle;
}

/** Hunters: in the band between the bases, no closer than 2 range units to either, clear of each other. */
export function hunterRefusal(s: PolywarsState, seat: Seat, p: Placement): string | null {
  if (seat === s.snipe!.seat) return "The Snipe dice are set on the base's spaces by size.";
  if (p.leader !== null || p.base !== null) return 'Hunters place dice only.';
  const own = ownDice(s, seat);
  // placementRefusal has checked that p.at holds one spot per own die, and the seat.
  const discs = own.map((d, i) => ({ x: p.at[i]!.x, y: p.at[i]!.y, r: typeOf(d).radius }));
  const zone = zoneOf(s, seat);
  for (const [i, disc] of discs.entries()) {
    if (!zoneHolds(zone, disc)) return `Die ${i + 1} is not between the bases.`;
    if (SNIPE_BASES.some((b) => distanceToDisc(b, disc) < 2 * R))
      return `Die ${i + 1} is closer than 2 range units to a base.`;
    for (let j = 0; j < i; j++) if (discsOverlap(disc, discs[j]!)) return `Dice ${j + 1} and ${i + 1} overlap.`;
  }
  return null;
}

/** The Snipe dice go on the start base's numbered spaces: the most sides on space 1, and so on (ties: force order). */
export function placeSnipes(s: PolywarsState): void {
  const sn = s.snipe!;
  const own = ownDice(s, sn.seat)
    .slice()
    .sort((a, b) => b.sides - a.sides || a.id - b.id);
  sn.spaces = own.map((d) => d.id);
  own.forEach((d, k) => {
    const space = SNIPE_SPACES[k];
    // maxDiceOf caps the Snipe force at SNIPE_MAX_DICE, one die per space.
    if (!space) throw new Error(`Snipe Hunt: no base space for Snipe die ${k + 1}`);
    Object.assign(d, { x: s.bases[0]!.x + space.x, y: s.bases[0]!.y + space.y });
  });
}

/** A Snipe die ending a move within R of the goal base scores a point and leaves the field, safe. */
export function snipeAfterMove(s: PolywarsState, d: PwDie, events: GameEvent[]): void {
  const sn = s.snipe;
  if (!sn || d.owner !== sn.seat || !d.alive) return;
  const goal = s.bases[1]!;
  if ((goal.x - d.x!) ** 2 + (goal.y - d.y!) ** 2 > R * R) return;
  sn.points[sn.seat]! += 1;
  d.alive = false;
  events.push({ type: 'snipe-home', die: d.id, seat: d.owner, points: sn.points.slice() });
}

/**
 * A battle ends when no Snipe die is left on the field or at the cycle cap. After the first, the roles swap and a
 * second battle is built and played from scratch; after the second, the higher score wins, equal scores draw.
 */
export function endBattle(s: PolywarsState, events: GameEvent[]): void {
  const sn = s.snipe!;
  events.push({ type: 'battle-end', battle: sn.battle, points: sn.points.slice() });
  if (sn.battle === 1) {
    Object.assign(s, {
      phase: 'build',
      cycle: 0,
      forces: Array(s.seats).fill(null),
      dice: [],
      placements: Array(s.seats).fill(null),
      bids: Array(s.seats).fill(null),
      heals: Array(s.seats).fill(null),
      lastBids: null,
      order: [],
      turnIndex: 0,
      turnPhase: 'attack',
      attacked: [],
      moved: [],
      mover: null,
      stepsTaken: 0,
      tagged: false,
      speedDie: null,
      pendingZap: null,
    });
    s.snipe = { battle: 2, seat: 1 - sn.seat, points: sn.points, spaces: [] };
    events.push({ type: 'battle-start', battle: 2, snipe: s.snipe.seat });
    return;
  }
  // Snipe Hunt is for two players exactly: one score per seat.
  const [a = 0, b = 0] = sn.points;
  finish(
    s,
    a === b
      ? { winners: [], draw: true, reason: 'snipe-points', summary: `Both battles scored the same, ${a} to ${b}` }
      : {
          winners: [a > b ? 0 : 1],
          draw: false,
          reason: 'snipe-points',
          summary: `More Snipe dice home over two battles, ${Math.max(a, b)} to ${Math.min(a, b)}`,
        },
    events,
  );
}

// ───────────────────────────── Attack on Tokyo (W7) ─────────────────────────────

export const rageDie = (s: PolywarsState): PwDie | undefined => s.dice.find((d) => d.alive && d.aura === 'rage');

/** Squared distance from a point to Tokyo's centre. */
export const toTokyo2 = (s: PolywarsState, p: { x: number; y: number }) =>
  (p.x - s.bases[0]!.x) ** 2 + (p.y - s.bases[0]!.y) ** 2;

/** W7: every Rage step (and a teleport) must bring the Rage die closer to Tokyo. */
export function rageRefusal(s: PolywarsState, d: PwDie, x: number, y: number): string | null {
  if (d.aura !== 'rage' || s.scenario !== 'attack-on-tokyo') return null;
  return toTokyo2(s, { x, y }) < toTokyo2(s, { x: d.x!, y: d.y! })
    ? null
    : 'Every Rage step must bring it closer to Tokyo.';
}

/** Taking up the Rage: the die goes to the Rage player at its maximum value. */
export function enrage(d: PwDie): void {
  Object.assign(d, { owner: RAGE, value: d.sides, aura: 'rage' });
}

/** W7: the Rage passes to the die that destroyed its carrier; destroyed by nobody else, it is spent and Tokyo is saved. */
export function passRage(s: PolywarsState, d: PwDie, by: number | null, events: GameEvent[]): void {
  d.aura = null;
  const next = by === null ? undefined : s.dice[by];
  if (next?.alive && next.id !== d.id) {
    enrage(next);
    events.push({ type: 'rage-passed', from: d.id, to: next.id, value: next.value });
    return;
  }
  finish(
    s,
    { winners: [0], draw: false, reason: 'rage-spent', summary: 'The Rage died out before reaching Tokyo' },
    events,
  );
}

/** Godzilla wins on ending a step (or a teleport) within R of Tokyo's centre. */
export function tokyoAfterMove(s: PolywarsState, d: PwDie, events: GameEvent[]): void {
  if (s.scenario !== 'attack-on-tokyo' || d.aura !== 'rage' || toTokyo2(s, d as { x: number; y: number }) > R * R)
    return;
  finish(s, { winners: [RAGE], draw: false, reason: 'tokyo-reached', summary: 'The Rage reached Tokyo' }, events);
}

/** The Rage player's deployment: one Defender die, at least 8 R from Tokyo, on the field, clear of the others. */
export function unleashRefusal(s: PolywarsState, id: number, x: number, y: number): string | null {
  const d = s.dice[id];
  if (!d || d.owner === RAGE || !d.alive || d.x === null) return "Choose one of the Defenders' dice.";
  const at: Disc = { x, y, r: typeOf(d).radius };
  if (!onField(at, s.field)) return 'The die would leave the field.';
  if (toTokyo2(s, at) < (8 * R) ** 2) return 'The Rage starts at least 8 range units from Tokyo.';
  if (onBoard(s).some((o) => o.id !== id && discsOverlap(discOf(o), at))) return 'The die would land on another die.';
  return null;
}

/** Rescue Mission: a Rescuer ending a step within R of the frozen hostage frees it; the hostage within R of the Rescuers' base wins. */
export function rescueAfterMove(s: PolywarsState, d: PwDie, events: GameEvent[]): void {
  if (s.scenario !== 'rescue-mission') return;
  const h = hostageOf(s);
  if (!h?.alive) return;
  if (s.frozen === h.id && d.owner === RESCUERS && d.id !== h.id && (h.x! - d.x!) ** 2 + (h.y! - d.y!) ** 2 <= R * R) {
    s.frozen = null;
    events.push({ type: 'unfrozen', die: h.id, by: d.id });
  }
  const base = s.bases[RESCUERS];
  if (d.id === h.id && base && (base.x - d.x!) ** 2 + (base.y - d.y!) ** 2 <= R * R) {
    finish(
      s,
      { winners: [RESCUERS], draw: false, reason: 'rescued', summary: "The hostage reached the Rescuers' base" },
      events,
    );
  }
}

/**
 * W7 tagging: a die without an aura that ends a step within R of a lying flag's centre picks it up. Nobody carries
 * their own flag (the source: it is defended where it lies); the lowest flag owner is taken first when several lie near.
 */
export function tagAfterStep(s: PolywarsState, d: PwDie, events: GameEvent[]): void {
  if (d.aura !== null) return;
  for (const f of s.flags) {
    if (f.carrier !== null || f.owner === d.owner || (f.x - d.x!) ** 2 + (f.y - d.y!) ** 2 > R * R) continue;
    f.carrier = d.id;
    d.aura = 'flag';
    s.tagged = true;
    events.push({ type: 'flag-tagged', flag: f.owner, die: d.id, seat: d.owner });
    return;
  }
}

/**
 * W9 (rules 2): whether die `id` may now take the flag of seat `flag` by tagging; the reason otherwise. Tagging is
 * ending a step within R of the aura's centre, so only the die moving now may tag, once per step. The flag lies on
 * the field (the die drops a flag it carries in exchange) or is carried by a friendly die (passed on); never one's
 * own flag, and never one an enemy carries (that is won by destroying the carrier). A die holding any other aura
 * tags nothing: only a flag is carried and dropped in these scenarios.
 */
export function tagRefusal(s: PolywarsState, seat: Seat, id: number, flag: number): string | null {
  if (s.rules < 2) return 'Flags are not exchanged or passed under these rules.';
  if (s.turnPhase !== 'move' && s.turnPhase !== 'speed') return 'Tagging comes at the end of a step.';
  const d = s.dice[id];
  if (!d?.alive || d.owner !== seat || d.x === null) return 'Tag with one of your own dice on the field.';
  if (s.mover !== id || s.stepsTaken === 0) return 'Only the die that has just stepped may tag.';
  if (s.tagged) return 'That die has already tagged since its last step.';
  if (d.aura !== null && d.aura !== 'flag') return 'A die with a fixed aura takes no other.';
  const f = s.flags.find((g) => g.owner === flag);
  if (!f) return 'There is no such flag.';
  if (f.owner === seat) return 'Nobody carries their own flag.';
  if (f.carrier === id) return 'That die carries this flag already.';
  if (f.carrier !== null && s.dice[f.carrier]?.owner !== seat)
    return 'A flag an enemy carries is taken by destroying its carrier.';
  if ((f.x - d.x) ** 2 + (f.y - d.y!) ** 2 > R * R) return 'The flag is not within one range unit.';
  return null;
}

/** W9: `d` takes flag `f` (tagRefusal has allowed it), dropping any flag it carried where it stands. */
export function takeFlag(s: PolywarsState, d: PwDie, flag: number, events: GameEvent[]): void {
  const f = s.flags.find((g) => g.owner === flag)!;
  for (const g of s.flags) {
    if (g.carrier !== d.id) continue;
    Object.assign(g, { carrier: null, x: d.x, y: d.y });
    events.push({ type: 'flag-dropped', flag: g.owner, x: d.x, y: d.y });
  }
  if (f.carrier !== null) {
    const from = s.dice[f.carrier]!;
    from.aura = null;
    events.push({ type: 'flag-passed', flag: f.owner, from: from.id, die: d.id, seat: d.owner });
  } else {
    events.push({ type: 'flag-tagged', flag: f.owner, die: d.id, seat: d.owner });
  }
  Object.assign(f, { carrier: d.id, x: d.x, y: d.y });
  d.aura = 'flag';
  s.tagged = true;
  // A flag taken within R of the taker's own base is brought home: the taker ended its step there.
  carryFlags(s, d, events);
}

/** A carried flag moves with its die; one brought within R of its carrier's own base is captured (the win). */
export function carryFlags(s: PolywarsState, d: PwDie, events: GameEvent[]): void {
  for (const f of s.flags) {
    if (f.carrier !== d.id) continue;
    f.x = d.x!;
    f.y = d.y!;
    const base = s.bases[d.owner];
    if (base && (base.x - d.x!) ** 2 + (base.y - d.y!) ** 2 <= R * R) {
      events.push({ type: 'flag-captured', flag: f.owner, die: d.id, seat: d.owner });
      finish(
        s,
        { winners: [d.owner], draw: false, reason: 'flag-captured', summary: 'Brought an enemy flag home' },
        events,
      );
    }
  }
}
