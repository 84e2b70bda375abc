// Polywars rules: setup, force building and placement (W6), the cycle (W5), combat (W2, W3), movement (W4),
// powers (W3), the Leadership aura and elimination (W7), and apply; scenario specifics live in scenarios.ts. Pure.
import type { Dice } from '../../core/dice';
import { refuse, type GameEvent, type Refusal, type Seat, type Step } from '../../core/game-module';
import { nameDice } from './named';
import { HEAL_POINTS, OPTION_POINTS, POWER_COST, SCENARIOS, SNIPE_BASES } from './catalogue';
import {
  distanceToDisc,
  discsOverlap,
  lineOfSight,
  onField,
  R,
  rangeTo,
  segmentCrossesDisc,
  stepRefusal,
  type Disc,
  type StepRefusal,
} from './geometry';
import {
  POLYWARS_RULES,
  type Placement,
  type PolywarsAction,
  type PolywarsOptions,
  type PolywarsRules,
  type PolywarsState,
  type PwDie,
} from './state';
import {
  activeSeat,
  bodyOf,
  DEFENDERS,
  dieOf,
  discOf,
  finish,
  inTurn,
  onBoard,
  ownDice,
  RAGE,
  RESCUERS,
  seatsIn,
  typeOf,
  zoneHolds,
  zoneOf,
} from './board';
import {
  blockedAtPlacement,
  budgetOf,
  carryFlags,
  endBattle,
  enrage,
  hostageOf,
  hunterRefusal,
  maxDiceOf,
  passRage,
  placeSnipes,
  rageDie,
  rageRefusal,
  released,
  rescueAfterMove,
  respawn,
  snipeAfterMove,
  tagAfterStep,
  tagRefusal,
  takeFlag,
  tokyoAfterMove,
  unleashRefusal,
} from './scenarios';

type Outcome = Step<PolywarsState> | Refusal;

export function setupState(
  options: PolywarsOptions,
  seats: number,
  rules: PolywarsRules = POLYWARS_RULES,
): PolywarsState {
  const sc = SCENARIOS[options.scenario];
  // A two-player scenario in a larger room: the extra seats sit out from the start (the room should not offer it).
  const inGame = Array.from({ length: seats }, (_, i) => i < sc.players.max);
  return {
    rules,
    scenario: sc.id,
    budget: options.budget ?? sc.budget,
    allowed: sc.allowed.slice(),
    maxDice: sc.maxDice,
    cycleLimit: options.cycleLimit ?? sc.cycleLimit,
    field: { ...sc.field },
    terrain: sc.terrain.map((t) => ({ height: t.height, points: t.points.map((p) => ({ ...p })) })),
    zones: sc.zones(seats).map((z) => ({ ...z })),
    deployWithin: sc.deploy.withinOfAnchor,
    seats,
    phase: 'build',
    cycle: 0,
    // Attack on Tokyo: the Rage player fields no force of its own.
    forces: Array.from({ length: seats }, (_, i) => (sc.id === 'attack-on-tokyo' && i === RAGE ? [] : null)),
    dice: [],
    placements: Array(seats).fill(null),
    bids: Array(seats).fill(null),
    heals: Array(seats).fill(null),
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
    bases:
      sc.id === 'snipe-hunt'
        ? SNIPE_BASES.map((b) => ({ ...b })).concat(Array(Math.max(0, seats - 2)).fill(null))
        : Array(seats).fill(null),
    flags: [],
    snipe: sc.id === 'snipe-hunt' ? { battle: 1, seat: 0, points: Array(seats).fill(0), spaces: [] } : null,
    frozen: null,
    inGame,
    eliminated: inGame.every(Boolean) ? [] : [inGame.flatMap((on, i) => (on ? [] : [i]))],
    result: null,
  };
}

/** Rules 3 names the dice in each event (nameDice); earlier rules' logs stay as they were recorded. */
const named = (before: PolywarsState, events: GameEvent[]) => (before.rules >= 3 ? nameDice(before, events) : events);

/** A working copy: the rules change only this, never the state they were given. */
function draft(s: PolywarsState): PolywarsState {
  return {
    ...s,
    // biome-ignore lint/complexity/useOptionalChain: a missing entry stays null (`?.` would make it undefined, which the state's equality checks tell apart)
    forces: s.forces.map((f) => f && f.slice()),
    dice: s.dice.map((d) => ({ ...d })),
    placements: s.placements.map(
      (p) => p && { leader: p.leader, base: p.base && { ...p.base }, at: p.at.map((q) => ({ ...q })) },
    ),
    bases: s.bases.map((b) => b && { ...b }),
    flags: s.flags.map((f) => ({ ...f })),
    snipe: s.snipe && { ...s.snipe, points: s.snipe.points.slice(), spaces: s.snipe.spaces.slice() },
    bids: s.bids.slice(),
    // biome-ignore lint/complexity/useOptionalChain: a missing entry stays null (`?.` would make it undefined, which the state's equality checks tell apart)
    heals: s.heals.map((h) => h && h.slice()),
    // biome-ignore lint/complexity/useOptionalChain: a missing entry stays null (`?.` would make it undefined, which the state's equality checks tell apart)
    lastBids: s.lastBids && s.lastBids.slice(),
    order: s.order.slice(),
    attacked: s.attacked.slice(),
    moved: s.moved.slice(),
    pendingZap: s.pendingZap && { ...s.pendingZap },
    inGame: s.inGame.slice(),
    eliminated: s.eliminated.map((g) => g.slice()),
  };
}

