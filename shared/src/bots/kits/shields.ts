// Shields' bot kit: the view holds everything (no secrets), so the state is rebuilt exactly; the
// evaluation is a race: how many attacks each side still needs to destroy two batteries.
import { seededDice, type Dice } from '../../core/dice';
import type { Seat } from '../../core/game-module';
import {
  ALL_IDS,
  BEATS,
  COLOURS,
  die,
  POOL_IDS,
  shields,
  type ShieldsAction,
  type ShieldsState,
  type ShieldsView,
} from '../../games/shields';
import { playerFromView } from '../../games/shields/from-view';
import type { BotKit } from '../types';

type Player = ShieldsState['players'][number];

/**
 * The state behind a Shields view. Nothing in Shields is hidden, so this is exact up to what no rule
 * reads (the order of past game winners, the starter of a game already under way). The base comes from
 * the module's own setup so fields a later rules version adds start from its defaults.
 */
function determinize(view: ShieldsView, _seat: Seat, _rng: Dice): ShieldsState {
  const base = shields.setup(view.options, 2, seededDice(1)).state;
  const inPool = new Set(
    [...view.pool.attack, ...view.pool.shield, ...view.pool.potion, ...view.pool.polish].map((d) => d.id),
  );
  const state: ShieldsState = {
    ...base,
    options: { ...view.options },
    game: view.game,
    score: [...view.score],
    gameWinners: [...Array(view.score[0]).fill(0), ...Array(view.score[1]).fill(1)],
    starter: view.turn ?? 0,
    winner: view.winner,
    turn: view.turn ?? 0,
    step: view.step ?? 'act',
    pool: POOL_IDS.filter((id) => inPool.has(id)),
    players: view.players.map(playerFromView),
    lastAttack: view.lastAttack ? { ...view.lastAttack, destroyed: [...view.lastAttack.destroyed] } : null,
  };
  // Fields of rules version 2 (S14, the pause between games), read when the view carries them.
  const v2 = view as ShieldsView & { draw?: boolean; stall?: { turns: number } | null; between?: unknown };
  const extra: Record<string, unknown> = {};
  if (v2.draw !== undefined) extra.draw = v2.draw;
  if (v2.stall) extra.quiet = v2.stall.turns;
  if (v2.between !== undefined) extra.between = structuredClone(v2.between);
  return { ...state, ...extra };
}

// EXPECTED_HITS[n][p]: the mean number of dn attacks that destroy a layer of p points, damage past the
// layer being lost (S5): E(p) = 1 + mean over faces r of E(max(0, p − r)).
const EXPECTED_HITS: Record<number, number[]> = {};
for (const n of [4, 6, 8, 10, 12, 20]) {
  const e = [0];
  for (let p = 1; p <= 20; p++) {
    let s = 0;
    for (let r = 1; r <= n; r++) s += e[Math.max(0, p - r)]!;
    e.push(1 + s / n);
  }
  EXPECTED_HITS[n] = e;
}
const hits = (sides: number, points: number) => EXPECTED_HITS[sides]![Math.min(20, points)]!;
const SIDES = new Map(ALL_IDS.map((id) => [id, die(id)!.sides]));
const sidesOf = (id: string) => SIDES.get(id) ?? 4;

/** A side that cannot reach two batteries any more is this many attacks from winning. */
const STUCK = 40;

