// Shields: what the table shows. Nothing is hidden, so every seat and spectators get the same view.
import type { Seat } from '../../core/game-module';
import { type HeldLine, type LineSource, noLines, pointedTo, pointTo } from '../../core/wire-lines';
import {
  BEATS,
  batteryId,
  COLOURS,
  known,
  POOL_IDS,
  type Colour,
  type DieColour,
  type DieKind,
  type Placement,
} from './catalogue';
import {
  isOver,
  STALL_SHOWN,
  STALL_TURNS,
  type AttackSummary,
  type Between,
  type Player,
  type Shield,
  type ShieldsOptions,
  type ShieldsState,
} from './state';

export interface DieView {
  id: string;
  kind: DieKind;
  colour: DieColour;
  sides: number;
}

export interface ShieldView {
  id: string;
  colour: Colour | 'black';
  faces: number;
  points: number;
  /** Black shields are in front of or behind the colored ones (S6); the same black shield shows on every live battery. */
  layer: Placement | 'colored';
}

export interface BatteryView {
  id: string;
  colour: Colour;
  /** The opponent's battery color this one attacks (S4). */
  attacks: Colour;
  alive: boolean;
  health: number;
  /** Null once destroyed (or when the variant sacrificed it). */
  attack: DieView | null;
  /** Everything protecting this battery, outermost first: the order damage takes (S5). */
  shields: ShieldView[];
}

export interface PlayerView {
  seat: Seat;
  /** Red, yellow, blue. */
  batteries: BatteryView[];
  reserve: DieView[];
  /** Oldest first. */
  trash: DieView[];
}

export interface ShieldsView {
  options: ShieldsOptions;
  /** The game within the match, from 1. */
  game: number;
  /** Games won per seat. */
  score: number[];
  /** Null once the match is over. */
  turn: Seat | null;
  step: 'take' | 'act' | null;
  /** The match winner. */
  winner: Seat | null;
  /** A single game drawn under S14. */
  draw: boolean;
  /** S14, with the variant: turns in a row without an attack, shown once it reaches `shownFrom`; null without the variant. */
  stall: { turns: number; limit: number; shownFrom: number } | null;
  /** Between two games of a match: the finished game's result, and who has pressed "Next game". */
  between: Between | null;
  players: PlayerView[];
  pool: { attack: DieView[]; shield: DieView[]; potion: DieView[]; polish: DieView[] };
  lastAttack: AttackSummary | null;
}

function dieView(id: string): DieView {
  const d = known(id);
  return { id, kind: d.kind, colour: d.colour, sides: d.sides };
}

const shieldView =
  (layer: ShieldView['layer']) =>
  (s: Shield): ShieldView => {
    const d = known(s.id);
    return { id: s.id, colour: d.colour as Colour | 'black', faces: d.sides, points: s.points, layer };
  };

function playerView(p: Player, seat: Seat): PlayerView {
  const batteries = COLOURS.map((c): BatteryView => {
    const b = p.batteries[c];
    const alive = b.health > 0;
    return {
      id: batteryId(seat, c),
      colour: c,
      attacks: BEATS[c],
      alive,
      health: b.health,
      attack: alive && b.attack ? dieView(b.attack) : null,
      shields: alive
        ? [
            ...p.front.map(shieldView('front')),
            ...b.shields.map(shieldView('colored')),
            ...p.behind.map(shieldView('behind')),
          ]
        : [],
    };
  });
  return { seat, batteries, reserve: p.reserve.map(dieView), trash: p.trash.map(dieView) };
}

export function viewOf(s: ShieldsState): ShieldsView {
  const inPool = new Set(s.pool);
  const group = (kind: DieKind) => POOL_IDS.filter((id) => inPool.has(id) && known(id).kind === kind).map(dieView);
  const over = isOver(s) || s.between !== null;
  return {
    options: { ...s.options },
    game: s.game,
    score: [...s.score],
    turn: over ? null : s.turn,
    step: over ? null : s.step,
    winner: s.winner,
    draw: s.draw,
    stall:
      s.options.resurrection && s.rules !== 1 ? { turns: s.quiet, limit: STALL_TURNS, shownFrom: STALL_SHOWN } : null,
    between: s.between ? { ...s.between, ready: [s.between.ready[0], s.between.ready[1]] } : null,
    players: s.players.map(playerView),
    pool: { attack: group('attack'), shield: group('shield'), potion: group('potion'), polish: group('polish') },
    lastAttack: s.lastAttack ? { ...s.lastAttack, destroyed: [...s.lastAttack.destroyed] } : null,
  };
}

