// Polywars in words: die names, attack odds, button labels for legal actions, and the phase bar's sentence.
import { seatName as nameOfSeat } from '@dicehall/shared/core';
import type { PolywarsView } from '@dicehall/shared/polywars';
import type { PolywarsAction } from '@dicehall/shared/polywars';
import type { PwDie } from '@dicehall/shared/polywars';
import { attackCheck, type AttackCheck } from '@dicehall/shared/polywars';
import type { Snapshot } from '../../net/store';

export const seatName = (snap: Snapshot | null, s: number) => nameOfSeat(snap?.seats, s);

const ORDINALS = ['first', 'second', 'third', 'fourth', 'fifth', 'sixth', 'seventh', 'eighth', 'ninth', 'tenth'];

/**
 * A die in words: "Ana's d6 (4)", its owner, type and value; where the same seat has another die of that type and
 * value, an ordinal tells them apart ("Ana's second d6 (4)", by id). Without a snapshot: "d6 (4)".
 */
export function dieName(d: PwDie, snap?: Snapshot | null): string {
  const v = snap?.view as PolywarsView | null | undefined;
  if (!snap || !v) return `d${d.sides} (${d.value})`;
  const twins = v.dice.filter((o) => o.alive && o.owner === d.owner && o.sides === d.sides && o.value === d.value);
  const i = twins.findIndex((o) => o.id === d.id);
  const nth = twins.length > 1 ? `${ORDINALS[i] ?? `${i + 1}th`} ` : '';
  return `${seatName(snap, d.owner)}'s ${nth}d${d.sides} (${d.value})`;
}

/** A place on the field in words: "the top left", "the middle", "the bottom" (thirds of the field each way). */
export function placeName(v: { field: { width: number; height: number } }, x: number, y: number): string {
  const col = x < v.field.width / 3 ? 'left' : x < (2 * v.field.width) / 3 ? '' : 'right';
  const row = y < v.field.height / 3 ? 'top' : y < (2 * v.field.height) / 3 ? '' : 'bottom';
  return `the ${[row, col].filter(Boolean).join(' ') || 'middle'}`;
}

/**
 * Where a move from (x0, y0) to (x1, y1) heads, in words: toward the nearest enemy die, a base or a loose flag it
 * points at (within about 25°), else the field's middle, else a compass direction (north is up).
 */
export function towardName(v: PolywarsView, snap: Snapshot, who: PwDie, x1: number, y1: number): string {
  const x0 = who.x ?? x1;
  const y0 = who.y ?? y1;
  const len = Math.hypot(x1 - x0, y1 - y0) || 1;
  const marks: { name: string; x: number; y: number }[] = [];
  for (const d of v.dice)
    if (d.alive && d.x !== null && d.owner !== who.owner) marks.push({ name: dieName(d, snap), x: d.x, y: d.y! });
  v.bases.forEach((b, s) => {
    if (b) marks.push({ name: v.scenario === 'attack-on-tokyo' ? 'Tokyo' : `${seatName(snap, s)}'s base`, ...b });
  });
  v.flags.forEach((f) => {
    if (f.carrier === null) marks.push({ name: `${seatName(snap, f.owner)}'s flag`, x: f.x, y: f.y });
  });
  marks.push({ name: 'the middle', x: v.field.width / 2, y: v.field.height / 2 });
  let best: { name: string; d: number } | null = null;
  for (const m of marks) {
    const d = Math.hypot(m.x - x0, m.y - y0);
    if (d < 1) continue;
    const cos = ((x1 - x0) * (m.x - x0) + (y1 - y0) * (m.y - y0)) / (len * d);
    if (cos > 0.9 && (!best || d < best.d)) best = { name: m.name, d };
  }
  if (best) return `toward ${best.name}`;
  const dirs = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];
  const k = Math.round(Math.atan2(y1 - y0, x1 - x0) / (Math.PI / 4));
  return dirs[(k + 8) % 8]!;
}

/**
 * The view as the rules' state, for the pure checks the client repeats to draw reach and sightlines: the view
 * carries every field those checks read (dice, terrain, field, frozen, scenario); secrets are not among them.
 */
