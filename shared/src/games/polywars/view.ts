// Polywars as one seat or a spectator sees it: forces, placements, bids and healing of others stay hidden
// until everyone has answered; and one plain sentence per event.
import type { GameEvent, Seat } from '../../core/game-module';
import { seatName } from '../../core/names';
import type { Zone } from './catalogue';
import type { Field, Terrain } from './geometry';
import { activeSeat } from './board';
import { namedDieWords, type NamedDie } from './named';
import { toAct } from './rules';
import type { Phase, Placement, PolywarsState, PwDie, TurnPhase } from './state';

/** The state's public fields travel as they are (their meaning is documented on PolywarsState). */
type PublicFields =
  | 'rules'
  | 'lastBids'
  | 'order'
  | 'attacked'
  | 'moved'
  | 'mover'
  | 'stepsTaken'
  | 'tagged'
  | 'speedDie'
  | 'pendingZap'
  | 'bases'
  | 'flags'
  | 'snipe'
  | 'frozen'
  | 'inGame'
  | 'eliminated'
  | 'result';

export interface PolywarsView extends Pick<PolywarsState, PublicFields> {
  viewer: Seat | null;
  scenario: string;
  phase: Phase;
  cycle: number;
  cycleLimit: number;
  budget: number;
  allowed: number[];
  field: Field;
  terrain: Terrain[];
  zones: Zone[];
  deployWithin: number;
  toAct: Seat[];
  /** Who has answered the current simultaneous step (build, place, bid, heal); contents stay hidden. */
  answered: boolean[];
  /** The viewer's own answer to the current simultaneous step, before the reveal. */
  mine: { force: number[] | null; placement: Placement | null; bid: number | null; heal: number[] | null };
  /** Every die once forces are revealed (values are public, W6); positions once placements are revealed. */
  dice: PwDie[];
  turn: Seat | null;
  turnPhase: TurnPhase | null;
}

function answeredOf(s: PolywarsState): boolean[] {
  const slot: unknown[] =
    s.phase === 'build'
      ? s.forces
      : s.phase === 'place'
        ? s.placements
        : s.phase === 'bid'
          ? s.bids
          : s.phase === 'heal'
            ? s.heals
            : [];
  return Array.from({ length: s.seats }, (_, i) => slot[i] !== null && slot[i] !== undefined);
}

export function viewOf(s: PolywarsState, seat: Seat | null): PolywarsView {
  const own = seat !== null && seat >= 0 && seat < s.seats;
  const turns = s.phase === 'turns';
  return {
    viewer: own ? seat : null,
    rules: s.rules,
    scenario: s.scenario,
    phase: s.phase,
    cycle: s.cycle,
    cycleLimit: s.cycleLimit,
    budget: s.budget,
    allowed: s.allowed.slice(),
    field: { ...s.field },
    terrain: s.terrain.map((t) => ({ height: t.height, points: t.points.map((p) => ({ ...p })) })),
    zones: s.zones.map((z) => ({ ...z })),
    deployWithin: s.deployWithin,
    toAct: toAct(s),
    answered: answeredOf(s),
    mine: {
      force: own && s.phase === 'build' ? (s.forces[seat!]?.slice() ?? null) : null,
      placement:
        own && s.phase === 'place' && s.placements[seat!]
          ? {
              leader: s.placements[seat!]!.leader,
              base: s.placements[seat!]!.base && { ...s.placements[seat!]!.base! },
              at: s.placements[seat!]!.at.map((p) => ({ ...p })),
            }
          : null,
      bid: own && (s.phase === 'bid' || s.phase === 'heal') ? (s.bids[seat!] ?? null) : null,
      heal: own && s.phase === 'heal' ? (s.heals[seat!]?.slice() ?? null) : null,
    },
    dice: s.dice.map((d) => ({ ...d })),
    // biome-ignore lint/complexity/useOptionalChain: a missing entry stays null (`?.` would make it undefined, which the state's equality checks tell apart)
    lastBids: s.phase === 'bid' ? null : s.lastBids && s.lastBids.slice(),
    order: s.order.slice(),
    turn: activeSeat(s),
    turnPhase: turns ? s.turnPhase : null,
    attacked: s.attacked.slice(),
    moved: s.moved.slice(),
    mover: s.mover,
    stepsTaken: s.stepsTaken,
    tagged: s.tagged,
    speedDie: s.speedDie,
    pendingZap: s.pendingZap && { ...s.pendingZap },
    bases: s.bases.map((b) => b && { ...b }),
    flags: s.flags.map((f) => ({ ...f })),
    snipe: s.snipe && { ...s.snipe, points: s.snipe.points.slice(), spaces: s.snipe.spaces.slice() },
    frozen: s.frozen,
    inGame: s.inGame.slice(),
    eliminated: s.eliminated.map((g) => g.slice()),
    result: s.result && { ...s.result, winners: s.result.winners.slice() },
  };
}