/** About how many attacks `a` needs to destroy two more of `d`'s batteries (or end the game). */
function attacksToWin(a: Player, d: Player): number {
  const dead = COLOURS.filter((c) => d.batteries[c].health === 0).length;
  const need = Math.max(0, 2 - dead);
  if (need === 0) return 0;
  const front = d.front.map((s) => s.points);
  const behind = d.behind.map((s) => s.points);
  const options: { full: number; inner: number }[] = [];
  for (const c of COLOURS) {
    const mine = a.batteries[c];
    const t = d.batteries[BEATS[c]];
    if (mine.health === 0 || mine.attack === null || t.health === 0) continue;
    const n = sidesOf(mine.attack);
    let black = 0;
    for (const p of front) black += hits(n, p);
    for (const p of behind) black += hits(n, p);
    let inner = hits(n, t.health);
    for (const s of t.shields) inner += hits(n, s.points);
    // Black shields guard every battery, so only the first kill pays for them.
    options.push({ full: black + inner, inner });
  }
  if (options.length < need) return STUCK;
  if (need === 1) return Math.min(...options.map((o) => o.full));
  let best = Infinity;
  for (let i = 0; i < options.length; i++) {
    for (let j = 0; j < options.length; j++) if (i !== j) best = Math.min(best, options[i]!.full + options[j]!.inner);
  }
  return best;
}

/** Potions and polish in reserve buy their owner time: about one attack per four points restored. */
function reserveTime(p: Player): number {
  let t = 0;
  for (const id of p.reserve) t += ((id.startsWith('potion') ? 0.8 : 0.5) * sidesOf(id)) / 4;
  return t;
}

// P[x][y]: chance to win a match needing x more games against y, each game a coin flip.
const COIN: number[][] = [
  [0, 1, 1],
  [0, 0.5, 0.75],
  [0, 0.25, 0.5],
];

function evaluate(s: ShieldsState, me: Seat, style: 'simple' | 'full'): number {
  const mine = s.players[me]!;
  const theirs = s.players[1 - me]!;
  let game: number;
  if (style === 'simple') {
    const points = (p: Player) =>
      COLOURS.reduce((n, c) => {
        const b = p.batteries[c];
        return n + b.health + b.shields.reduce((m, sh) => m + sh.points, 0) + (b.health === 0 ? -12 : 0);
      }, 0);
    game = Math.tanh((points(mine) - points(theirs)) / 20);
  } else {
    // Each side's distance to a win, stretched by what the defender holds in reserve.
    const mineNeeds = attacksToWin(mine, theirs) + reserveTime(theirs);
    const theirsNeed = attacksToWin(theirs, mine) + reserveTime(mine);
    const tempo = s.turn === me ? 0.5 : -0.5;
    game = Math.tanh((theirsNeed - mineNeeds + tempo) / 3);
  }
  if (s.options.bestOf === 1) return game * 0.999;
  const wins = (x: number) => Math.max(0, Math.ceil(s.options.bestOf / 2) - x);
  const [a, b] = [wins(s.score[me]!), wins(s.score[1 - me]!)];
  const p = (game + 1) / 2;
  const match = p * COIN[Math.max(0, a - 1)]![b]! + (1 - p) * COIN[a]![Math.max(0, b - 1)]!;
  return (2 * match - 1) * 0.999;
}

export const shieldsKit: BotKit<ShieldsState, ShieldsAction, ShieldsView> = {
  game: shields,
  determinize,
  evaluate,
  levels: {
    // A turn is two plies: take, then act. Easy looks one ply ahead with a crude count and blunders.
    easy: {
      depth: 1,
      start: 1,
      step: 1,
      beam: 24,
      rootBeam: 24,
      blunder: 0.25,
      evaluation: 'simple',
      budget: { nodes: 2_000, ms: 60 },
    },
    normal: {
      depth: 2,
      start: 2,
      step: 1,
      beam: 24,
      rootBeam: 24,
      blunder: 0,
      evaluation: 'full',
      budget: { nodes: 8_000, ms: 150 },
    },
    // Hard also plays out the opponent's reply (take and act) on the most promising lines.
    // A 220 ms deadline: the search overshoots it by up to ~65 ms (a node's work, then the answer), so p95 stays under 300 ms.
    hard: {
      depth: 4,
      start: 2,
      step: 2,
      beam: 3,
      rootBeam: 6,
      blunder: 0,
      evaluation: 'full',
      budget: { nodes: 40_000, ms: 220 },
    },
  },
};