export const asState = (v: PolywarsView) => v as unknown as Parameters<typeof attackCheck>[0];

export function checkAttack(v: PolywarsView, a: PwDie, t: PwDie): AttackCheck {
  return attackCheck(asState(v), a, t);
}

/** Chances of each outcome: the command die (the attacker's size) against its value, less the range for a zap (W3). */
export function odds(a: PwDie, range: number): { perfect: number; success: number; fail: number } {
  const against = a.value - range;
  if (against < 1) return { perfect: 0, success: 0, fail: 1 };
  const n = a.sides;
  return { perfect: 1 / n, success: (against - 1) / n, fail: (n - against) / n };
}

const pct = (p: number) => `${Math.round(p * 100)}%`;
export const oddsText = (o: ReturnType<typeof odds>) =>
  `perfect ${pct(o.perfect)}, success ${pct(o.success)}, fail ${pct(o.fail)}`;

/** What each power does, after the die's name. */
const POWER_DEEDS: Record<string, string> = {
  'damage-field': 'sets off its Damage Field: 1 damage to every die touching it',
  'super-speed': 'uses Super Speed: up to 3 more steps',
};

const POWER_WORDS: Record<string, string> = {
  'damage-field': 'Damage Field',
  'super-speed': 'Super Speed',
  healer: 'Heal others',
  mutation: 'Mutation',
  teleportation: 'Teleport',
};

/** A step in words: "Ana's d6 (4) steps 1.0 R toward Ben's base". */
export function stepLabel(v: PolywarsView, snap: Snapshot, a: { die: number; x: number; y: number }): string {
  const d = v.dice[a.die];
  if (!d || d.x === null) return `Step to ${placeName(v, a.x, a.y)}`;
  const dist = Math.hypot(a.x - d.x, a.y - d.y!) / 100;
  return `${dieName(d, snap)} steps ${dist.toFixed(1)} R ${towardName(v, snap, d, a.x, a.y)}`;
}

/**
 * A button label for a legal action in a player's words. Null for those the board's own controls offer: forces
 * (the force builder) and steps (tapped on the field, or chosen in the "All moves" list with a die).
 */
export function actionLabel(a: PolywarsAction, snap: Snapshot): string | null {
  if (a.type === 'build' || a.type === 'step') return null;
  return moveLabel(a, snap);
}

