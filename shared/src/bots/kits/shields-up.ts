// Shields Up's bot kit: determinized search. The seat sees its own hand and shields and everything public
// (U8); the opponent's hand, the opponent's face-down shields and the draw pile's order are hidden. Each
// decision samples several full states consistent with the view (the unseen cards dealt uniformly at random
// with the bot's own dice) and the expectimax of ../search averages its values over them (perfect-information
// Monte Carlo). The evaluation is a race: shields are a ship's life, weapon sets in progress its threat.
import type { Dice } from '../../core/dice';
import type { Seat } from '../../core/game-module';
import {
  CARD_IDS,
  DECK,
  kindOf,
  SHIELDS_UP_RULES,
  shieldsUp,
  type PlayerState,
  type ShieldsUpAction,
  type ShieldsUpState,
  type ShieldsUpView,
} from '../../games/shields-up';
import type { BotInput, BotKit } from '../types';

/**
 * A full state behind `view` for `seat`. Every card the seat can see (its hand and shields, both equipments, the
 * market, the discard pile) stays where it is; the others (CARD_IDS less those) are shuffled with `rng` and dealt
 * to the opponent's hand, then the opponent's shields, then the draw pile, each zone keeping its public size.
 * Nothing is remembered between decisions: a card the seat saw go into the opponent's hand earlier (a Smuggle,
 * the Hijinks swap) is sampled like any other unseen card.
 */
export function determinize(view: ShieldsUpView, seat: Seat, rng: Dice): ShieldsUpState {
  const me = view.players[seat]!;
  const them = view.players[1 - seat]!;
  if (me.hand === null || me.shields.some((c) => c === null)) throw new Error(`the view is not seat ${seat}'s own`);
  const seen = new Set<string>([
    ...me.hand,
    ...(me.shields as string[]),
    ...me.equipment,
    ...them.equipment,
    ...view.discard,
    ...view.market.filter((c): c is string => c !== null),
  ]);
  const unseen = CARD_IDS.filter((id) => !seen.has(id));
  const want = them.handCount + them.shields.length + view.drawCount;
  if (unseen.length !== want) throw new Error(`${unseen.length} unseen cards for ${want} hidden places`);
  // Fisher–Yates with the bot's own dice: every deal of the unseen cards equally likely.
  for (let i = unseen.length - 1; i > 0; i--) {
    const j = rng.roll(i + 1) - 1;
    [unseen[i], unseen[j]] = [unseen[j]!, unseen[i]!];
  }
  let k = 0;
  const deal = (n: number) => unseen.slice(k, (k += n));
  const theirs: PlayerState = {
    hand: deal(them.handCount),
    shields: deal(them.shields.length),
    equipment: them.equipment.slice(),
    destroyed: them.destroyed,
  };
  const mine: PlayerState = {
    hand: me.hand.slice(),
    shields: (me.shields as string[]).slice(),
    equipment: me.equipment.slice(),
    destroyed: me.destroyed,
  };
  const draw = deal(view.drawCount);
  return {
    draw,
    discard: view.discard.slice(),
    market: [view.market[0], view.market[1]],
    players: (seat === 0 ? [mine, theirs] : [theirs, mine]) as [PlayerState, PlayerState],
    // Bots play live tables, which play the newest rules.
    rules: SHIELDS_UP_RULES,
    turn: view.turn,
    actions: view.actions,
    extra: view.extra,
    charged: view.charged,
    turns: view.turns,
    strike: view.strike && { ...view.strike },
    result: view.result,
  };
}

const WEAPONS = DECK.filter((k) => k.effect === 'damage' && k.play === 'build');
const isMine = (id: string) => kindOf(id).kind === 'space-mine';

/**
 * About how much damage `p` threatens: each weapon set counts its damage times how far along it is (cards built
 * count fully, cards in hand at a discount: each still costs an action), Space Mines in hand one point each.
 */