export function toAct(s: PolywarsState): Seat[] {
  switch (s.phase) {
    case 'build':
      return seatsIn(s).filter((seat) => s.forces[seat] === null);
    // Rescue Mission deploys in turn: the Defenders (seat 0) first, then the Rescuers, who see them.
    // Snipe Hunt: the Snipe dice are set on the base by the rules; only the Hunter places.
    case 'place':
      return seatsIn(s)
        .filter((seat) => s.placements[seat] === null && seat !== s.snipe?.seat)
        .slice(0, inTurn(s) ? 1 : undefined);
    case 'bid':
      return seatsIn(s).filter((seat) => s.bids[seat] === null);
    case 'heal':
      return seatsIn(s).filter((seat) => s.heals[seat] === null);
    // In the turns phase turnIndex always points into the order (nextTurn leaves it there or ends the cycle).
    case 'turns':
      return [s.order[s.turnIndex]!];
    default:
      return [];
  }
}

// ───────────────────────────── destruction, elimination, the end ─────────────────────────────

/**
 * Removes a die; losing the Leadership Aura die eliminates its player (W7, Kill the King). In Capture the Flag a
 * carried flag drops where the die fell, and the die respawns on its owner's base with a new roll.
 */
function destroy(
  s: PolywarsState,
  id: number,
  events: GameEvent[],
  cause: string,
  dice: Dice,
  by: number | null = null,
): void {
  const d = dieOf(s, id);
  if (!d.alive) return;
  d.alive = false;
  events.push({ type: 'destroyed', die: id, seat: d.owner, sides: d.sides, cause });
  if (d.aura === 'leadership') eliminate(s, [d.owner], events, 'leader-lost');
  for (const f of s.flags) {
    if (f.carrier !== id) continue;
    Object.assign(f, { carrier: null, x: d.x, y: d.y });
    events.push({ type: 'flag-dropped', flag: f.owner, x: d.x, y: d.y });
  }
  if (d.aura === 'flag') d.aura = null;
  if (s.scenario === 'capture-the-flag' && s.inGame[d.owner]) respawn(s, d, events, dice);
  if (d.aura === 'rage') passRage(s, d, by, events);
  if (s.scenario === 'rescue-mission' && d.aura === 'immunity') {
    finish(
      s,
      { winners: [DEFENDERS], draw: false, reason: 'hostage-lost', summary: 'The die to be rescued was destroyed' },
      events,
    );
  }
}

/** Damage lowers a die's value; at 0 or less it is destroyed. */
function damage(
  s: PolywarsState,
  id: number,
  amount: number,
  events: GameEvent[],
  cause: string,
  dice: Dice,
  by: number | null = null,
): void {
  const d = dieOf(s, id);
  if (!d.alive || amount <= 0) return;
  d.value -= amount;
  if (d.value <= 0) {
    d.value = 0;
    destroy(s, id, events, cause, dice, by);
  }
}

/** Takes players out: their dice leave the field; the game goes on while two or more remain. */
function eliminate(s: PolywarsState, seats: Seat[], events: GameEvent[], reason: string): void {
  const out = seats.filter((seat) => s.inGame[seat]);
  if (!out.length || s.result) return;
  for (const seat of out) s.inGame[seat] = false;
  for (const d of s.dice) if (out.includes(d.owner) && d.alive) d.alive = false;
  s.eliminated.push(out);
  events.push({ type: 'eliminated', seats: out, reason });
  const left = seatsIn(s);
  if (left.length === 1) {
    const king = s.scenario === 'kill-the-king';
    finish(
      s,
      king
        ? { winners: left, draw: false, reason: 'last-leader', summary: 'The last leader standing wins' }
        : { winners: left, draw: false, reason: 'last-player', summary: 'Every other player left the game' },
      events,
    );
  } else if (left.length === 0)
    finish(
      s,
      { winners: [], draw: true, reason: 'mutual-destruction', summary: 'The last leaders fell together' },
      events,
    );
}

/**
 * W8 (the source gives Kill the King and Capture the Flag no limit): after the cycle limit, the players still in
 * rank by the total value of their dice on the field; the highest wins, a tie at the top shares the win. Capture
 * the Flag is a draw. The other scenarios end on their own limits.
 */
function finishOnLimit(s: PolywarsState, events: GameEvent[]): void {
  const left = seatsIn(s);
  const totals = left.map((seat) =>
    onBoard(s)
      .filter((d) => d.owner === seat)
      .reduce((a, d) => a + d.value, 0),
  );
  const best = Math.max(...totals);
  if (s.scenario === 'rescue-mission') {
    finish(
      s,
      {
        winners: [DEFENDERS],
        draw: false,
        reason: 'held-out',
        summary: `The Defenders held out for ${s.cycleLimit} cycles`,
      },
      events,
    );
    return;
  }
  if (s.scenario === 'attack-on-tokyo') {
    finish(
      s,
      { winners: [0], draw: false, reason: 'tokyo-defended', summary: `Tokyo held for ${s.cycleLimit} cycles` },
      events,
    );
    return;
  }
  if (s.snipe) {
    endBattle(s, events);
    return;
  }
  // Capture the Flag has only one way to win: no capture in time is a draw.
  const flags = s.scenario === 'capture-the-flag';
  const top = flags ? left : left.filter((_, i) => totals[i] === best);
  // Rules 1: everyone still in tied is a draw, even for those eliminated earlier. W8 (rules 2): a tie at the top
  // shares the win, so the eliminated lose; only a whole table level (nobody out, all equal) is a draw.
  const draw = s.rules < 2 ? top.length === left.length && left.length > 1 : flags || top.length === s.seats;
  events.push({ type: 'cycle-limit', seats: left, totals });
  finish(
    s,
    {
      winners: draw ? [] : top,
      draw,
      reason: 'cycle-limit',
      summary:
        flags && s.rules >= 2
          ? `No flag was captured in ${s.cycleLimit} cycles: a draw`
          : `After ${s.cycleLimit} cycles the highest total of dice values on the field wins`,
    },
    events,
  );
}

