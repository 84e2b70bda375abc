// Polywars normal and hard (issue #17): a heuristic with a one-step lookahead. The bot rebuilds a state from its
// seat's view only (during the turns nothing is secret; the simultaneous steps are decided by plain rules), applies
// each candidate action with the module's own `apply` over the outcomes of its first die roll (every face listed,
// later rolls from the bot's own dice), and keeps the action whose positions score best on average.
import { pick, type Dice } from '../core/dice';
import type { Seat } from '../core/game-module';
import { SCENARIOS, type ScenarioId } from '../games/polywars/catalogue';
import { R, rangeTo } from '../games/polywars/geometry';
import { typeOf } from '../games/polywars/board';
import { applyAction } from '../games/polywars/rules';
import type { PolywarsAction, PolywarsState, PwDie } from '../games/polywars/state';
import type { PolywarsView } from '../games/polywars/view';
import type { Bot, BotInput, Budget, Thought } from './types';

/** How much each level looks at: candidate actions per decision, and the limit of listed faces of one die. */
const LOOK: Record<'easy' | 'normal' | 'hard', { candidates: number; faces: number; ms: number; blunder: number }> = {
  // Easy: a narrow look, and a random legal action one time in three (its blunders, decided before thinking).
  easy: { candidates: 12, faces: 6, ms: 60, blunder: 3 },
  normal: { candidates: 40, faces: 12, ms: 120, blunder: 0 },
  hard: { candidates: 120, faces: 20, ms: 220, blunder: 0 },
};

/** Thrown from inside `apply` to learn the size of the first die. */
const NEED_ROLL = Symbol('need a roll');

/**
 * A full state consistent with the view, for the turns (the only phase the lookahead plays): everything the rules
 * read there is public. The secret slots of the simultaneous steps are left empty (nobody has answered).
 */
export function stateFromView(v: PolywarsView): PolywarsState {
  const seats = v.inGame.length;
  const empty = () => Array(seats).fill(null);
  const dice = v.dice.map((d) => ({ ...d }));
  return {
    rules: v.rules,
    scenario: v.scenario as ScenarioId,
    budget: v.budget,
    allowed: v.allowed.slice(),
    maxDice: SCENARIOS[v.scenario as ScenarioId].maxDice,
    cycleLimit: v.cycleLimit,
    field: { ...v.field },
    terrain: v.terrain.map((t) => ({ height: t.height, points: t.points.map((p) => ({ ...p })) })),
    zones: v.zones.map((z) => ({ ...z })),
    deployWithin: v.deployWithin,
    seats,
    phase: v.phase,
    cycle: v.cycle,
    forces: Array.from({ length: seats }, (_, s) => dice.filter((d) => d.owner === s).map((d) => d.sides)),
    dice,
    placements: empty(),
    bids: v.lastBids ? v.lastBids.slice() : empty(),
    heals: empty(),
    // biome-ignore lint/complexity/useOptionalChain: a missing entry stays null, as in the state (`?.` would make it undefined)
    lastBids: v.lastBids && v.lastBids.slice(),
    order: v.order.slice(),
    turnIndex: Math.max(0, v.turn === null ? 0 : v.order.indexOf(v.turn)),
    turnPhase: v.turnPhase ?? 'attack',
    attacked: v.attacked.slice(),
    moved: v.moved.slice(),
    mover: v.mover,
    stepsTaken: v.stepsTaken,
    tagged: v.tagged,
    speedDie: v.speedDie,
    pendingZap: v.pendingZap && { ...v.pendingZap },
    bases: v.bases.map((b) => b && { ...b }),
    flags: v.flags.map((f) => ({ ...f })),
    snipe: v.snipe && { ...v.snipe, points: v.snipe.points.slice(), spaces: v.snipe.spaces.slice() },
    frozen: v.frozen,
    inGame: v.inGame.slice(),
    eliminated: v.eliminated.map((g) => g.slice()),
    result: v.result && { ...v.result, winners: v.result.winners.slice() },
  };
}

const live = (s: PolywarsState) => s.dice.filter((d) => d.alive && d.x !== null);
const dist = (a: { x: number | null; y: number | null }, b: { x: number | null; y: number | null }) =>
  Math.hypot(a.x! - b.x!, a.y! - b.y!) / R;
const squash = (x: number) => Math.tanh(x);

/** Expected damage `a` could deal to `t` by an attack now, ignoring line of sight: a crude threat measure. */
function threat(a: PwDie, t: PwDie): number {
  const range = rangeTo({ x: a.x!, y: a.y! }, { x: t.x!, y: t.y!, r: typeOf(t).radius });
  if (range > 0 && range >= a.value) return 0;
  const eff = a.value - range;
  // Successful rolls 1..eff-1 deal their face; a perfect roll destroys.
  const hit = Math.max(0, eff - 1);
  return ((hit * (hit + 1)) / 2 + (eff <= a.sides ? t.value : 0)) / a.sides;
}

