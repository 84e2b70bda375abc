// Dice Chess's bot kit: after the reveal the view holds the whole position; during the secret
// arrangement the opponent's layout is sampled from their public rolled values. Material decides C7's
// ending, so the evaluation counts dice and values, plus the best capture open to the side to move.
import { seededDice, type Dice } from '../../core/dice';
import type { Seat } from '../../core/game-module';
import {
  diceChess,
  DICE_PER_SIDE,
  generateMoves,
  parseBoard,
  positionState,
  setupState,
  type DiceChessAction,
  type DiceChessState,
  type DiceChessView,
} from '../../games/dice-chess';
import type { BotInput, BotKit, Level } from '../types';

/** A uniform shuffle of 0..n−1 with the bot's dice. */
function shuffled(n: number, rng: Dice): number[] {
  const out = Array.from({ length: n }, (_, i) => i);
  for (let i = n - 1; i > 0; i--) {
    const j = rng.roll(i + 1) - 1;
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

function determinize(view: DiceChessView, seat: Seat, rng: Dice): DiceChessState {
  const loose = view as DiceChessView & { marks?: [number, number] };
  const dice = view.board as { square: string; furthest?: number }[];
  if (view.phase === 'arrange') {
    // The base from the module's own setup, so fields a later rules version adds keep its defaults.
    const base = setupState('arrange', seededDice(1)).state;
    const other = 1 - seat;
    const pending: [number[] | null, number[] | null] = [null, null];
    pending[seat] = view.arrangement ? view.arrangement.slice() : null;
    // Unseen: the opponent's confirmed layout. Any order of their (public) rolled dice is possible.
    if (view.confirmed[other]) pending[other] = shuffled(DICE_PER_SIDE, rng).map((i) => view.rolled[other]![i]!);
    return {
      ...base,
      placement: view.placement,
      phase: 'arrange',
      rolled: [view.rolled[0].slice(), view.rolled[1].slice()],
      pending,
      first: view.first,
      turn: view.first,
    };
  }
  const board = parseBoard(view.notation);
  const base = positionState(board, view.turn ?? view.first, {
    placement: view.placement,
    captured: [view.captured[0].slice(), view.captured[1].slice()],
    quiet: view.quiet,
    ...(loose.marks ? { marks: [loose.marks[0], loose.marks[1]] as [number, number] } : {}),
  });
  const state: DiceChessState = {
    ...base,
    phase: view.phase,
    board,
    turn: view.turn ?? view.first,
    first: view.first,
    rolled: [view.rolled[0].slice(), view.rolled[1].slice()],
    ply: view.ply,
    lastMove: view.lastMove ? { ...view.lastMove } : null,
    result: view.result ? { ...view.result, winners: view.result.winners.slice() } : null,
  };
  // Rules version 2 (C7 amended) keeps each die's furthest rank; its view shows it beside the die.
  if (dice.some((d) => d.furthest !== undefined)) {
    const reach = new Array<number>(64).fill(0);
    for (const d of dice) {
      const sq = (d.square.charCodeAt(1) - 49) * 8 + (d.square.charCodeAt(0) - 97);
      const owner = board[sq]! > 0 ? 0 : 1;
      reach[sq] = owner === 0 ? d.furthest! - 1 : 8 - d.furthest!;
    }
    return { ...state, reach } as DiceChessState;
  }
  return state;
}

/** A die is worth its value (C7 counts board totals) plus a little for merely being there (annihilation is rare). */
const PRESENCE = 0.5;

function evaluate(s: DiceChessState, me: Seat, style: 'simple' | 'full'): number {
  const b = s.board;
  let diff = 0;
  for (let sq = 0; sq < 64; sq++) {
    const c = b[sq]!;
    if (c !== 0) diff += c > 0 === (me === 0) ? Math.abs(c) + PRESENCE : -(Math.abs(c) + PRESENCE);
  }
  if (style === 'full' && s.phase === 'play') {
    // The side to move may cash its best capture: the taken die, less what its own die loses to the reroll.
    let gain = 0;
    for (const m of generateMoves(b, s.turn)) {
      const t = b[m & 63]!;
      if (t === 0) continue;
      const g = Math.abs(t) + PRESENCE + 3.5 - Math.abs(b[m >> 6]!);
      if (g > gain) gain = g;
    }
    diff += (s.turn === me ? 0.6 : -0.6) * gain;
  }
  // C7: six quiet plies end the game on the totals, so a lead is surer the quieter the board has been.
  // This makes the side ahead stall and the side behind press on, without searching six plies deep.
  const scale = style === 'full' ? Math.max(3, 12 - 1.5 * s.quiet) : 12;
  return Math.tanh(diff / scale) * 0.999;
}

// Home squares fill back rank a→h (k 0..7), then front rank a→h (k 8..15); centre files first.
const CENTRE_OUT = [3, 4, 2, 5, 1, 6, 0, 7];

/**
 * The secret arrangement (C2), which the search cannot list (16! orders). Random and easy place the
 * dice at random; normal and hard put the highest dice in the front rank, highest in the centre: a high
 * die is hard to capture and captures what comes at it.
 */
function arrange(input: BotInput<DiceChessView, DiceChessAction>, level: Level, rng: Dice): DiceChessAction | null {
  const { view, legal, seat } = input;
  if (view.phase !== 'arrange' || !legal.some((a) => a.type === 'arrange')) return null;
  if (level === 'random' || level === 'easy') return { type: 'arrange', order: shuffled(DICE_PER_SIDE, rng) };
  const rolled = view.rolled[seat]!;
  // Shuffle first so equal values land in varied places, then sort by value, highest first.
  const byValue = shuffled(DICE_PER_SIDE, rng).sort((i, j) => rolled[j]! - rolled[i]!);
  const order = new Array<number>(DICE_PER_SIDE);
  byValue.forEach((die, rank) => {
    const front = rank < 8;
    order[(front ? 8 : 0) + CENTRE_OUT[rank % 8]!] = die;
  });
  return { type: 'arrange', order };
}

export const diceChessKit: BotKit<DiceChessState, DiceChessAction, DiceChessView> = {
  game: diceChess,
  determinize,
  evaluate,
  special: arrange,
  levels: {
    easy: {
      depth: 1,
      start: 1,
      step: 1,
      beam: 40,
      rootBeam: 40,
      blunder: 0.2,
      evaluation: 'simple',
      budget: { nodes: 2_000, ms: 60 },
    },
    normal: {
      depth: 2,
      start: 2,
      step: 1,
      beam: 40,
      rootBeam: 40,
      blunder: 0,
      evaluation: 'full',
      budget: { nodes: 6_000, ms: 150 },
    },
    // A 220 ms deadline: the search overshoots it by up to ~65 ms (a node's work, then the answer), so p95 stays under 300 ms.
    hard: {
      depth: 4,
      start: 2,
      step: 2,
      beam: 6,
      rootBeam: 8,
      blunder: 0,
      evaluation: 'full',
      budget: { nodes: 40_000, ms: 220 },
    },
  },
};
