// Shields Up: what one seat (or a spectator) may see (U8), and the log's sentences.
import type { GameEvent, Result, Seat } from '../../core/game-module';
import { seatName } from '../../core/names';
import { kindOf } from './cards';
import type { ShieldsUpState, Strike } from './state';

export interface PlayerView {
  /** The cards, for their owner only; null for everyone else. */
  hand: string[] | null;
  handCount: number;
  /** One entry per shield, oldest first: the card for its owner, null (a card back) for everyone else. */
  shields: Array<string | null>;
  equipment: string[];
  destroyed: boolean;
}

export interface ShieldsUpView {
  /** The seat this view was made for; null for a spectator. */
  seat: Seat | null;
  turn: Seat;
  turns: number;
  actions: number;
  /** The Battery actions among `actions`: with only these left the turn may be ended (U3 amended). */
  extra: number;
  /** Whether a Battery has given actions this turn: another gives none (U9). */
  charged: boolean;
  players: [PlayerView, PlayerView];
  /** [oldest (1 action), newest (2 actions)]. */
  market: [string | null, string | null];
  /** Only the count: the order is secret to everyone. */
  drawCount: number;
  /** Top last. */
  discard: string[];
  strike: Strike | null;
  result: Result | null;
}

export function viewOf(s: ShieldsUpState, seat: Seat | null): ShieldsUpView {
  const players = s.players.map((p, i): PlayerView => {
    const mine = seat === i;
    return {
      hand: mine ? p.hand.slice() : null,
      handCount: p.hand.length,
      shields: p.shields.map((c) => (mine ? c : null)),
      equipment: p.equipment.slice(),
      destroyed: p.destroyed,
    };
  }) as [PlayerView, PlayerView];
  return {
    seat,
    turn: s.turn,
    turns: s.turns,
    actions: s.actions,
    extra: s.extra,
    charged: s.charged,
    players,
    market: [s.market[0], s.market[1]],
    drawCount: s.draw.length,
    discard: s.discard.slice(),
    strike: s.strike && { ...s.strike },
    result: s.result,
  };
}

/** Every hand and shield face up, for the replay of a finished game (U8 holds only while the game runs). */
export function openViewOf(s: ShieldsUpState): ShieldsUpView {
  const v = viewOf(s, null);
  s.players.forEach((p, i) => {
    const open = v.players[i]!;
    open.hand = p.hand.slice();
    open.shields = p.shields.slice();
  });
  return v;
}

const who = (names: string[], seat: unknown) => seatName(names, Number(seat));
const card = (id: unknown) => kindOf(String(id)).name;
const cards = (ids: unknown) => (ids as string[]).map(card).join(', ');
const shieldWord = (n: number) => `${n === 1 ? 'first' : n === 2 ? 'second' : 'third'} shield`;

export function describeEvent(e: GameEvent, names: string[]): string {
  const name = who(names, e.seat);
  switch (e.type) {
    case 'shuffle':
      return `The ${e.count} cards are shuffled with the committed dice`;
    case 'deal':
      return `Each player gets 2 face-down shields and 2 cards in hand; the market shows ${cards(e.market)}`;
    case 'roll-off': {
      const r = e.rolls as number[];
      const tail = e.first === null ? 'a tie, again' : `${who(names, e.first)} starts`;
      return `Roll-off: ${who(names, 0)} ${r[0]}, ${who(names, 1)} ${r[1]}: ${tail}`;
    }
    case 'turn':
      return `Turn ${e.turn}: ${name}`;
    case 'turn-end':
      return `${name} ends the turn`;
    case 'market':
      return `The market is refilled with ${cards(e.added)}`;
    case 'reshuffle':
      return `The draw pile is empty: the ${e.count} discarded cards are shuffled into a new one`;
    // Not 'draw': the table reads an event of that type as an agreed draw.
    case 'draw-card':
      return `${name} draws a card`;
    case 'shield':
      return `${name} plays a card face down as a shield`;
    case 'build':
      return `${name} builds ${card(e.card)}`;
    case 'set':
      return `${name} completes the ${card((e.cards as string[])[0])} set${Number(e.damage) > 0 ? `: ${e.damage} damage` : ''}`;
    case 'play':
      return `${name} plays ${card(e.card)}`;
    case 'buy':
      return `${name} buys ${card(e.card)}, the ${e.which} card of the market, for ${e.cost} action${e.cost === 1 ? '' : 's'}`;
    case 'battery':
      // U9: a second Battery in one turn is discarded for nothing (rules 1's events have no `gained`).
      return e.gained === 0
        ? `${name} discards ${card(e.card)} for nothing: a Battery already gave actions this turn`
        : `${name} discards ${card(e.card)} for two more actions`;
    case 'strike':
      return e.counter
        ? `Space Mines strike back: ${who(names, e.by)} destroys ${e.damage} of ${who(names, e.against)}'s shields`
        : `${who(names, e.by)} strikes ${who(names, e.against)} for ${e.damage} damage`;
    case 'destroyed':
      return (
        `${who(names, e.by)} destroys ${who(names, e.seat)}'s ${shieldWord(Number(e.slot) + 1)}: ${card(e.card)}` +
        (e.mine ? ', a Space Mine!' : '')
      );
    case 'ship-destroyed':
      return `${name}'s ship is destroyed`;
    case 'smuggle':
      if (e.zone === null) return `${name}'s Smuggle finds nothing to steal`;
      if (e.zone === 'equipment') return `${name} smuggles away ${card(e.card)} from the equipment`;
      if (e.zone === 'hand') return `${name} smuggles a card at random from the opponent's hand`;
      return (
        `${name} smuggles the opponent's ${shieldWord(Number(e.slot) + 1)}` +
        (e.discarded ? `, a fourth shield, discarded: ${card(e.discarded)}` : '')
      );
    case 'hijinks':
      return `${name}'s Transporter Hijinks swaps the hands`;
    case 'game-over':
      return e.draw ? 'The game is drawn' : `${who(names, (e.winners as number[])[0])} wins`;
    default:
      return e.type;
  }
}