/**
 * How good `s` is for `me`, in (−1, 1): material (own dice values and dice alive against the strongest enemy's),
 * the scenario's objective, and threats in range.
 */
export function evaluate(s: PolywarsState, me: Seat): number {
  if (s.result) {
    if (s.result.draw || s.result.winners.length === 0) return 0;
    return s.result.winners.includes(me) ? 1 : -1;
  }
  if (!s.inGame[me]) return -1;
  const field = live(s);
  const mine = field.filter((d) => d.owner === me);
  const foes = field.filter((d) => d.owner !== me && s.inGame[d.owner]);
  const scale = Math.max(1, s.budget);
  const sum = (ds: PwDie[]) => ds.reduce((t, d) => t + d.value, 0);
  const enemySeats = [...new Set(foes.map((d) => d.owner))];
  const strongest = Math.max(
    0,
    ...enemySeats.map((e) => sum(foes.filter((d) => d.owner === e)) + 2 * foes.filter((d) => d.owner === e).length),
  );
  let score = (sum(mine) + 2 * mine.length - strongest) / scale;
  // Threats: what my dice can do to theirs next, less what theirs can do to mine (a move later).
  let mineThreat = 0;
  let theirThreat = 0;
  for (const a of mine)
    for (const t of foes) mineThreat = Math.max(mineThreat, threat(a, t) * (t.aura === 'leadership' ? 3 : 1));
  for (const a of foes) for (const t of mine) theirThreat += (threat(a, t) * (t.aura === 'leadership' ? 3 : 1)) / 4;
  score += (0.5 * mineThreat - 0.5 * theirThreat) / scale;
  switch (s.scenario) {
    case 'kill-the-king': {
      const myLeader = mine.find((d) => d.aura === 'leadership');
      if (myLeader) score += (1.5 * myLeader.value) / scale;
      for (const l of foes.filter((d) => d.aura === 'leadership')) {
        score -= (1.5 * l.value) / scale / Math.max(1, enemySeats.length);
        // Close on the enemy leaders with the dice that can hit them.
        const near = Math.min(...mine.filter((d) => d.aura !== 'leadership').map((d) => dist(d, l)), 30);
        score -= 0.01 * near;
      }
      break;
    }
    case 'capture-the-flag': {
      const base = s.bases[me];
      for (const f of s.flags) {
        const carrier = f.carrier === null ? null : s.dice[f.carrier];
        if (carrier?.owner === me && base) score += 0.6 - 0.03 * dist(carrier, base);
        else if (f.owner !== me && f.carrier === null) score -= 0.01 * Math.min(30, ...mine.map((d) => dist(d, f)));
        else if (f.owner === me && carrier && s.bases[carrier.owner])
          score -= 0.6 - 0.03 * dist(carrier, s.bases[carrier.owner]!);
      }
      break;
    }
    case 'attack-on-tokyo': {
      const rage = s.dice.find((d) => d.alive && d.aura === 'rage');
      const tokyo = s.bases[0];
      if (rage && tokyo && rage.x !== null) {
        const v = 0.05 * (20 - dist(rage, tokyo)) + rage.value / scale;
        score += me === 1 ? v : -v;
      }
      break;
    }
    case 'rescue-mission': {
      const h =
        s.frozen === null
          ? s.dice.find((d) => d.owner === 1 && d.aura === 'immunity')
          : s.dice.find((d) => d.id === s.frozen);
      const base = s.bases[1];
      if (h?.alive && h.x !== null && base) {
        const helpers = field.filter((d) => d.owner === 1 && d.id !== h.id);
        const v =
          s.frozen !== null ? -0.02 * Math.min(30, ...helpers.map((d) => dist(d, h))) : 0.3 - 0.03 * dist(h, base);
        score += me === 1 ? v : -v;
      }
      break;
    }
    case 'snipe-hunt': {
      if (s.snipe) {
        const other = s.snipe.points.reduce((m, p, i) => (i === me ? m : Math.max(m, p)), 0);
        score += 0.3 * (s.snipe.points[me]! - other); // a score per seat, and `me` is a seat
        const goal = s.bases[1];
        if (goal) {
          const runners = field.filter((d) => d.owner === s.snipe!.seat);
          const v = runners.reduce((t, d) => t + 0.02 * (20 - dist(d, goal)), 0);
          score += me === s.snipe.seat ? v : -v;
        }
      }
      break;
    }
  }
  return 0.98 * squash(score);
}

/**
 * The expected score of `action`: its first die roll listed face by face (faces beyond `maxFaces` sampled), any
 * later rolls from the bot's own dice. Null when the rules refuse it.
 */