/** A shield as it travels: what the catalogue does not say about it (its colour and faces come from its id). */
interface WireShield {
  id: string;
  points: number;
}
interface WirePlayer {
  seat: Seat;
  /** Red, yellow, blue: a battery's id, colour and target follow from its place; its shields here are its colored ones. */
  batteries: { alive: boolean; health: number; attack: string | null; shields: WireShield[] }[];
  /** The black shields in front of and behind every live battery, once (the view repeats them on each). */
  front: WireShield[];
  behind: WireShield[];
  reserve: string[];
  trash: string[];
}

const wireShield = (s: ShieldView): WireShield => ({ id: s.id, points: s.points });
const ids = (ds: DieView[]) => ds.map((d) => d.id);

/**
 * The last attack as a log line says it: the line's attack event without its type (the event is `{ type, ...summary }`
 * in the summary's own key order, rules.ts `attack`).
 */
function attackOf(line: HeldLine): AttackSummary | undefined {
  const e = line.events.find((ev) => ev.type === 'attack');
  if (!e) return undefined;
  const { type: _type, ...summary } = e;
  return summary as unknown as AttackSummary;
}

/**
 * A view as it travels (GameModule.wireView): dice as their ids (kind, colour and sides are the catalogue's), a
 * battery without what its place says, and each player's black shields once instead of on every live battery.
 * A die taken from the pool is ~13 B instead of ~63, a black shield placed ~30 B instead of three times ~80
 * (bench/RESULTS.md). The last attack travels as the seq of the log line that holds it, when that line is one
 * every client has (`lines`) and says exactly the same (~100–150 B said once, in the line, instead of twice).
 */
export function viewToWire(_state: unknown, v: ShieldsView, lines: readonly HeldLine[] = []): unknown {
  return {
    ...v,
    players: v.players.map((p): WirePlayer => {
      const live = p.batteries.find((b) => b.alive);
      const layer = (l: ShieldView['layer']) => (live ? live.shields.filter((s) => s.layer === l).map(wireShield) : []);
      return {
        seat: p.seat,
        batteries: p.batteries.map((b) => ({
          alive: b.alive,
          health: b.health,
          attack: b.attack ? b.attack.id : null,
          shields: b.shields.filter((s) => s.layer === 'colored').map(wireShield),
        })),
        front: layer('front'),
        behind: layer('behind'),
        reserve: ids(p.reserve),
        trash: ids(p.trash),
      };
    }),
    pool: {
      attack: ids(v.pool.attack),
      shield: ids(v.pool.shield),
      potion: ids(v.pool.potion),
      polish: ids(v.pool.polish),
    },
    lastAttack: pointTo(v.lastAttack, lines, attackOf),
  };
}

/** The view a wire form stands for (a view sent whole reads as itself); `lines`, what the last attack may point to. */
export function viewFromWire(wire: unknown, lines: LineSource = noLines): ShieldsView {
  const w = wire as Omit<ShieldsView, 'players' | 'pool' | 'lastAttack'> & {
    players: (WirePlayer | PlayerView)[];
    pool: Record<keyof ShieldsView['pool'], (string | DieView)[]>;
    lastAttack: AttackSummary | null | number;
  };
  const die = (d: string | DieView) => (typeof d === 'string' ? dieView(d) : d);
  const shield = (layer: ShieldView['layer']) => (s: WireShield) => shieldView(layer)(s);
  return {
    ...w,
    players: w.players.map((p): PlayerView => {
      if (!('front' in p)) return p;
      return {
        seat: p.seat,
        batteries: p.batteries.map((b, i): BatteryView => {
          const c = COLOURS[i]!;
          return {
            id: batteryId(p.seat, c),
            colour: c,
            attacks: BEATS[c],
            alive: b.alive,
            health: b.health,
            attack: b.attack === null ? null : dieView(b.attack),
            shields: b.alive
              ? [
                  ...p.front.map(shield('front')),
                  ...b.shields.map(shield('colored')),
                  ...p.behind.map(shield('behind')),
                ]
              : [],
          };
        }),
        reserve: p.reserve.map(die),
        trash: p.trash.map(die),
      };
    }),
    pool: {
      attack: w.pool.attack.map(die),
      shield: w.pool.shield.map(die),
      potion: w.pool.potion.map(die),
      polish: w.pool.polish.map(die),
    },
    lastAttack: pointedTo(w.lastAttack, lines, attackOf),
  };
}