// ───────────────────────────── the cycle (W5) ─────────────────────────────

/** Orders seats by bid, highest first; ties roll a d6, high first, rolling again among those still tied. */
function initiativeOrder(bids: (number | null)[], seats: Seat[], dice: Dice, events: GameEvent[]): Seat[] {
  const rollOff = (group: Seat[]): Seat[] => {
    if (group.length < 2) return group;
    const rolls = group.map(() => dice.roll(6));
    events.push({ type: 'roll-off', seats: group, rolls });
    const out: Seat[] = [];
    for (const v of [...new Set(rolls)].sort((a, b) => b - a))
      out.push(...rollOff(group.filter((_, i) => rolls[i] === v)));
    return out;
  };
  const out: Seat[] = [];
  for (const b of [...new Set(seats.map((seat) => bids[seat]!))].sort((x, y) => y - x)) {
    out.push(...rollOff(seats.filter((seat) => bids[seat] === b)));
  }
  return out;
}

function startCycle(s: PolywarsState, events: GameEvent[]): void {
  s.cycle += 1;
  s.phase = 'bid';
  s.bids = Array(s.seats).fill(null);
  s.heals = Array(s.seats).fill(null);
  events.push({ type: 'cycle', cycle: s.cycle });
}

/** Dice a seat could heal (W5: alive, below their maximum). */
const healable = (s: PolywarsState, seat: Seat) => onBoard(s).filter((d) => d.owner === seat && d.value < d.sides);
const healPoints = (s: PolywarsState, seat: Seat) => OPTION_POINTS - (s.bids[seat] ?? OPTION_POINTS);

/** Healing is asked only of seats that have points and something to heal; the others pass at once. */
function startHealing(s: PolywarsState, events: GameEvent[]): void {
  s.phase = 'heal';
  for (const seat of seatsIn(s)) if (healPoints(s, seat) === 0 || healable(s, seat).length === 0) s.heals[seat] = [];
  maybeRevealHeals(s, events);
}

function maybeRevealHeals(s: PolywarsState, events: GameEvent[]): void {
  if (toAct(s).length) return;
  const heals = s.heals.map((h) => (h ? h.slice() : []));
  for (const ids of heals) for (const id of ids) dieOf(s, id).value += 1;
  events.push({ type: 'healing', heals });
  s.phase = 'turns';
  s.turnIndex = -1;
  nextTurn(s, events);
}

function nextTurn(s: PolywarsState, events: GameEvent[]): void {
  do s.turnIndex += 1;
  while (s.turnIndex < s.order.length && !s.inGame[s.order[s.turnIndex]!]);
  if (s.turnIndex >= s.order.length) {
    if (s.cycle >= s.cycleLimit) {
      finishOnLimit(s, events);
      return;
    }
    startCycle(s, events);
    return;
  }
  Object.assign(s, {
    turnPhase: 'attack',
    attacked: [],
    moved: [],
    mover: null,
    stepsTaken: 0,
    tagged: false,
    speedDie: null,
    pendingZap: null,
  });
  events.push({ type: 'turn', seat: s.order[s.turnIndex], cycle: s.cycle });
}

// ───────────────────────────── forces and placement (W6) ─────────────────────────────

export function forceRefusal(s: PolywarsState, sides: number[], seat: Seat): string | null {
  const most = maxDiceOf(s, seat);
  if (sides.length > most) return `This force has at most ${most} dice.`;
  for (const n of sides) if (!s.allowed.includes(n)) return `A d${n} is not allowed in this scenario.`;
  const total = sides.reduce((a, b) => a + b, 0);
  if (total > budgetOf(s, seat)) return `The force has ${total} sides; the budget is ${budgetOf(s, seat)}.`;
  return null;
}

function revealForces(s: PolywarsState, dice: Dice, events: GameEvent[]): void {
  // The server rolls every die of every force, seat by seat in force order, before anyone places (W6).
  for (let seat = 0; seat < s.seats; seat++) {
    for (const sides of s.forces[seat] ?? []) {
      s.dice.push({
        id: s.dice.length,
        owner: seat,
        sides,
        value: dice.roll(sides),
        x: null,
        y: null,
        alive: s.inGame[seat]!,
        aura: null,
      });
    }
  }
  events.push({ type: 'forces', forces: s.forces.map((f) => f ?? []), values: s.dice.map((d) => d.value) });
  s.phase = 'place';
}

/**
 * Deployment: every die in the seat's zone, clear of the others, within N range units of the anchor: the leader
 * (Kill the King, which names one) or the base (Capture the Flag, whose centre must lie in the zone).
 */
