// Shields Up's rules (U1–U7, U9, U10): the fair shuffle, the deal, a turn's actions, sets, damage and mine chains,
// the market; rules 1 and 2 (state.ts) differ only in the Battery and in when a turn may end.
import type { Dice } from '../../core/dice';
import { rollOff } from '../../core/roll-off';
import { refuse, type GameEvent, type Refusal, type Seat, type Step } from '../../core/game-module';
import { CARD_IDS, isCard, kindOf } from './cards';
import {
  ACTIONS_PER_TURN,
  BATTERY_ACTIONS,
  MAX_SHIELDS,
  SHIELDS_UP_RULES,
  TURN_LIMIT,
  type PlayerState,
  type ShieldsUpRules,
  type ShieldsUpAction,
  type ShieldsUpState,
  type Zone,
} from './state';

/**
 * Fisher–Yates from the top down: for i = n−1 … 1, position i swaps with a position j drawn from one roll of
 * a d(i+1). Each roll is a fair die, so every order is equally likely, and anyone can redo it from the log.
 * A pile of one card needs no roll.
 */
export function shuffle(cards: readonly string[], dice: Dice): string[] {
  const out = cards.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = dice.roll(i + 1) - 1;
    const t = out[i]!;
    out[i] = out[j]!;
    out[j] = t;
  }
  return out;
}

const copyPlayer = (p: PlayerState): PlayerState => ({
  hand: p.hand.slice(),
  shields: p.shields.slice(),
  equipment: p.equipment.slice(),
  destroyed: p.destroyed,
});

/** A copy deep enough that apply can work on it in place: the input is never touched. */
function copy(s: ShieldsUpState): ShieldsUpState {
  return {
    draw: s.draw.slice(),
    discard: s.discard.slice(),
    market: [s.market[0], s.market[1]],
    players: [copyPlayer(s.players[0]), copyPlayer(s.players[1])],
    rules: s.rules,
    turn: s.turn,
    actions: s.actions,
    extra: s.extra,
    charged: s.charged,
    turns: s.turns,
    strike: s.strike && { ...s.strike },
    result: s.result,
  };
}

/**
 * The top card of the draw pile; an empty pile is first replaced by the shuffled discard pile (U6), even in the
 * middle of an action. Null when both are empty.
 */
function takeTop(s: ShieldsUpState, events: GameEvent[], dice: Dice): string | null {
  if (s.draw.length === 0) {
    if (s.discard.length === 0) return null;
    s.draw = shuffle(s.discard, dice);
    s.discard = [];
    events.push({ type: 'reshuffle', count: s.draw.length });
  }
  return s.draw.shift()!;
}

/**
 * U2 setup. Rolls in this order: the shuffle of the 18 cards (d18 down to d2, in the order of the deck table);
 * then a roll-off, a d6 each (seat 0 first), the higher starting and a tie rolling again.
 * The deal from the top: two shields to seat 0, two to seat 1, two cards to each hand the same way, then the
 * market's oldest and newest card.
 */
export function setupState(dice: Dice, rules: ShieldsUpRules = SHIELDS_UP_RULES): Step<ShieldsUpState> {
  const events: GameEvent[] = [];
  const deck = shuffle(CARD_IDS, dice);
  events.push({ type: 'shuffle', count: deck.length });
  const deal = (n: number) => deck.splice(0, n);
  const shields = [deal(2), deal(2)];
  const hands = [deal(2), deal(2)];
  const market: [string, string] = [deck.shift()!, deck.shift()!];
  events.push({ type: 'deal', shields: 2, hand: 2, market });
  const first = rollOff(dice, events);
  const player = (p: Seat): PlayerState => ({ hand: hands[p]!, shields: shields[p]!, equipment: [], destroyed: false });
  const players: [PlayerState, PlayerState] = [player(0), player(1)];
  const state: ShieldsUpState = {
    rules,
    draw: deck,
    discard: [],
    market,
    players,
    turn: first,
    actions: ACTIONS_PER_TURN,
    extra: 0,
    charged: false,
    turns: 1,
    strike: null,
    result: null,
  };
  events.push({ type: 'turn', seat: first, turn: 1 });
  return { ok: true, state, events };
}

export function toActOf(s: ShieldsUpState): Seat[] {
  if (s.result) return [];
  return [s.strike ? s.strike.by : s.turn];
}

