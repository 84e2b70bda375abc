// Shields in words: names of dice, seats and actions, shared by the action buttons and the board's prompts.
// The shared package's root exports the module, not each game's helpers: take them from the game's folder.
import { seatName as nameOfSeat } from '@dicehall/shared/core';
import { die, dieName } from '@dicehall/shared/shields';
import type { ShieldsAction } from '@dicehall/shared/shields';
import type { BatteryView, PlayerView, ShieldsView, ShieldView } from '@dicehall/shared/shields';
import type { Snapshot } from '../../net/store';

export type { ShieldsAction };

export const seatName = (snap: Snapshot, seat: number) => nameOfSeat(snap.seats, seat);

/** "d6 potion", or "d8 potion #2" for one of the two identical pool dice: the catalogue's name, as in the log. */
export function shortName(id: string): string {
  return dieName(id);
}

export function findBattery(view: ShieldsView | null, id: string): BatteryView | undefined {
  return view?.players.flatMap((p) => p.batteries).find((b) => b.id === id);
}

export function findShield(view: ShieldsView | null, id: string): ShieldView | undefined {
  return view?.players.flatMap((p) => p.batteries.flatMap((b) => b.shields)).find((s) => s.id === id);
}

/** What a sacrificed die shows (S13), as the rules count it: points for shields and batteries, sides otherwise. */
function showing(p: PlayerView | undefined, id: string): string {
  const b = p?.batteries.find((x) => x.id === id);
  if (b) return `health ${b.health}`;
  const s = p?.batteries.flatMap((x) => x.shields).find((x) => x.id === id);
  if (s) return `${s.points}/${s.faces}`;
  return '';
}

/** A note on where a taken die ends up when it would only be denied to the opponent (S7, S8). */
function takeNote(me: PlayerView | undefined, id: string): string {
  const d = die(id);
  if (!d || !me || (d.kind !== 'attack' && !(d.kind === 'shield' && d.colour !== 'black'))) return '';
  const b = me.batteries.find((x) => x.colour === d.colour);
  if (!b) return '';
  if (!b.alive) return ` (to the trash: your ${b.colour} battery is destroyed)`;
  if (d.kind === 'attack' && b.attack && b.attack.sides >= d.sides)
    return ` (to the trash: you have the d${b.attack.sides})`;
  return '';
}

/** The words on the button for one legal action; every action gets one, so the board is never the only way. */
export function actionLabel(a: ShieldsAction, snap: Snapshot): string {
  const view = snap.view as ShieldsView | null;
  const me = snap.mySeat === null ? undefined : view?.players[snap.mySeat];
  switch (a.type) {
    case 'take': {
      const where = a.placement === 'front' ? ', in front' : a.placement === 'behind' ? ', behind' : '';
      return `Take the ${shortName(a.die)}${where}${takeNote(me, a.die)}`;
    }
    case 'attack': {
      const b = findBattery(view, a.battery);
      const owner = snap.mySeat === null ? 1 : 1 - snap.mySeat;
      const with_ = b?.attack ? ` with your ${b.colour} d${b.attack.sides}` : '';
      return `Attack ${seatName(snap, owner)}'s ${b?.attacks ?? 'target'} battery${with_}`;
    }
    case 'potion': {
      const b = findBattery(view, a.battery);
      const name = shortName(a.die).replace(/ potion/, '');
      return `Potion ${name} on your ${b?.colour ?? ''} battery${b ? ` (health ${b.health})` : ''}`;
    }
    case 'polish': {
      const s = findShield(view, a.shield);
      const name = shortName(a.die).replace(/ polish/, '');
      return `Polish ${name} on your ${shortName(a.shield)}${s ? ` (${s.points}/${s.faces})` : ''}`;
    }
    case 'resurrect': {
      const shows = showing(me, a.sacrifice);
      const where = a.placement === 'front' ? ', in front' : a.placement === 'behind' ? ', behind' : '';
      return `Sacrifice your ${shortName(a.sacrifice)}${shows ? ` (${shows})` : ''} to bring back the ${shortName(a.revive)}${where}`;
    }
    case 'pass':
      return 'Pass';
    case 'next':
      return 'Next game';
  }
}

/** A pool or reserve die's face: "d8", or "d8#2" for the second of the two d8 potions (and the d6 polishes), as in the log. */
export function faceText(id: string, sides: number, size = Infinity): string {
  const twin = /\.(\d)$/.exec(id);
  // A die too small to write four characters inside it at 12 px shows its kind only (the lists name the twin).
  return twin && size >= 48 ? `d${sides}#${twin[1]}` : `d${sides}`;
}
