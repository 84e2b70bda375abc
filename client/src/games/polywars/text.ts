// Polywars in words: die names, attack odds, button labels for legal actions, and the phase bar's sentence.
import { seatName as nameOfSeat } from '@dicehall/shared/core';
import type { PolywarsView } from '@dicehall/shared/polywars';
import type { PolywarsAction } from '@dicehall/shared/polywars';
import type { PwDie } from '@dicehall/shared/polywars';
import { attackCheck, type AttackCheck } from '@dicehall/shared/polywars';
import type { Snapshot } from '../../net/store';

export const seatName = (snap: Snapshot | null, s: number) => nameOfSeat(snap?.seats, s);
export const dieName = (d: PwDie) => `d${d.sides} #${d.id} (${d.value})`;

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

const POWER_WORDS: Record<string, string> = {
  'damage-field': 'Damage Field',
  'super-speed': 'Super Speed',
  healer: 'Heal others',
  mutation: 'Mutation',
  teleportation: 'Teleport',
};

/** A button label for a legal action, or null for steps, which are made by tapping the field. */
export function actionLabel(a: PolywarsAction, snap: Snapshot): string | null {
  const v = snap.view as PolywarsView | null;
  const die = (id: number) => v?.dice[id];
  const dn = (id: number) => (die(id) ? dieName(die(id)!) : `die ${id}`);
  switch (a.type) {
    case 'build':
      return `Build ${a.dice.map((n) => `d${n}`).join(' ')} (${a.dice.reduce((x, y) => x + y, 0)} sides)`;
    case 'place': {
      const lead =
        a.leader !== undefined && v?.mine ? ` with ${dn(ownIds(v, snap.mySeat)[a.leader] ?? -1)} as leader` : '';
      return a.base
        ? `Deploy around a base at (${(a.base.x / 100).toFixed(1)}, ${(a.base.y / 100).toFixed(1)})`
        : `Deploy${lead}`;
    }
    case 'unleash':
      return `Unleash the Rage on ${dn(a.die)} at (${(a.x / 100).toFixed(1)}, ${(a.y / 100).toFixed(1)})`;
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
      return `Zap back: attacker takes ${a.absorb}`;
    case 'step':
      return null;
    case 'drop':
      return `Drop the flag (${dn(a.die)})`;
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
      return `${POWER_WORDS.teleportation} ${dn(a.die)} to (${(a.x / 100).toFixed(1)}, ${(a.y / 100).toFixed(1)})`;
    default:
      return `${POWER_WORDS[a.type] ?? a.type}: ${dn((a as { die: number }).die)}`;
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