const batteriesOf = (p: PlayerState) => p.equipment.filter((id) => kindOf(id).effect === 'battery');
const hasBattery = (p: PlayerState) => p.equipment.some((id) => kindOf(id).effect === 'battery');
/** U9 (rules 2): a Battery gives its actions only if none has this turn. */
const batteryGives = (s: ShieldsUpState) => s.rules === 1 || !s.charged;

/**
 * Whether `spendingActions` would list anything, without listing: every card in a hand can be played some way
 * (as a shield, toward a set, or resolved; Smuggle always has a zone or finds nothing).
 */
function canSpend(s: ShieldsUpState, seat: Seat): boolean {
  if (s.actions < 1) return false;
  return (
    s.draw.length + s.discard.length > 0 ||
    s.players[seat]!.hand.length > 0 ||
    s.market[0] !== null ||
    (s.market[1] !== null && s.actions >= 2)
  );
}

/**
 * Whether the player whose turn it is has anything left to do, so the turn waits for them (U10: a player who can do
 * nothing passes): an action to spend, or a Battery in play that would give actions (under rules 2 only the turn's
 * first, U9). Those actions can always be spent: the discarded Battery itself can be drawn.
 */
function canAct(s: ShieldsUpState): boolean {
  return canSpend(s, s.turn) || (hasBattery(s.players[s.turn]!) && batteryGives(s));
}

/**
 * Whether `end` is accepted now. Rules 1: only when nothing can be spent. Rules 2 (U3 amended): also once the base
 * actions are all taken, only Battery actions being left (the base actions are spent first).
 */
function mayEnd(s: ShieldsUpState, seat: Seat): boolean {
  return !canSpend(s, seat) || (s.rules >= 2 && s.actions <= s.extra);
}

/** Pays for an action: the base actions first, then the Battery's (U3 amended). */
function spend(s: ShieldsUpState, cost: number) {
  s.actions -= cost;
  s.extra = Math.min(s.extra, s.actions);
}

/** Every legal action of `seat` now: the exact list apply accepts (Smuggle listed per zone and equipment card). */
export function legalActionsOf(s: ShieldsUpState, seat: Seat): ShieldsUpAction[] {
  if (!toActOf(s).includes(seat)) return [];
  const me = s.players[seat]!;
  const out: ShieldsUpAction[] = [];
  if (s.strike) {
    const n = s.players[s.strike.against]!.shields.length;
    for (let i = 0; i < n; i++) out.push({ type: 'strike', shield: i });
  } else {
    out.push(...spendingActions(s, seat));
    if (mayEnd(s, seat)) out.push({ type: 'end' });
  }
  // U3: a Battery may be discarded at any moment of its owner's turn, even mid-strike.
  if (seat === s.turn) for (const card of batteriesOf(me)) out.push({ type: 'battery', card });
  return out;
}

/** The actions that cost an action, affordable now. */
function spendingActions(s: ShieldsUpState, seat: Seat): ShieldsUpAction[] {
  const out: ShieldsUpAction[] = [];
  if (s.actions < 1) return out;
  const me = s.players[seat]!;
  const them = s.players[1 - seat]!;
  if (s.draw.length + s.discard.length > 0) out.push({ type: 'draw' });
  for (const card of me.hand) {
    if (me.shields.length < MAX_SHIELDS) out.push({ type: 'shield', card });
    const k = kindOf(card);
    if (k.play === 'build') out.push({ type: 'build', card });
    else if (k.effect !== 'smuggle') out.push({ type: 'play', card });
    else {
      if (them.hand.length) out.push({ type: 'play', card, zone: 'hand' });
      if (them.shields.length) out.push({ type: 'play', card, zone: 'shields' });
      for (const target of them.equipment) out.push({ type: 'play', card, zone: 'equipment', target });
      // With nothing to steal anywhere, Smuggle may still be played; it finds nothing.
      if (!them.hand.length && !them.shields.length && !them.equipment.length) out.push({ type: 'play', card });
    }
  }
  if (s.market[0] !== null) out.push({ type: 'buy', which: 'oldest' });
  if (s.market[1] !== null && s.actions >= 2) out.push({ type: 'buy', which: 'newest' });
  return out;
}

const other = (seat: Seat): Seat => 1 - seat;

