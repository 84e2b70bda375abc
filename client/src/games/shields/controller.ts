// The Shields table's input as a pure state machine (no Pixi, no DOM): the legal actions indexed the ways taps
// look them up, what is picked up, and what a tap on a pool die, a battery, a shield, a reserve die or a drop zone
// does (picks it up, puts it down, or sends an action). The view draws the selection and carries out sends.
import { BEATS, die as dieInfo, type Colour } from '@dicehall/shared/shields';
import type { ShieldsAction } from '@dicehall/shared/shields';

export type Selection =
  | { kind: 'pool'; die: string }
  | { kind: 'battery'; id: string }
  | { kind: 'reserve'; die: string }
  | null;

/** What the view does after a tap: nothing, redraw with the new selection, or send an action. */
export type Outcome = 'none' | 'changed' | { send: ShieldsAction };

/** The legal actions, indexed the ways taps look them up. */
export class Legal {
  takes = new Map<string, ShieldsAction[]>();
  attacks = new Map<string, ShieldsAction>();
  uses = new Map<string, ShieldsAction[]>();
  constructor(actions: ShieldsAction[]) {
    for (const a of actions) {
      if (a.type === 'take') this.takes.set(a.die, [...(this.takes.get(a.die) ?? []), a]);
      else if (a.type === 'attack') this.attacks.set(a.battery, a);
      else if (a.type === 'potion' || a.type === 'polish') this.uses.set(a.die, [...(this.uses.get(a.die) ?? []), a]);
    }
  }
  use(die: string, target: string): ShieldsAction | undefined {
    return this.uses
      .get(die)
      ?.find((a) => (a.type === 'potion' ? a.battery : a.type === 'polish' ? a.shield : '') === target);
  }
}

/** The opponent battery the wheel points a battery at (S4): the same rule the labels state. */
export function targetOf(batteryId: string): string {
  const d = dieInfo(batteryId);
  if (!d || d.owner === null) return '';
  return `p${1 - d.owner}.battery.${BEATS[d.colour as Colour]}`;
}

export class TableInput {
  sel: Selection = null;
  /** The actions taps may pick from now (none while a roll is in the air or the board shows an older snapshot). */
  legal = new Legal([]);

  /** Takes the actions open now and drops a selection they no longer allow. */
  load(actions: ShieldsAction[]) {
    this.legal = new Legal(actions);
    const sel = this.sel;
    if (!sel) return;
    const l = this.legal;
    const ok =
      sel.kind === 'pool' ? l.takes.has(sel.die) : sel.kind === 'battery' ? l.attacks.has(sel.id) : l.uses.has(sel.die);
    if (!ok) this.sel = null;
  }

  /** A black shield picked from the pool, waiting for a tap on a drop zone (in front or behind). */
  get placing(): boolean {
    return this.sel?.kind === 'pool' && (this.legal.takes.get(this.sel.die)?.length ?? 0) > 1;
  }

  select(sel: Selection): Outcome {
    this.sel = sel;
    return 'changed';
  }

  send(a: ShieldsAction): Outcome {
    this.sel = null;
    return { send: a };
  }

  /** A pool die: taken at once when there is one way to take it, else picked up (a black shield: front or behind). */
  tapPool(id: string): Outcome {
    const acts = this.legal.takes.get(id);
    if (!acts) return 'none';
    if (acts.length === 1) return this.send(acts[0]!);
    return this.select(this.sel?.kind === 'pool' && this.sel.die === id ? null : { kind: 'pool', die: id });
  }

  /** A battery: the target of a picked-up potion, the roll of a picked-up attack (on it or its target), or a pick-up. */
  tapBattery(id: string): Outcome {
    const legal = this.legal;
    const sel = this.sel;
    if (sel?.kind === 'reserve') {
      const a = legal.use(sel.die, id);
      if (a) return this.send(a);
    }
    if (sel?.kind === 'battery') {
      const a = legal.attacks.get(sel.id);
      if (a && (sel.id === id || targetOf(sel.id) === id)) return this.send(a);
    }
    if (legal.attacks.has(id))
      return this.select(sel?.kind === 'battery' && sel.id === id ? null : { kind: 'battery', id });
    return this.select(null);
  }

  /** A shield: polish it, or treat the tap as one on its battery (a black shield: on the attacked one of its side). */
  tapShield(id: string, battery: string | null, seat: number): Outcome {
    const sel = this.sel;
    if (sel?.kind === 'reserve') {
      const a = this.legal.use(sel.die, id);
      if (a) return this.send(a);
    }
    if (battery) return this.tapBattery(battery);
    const target = sel?.kind === 'battery' ? targetOf(sel.id) : '';
    if (target.startsWith(`p${seat}.`)) return this.tapBattery(target);
    return this.select(null);
  }

  tapReserve(id: string): Outcome {
    if (!this.legal.uses.has(id)) return 'none';
    return this.select(this.sel?.kind === 'reserve' && this.sel.die === id ? null : { kind: 'reserve', die: id });
  }

  tapZone(placement: 'front' | 'behind'): Outcome {
    const sel = this.sel;
    if (sel?.kind !== 'pool') return 'none';
    const a = this.legal.takes.get(sel.die)?.find((x) => x.type === 'take' && x.placement === placement);
    return a ? this.send(a) : 'none';
  }

  /** A tap on the felt, or Escape: puts a picked-up die back. */
  putDown(): Outcome {
    return this.sel ? this.select(null) : 'none';
  }
}