function threat(p: PlayerState, full: boolean): number {
  let t = 0;
  for (const k of WEAPONS) {
    const built = p.equipment.filter((id) => kindOf(id).kind === k.kind).length;
    const held = full ? p.hand.filter((id) => kindOf(id).kind === k.kind).length : 0;
    const progress = Math.min(1, (built + 0.6 * held) / k.set);
    // A set one card short is much closer to firing than a set just begun.
    t += k.damage * progress * progress;
  }
  if (full) t += p.hand.filter(isMine).length * 0.8;
  return t;
}

/** Shields are life; a Space Mine among them strikes back, so it is worth a little more. */
function defence(p: PlayerState, full: boolean): number {
  let d = 0;
  for (const id of p.shields) d += full && isMine(id) ? 1.3 : 1;
  return d;
}

function side(s: ShieldsUpState, me: Seat, full: boolean): number {
  const p = s.players[me]!;
  const q = s.players[1 - me]!;
  const shields = defence(p, full);
  // Threat counts more when it can break through: damage beyond the other's shields ends the game.
  const t = threat(p, full);
  const over = Math.max(0, t - q.shields.length);
  let v = 1.6 * shields + 0.7 * t + 0.6 * over;
  // An empty shield row is one hit from losing.
  if (p.shields.length === 0) v -= 1.5;
  if (full) {
    v += 0.2 * Math.min(p.hand.length, 5);
    v += 0.5 * p.equipment.filter((id) => kindOf(id).effect === 'battery').length;
  }
  return v;
}

function evaluate(s: ShieldsUpState, me: Seat, style: 'simple' | 'full'): number {
  const full = style === 'full';
  let diff = side(s, me, full) - side(s, 1 - me, full);
  // The side to move has its actions still to spend.
  if (full && !s.strike) diff += (s.turn === me ? 1 : -1) * 0.3 * s.actions;
  return Math.tanh(diff / 6) * 0.999;
}

const isBattery = (id: string) => kindOf(id).effect === 'battery';

/**
 * Rules 1 let a turn go round for ever: with the draw pile empty and only Batteries discarded, drawing brings a
 * Battery back, building it and discarding it for two actions gives back the two spent, and the state is the one
 * before. A search sees no end to that (ending the turn only lets the opponent act), so those moves are dropped:
 * the draw that can only bring back a Battery, and with nothing left to spend but such draws, the Battery itself.
 * Rules 2 (U9) end that loop, and the dropped moves gain nothing there either: kept for both.
 */
function prune(input: BotInput<ShieldsUpView, ShieldsUpAction>): ShieldsUpAction[] {
  const { view, legal } = input;
  const recycles = view.drawCount === 0 && view.discard.every(isBattery);
  if (!recycles) return legal;
  const idle =
    legal.some((a) => a.type === 'end') &&
    (view.players[input.seat]?.hand?.length ?? 0) === 0 &&
    view.market.every((c) => c === null);
  return legal.filter((a) => !(a.type === 'draw' || (idle && a.type === 'battery')));
}

export const shieldsUpKit: BotKit<ShieldsUpState, ShieldsUpAction, ShieldsUpView> = {
  game: shieldsUp,
  determinize,
  evaluate,
  prune,
  levels: {
    // One sample, one action ahead, a crude count of shields and built sets, and a random action one time in four.
    easy: {
      depth: 1,
      start: 1,
      step: 1,
      beam: 24,
      rootBeam: 24,
      blunder: 0.25,
      evaluation: 'simple',
      samples: 1,
      budget: { nodes: 2_000, ms: 60 },
    },
    // The bot's own turn (two actions) over four deals of the unseen cards.
    normal: {
      depth: 2,
      start: 2,
      step: 1,
      beam: 24,
      rootBeam: 24,
      blunder: 0,
      evaluation: 'full',
      samples: 4,
      budget: { nodes: 8_000, ms: 150 },
    },
    // Its turn and the opponent's reply on the most promising lines, over eight deals.
    hard: {
      depth: 4,
      start: 2,
      step: 2,
      beam: 4,
      rootBeam: 6,
      blunder: 0,
      evaluation: 'full',
      samples: 8,
      budget: { nodes: 40_000, ms: 220 },
    },
  },
};