export function applyAction(
  state: ShieldsUpState,
  seat: Seat,
  a: ShieldsUpAction,
  dice: Dice,
): Step<ShieldsUpState> | Refusal {
  if (state.result) return refuse('game-over', 'The game is over.');
  if (!toActOf(state).includes(seat)) return refuse('not-your-turn', 'It is not your turn.');
  const s = copy(state);
  const events: GameEvent[] = [];
  const me = s.players[seat]!;
  const fromHand = (card: string): Refusal | null => {
    const i = me.hand.indexOf(card);
    if (i < 0) return refuse('not-in-hand', 'That card is not in your hand.');
    me.hand.splice(i, 1);
    return null;
  };

  if (a.type === 'battery') {
    // U3: at any moment of the owner's turn, for no action.
    if (seat !== s.turn) return refuse('not-your-turn', "A Battery is used only in its owner's turn.");
    const i = me.equipment.indexOf(a.card);
    if (i < 0 || kindOf(a.card).effect !== 'battery') return refuse('no-battery', 'You have no such Battery in play.');
    me.equipment.splice(i, 1);
    s.discard.push(a.card);
    // U9 (rules 2): once per turn; a second Battery may still be discarded, for nothing, which its event says.
    const gives = batteryGives(s);
    if (gives) s.actions += BATTERY_ACTIONS;
    if (s.rules >= 2) {
      if (gives) s.extra += BATTERY_ACTIONS;
      s.charged = true;
    }
    events.push(
      gives
        ? { type: 'battery', seat, card: a.card, actions: s.actions }
        : { type: 'battery', seat, card: a.card, actions: s.actions, gained: 0 },
    );
    return finish(s, events, dice);
  }

  if (s.strike) {
    if (a.type !== 'strike') return refuse('strike-pending', 'First pick the shield your strike destroys.');
    const target = s.players[s.strike.against]!;
    if (a.shield >= target.shields.length) return refuse('no-such-shield', 'There is no shield in that place.');
    destroyShield(s, a.shield, events);
    runStrikes(s, events);
    return finish(s, events, dice);
  }
  if (a.type === 'strike') return refuse('no-strike', 'There is no strike to aim.');

  if (a.type === 'end') {
    if (!mayEnd(s, seat))
      return refuse(
        'actions-left',
        s.rules === 1 ? 'You still have actions to take.' : 'Your two actions must be taken while you can take them.',
      );
    endTurn(s, events, dice);
    return { ok: true, state: s, events };
  }

  const cost = a.type === 'buy' && a.which === 'newest' ? 2 : 1;
  if (s.actions < cost)
    return refuse('no-actions', cost === 2 ? 'The newest card costs two actions.' : 'You have no action left.');

  switch (a.type) {
    case 'draw': {
      const card = takeTop(s, events, dice);
      if (card === null) return refuse('no-cards', 'There is no card to draw.');
      me.hand.push(card);
      events.push({ type: 'draw-card', seat });
      break;
    }
    case 'shield': {
      if (me.shields.length >= MAX_SHIELDS) return refuse('shields-full', 'You already have three shields.');
      const bad = fromHand(a.card);
      if (bad) return bad;
      me.shields.push(a.card);
      events.push({ type: 'shield', seat, slot: me.shields.length - 1 });
      break;
    }
    case 'build': {
      if (!isCard(a.card) || kindOf(a.card).play !== 'build')
        return refuse('not-equipment', 'That card is not equipment.');
      const bad = fromHand(a.card);
      if (bad) return bad;
      events.push({ type: 'build', seat, card: a.card });
      spend(s, cost);
      addEquipment(s, seat, a.card, events);
      runStrikes(s, events);
      return finish(s, events, dice);
    }
    case 'play': {
      if (!isCard(a.card) || kindOf(a.card).play !== 'instant')
        return refuse('not-instant', 'That card is not resolved at once.');
      const k = kindOf(a.card);
      const them = s.players[other(seat)]!;
      if (k.effect === 'smuggle') {
        const bad = smuggleRefusal(them, a.zone, a.target);
        if (bad) return bad;
      } else if (a.zone !== undefined || a.target !== undefined)
        return refuse('no-target', 'Only Smuggle takes a zone.');
      const bad = fromHand(a.card);
      if (bad) return bad;
      events.push({ type: 'play', seat, card: a.card });
      spend(s, cost);
      if (k.effect === 'damage') startStrike(s, seat, k.damage, events);
      else if (k.effect === 'smuggle') smuggle(s, seat, a.zone, a.target, events, dice);
      else {
        const mine = me.hand;
        me.hand = them.hand;
        them.hand = mine;
        events.push({ type: 'hijinks', seat, hands: [s.players[0].hand.length, s.players[1].hand.length] });
      }
      // U4 and the source: a resolved card is discarded once its effect is done.
      s.discard.push(a.card);
      runStrikes(s, events);
      return finish(s, events, dice);
    }
    case 'buy': {
      const slot = a.which === 'oldest' ? 0 : 1;
      const card = s.market[slot];
      if (card === null) return refuse('market-empty', `The market has no ${a.which} card now.`);
      s.market[slot] = null;
      me.hand.push(card);
      events.push({ type: 'buy', seat, which: a.which, card, cost });
      break;
    }
  }
  spend(s, cost);
  return finish(s, events, dice);
}