export function placementRefusal(s: PolywarsState, seat: Seat, p: Placement): string | null {
  const own = ownDice(s, seat);
  const { at, leader, base } = p;
  if (at.length !== own.length) return `Place all ${own.length} of your dice, in force order.`;
  if (s.snipe) return hunterRefusal(s, seat, p);
  const king = s.scenario === 'kill-the-king';
  if (king && (leader === null || leader >= own.length)) return 'Name one of your dice as the leader.';
  if (!king && leader !== null) return 'This scenario has no leaders.';
  if (king && base !== null) return 'This scenario has no bases.';
  const zone = zoneOf(s, seat);
  if (!king && (!base || !zoneHolds(zone, { ...base, r: 0 }))) return 'Place your base inside your deployment zone.';
  const rescue = s.scenario === 'rescue-mission';
  if (s.scenario === 'attack-on-tokyo' && seat === RAGE)
    return "The Rage player unleashes one of the Defenders' dice instead.";
  if (rescue && seat === RESCUERS) {
    const home = s.bases[DEFENDERS]!;
    const d2 = (base!.x - home.x) ** 2 + (base!.y - home.y) ** 2;
    if (d2 < (5 * R) ** 2 || d2 > (10 * R) ** 2)
      return "The Rescuers' base lies 5 to 10 range units from the Defenders'.";
  }
  // at.length === own.length (checked above), so at[i] is there for every die, and the leader < own.length.
  const discs = own.map((d, i) => ({ x: at[i]!.x, y: at[i]!.y, r: typeOf(d).radius }));
  // Dice already on the field (Rescue Mission: the Defenders, and the hostage on their base) must be left clear.
  const taken = rescue ? blockedAtPlacement(s, seat, base!) : [];
  const anchor = king ? discs[leader!]! : base!;
  for (const [i, disc] of discs.entries()) {
    const die = own[i]!;
    if (die.x !== null) {
      // The hostage is already on the Defenders' base: its entry must say so.
      if (disc.x !== die.x || disc.y !== die.y) return `Die ${i + 1} stays where it is.`;
      continue;
    }
    if (!zoneHolds(zone, disc) || !onField(disc, s.field)) return `Die ${i + 1} is outside your deployment zone.`;
    if (taken.some((t) => discsOverlap(t, disc))) return `Die ${i + 1} is on a die already placed.`;
    for (let j = 0; j < i; j++)
      if (own[j]!.x === null && discsOverlap(disc, discs[j]!)) return `Dice ${j + 1} and ${i + 1} overlap.`;
    if (i !== leader && distanceToDisc(anchor, disc) > s.deployWithin * R) {
      return `Die ${i + 1} is more than ${s.deployWithin} range units from your ${king ? 'leader' : 'base'}.`;
    }
  }
  return null;
}

/** Rescue Mission: the Defenders' deployment is shown as soon as it is made, with the frozen hostage on their base. */
function revealDefenders(s: PolywarsState, events: GameEvent[]): void {
  revealSeat(s, DEFENDERS);
  const h = s.scenario === 'rescue-mission' ? hostageOf(s) : undefined;
  const base = s.bases[DEFENDERS]!;
  if (h) {
    Object.assign(h, { x: base.x, y: base.y, aura: 'immunity' });
    s.frozen = h.id;
  }
  events.push({
    type: 'deployed',
    dice: onBoard(s).map((d) => ({ die: d.id, x: d.x, y: d.y, aura: d.aura })),
    bases: s.bases.map((b) => b && { ...b }),
  });
}

function revealSeat(s: PolywarsState, seat: Seat): void {
  const p = s.placements[seat];
  if (!p || !s.inGame[seat]) return;
  ownDice(s, seat).forEach((d, i) => {
    if (d.x !== null) return; // the hostage, already on the Defenders' base
    const spot = p.at[i];
    // placementRefusal accepted one spot per own die.
    if (!spot) throw new Error(`Polywars: seat ${seat}'s placement has no spot for die ${i + 1}`);
    d.x = spot.x;
    d.y = spot.y;
    if (i === p.leader) d.aura = 'leadership';
  });
  if (p.base) {
    s.bases[seat] = { ...p.base };
    // W7: each flag starts on its own base.
    if (s.scenario === 'capture-the-flag') s.flags.push({ owner: seat, x: p.base.x, y: p.base.y, carrier: null });
  }
}

function revealPlacements(s: PolywarsState, events: GameEvent[]): void {
  for (let seat = 0; seat < s.seats; seat++) {
    if (inTurn(s) && seat === 0) continue;
    if (s.snipe?.seat === seat) placeSnipes(s);
    else revealSeat(s, seat);
  }
  events.push({
    type: 'deployed',
    dice: s.dice.filter((d) => d.x !== null).map((d) => ({ die: d.id, x: d.x, y: d.y, aura: d.aura })),
    bases: s.bases.map((b) => b && { ...b }),
  });
  s.placements = Array(s.seats).fill(null);
  startCycle(s, events);
}

// ───────────────────────────── combat (W2, W3) ─────────────────────────────

export type AttackCheck = { ok: true; range: number; zap: boolean } | { ok: false; code: string; message: string };

/**
 * Whether `a` may attack `t` now: side-to-side at range 0, or a zap with line of sight and range below its value.
 * `field` (every die on the field) may be passed in by callers checking many pairs, to build it once.
 */