/** Every legal action in words, steps and forces too (the "All moves" list). */
export function moveLabel(a: PolywarsAction, snap: Snapshot): string {
  const v = snap.view as PolywarsView | null;
  const die = (id: number) => v?.dice[id];
  const dn = (id: number) => (die(id) ? dieName(die(id)!, snap) : `die ${id}`);
  const where = (x: number, y: number) =>
    v ? placeName(v, x, y) : `(${(x / 100).toFixed(1)}, ${(y / 100).toFixed(1)})`;
  switch (a.type) {
    case 'build':
      return `Build ${a.dice.map((n) => `d${n}`).join(' ')} (${a.dice.reduce((x, y) => x + y, 0)} sides)`;
    case 'place': {
      const own = v ? ownIds(v, snap.mySeat) : [];
      const lead = a.leader !== undefined && a.leader !== null ? ` with ${dn(own[a.leader] ?? -1)} as leader` : '';
      return a.base ? `Deploy around a base at ${where(a.base.x, a.base.y)}` : `Deploy${lead}`;
    }
    case 'unleash':
      return `Unleash the Rage on ${dn(a.die)} at ${where(a.x, a.y)}`;
    case 'bid':
      return `Bid ${a.points}`;
    case 'heal':
      return a.dice.length ? `Heal ${a.dice.map(dn).join(', ')}` : 'Heal nothing';
    case 'attack': {
      const x = die(a.die);
      const t = die(a.target);
      if (!v || !x || !t) return `Attack die ${a.target} with die ${a.die}`;
      const c = checkAttack(v, x, t);
      const range = c.ok ? c.range : 0;
      return `${dn(a.die)} ${range ? `zaps (range ${range})` : 'attacks'} ${dn(a.target)}: ${oddsText(odds(x, range))}`;
    }
    case 'zap-back':
      return `Zap back: the attacker takes ${a.absorb}`;
    case 'step':
      return v ? stepLabel(v, snap, a) : `Step to (${a.x}, ${a.y})`;
    case 'drop':
      return `${dn(a.die)} drops the flag`;
    case 'tag': {
      // W9: a pass from a friendly carrier, or an exchange for the flag the die carries, or a plain pick-up.
      const flag = (owner: number) => `${seatName(snap, owner)}'s flag`;
      const taken = v?.flags.find((f) => f.owner === a.flag);
      const held = v?.flags.find((f) => f.carrier === a.die);
      if (taken && taken.carrier !== null) return `Pass ${flag(a.flag)} from ${dn(taken.carrier)} to ${dn(a.die)}`;
      if (held) return `${dn(a.die)} drops ${flag(held.owner)} to take ${flag(a.flag)}`;
      return `${dn(a.die)} takes ${flag(a.flag)}`;
    }
    case 'done':
      return 'End phase';
    case 'concede':
      return 'Leave the game';
    case 'healer':
      return `${POWER_WORDS.healer}: ${dn(a.die)} heals ${a.targets.map((t) => `${dn(t.die)} +${t.points}`).join(', ')}`;
    case 'mutation':
      return `${POWER_WORDS.mutation}: ${dn(a.die)} rerolls ${a.targets.map(dn).join(', ')}`;
    case 'teleportation':
      return `${POWER_WORDS.teleportation}: ${dn(a.die)} to ${where(a.x, a.y)}`;
    default: {
      const id = (a as { die: number }).die;
      const deed = POWER_DEEDS[a.type];
      return deed ? `${dn(id)} ${deed}` : `${POWER_WORDS[a.type] ?? a.type}: ${dn(id)}`;
    }
  }
}

/** The viewer's dice ids in force order (placements index into the force). */
export function ownIds(v: PolywarsView, seat: number | null): number[] {
  return seat === null ? [] : v.dice.filter((d) => d.owner === seat).map((d) => d.id);
}

export const PHASES = ['Initiative', 'Healing', 'Attack', 'Move', 'Action'] as const;

/** Which step of the cycle the bar lights: 0 Initiative … 4 Action; -1 before the first cycle and at the end. */
export function phaseIndex(v: PolywarsView): number {
  if (v.phase === 'bid') return 0;
  if (v.phase === 'heal') return 1;
  if (v.phase !== 'turns') return -1;
  return v.turnPhase === 'attack' ? 2 : v.turnPhase === 'action' ? 4 : 3;
}

/** The sentence under the phase bar: whose move, or who is still answering a secret step. */
export function statusLine(v: PolywarsView, snap: Snapshot): string {
  const me = snap.mySeat;
  const names = (seats: number[]) => seats.map((s) => (s === me ? 'you' : seatName(snap, s))).join(', ');
  if (v.result) return 'Game over';
  const secret: Record<string, string> = {
    build: 'build forces in secret',
    place: 'deploy in secret',
    bid: 'bid for initiative in secret',
    heal: 'heal in secret',
  };
  if (secret[v.phase]) {
    const waiting = v.toAct;
    const mineDone = me !== null && v.answered[me];
    if (me !== null && waiting.includes(me))
      return `Your move: ${secret[v.phase]}${waiting.length > 1 ? ` (also waiting for ${names(waiting.filter((s) => s !== me))})` : ''}`;
    return `${mineDone ? 'Done — ' : ''}waiting for ${names(waiting)} to ${secret[v.phase]}`;
  }
  if (v.turn === null) return '';
  const who = v.turn === me ? 'Your' : `${seatName(snap, v.turn)}'s`;
  const what = v.pendingZap
    ? 'choose the zap back split'
    : v.turnPhase === 'attack'
      ? 'attack with any dice, then end the phase'
      : v.turnPhase === 'action'
        ? 'use one power, or end the turn'
        : 'move dice step by step (tap a die, then a point)';
  return `${who} turn — ${what}`;
}