function smuggleRefusal(them: PlayerState, zone: Zone | undefined, target: string | undefined): Refusal | null {
  if (zone === undefined) {
    if (target !== undefined) return refuse('bad-zone', 'Name the zone you steal from.');
    return them.hand.length || them.shields.length || them.equipment.length
      ? refuse('bad-zone', 'Smuggle names the zone it steals from: hand, shields or equipment.')
      : null;
  }
  if (zone === 'equipment') {
    return target !== undefined && them.equipment.includes(target)
      ? null
      : refuse('bad-target', "Pick a card of your opponent's equipment.");
  }
  if (target !== undefined) return refuse('bad-target', 'A card from the hand or the shields is taken blind.');
  return them[zone].length ? null : refuse('empty-zone', `Your opponent has no cards in that zone.`);
}

/** U7: the thief's zone choice; a blind pick (one fair die) from the hand or shields, the named card from equipment. */
function smuggle(
  s: ShieldsUpState,
  seat: Seat,
  zone: Zone | undefined,
  target: string | undefined,
  events: GameEvent[],
  dice: Dice,
) {
  const thief = s.players[seat]!;
  const them = s.players[other(seat)]!;
  if (zone === undefined) {
    events.push({ type: 'smuggle', seat, zone: null });
    return;
  }
  if (zone === 'equipment') {
    them.equipment.splice(them.equipment.indexOf(target!), 1);
    events.push({ type: 'smuggle', seat, zone, card: target });
    addEquipment(s, seat, target!, events);
    return;
  }
  const from = them[zone];
  const i = from.length === 1 ? 0 : dice.roll(from.length) - 1;
  const card = from.splice(i, 1)[0]!;
  if (zone === 'hand') {
    thief.hand.push(card);
    events.push({ type: 'smuggle', seat, zone });
  } else if (thief.shields.length < MAX_SHIELDS) {
    thief.shields.push(card);
    // The slot lost is public (the rows are on the table); the card stays face down.
    events.push({ type: 'smuggle', seat, zone, slot: i });
  } else {
    // U7: a fourth shield is discarded, face up like every discard.
    s.discard.push(card);
    events.push({ type: 'smuggle', seat, zone, slot: i, discarded: card });
  }
}

/** A card joins its owner's equipment; a set it completes resolves once and is discarded (U4). */
function addEquipment(s: ShieldsUpState, seat: Seat, card: string, events: GameEvent[]) {
  const me = s.players[seat]!;
  me.equipment.push(card);
  const k = kindOf(card);
  if (k.effect === 'battery') return;
  const set = me.equipment.filter((id) => kindOf(id).kind === k.kind);
  if (set.length < k.set) return;
  me.equipment = me.equipment.filter((id) => !set.includes(id));
  s.discard.push(...set);
  events.push({ type: 'set', seat, kind: k.kind, cards: set, damage: k.damage });
  if (k.damage > 0) startStrike(s, seat, k.damage, events);
}

function startStrike(s: ShieldsUpState, by: Seat, damage: number, events: GameEvent[]) {
  s.strike = { by, against: other(by), left: damage, mines: 0 };
  events.push({ type: 'strike', by, against: other(by), damage, counter: false });
}