export function attackCheck(s: PolywarsState, a: PwDie, t: PwDie, field: PwDie[] = onBoard(s)): AttackCheck {
  if (!t.alive || t.x === null) return { ok: false, code: 'no-target', message: 'That die is not on the field.' };
  if (t.owner === a.owner) return { ok: false, code: 'friendly', message: 'Dice attack enemy dice only.' };
  if (a.id === s.frozen || t.id === s.frozen)
    return { ok: false, code: 'frozen', message: 'The frozen hostage neither attacks nor is attacked.' };
  const range = rangeTo(discOf(a), discOf(t));
  if (range === 0) return { ok: true, range, zap: false };
  if (range >= a.value)
    return { ok: false, code: 'out-of-range', message: `Range ${range} is not below the die's value ${a.value}.` };
  const from = bodyOf(a);
  const to = bodyOf(t);
  const dieInWay = field.some((d) => d.id !== a.id && d.id !== t.id && segmentCrossesDisc(from, to, discOf(d)));
  if (dieInWay || !lineOfSight(from, to, [], s.terrain).clear)
    return { ok: false, code: 'no-line-of-sight', message: 'Something blocks the line of sight.' };
  return { ok: true, range, zap: true };
}

function attack(
  s: PolywarsState,
  seat: Seat,
  dieId: number,
  targetId: number,
  dice: Dice,
  events: GameEvent[],
): Refusal | null {
  const a = s.dice[dieId];
  const t = s.dice[targetId];
  if (!a?.alive || a.owner !== seat || a.x === null)
    return refuse('not-your-die', 'Attack with one of your own dice on the field.');
  if (!t) return refuse('no-target', 'No such die.');
  if (s.attacked.includes(dieId)) return refuse('already-attacked', 'Each die attacks at most once per Attack Phase.');
  const check = attackCheck(s, a, t);
  if (!check.ok) return refuse(check.code, check.message);
  const effective = a.value - check.range;
  const command = dice.roll(a.sides);
  const outcome = command === effective ? 'perfect' : command < effective ? 'successful' : 'failed';
  s.attacked.push(dieId);
  events.push({
    type: 'attack',
    seat,
    die: dieId,
    target: targetId,
    zap: check.zap,
    range: check.range,
    command,
    against: effective,
    outcome,
  });
  if (outcome === 'failed') {
    damage(s, dieId, 1, events, 'failed-attack', dice);
  } else if (outcome === 'perfect' && t.aura === 'rage') {
    // W7 Rage: a perfect attack does not destroy the Rage die; it loses half its value (rounded down, so never all).
    const lost = Math.floor(t.value / 2);
    t.value -= lost;
    events.push({ type: 'rage-halved', die: targetId, lost });
    damage(s, dieId, check.range, events, 'zap-back', dice);
  } else if (outcome === 'perfect') {
    destroy(s, targetId, events, 'perfect-attack', dice, dieId);
    // A perfect zap's whole zap back cost falls on the attacker.
    damage(s, dieId, check.range, events, 'zap-back', dice);
  } else if (check.range === 0) {
    damage(s, targetId, command, events, 'attack', dice, dieId);
  } else {
    s.pendingZap = { attacker: dieId, target: targetId, damage: command, cost: check.range };
  }
  return null;
}

/** The zap back split: the attacker takes `absorb`, the damage loses the rest (never below nothing). */
export function absorbRange(z: { damage: number; cost: number }): [number, number] {
  return [Math.max(0, z.cost - z.damage), z.cost];
}

function zapBack(s: PolywarsState, absorb: number, events: GameEvent[], dice: Dice): Refusal | null {
  const z = s.pendingZap!;
  const [lo, hi] = absorbRange(z);
  if (absorb < lo || absorb > hi)
    return refuse('bad-split', `The attacker takes between ${lo} and ${hi} of the zap back cost ${z.cost}.`);
  s.pendingZap = null;
  const dealt = z.damage - (z.cost - absorb);
  events.push({ type: 'zap-back', die: z.attacker, target: z.target, cost: z.cost, absorb, dealt });
  damage(s, z.target, dealt, events, 'attack', dice, z.attacker);
  damage(s, z.attacker, absorb, events, 'zap-back', dice);
  return null;
}

// ───────────────────────────── movement (W4) ─────────────────────────────

export function stepCheck(s: PolywarsState, d: PwDie, x: number, y: number) {
  const others = onBoard(s)
    .filter((o) => o.id !== d.id)
    .map(discOf);
  return stepRefusal(bodyOf(d), { x, y }, others, s.terrain, s.field);
}

/** Whether die `d` may take another step in this phase. */
export function canStep(s: PolywarsState, d: PwDie): boolean {
  if (!d.alive || d.x === null || d.id === s.frozen || !released(s, d)) return false;
  if (s.turnPhase === 'speed') return d.id === s.speedDie && s.stepsTaken < typeOf(d).steps;
  if (s.turnPhase !== 'move') return false;
  if (s.mover === d.id) return s.stepsTaken < typeOf(d).steps;
  return !s.moved.includes(d.id) && typeOf(d).steps > 0;
}

const STEP_REASON: Record<StepRefusal, string> = {
  'too-far': 'A step moves the centre at most one range unit.',
  'off-field': 'The die would leave the field.',
  overlap: 'The die would end on another die.',
  'too-tall': 'The terrain is as tall as the die or taller.',
  'drop-too-deep': 'A die steps down at most one die height.',
};