/** A point in words: which part of the standard 20 × 14 R field (thirds each way), "the top left" … "the middle". */
const at = (p: unknown) => {
  const q = p as { x: number; y: number };
  const col = q.x < 667 ? 'left' : q.x < 1333 ? '' : 'right';
  const row = q.y < 467 ? 'top' : q.y < 933 ? '' : 'bottom';
  return `the ${[row, col].filter(Boolean).join(' ') || 'middle'}`;
};

/** A move in words: its length in R and its compass heading (north is the top of the field). */
const heading = (from: unknown, to: unknown) => {
  const a = from as { x: number; y: number };
  const b = to as { x: number; y: number };
  const dirs = ['east', 'south-east', 'south', 'south-west', 'west', 'north-west', 'north', 'north-east'];
  const k = Math.round(Math.atan2(b.y - a.y, b.x - a.x) / (Math.PI / 4));
  return `${(Math.hypot(b.x - a.x, b.y - a.y) / 100).toFixed(1)} R ${dirs[(k + 8) % 8]}`;
};

export function describeEvent(e: GameEvent, names: string[]): string {
  const name = (s: unknown) => seatName(names, Number(s));
  const list = (seats: unknown) => (seats as number[]).map(name).join(', ');
  // biome-ignore lint/suspicious/noExplicitAny: Polywars' events are not yet a typed union (see HighRollEvent, DiceChessEvent)
  const x = e as Record<string, any>;
  // Rules 3 events carry their dice (named.ts): "Ana's d8 (5)"; older logs say "Ana's die 3" and "die 9" as recorded.
  const named = typeof x.dice === 'object' && x.dice !== null;
  const any = (id: number) => (named && x.dice[id] ? namedDieWords(x.dice[id] as NamedDie, name) : `die ${id}`);
  const mine = (id: number) => (named && x.dice[id] ? any(id) : `${name(x.seat)}'s die ${id}`);
  switch (e.type) {
    case 'built':
      return `${name(x.seat)} has built a force`;
    case 'forces':
      return `Forces revealed and rolled: ${(x.forces as number[][]).map((f, i) => `${name(i)} ${f.map((n) => `d${n}`).join(' ')}`).join('; ')}`;
    case 'placed':
      return `${name(x.seat)} has placed their force`;
    case 'deployed':
      return 'Every force is revealed on the field';
    case 'cycle':
      return `Cycle ${x.cycle} begins: bid for initiative`;
    case 'bid-in':
      return `${name(x.seat)} has bid`;
    case 'bids':
      return `Bids: ${(x.bids as number[]).map((b, i) => `${name(i)} ${b}`).join(', ')}`;
    case 'roll-off':
      return `Tie on bids: ${(x.seats as number[]).map((s, i) => `${name(s)} rolls ${x.rolls[i]}`).join(', ')}`;
    case 'initiative':
      return `Turn order: ${list(x.order)}`;
    case 'healed-in':
      return `${name(x.seat)} has healed`;
    case 'healing':
      return `Healing revealed: ${(x.heals as number[][]).map((h, i) => `${name(i)} +1 on ${h.length} ${h.length === 1 ? 'die' : 'dice'}`).join(', ')}`;
    case 'turn':
      return `${name(x.seat)}'s turn`;
    case 'attack': {
      // "Zap (range 2): Ana's d8 (5) hits Ben's d6 (4) for 2 …": who, whom, and the command roll against what it needed.
      const how = x.zap ? `Zap (range ${x.range})` : 'Attack';
      const roll = `rolled ${x.command} against ${x.against}`;
      const who = mine(x.die);
      const whom = any(x.target);
      if (x.outcome === 'perfect') return `${how}: ${who} hits ${whom} perfectly (rolled ${x.command})`;
      if (x.outcome === 'failed') return `${how}: ${who} misses ${whom} and takes 1 (${roll})`;
      return x.zap
        ? `${how}: ${who} hits ${whom} for ${x.command}, less the zap back (${roll})`
        : `${how}: ${who} hits ${whom} for ${x.command} (${roll})`;
    }
    case 'zap-back':
      return `Zap back ${x.cost}: ${any(x.die)} takes ${x.absorb}, ${any(x.target)} takes ${x.dealt}`;
    case 'destroyed':
      return named ? `${any(x.die)} is destroyed` : `${name(x.seat)}'s d${x.sides} (die ${x.die}) is destroyed`;
    case 'eliminated':
      return `${list(x.seats)} ${x.reason === 'left' ? 'left the game' : 'lost their leader'} and ${(x.seats as number[]).length > 1 ? 'are' : 'is'} out`;
    case 'step':
      return `${mine(x.die)} steps ${heading(x.from, x.to)}`;
    case 'power': {
      if (x.to) return `${mine(x.die)} teleports ${heading(x.from, x.to)}`;
      const uses = `${mine(x.die)} uses ${String(x.power).replace('-', ' ')}`;
      if (!named || !Array.isArray(x.targets)) return uses;
      // Rules 3: whom the power reached, in words (a healer's points, a mutation's rerolls).
      const targets = x.targets as (number | { die: number; points: number })[];
      if (!targets.length) return `${uses}: nobody in reach`;
      const on = targets.map((t, i) =>
        typeof t === 'number' ? (x.rolls ? `${any(t)} rerolls ${x.rolls[i]}` : any(t)) : `${any(t.die)} +${t.points}`,
      );
      return `${uses}: ${on.join(', ')}`;
    }
    case 'done':
      return `${name(x.seat)} ends the phase`;
    case 'cycle-limit':
      return `The cycle limit is reached: totals ${(x.seats as number[]).map((s, i) => `${name(s)} ${x.totals[i]}`).join(', ')}`;
    case 'respawn':
      return named
        ? `${name(x.seat)}'s d${x.dice[x.die].sides} respawns on its base showing ${x.value}`
        : `${name(x.seat)}'s die ${x.die} respawns on its base showing ${x.value}`;
    case 'flag-tagged':
      return `${name(x.seat)} picks up ${name(x.flag)}'s flag with ${named ? any(x.die) : `die ${x.die}`}`;
    case 'flag-passed':
      return named
        ? `${name(x.seat)} passes ${name(x.flag)}'s flag from ${any(x.from)} to ${any(x.die)}`
        : `${name(x.seat)} passes ${name(x.flag)}'s flag from die ${x.from} to die ${x.die}`;
    case 'flag-dropped':
      return `${name(x.flag)}'s flag lies at ${at(x)}`;
    case 'flag-captured':
      return `${name(x.seat)} brings ${name(x.flag)}'s flag home`;
    case 'unfrozen':
      return named ? `${any(x.by)} frees the hostage, ${any(x.die)}` : `Die ${x.by} frees the hostage (die ${x.die})`;
    case 'unleashed':
      return `The Rage takes ${any(x.die)} at ${at(x)}, now showing ${x.value}`;
    case 'rage-halved':
      return `A perfect attack halves the Rage die: it loses ${x.lost}`;
    case 'rage-passed':
      return `The Rage passes to ${any(x.to)}, now showing ${x.value}`;
    case 'snipe-home':
      return `${mine(x.die)} reaches the far base: ${(x.points as number[]).join('–')}`;
    case 'battle-end':
      return `Battle ${x.battle} is over: ${(x.points as number[]).join('–')}`;
    case 'battle-start':
      return `Battle ${x.battle}: ${name(x.snipe)} now runs the Snipe`;
    case 'end':
      return (x.winners as number[]).length
        ? `${list(x.winners)} ${(x.winners as number[]).length > 1 ? 'win' : 'wins'}`
        : 'The game is a draw';
    default:
      return e.type;
  }
}
