// Shields Up test helpers: a state from a short description, and where each of the 18 cards is.
import { pick, seededDice, type GameEvent, type GameModule, type Seat } from '@dicehall/shared';
import {
  CARD_IDS,
  SHIELDS_UP_RULES,
  shieldsUp,
  type PlayerState,
  type ShieldsUpRules,
  type ShieldsUpAction,
  type ShieldsUpState,
} from '@dicehall/shared/shields-up';

export interface PlayerSpec {
  hand?: string[];
  shields?: string[];
  equipment?: string[];
}

export interface Spec {
  p0?: PlayerSpec;
  p1?: PlayerSpec;
  market?: [string | null, string | null];
  /** Top first. Unless given, every card not placed elsewhere goes here in deck order. */
  draw?: string[];
  discard?: string[];
  turn?: Seat;
  actions?: number;
  /** The Battery actions among `actions`, and whether a Battery gave them (rules 2). */
  extra?: number;
  charged?: boolean;
  turns?: number;
  /** The newest unless given. */
  rules?: ShieldsUpRules;
  /** Where unplaced cards go: the draw pile unless one is given, then the discard pile; or seat 1's hand. */
  spare?: 'draw' | 'discard' | 'p1.hand';
}

/** Card ids by short name: "dr1" → "death-ray-1", "pc2", "lc3", "sm1", "ba2", "sg1", "th2". */
export const C = (short: string): string => {
  const kinds: Record<string, string> = {
    dr: 'death-ray',
    pc: 'plasma-cannon',
    lc: 'laser-cannon',
    sm: 'space-mine',
    ba: 'battery',
    sg: 'smuggle',
    th: 'hijinks',
  };
  const k = kinds[short.slice(0, 2)];
  if (!k) throw new Error(`fixture: no card ${short}`);
  return `${k}-${short.slice(2)}`;
};
const ids = (xs: string[] | undefined) => (xs ?? []).map(C);

/** A state from `spec`: unplaced cards go to the draw pile (or, with an explicit draw pile, the discard). */
export function fixture(spec: Spec): ShieldsUpState {
  const player = (ps: PlayerSpec = {}): PlayerState => ({
    hand: ids(ps.hand),
    shields: ids(ps.shields),
    equipment: ids(ps.equipment),
    destroyed: false,
  });
  const players: [PlayerState, PlayerState] = [player(spec.p0), player(spec.p1)];
  const market: [string | null, string | null] = spec.market
    ? [spec.market[0] && C(spec.market[0]), spec.market[1] && C(spec.market[1])]
    : [null, null];
  const placed = [
    ...players.flatMap((p) => [...p.hand, ...p.shields, ...p.equipment]),
    ...market.filter((c): c is string => c !== null),
    ...ids(spec.draw),
    ...ids(spec.discard),
  ];
  if (new Set(placed).size !== placed.length) throw new Error('fixture: a card placed twice');
  const rest = CARD_IDS.filter((id) => !placed.includes(id));
  const spare = spec.spare ?? (spec.draw ? 'discard' : 'draw');
  if (spare === 'p1.hand') players[1].hand.push(...rest);
  const state: ShieldsUpState = {
    rules: spec.rules ?? SHIELDS_UP_RULES,
    draw: spare === 'draw' ? [...ids(spec.draw), ...rest] : ids(spec.draw),
    discard: spare === 'discard' ? [...ids(spec.discard), ...rest] : ids(spec.discard),
    market,
    players,
    turn: spec.turn ?? 0,
    actions: spec.actions ?? 2,
    extra: spec.extra ?? 0,
    charged: spec.charged ?? false,
    turns: spec.turns ?? 1,
    strike: null,
    result: null,
  };
  return state;
}

/** Every card's place, e.g. "p0.hand"; throws when a card is missing or in two places. */
export function places(s: ShieldsUpState): Map<string, string> {
  const out = new Map<string, string>();
  const put = (where: string, cards: readonly (string | null)[]) => {
    for (const c of cards) {
      if (c === null) continue;
      if (out.has(c)) throw new Error(`${c} is in ${out.get(c)} and in ${where}`);
      out.set(c, where);
    }
  };
  put('draw', s.draw);
  put('discard', s.discard);
  put('market', s.market);
  s.players.forEach((p, i) => {
    put(`p${i}.hand`, p.hand);
    put(`p${i}.shields`, p.shields);
    put(`p${i}.equipment`, p.equipment);
  });
  for (const c of CARD_IDS) if (!out.has(c)) throw new Error(`${c} is nowhere`);
  if (out.size !== CARD_IDS.length) throw new Error(`${out.size} cards where there are ${CARD_IDS.length}`);
  return out;
}

/** The cards `seat` may not see the identity of (null: a spectator): the others' hands and shields, and the draw pile. */
export function hiddenFrom(s: ShieldsUpState, seat: Seat | null): string[] {
  const out = [...s.draw];
  s.players.forEach((p, i) => {
    if (i !== seat) out.push(...p.hand, ...p.shields);
  });
  return out;
}

/**
 * Plays random legal actions to the end; `each` sees every position with the action taken and its step. `module`
 * is the newest rules unless given (`shieldsUp.rulesFor(1)` plays rules 1).
 */
export function randomGame(
  seed: number,
  each?: (before: ShieldsUpState, seat: Seat, a: ShieldsUpAction, after: ShieldsUpState, events: GameEvent[]) => void,
  module: GameModule<ShieldsUpState, ShieldsUpAction> = shieldsUp,
) {
  const dice = seededDice(seed);
  const setup = module.setup({}, 2, dice);
  let state = setup.state;
  let actions = 0;
  while (module.result(state) === null) {
    const seat = module.toAct(state)[0];
    const a = pick(dice, module.legalActions(state, seat));
    const step = module.apply(state, seat, a, dice);
    if (!step.ok) throw new Error(`seed ${seed}: a legal action was refused: ${step.code}`);
    each?.(state, seat, a, step.state, step.events);
    state = step.state;
    actions++;
  }
  return { state, actions, setup };
}