function step(s: PolywarsState, seat: Seat, id: number, x: number, y: number, events: GameEvent[]): Refusal | null {
  const d = s.dice[id];
  if (!d || d.owner !== seat) return refuse('not-your-die', 'Move one of your own dice.');
  if (!canStep(s, d)) return refuse('cannot-step', 'That die has no step left in this phase.');
  const why = stepCheck(s, d, x, y);
  if (why) return refuse(why, STEP_REASON[why]);
  const rage = rageRefusal(s, d, x, y);
  if (rage) return refuse('rage-must-advance', rage);
  if (s.mover !== id) {
    // A die's move is one go: once another die moves, the first one is done for this phase.
    if (s.mover !== null) s.moved.push(s.mover);
    s.mover = id;
    s.stepsTaken = 0;
  }
  s.stepsTaken += 1;
  s.tagged = false;
  events.push({ type: 'step', seat, die: id, from: { x: d.x, y: d.y }, to: { x, y } });
  d.x = x;
  d.y = y;
  tagAfterStep(s, d, events);
  carryFlags(s, d, events);
  rescueAfterMove(s, d, events);
  tokyoAfterMove(s, d, events);
  snipeAfterMove(s, d, events);
  return null;
}

// ───────────────────────────── powers (W3) ─────────────────────────────

/** Other dice within side-to-side range (range 0) of `d`. */
export const inReach = (s: PolywarsState, d: PwDie): PwDie[] =>
  onBoard(s).filter((o) => o.id !== d.id && rangeTo(discOf(d), discOf(o)) === 0);
const immune = (d: PwDie) => d.aura === 'immunity';

const NOT_OWN_DIE = 'Use a power of one of your own dice on the field.';

/** Whether `d` may use its power now; the reason otherwise. */
export function powerRefusal(s: PolywarsState, seat: Seat, d: PwDie | undefined, power: string): string | null {
  if (!d?.alive || d.owner !== seat || d.x === null) return NOT_OWN_DIE;
  if (typeOf(d).power !== power) return `A d${d.sides} has no such power.`;
  if (immune(d)) return 'A die with the Immunity Aura cannot use its power.';
  if ((power === 'teleportation' || power === 'super-speed') && !released(s, d))
    return 'That Snipe die may not move yet.';
  const c = POWER_COST[typeOf(d).power!];
  if (c.needsTwo && d.value <= c.cost) return 'Paying for the power would leave the die at 0.';
  return null;
}

type PowerAction = Extract<
  PolywarsAction,
  { type: 'damage-field' | 'super-speed' | 'healer' | 'mutation' | 'teleportation' }
>;

function usePower(s: PolywarsState, seat: Seat, act: PowerAction, dice: Dice, events: GameEvent[]): Refusal | null {
  const d = s.dice[act.die];
  const why = powerRefusal(s, seat, d, act.type);
  // powerRefusal refuses a missing die; `!d` only tells the compiler so.
  if (why || !d) return refuse('no-power', why ?? NOT_OWN_DIE);
  const reach = inReach(s, d).filter((o) => !immune(o));
  switch (act.type) {
    case 'damage-field': {
      events.push({ type: 'power', power: act.type, seat, die: d.id, targets: reach.map((o) => o.id) });
      for (const o of reach) damage(s, o.id, 1, events, 'damage-field', dice, d.id);
      break;
    }
    case 'super-speed':
      events.push({ type: 'power', power: act.type, seat, die: d.id });
      break;
    case 'healer': {
      const ids = act.targets.map((t) => t.die);
      if (new Set(ids).size !== ids.length) return refuse('bad-targets', 'Each die is named once.');
      const total = act.targets.reduce((a, t) => a + t.points, 0);
      if (total > HEAL_POINTS) return refuse('bad-targets', `A healer restores ${HEAL_POINTS} points in all.`);
      for (const t of act.targets) {
        const o = reach.find((r) => r.id === t.die);
        if (!o)
          return refuse('bad-targets', 'Heal dice within side-to-side range, not the healer itself or an immune die.');
        if (o.value + t.points > o.sides) return refuse('bad-targets', `A d${o.sides} cannot go above ${o.sides}.`);
      }
      events.push({ type: 'power', power: act.type, seat, die: d.id, targets: act.targets.map((t) => ({ ...t })) });
      for (const t of act.targets) dieOf(s, t.die).value += t.points;
      break;
    }
    case 'mutation': {
      if (new Set(act.targets).size !== act.targets.length) return refuse('bad-targets', 'Each die is named once.');
      for (const id of act.targets) {
        if (!reach.some((r) => r.id === id))
          return refuse(
            'bad-targets',
            'Mutate dice within side-to-side range, not the mutant itself or an immune die.',
          );
      }
      // Rerolled in id order, whatever order was named, so a log reads the same either way.
      const ids = act.targets.slice().sort((a, b) => a - b);
      const targets = ids.map((id) => dieOf(s, id));
      const rolls = targets.map((t) => dice.roll(t.sides));
      events.push({
        type: 'power',
        power: act.type,
        seat,
        die: d.id,
        targets: ids,
        rolls,
        before: targets.map((t) => t.value),
      });
      targets.forEach((t, i) => {
        const roll = rolls[i]!; // one roll per target, made just above
        if (roll === t.value) destroy(s, t.id, events, 'mutation', dice, d.id);
        else t.value = roll;
      });
      break;
    }
    case 'teleportation': {
      const where = teleportRefusal(s, d, act.x, act.y) ?? rageRefusal(s, d, act.x, act.y);
      if (where) return refuse('bad-target', where);
      events.push({
        type: 'power',
        power: act.type,
        seat,
        die: d.id,
        from: { x: d.x, y: d.y },
        to: { x: act.x, y: act.y },
      });
      d.x = act.x;
      d.y = act.y;
      carryFlags(s, d, events);
      rescueAfterMove(s, d, events);
      tokyoAfterMove(s, d, events);
      snipeAfterMove(s, d, events);
      break;
    }
  }
  // The power is paid after it works: a Healer or Mutant at 1 heals or mutates and then falls.
  damage(s, d.id, POWER_COST[act.type].cost, events, 'power-cost', dice);
  return null;
}