function expected(
  s: PolywarsState,
  me: Seat,
  action: PolywarsAction,
  rng: Dice,
  maxFaces: number,
  count: { n: number },
): number | null {
  let need = 0;
  const probe: Dice = {
    roll(sides) {
      need = sides;
      throw NEED_ROLL;
    },
  };
  try {
    count.n++;
    const step = applyAction(s, me, action, probe);
    return step.ok ? evaluate(step.state, me) : null;
  } catch (e) {
    if (e !== NEED_ROLL) throw e;
  }
  const faces =
    need <= maxFaces
      ? Array.from({ length: need }, (_, i) => i + 1)
      : Array.from({ length: maxFaces }, () => rng.roll(need));
  let total = 0;
  let n = 0;
  for (const f of faces) {
    let first = true;
    const dice: Dice = {
      roll(sides) {
        if (!first) return rng.roll(sides);
        first = false;
        return f;
      },
    };
    count.n++;
    const step = applyAction(s, me, action, dice);
    if (!step.ok) continue;
    total += evaluate(step.state, me);
    n++;
  }
  return n ? total / n : null;
}

/** Kinds always considered in full; steps and teleports are sampled. */
const SAMPLED = new Set(['step', 'teleportation']);

/** Decisions of the simultaneous steps, which need no lookahead: plain rules on the seat's own dice. */
function simultaneous(v: PolywarsView, seat: Seat, legal: PolywarsAction[], rng: Dice): PolywarsAction | null {
  const own = v.dice.filter((d) => d.owner === seat && d.alive);
  switch (v.phase) {
    case 'bid': {
      // Points not bid heal: keep as many as there are hurt dice (at most 3), bid the rest for initiative.
      const hurt = own.filter((d) => d.x !== null && d.value < d.sides).length;
      const points = 3 - Math.min(3, hurt);
      return legal.find((a) => a.type === 'bid' && a.points === points) ?? null;
    }
    case 'heal': {
      const heals = legal.filter((a): a is Extract<PolywarsAction, { type: 'heal' }> => a.type === 'heal');
      return heals.length ? heals.reduce((b, a) => (a.dice.length > b.dice.length ? a : b)) : null;
    }
    case 'place': {
      // Kill the King: the sturdiest die (highest value) leads, from the back.
      const places = legal.filter(
        (a): a is Extract<PolywarsAction, { type: 'place' }> => a.type === 'place' && a.leader !== undefined,
      );
      if (places.length === 0) return null;
      const value = (i: number) => own[i]?.value ?? 0;
      const top = Math.max(...places.map((p) => value(p.leader!)));
      return pick(
        rng,
        places.filter((p) => value(p.leader!) === top),
      );
    }
    default:
      return null;
  }
}

/** The Polywars bot of `level`; `rng` is the bot's own dice, never the game's. */
export function makePolywarsBot(level: 'easy' | 'normal' | 'hard', rng: Dice): Bot<PolywarsView, PolywarsAction> {
  const look = LOOK[level];
  const think = (input: BotInput<PolywarsView, PolywarsAction>, budget?: Partial<Budget>): Thought<PolywarsAction> => {
    const { view, seat } = input;
    const [first] = input.legal;
    if (first === undefined) throw new Error(`a polywars bot was asked to act for seat ${seat} with no legal action`);
    const legal = input.legal.filter((a) => a.type !== 'concede');
    const done = (action: PolywarsAction, nodes = 0, cut = false): Thought<PolywarsAction> => ({
      action,
      nodes,
      depth: nodes ? 1 : 0,
      cut,
    });
    if (legal.length === 0) return done(first);
    if (legal.length === 1) return done(legal[0]!);
    if (look.blunder > 0 && rng.roll(look.blunder) === 1) return done(pick(rng, legal));
    if (view.phase !== 'turns') return done(simultaneous(view, seat, legal, rng) ?? pick(rng, legal));
    // Candidates: every action of a listed kind, and a bounded sample of the steps and teleports.
    const full = legal.filter((a) => !SAMPLED.has(a.type));
    const sampled = legal.filter((a) => SAMPLED.has(a.type));
    const room = Math.max(0, look.candidates - full.length);
    for (let i = sampled.length - 1; i > 0; i--) {
      const j = rng.roll(i + 1) - 1;
      [sampled[i], sampled[j]] = [sampled[j]!, sampled[i]!];
    }
    const candidates = [...full, ...sampled.slice(0, room)];
    const state = stateFromView(view);
    const now = budget?.now;
    const deadline = now ? now() + Math.min(budget?.ms ?? look.ms, look.ms) : Infinity;
    const count = { n: 0 };
    let best: PolywarsAction[] = [];
    let top = -Infinity;
    let cut = false;
    for (const a of candidates) {
      if (now && now() > deadline && best.length) {
        cut = true;
        break;
      }
      const v = expected(state, seat, a, rng, look.faces, count);
      if (v === null) continue;
      if (v > top + 1e-9) {
        top = v;
        best = [a];
      } else if (v >= top - 1e-9) best.push(a);
    }
    return done(best.length ? pick(rng, best) : pick(rng, legal), count.n, cut);
  };
  return { game: 'polywars', level, think, choose: (input, budget) => think(input, budget).action };
}