/** Destroys the target's shield at `slot`: revealed, discarded, and counted when it is a Space Mine (U5). */
function destroyShield(s: ShieldsUpState, slot: number, events: GameEvent[]) {
  const st = s.strike!;
  const target = s.players[st.against]!;
  const card = target.shields.splice(slot, 1)[0]!;
  s.discard.push(card);
  const mine = kindOf(card).kind === 'space-mine';
  if (mine) st.mines++;
  st.left--;
  events.push({ type: 'destroyed', by: st.by, seat: st.against, slot, card, mine });
}

/**
 * Plays the strike out until a choice is needed (the striker picks among more shields than damage left) or it
 * ends. Damage with no shield left destroys the ship, and the rest of that wave is lost; the mines revealed in a
 * wave come back as a counter-strike by its target, and so on, even after a ship is destroyed (U5: both may go).
 */
function runStrikes(s: ShieldsUpState, events: GameEvent[]) {
  while (s.strike) {
    const st = s.strike;
    const target = s.players[st.against]!;
    if (st.left > 0 && !target.destroyed) {
      if (target.shields.length === 0) {
        target.destroyed = true;
        st.left = 0;
        events.push({ type: 'ship-destroyed', seat: st.against, by: st.by });
        continue;
      }
      // More damage than shields: every shield goes whatever the order, so no choice is asked for.
      if (st.left >= target.shields.length) {
        while (target.shields.length) destroyShield(s, 0, events);
        continue;
      }
      return;
    }
    const striker = s.players[st.by]!;
    if (st.mines > 0 && !striker.destroyed) {
      s.strike = { by: st.against, against: st.by, left: st.mines, mines: 0 };
      events.push({ type: 'strike', by: st.against, against: st.by, damage: st.mines, counter: true });
    } else s.strike = null;
  }
}

/** After an action: the end of the game, or of the turn when nothing is left to do. */
function finish(s: ShieldsUpState, events: GameEvent[], dice: Dice): Step<ShieldsUpState> {
  if (s.strike) return { ok: true, state: s, events };
  if (s.players[0].destroyed || s.players[1].destroyed) {
    const [a, b] = [s.players[0].destroyed, s.players[1].destroyed];
    s.result =
      a && b
        ? { winners: [], draw: true, reason: 'both-destroyed', summary: 'Both ships were destroyed' }
        : { winners: [a ? 1 : 0], draw: false, reason: 'ship-destroyed', summary: "Destroyed the opponent's ship" };
    events.push({ type: 'game-over', winners: s.result.winners, draw: s.result.draw });
    return { ok: true, state: s, events };
  }
  // The turn goes on while its player can spend an action or still holds a Battery to use.
  if (!canAct(s)) endTurn(s, events, dice);
  return { ok: true, state: s, events };
}

/** U6 clean-up: the market closes its gap and refills from the draw pile; then the other player's turn. */
function endTurn(s: ShieldsUpState, events: GameEvent[], dice: Dice) {
  for (let passes = 0; passes < 2; passes++) {
    events.push({ type: 'turn-end', seat: s.turn });
    const kept = s.market.filter((c): c is string => c !== null);
    const added: string[] = [];
    while (kept.length < 2) {
      const card = takeTop(s, events, dice);
      if (card === null) break;
      kept.push(card);
      added.push(card);
    }
    s.market = [kept[0] ?? null, kept[1] ?? null];
    if (added.length) events.push({ type: 'market', added, market: s.market });
    if (s.turns >= TURN_LIMIT) {
      s.result = {
        winners: [],
        draw: true,
        reason: 'turn-limit',
        summary: `No ship was destroyed in ${TURN_LIMIT} turns`,
      };
      events.push({ type: 'game-over', winners: [], draw: true });
      return;
    }
    s.turn = other(s.turn);
    s.turns++;
    s.actions = ACTIONS_PER_TURN;
    s.extra = 0;
    s.charged = false;
    events.push({ type: 'turn', seat: s.turn, turn: s.turns });
    // U10: a player with nothing to do at all passes. Not both at once: with the piles and the market empty, the
    // 18 cards are in hands, shields (6 at most) and equipment (at most 4 weapon cards each short of a set, and the
    // 2 Batteries: 10), so a hand holds a card.
    if (canAct(s)) return;
  }
  throw new Error('neither player can act: the card count says this cannot happen');
}