/** Teleportation lands within side-to-side range of another friendly die, on the field, clear of every die. */
export function teleportRefusal(s: PolywarsState, d: PwDie, x: number, y: number): string | null {
  const at: Disc = { x, y, r: typeOf(d).radius };
  if (!onField(at, s.field)) return 'The die would leave the field.';
  const others = onBoard(s).filter((o) => o.id !== d.id);
  if (others.some((o) => discsOverlap(at, discOf(o)))) return 'The die would land on another die.';
  if (!others.some((o) => o.owner === d.owner && rangeTo(at, discOf(o)) === 0))
    return 'Land within side-to-side range of a friendly die.';
  return null;
}

// ───────────────────────────── apply ─────────────────────────────

export function applyAction(state: PolywarsState, seat: Seat, act: PolywarsAction, dice: Dice): Outcome {
  if (state.phase === 'over') return refuse('game-over', 'The game is over.');
  if (!toAct(state).includes(seat)) return refuse('not-your-turn', 'It is not your turn.');
  const s = draft(state);
  const events: GameEvent[] = [];
  const refusal = applyIn(s, seat, act, dice, events);
  return refusal ?? { ok: true, state: s, events: named(state, events) };
}

function applyIn(s: PolywarsState, seat: Seat, act: PolywarsAction, dice: Dice, events: GameEvent[]): Refusal | null {
  if (act.type === 'concede') {
    leaveIn(s, seat, dice, events);
    return null;
  }
  switch (s.phase) {
    case 'build': {
      if (act.type !== 'build') return refuse('wrong-phase', 'Build your force first.');
      const why = forceRefusal(s, act.dice, seat);
      if (why) return refuse('bad-force', why);
      s.forces[seat] = act.dice.slice();
      events.push({ type: 'built', seat });
      afterSimultaneous(s, dice, events);
      return null;
    }
    case 'place': {
      if (act.type === 'unleash' && s.scenario === 'attack-on-tokyo' && seat === RAGE) {
        const why = unleashRefusal(s, act.die, act.x, act.y);
        if (why) return refuse('bad-placement', why);
        const d = dieOf(s, act.die); // unleashRefusal checked it
        Object.assign(d, { x: act.x, y: act.y });
        enrage(d);
        s.placements[seat] = { leader: null, base: null, at: [] };
        events.push({ type: 'unleashed', die: d.id, x: d.x, y: d.y, value: d.value });
        afterSimultaneous(s, dice, events);
        return null;
      }
      if (act.type !== 'place') return refuse('wrong-phase', 'Place your force.');
      const placement: Placement = {
        leader: act.leader ?? null,
        base: act.base ? { ...act.base } : null,
        at: act.at.map((p) => ({ x: p.x, y: p.y })),
      };
      const why = placementRefusal(s, seat, placement);
      if (why) return refuse('bad-placement', why);
      s.placements[seat] = placement;
      events.push({ type: 'placed', seat });
      if (inTurn(s) && seat === 0) revealDefenders(s, events);
      afterSimultaneous(s, dice, events);
      return null;
    }
    case 'bid': {
      if (act.type !== 'bid') return refuse('wrong-phase', 'Bid for initiative.');
      s.bids[seat] = act.points;
      events.push({ type: 'bid-in', seat });
      afterSimultaneous(s, dice, events);
      return null;
    }
    case 'heal': {
      if (act.type !== 'heal') return refuse('wrong-phase', 'Heal your dice.');
      const why = healRefusal(s, seat, act.dice);
      if (why) return refuse('bad-heal', why);
      s.heals[seat] = act.dice.slice();
      events.push({ type: 'healed-in', seat });
      afterSimultaneous(s, dice, events);
      return null;
    }
    case 'turns':
      return turnAction(s, seat, act, dice, events);
  }
  return refuse('wrong-phase', 'Nothing to do now.');
}

export function healRefusal(s: PolywarsState, seat: Seat, ids: number[]): string | null {
  if (ids.length > healPoints(s, seat)) return `You have ${healPoints(s, seat)} option points left to heal with.`;
  if (new Set(ids).size !== ids.length) return 'One option point per die.';
  const ok = new Set(healable(s, seat).map((d) => d.id));
  for (const id of ids) if (!ok.has(id)) return 'Heal your own dice on the field that are below their maximum.';
  return null;
}

