// Shields: a seat's legal actions worked out from its view alone. Nothing in Shields is hidden, so the view holds
// everything `legalActions` reads; the room then sends no action list (bench/RESULTS.md: the list was most of
// the bytes per action). The view stream test checks this against `legalActions` at every step of random games.
import type { Seat } from '../../core/game-module';
import { legalActions } from './rules';
import type { Battery, Player, ShieldsAction, ShieldsState } from './state';
import type { PlayerView, ShieldsView, ShieldView } from './view';

const shield = (v: ShieldView) => ({ id: v.id, points: v.points });

/** A player as the rules hold it, rebuilt from its view (exact: nothing in Shields is hidden). */
export function playerFromView(v: PlayerView): Player {
  // A live battery shows every shield in front of it: the black ones in front and behind are the same on each.
  const live = v.batteries.find((b) => b.alive);
  const layer = (l: ShieldView['layer']) => (live ? live.shields.filter((s) => s.layer === l).map(shield) : []);
  const battery = (i: number): Battery => {
    const b = v.batteries[i]!;
    return {
      health: b.health,
      attack: b.attack ? b.attack.id : null,
      shields: b.shields.filter((s) => s.layer === 'colored').map(shield),
    };
  };
  return {
    batteries: { red: battery(0), yellow: battery(1), blue: battery(2) },
    front: layer('front'),
    behind: layer('behind'),
    reserve: v.reserve.map((d) => d.id),
    trash: v.trash.map((d) => d.id),
  };
}

/** The state as far as the legal actions go (fields they never read are neutral). */
export function stateFromView(v: ShieldsView): ShieldsState {
  const pool = [...v.pool.attack, ...v.pool.shield, ...v.pool.potion, ...v.pool.polish].map((d) => d.id);
  return {
    rules: 2,
    options: v.options,
    game: v.game,
    score: v.score,
    gameWinners: [],
    starter: 0,
    winner: v.winner,
    draw: v.draw,
    quiet: v.stall?.turns ?? 0,
    passed: false,
    between: v.between,
    ending: null,
    turn: v.turn ?? 0,
    step: v.step ?? 'take',
    pool,
    players: v.players.map(playerFromView),
    lastAttack: null,
  };
}

export function legalFromView(view: unknown, seat: Seat): ShieldsAction[] {
  return legalActions(stateFromView(view as ShieldsView), seat);
}