function turnAction(
  s: PolywarsState,
  seat: Seat,
  act: PolywarsAction,
  dice: Dice,
  events: GameEvent[],
): Refusal | null {
  if (s.pendingZap) {
    if (act.type !== 'zap-back') return refuse('zap-back-first', 'Split the zap back cost first.');
    const r = zapBack(s, act.absorb, events, dice);
    if (r) return r;
    return afterTurnAction(s, events);
  }
  let r: Refusal | null = null;
  switch (act.type) {
    case 'attack':
      if (s.turnPhase !== 'attack') return refuse('wrong-phase', 'Attacks come in the Attack Phase.');
      r = attack(s, seat, act.die, act.target, dice, events);
      break;
    case 'step':
      if (s.turnPhase !== 'move' && s.turnPhase !== 'speed')
        return refuse('wrong-phase', 'Steps come in the Movement Phase.');
      r = step(s, seat, act.die, act.x, act.y, events);
      break;
    case 'damage-field':
    case 'super-speed':
    case 'healer':
    case 'mutation':
    case 'teleportation':
      if (s.turnPhase !== 'action') return refuse('wrong-phase', 'Powers come in the Action Phase.');
      r = usePower(s, seat, act, dice, events);
      if (r) return r;
      if (act.type === 'super-speed' && dieOf(s, act.die).alive) {
        // Another movement phase for this die alone; "done" ends it and the turn.
        Object.assign(s, { turnPhase: 'speed', speedDie: act.die, mover: null, stepsTaken: 0, tagged: false });
      } else if (!s.result && s.inGame[seat]) {
        nextTurn(s, events);
      }
      break;
    case 'tag': {
      const why = tagRefusal(s, seat, act.die, act.flag);
      if (why) return refuse('cannot-tag', why);
      takeFlag(s, dieOf(s, act.die), act.flag, events);
      break;
    }
    case 'drop': {
      const d = s.dice[act.die];
      const f = s.flags.find((g) => g.carrier === act.die);
      if (!d || d.owner !== seat || !f) return refuse('no-flag', 'That die carries no flag.');
      f.carrier = null;
      d.aura = null;
      events.push({ type: 'flag-dropped', flag: f.owner, x: f.x, y: f.y });
      break;
    }
    case 'done':
      if (s.turnPhase === 'attack' && mustAttack(s, seat))
        return refuse('must-attack', 'The Rage die must attack when it can.');
      if (s.turnPhase === 'attack') s.turnPhase = 'move';
      else if (s.turnPhase === 'move') s.turnPhase = 'action';
      else nextTurn(s, events);
      events.push({ type: 'done', seat });
      break;
    default:
      return refuse('wrong-phase', 'That is not a move of this phase.');
  }
  return r ?? afterTurnAction(s, events);
}

/** W7 Rage: the Rage die must attack in its Attack Phase while it has not and can. */
export function mustAttack(s: PolywarsState, seat: Seat): boolean {
  const r = rageDie(s);
  if (!r || r.owner !== seat || r.x === null || s.attacked.includes(r.id)) return false;
  const field = onBoard(s);
  return field.some((t) => attackCheck(s, r, t, field).ok);
}

/** The active player may have been eliminated by their own attack or power: their turn ends there. */
function afterTurnAction(s: PolywarsState, events: GameEvent[]): null {
  if (s.snipe && !s.result && s.phase === 'turns' && !s.dice.some((d) => d.alive && d.owner === s.snipe!.seat)) {
    endBattle(s, events);
    return null;
  }
  if (!s.result && s.phase === 'turns' && !s.inGame[s.order[s.turnIndex]!]) nextTurn(s, events);
  return null;
}

/** A player leaves: only they are eliminated; whatever was waiting on them goes on without them. */
function leaveIn(s: PolywarsState, seat: Seat, dice: Dice, events: GameEvent[]): void {
  const wasActive = activeSeat(s) === seat;
  eliminate(s, [seat], events, 'left');
  if (s.result) return;
  if (s.phase === 'turns') {
    if (wasActive) nextTurn(s, events);
    return;
  }
  afterSimultaneous(s, dice, events);
}

/** When the last awaited seat of a simultaneous step has answered (or left), everything is revealed at once. */
function afterSimultaneous(s: PolywarsState, dice: Dice, events: GameEvent[]): void {
  if (toAct(s).length) return;
  switch (s.phase) {
    case 'build':
      revealForces(s, dice, events);
      return;
    case 'place':
      revealPlacements(s, events);
      return;
    case 'bid':
      s.lastBids = s.bids.map((b) => b ?? 0);
      events.push({ type: 'bids', bids: s.lastBids.slice() });
      s.order = initiativeOrder(s.bids, seatsIn(s), dice, events);
      events.push({ type: 'initiative', order: s.order.slice() });
      startHealing(s, events);
      return;
    case 'heal':
      maybeRevealHeals(s, events);
      return;
  }
}

/**
 * Leaving at any moment, one's turn or not (a dropped player whose grace ran out, a resignation): only that
 * player is eliminated. The table reducer would call this for games of more than two seats. Pure.
 */
export function leave(state: PolywarsState, seat: Seat, dice: Dice): Step<PolywarsState> | Refusal {
  if (state.phase === 'over' || !state.inGame[seat]) return refuse('not-in-game', 'That player is not in the game.');
  const s = draft(state);
  const events: GameEvent[] = [];
  leaveIn(s, seat, dice, events);
  return { ok: true, state: s, events: named(state, events) };
}
