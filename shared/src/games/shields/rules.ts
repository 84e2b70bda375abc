// Shields: the rules proper. legalActions enumerates; applyAction checks and plays one step. Pure.
import type { Dice } from '../../core/dice';
import { refuse, type GameEvent, type Refusal, type Seat, type Step } from '../../core/game-module';
import {
  BEATS,
  batteryId,
  COLOURS,
  defaultAttackId,
  die,
  isBlackShield,
  known,
  MAX_HEALTH,
  type Colour,
  type DieInfo,
  type Placement,
} from './catalogue';
import {
  destroyedCount,
  freshGame,
  isOver,
  liveColours,
  pointsStanding,
  STALL_TURNS,
  type AttackSummary,
  type Ending,
  type Player,
  type Shield,
  type ShieldsAction,
  type ShieldsState,
} from './state';

type Outcome = Step<ShieldsState> | Refusal;
const opponent = (seat: Seat): Seat => 1 - seat;
const PLACEMENTS: Placement[] = ['front', 'behind'];

/**
 * A copy of a player that may be changed: its batteries and lists are copied, the shields in them shared (a shield
 * whose points change is replaced by a copy where that happens: `hit`, `polish`), so states stay immutable.
 */
function clonePlayer(p: Player): Player {
  const b = p.batteries;
  return {
    batteries: {
      red: { health: b.red.health, attack: b.red.attack, shields: b.red.shields.slice() },
      yellow: { health: b.yellow.health, attack: b.yellow.attack, shields: b.yellow.shields.slice() },
      blue: { health: b.blue.health, attack: b.blue.attack, shields: b.blue.shields.slice() },
    },
    front: p.front.slice(),
    behind: p.behind.slice(),
    reserve: p.reserve.slice(),
    trash: p.trash.slice(),
  };
}

const BATTERY_IDS = [0, 1].map((seat) => ({
  red: batteryId(seat, 'red'),
  yellow: batteryId(seat, 'yellow'),
  blue: batteryId(seat, 'blue'),
}));

/**
 * `{ ...s, turn, step, quiet, passed, players, lastAttack }` written out field by field, in the state's own key
 * order: the spread of a state was a fifth of the rules' time (bench/RESULTS.md).
 */
function turnState(
  s: ShieldsState,
  turn: Seat,
  step: ShieldsState['step'],
  quiet: number,
  passed: boolean,
  players: Player[],
  lastAttack: AttackSummary | null,
): ShieldsState {
  return {
    options: s.options,
    rules: s.rules,
    game: s.game,
    score: s.score,
    gameWinners: s.gameWinners,
    starter: s.starter,
    winner: s.winner,
    draw: s.draw,
    quiet,
    passed,
    between: s.between,
    ending: s.ending,
    turn,
    step,
    pool: s.pool,
    players,
    lastAttack,
  };
}

const withPlayer = (players: Player[], seat: Seat, p: Player) => players.map((q, s) => (s === seat ? p : q));

/** The player's own battery named by `id`, or null. */
function ownBattery(seat: Seat, id: string): Colour | null {
  const d = die(id);
  return d && d.kind === 'battery' && d.owner === seat ? (d.colour as Colour) : null;
}

/** A player's shield stacks in layer order: front blacks, each live battery's colored shields, behind blacks. */
function shieldStacks(p: Player): Shield[][] {
  return [p.front, ...liveColours(p).map((c) => p.batteries[c].shields), p.behind];
}

function findShield(p: Player, id: string): { stack: Shield[]; index: number } | null {
  for (const stack of shieldStacks(p)) {
    const index = stack.findIndex((s) => s.id === id);
    if (index >= 0) return { stack, index };
  }
  return null;
}

interface Placed {
  /** Where the die went. */
  to: 'battery' | 'shields' | 'front' | 'behind' | 'reserve' | 'trash';
  /** The battery it joined (attack dice and colored shields). */
  battery?: string;
  /** Dice that went to the trash because of it (the die itself when useless, or the replaced attack die). */
  trashed: string[];
}

/** Puts a die that was just taken (or revived, S13) where it belongs. Mutates `p`, a private copy. */
function place(p: Player, seat: Seat, d: DieInfo, placement: Placement | undefined): Placed {
  if (d.kind === 'potion' || d.kind === 'polish') {
    p.reserve.push(d.id);
    return { to: 'reserve', trashed: [] };
  }
  if (isBlackShield(d)) {
    p[placement!].unshift({ id: d.id, points: d.sides });
    return { to: placement!, trashed: [] };
  }
  const c = d.colour as Colour;
  const b = p.batteries[c];
  const bid = batteryId(seat, c);
  if (d.kind === 'battery') {
    // S13: a revived battery comes back at 12 with its own d4, which is always in the trash with it.
    const d4 = defaultAttackId(seat, c);
    const at = p.trash.indexOf(d4);
    if (at < 0) throw new Error(`${d4} should be in the trash with its battery`);
    p.trash.splice(at, 1);
    b.health = MAX_HEALTH;
    b.attack = d4;
    b.shields = [];
    return { to: 'battery', battery: bid, trashed: [] };
  }
  // S7, S8: a die for a destroyed battery is only denied to the opponent.
  if (b.health === 0) {
    p.trash.push(d.id);
    return { to: 'trash', trashed: [d.id] };
  }
  if (d.kind === 'shield') {
    b.shields.unshift({ id: d.id, points: d.sides });
    return { to: 'shields', battery: bid, trashed: [] };
  }
  // An attack die: it replaces a smaller one (S8), or arms a battery disarmed by the variant.
  if (b.attack === null) {
    b.attack = d.id;
    return { to: 'battery', battery: bid, trashed: [] };
  }
  if (d.sides > known(b.attack).sides) {
    const old = b.attack;
    b.attack = d.id;
    p.trash.push(old);
    return { to: 'battery', battery: bid, trashed: [old] };
  }
  p.trash.push(d.id);
  return { to: 'trash', trashed: [d.id] };
}

/** Damage hits exactly one layer, the outermost left (S5); the rest is lost. Mutates `p`, a private copy. */
function hit(p: Player, target: Colour, damage: number, seat: Seat) {
  const b = p.batteries[target];
  const stack = [p.front, b.shields, p.behind].find((s) => s.length > 0);
  if (stack) {
    // The shield object may be shared with the previous state (clonePlayer): change a copy.
    const shield = { ...stack[0]! };
    stack[0] = shield;
    const before = shield.points;
    shield.points = Math.max(0, before - damage);
    const destroyed: string[] = [];
    if (shield.points === 0) {
      stack.shift();
      p.trash.push(shield.id);
      destroyed.push(shield.id);
    }
    return { layer: shield.id, before, after: shield.points, lost: Math.max(0, damage - before), destroyed };
  }
  const before = b.health;
  b.health = Math.max(0, before - damage);
  const destroyed: string[] = [];
  if (b.health === 0) {
    // S11: the battery's attack die goes to the trash with it.
    if (b.attack !== null) destroyed.push(b.attack);
    destroyed.push(batteryId(seat, target));
    b.attack = null;
    p.trash.push(...destroyed);
  }
  return { layer: batteryId(seat, target), before, after: b.health, lost: Math.max(0, damage - before), destroyed };
}

/** What the player may sacrifice (S13), with the number each shows. */
function sacrificeable(p: Player, seat: Seat): { id: string; shows: number }[] {
  const out: { id: string; shows: number }[] = [];
  for (const c of liveColours(p)) {
    const b = p.batteries[c];
    out.push({ id: batteryId(seat, c), shows: b.health });
    if (b.attack) out.push({ id: b.attack, shows: known(b.attack).sides });
  }
  for (const stack of shieldStacks(p)) for (const s of stack) out.push({ id: s.id, shows: s.points });
  for (const id of p.reserve) out.push({ id, shows: known(id).sides });
  return out;
}

/** Removes a sacrificed die from play into the trash. Mutates `p`, a private copy. Returns what was trashed. */
function sacrifice(p: Player, id: string): string[] {
  const d = known(id);
  if (d.kind === 'battery') {
    // Like a destroyed battery, it takes its attack die and its colored shields with it.
    const b = p.batteries[d.colour as Colour];
    const gone = [...b.shields.map((s) => s.id), ...(b.attack ? [b.attack] : []), id];
    b.health = 0;
    b.attack = null;
    b.shields = [];
    p.trash.push(...gone);
    return gone;
  }
  const r = p.reserve.indexOf(id);
  if (r >= 0) p.reserve.splice(r, 1);
  else if (d.kind === 'attack') p.batteries[d.colour as Colour].attack = null;
  else {
    const at = findShield(p, id)!;
    at.stack.splice(at.index, 1);
  }
  p.trash.push(id);
  return [id];
}

type Resurrect = Extract<ShieldsAction, { type: 'resurrect' }>;

/**
 * Why a resurrection (S13) is not allowed, or null; checked without copying, as legalActions asks often.
 * Beyond S13, two rules-page decisions: the revived die must stay in play (not go straight back to the trash),
 * and no one may leave two of their own batteries destroyed.
 */
function resurrectRefusal(me: Player, a: Resurrect, sac: { id: string; shows: number }): Refusal | null {
  if (!me.trash.includes(a.revive)) return refuse('no-such-die', `There is no ${a.revive} in your trash.`);
  const d = known(a.revive);
  if (d.sides > sac.shows) return refuse('illegal-move', `A die showing ${sac.shows} cannot bring back a d${d.sides}.`);
  if (isBlackShield(d) !== (a.placement !== undefined)) {
    return refuse(
      'illegal-move',
      isBlackShield(d)
        ? 'Say whether the black shield goes in front or behind.'
        : 'Only a black shield is placed in front or behind.',
    );
  }
  const given = known(sac.id);
  const lost = given.kind === 'battery' ? given.colour : null;
  let destroyed = destroyedCount(me) + (lost ? 1 : 0);
  if (d.kind === 'battery') destroyed--;
  else if (d.kind === 'attack' || (d.kind === 'shield' && !isBlackShield(d))) {
    const c = d.colour as Colour;
    const b = me.batteries[c];
    const current = given.kind === 'attack' && given.colour === c ? null : b.attack;
    const useless =
      b.health === 0 || c === lost || (d.kind === 'attack' && current !== null && known(current).sides >= d.sides);
    if (useless) return refuse('illegal-move', `The ${a.revive} would go straight back to the trash.`);
  }
  if (destroyed >= 2) return refuse('illegal-move', 'That would leave two of your batteries destroyed.');
  return null;
}

function resurrect(s: ShieldsState, seat: Seat, a: Resurrect): Outcome {
  if (!s.options.resurrection) return refuse('variant-off', 'Resurrection is not played in this room.');
  const me = s.players[seat]!;
  const sac = sacrificeable(me, seat).find((x) => x.id === a.sacrifice);
  if (!sac) return refuse('no-such-die', `You have no ${a.sacrifice} in play or in reserve to sacrifice.`);
  const refusal = resurrectRefusal(me, a, sac);
  if (refusal) return refusal;
  const p = clonePlayer(me);
  const sacrificed = sacrifice(p, a.sacrifice);
  p.trash.splice(p.trash.indexOf(a.revive), 1);
  const placed = place(p, seat, known(a.revive), a.placement);
  if (placed.to === 'trash' || destroyedCount(p) >= 2)
    throw new Error(`resurrectRefusal let ${JSON.stringify(a)} through`);
  const event: GameEvent = {
    type: 'resurrect',
    seat,
    sacrifice: a.sacrifice,
    shows: sac.shows,
    revive: a.revive,
    to: placed.to,
    ...(placed.battery ? { battery: placed.battery } : {}),
    trashed: [...sacrificed, ...placed.trashed],
  };
  return endTurn(seat, s, [event], 'other', withPlayer(s.players, seat, p));
}

function take(s: ShieldsState, seat: Seat, a: Extract<ShieldsAction, { type: 'take' }>): Outcome {
  if (s.step !== 'take') return refuse('wrong-step', 'The pool is empty: attack, or use a potion or polish.');
  if (!s.pool.includes(a.die)) return refuse('no-such-die', `There is no ${a.die} in the pool.`);
  const d = known(a.die);
  if (isBlackShield(d) !== (a.placement !== undefined)) {
    return refuse(
      'illegal-move',
      isBlackShield(d)
        ? 'Say whether the black shield goes in front or behind.'
        : 'Only a black shield is placed in front or behind.',
    );
  }
  const p = clonePlayer(s.players[seat]!);
  const placed = place(p, seat, d, a.placement);
  return {
    ok: true,
    state: { ...s, step: 'act', pool: s.pool.filter((id) => id !== a.die), players: withPlayer(s.players, seat, p) },
    events: [{ type: 'take', seat, die: a.die, ...placed }],
  };
}

function attack(s: ShieldsState, seat: Seat, a: Extract<ShieldsAction, { type: 'attack' }>, dice: Dice): Outcome {
  const c = ownBattery(seat, a.battery);
  if (!c) return refuse('no-such-die', `${a.battery} is not one of your batteries.`);
  const b = s.players[seat]!.batteries[c];
  if (b.health === 0) return refuse('illegal-move', `Your ${c} battery is destroyed and cannot attack.`);
  if (b.attack === null) return refuse('illegal-move', `Your ${c} battery has no attack die.`);
  const t = BEATS[c];
  const other = opponent(seat);
  if (s.players[other]!.batteries[t].health === 0)
    return refuse('illegal-move', `The ${t} battery your ${c} battery attacks is destroyed.`);
  const sides = known(b.attack).sides;
  const value = dice.roll(sides);
  const q = clonePlayer(s.players[other]!);
  const h = hit(q, t, value, other);
  const summary: AttackSummary = {
    seat,
    battery: a.battery,
    die: b.attack,
    sides,
    value,
    target: BATTERY_IDS[other]![t],
    layer: h.layer,
    before: h.before,
    after: h.after,
    lost: h.lost,
    destroyed: h.destroyed,
  };
  const players = withPlayer(s.players, other, q);
  const events: GameEvent[] = [{ type: 'attack', ...summary }];
  if (destroyedCount(q) >= 2) return gameOver({ ...s, players, lastAttack: summary }, seat, events, 'two-batteries');
  return endTurn(seat, s, events, 'attack', players, summary);
}

function potion(s: ShieldsState, seat: Seat, a: Extract<ShieldsAction, { type: 'potion' }>): Outcome {
  const me = s.players[seat]!;
  if (!me.reserve.includes(a.die) || known(a.die).kind !== 'potion')
    return refuse('no-such-die', `There is no ${a.die} potion in your reserve.`);
  const c = ownBattery(seat, a.battery);
  if (!c) return refuse('no-such-die', `${a.battery} is not one of your batteries.`);
  if (me.batteries[c].health === 0) return refuse('illegal-move', `Your ${c} battery is destroyed.`);
  const p = clonePlayer(me);
  const b = p.batteries[c];
  const sides = known(a.die).sides;
  const before = b.health;
  b.health = Math.min(MAX_HEALTH, before + sides);
  p.reserve.splice(p.reserve.indexOf(a.die), 1);
  p.trash.push(a.die);
  const event = {
    type: 'potion',
    seat,
    die: a.die,
    sides,
    battery: a.battery,
    before,
    after: b.health,
    wasted: before + sides - b.health,
  };
  return endTurn(seat, s, [event], 'other', withPlayer(s.players, seat, p));
}

function polish(s: ShieldsState, seat: Seat, a: Extract<ShieldsAction, { type: 'polish' }>): Outcome {
  const me = s.players[seat]!;
  if (!me.reserve.includes(a.die) || known(a.die).kind !== 'polish')
    return refuse('no-such-die', `There is no ${a.die} polish in your reserve.`);
  if (!findShield(me, a.shield)) return refuse('no-such-die', `You have no ${a.shield} in play.`);
  const p = clonePlayer(me);
  const at = findShield(p, a.shield)!;
  const shield = { ...at.stack[at.index]! };
  at.stack[at.index] = shield;
  const sides = known(a.die).sides;
  const before = shield.points;
  shield.points = Math.min(known(a.shield).sides, before + sides);
  p.reserve.splice(p.reserve.indexOf(a.die), 1);
  p.trash.push(a.die);
  const event = {
    type: 'polish',
    seat,
    die: a.die,
    sides,
    shield: a.shield,
    before,
    after: shield.points,
    wasted: before + sides - shield.points,
  };
  return endTurn(seat, s, [event], 'other', withPlayer(s.players, seat, p));
}

function pass(s: ShieldsState, seat: Seat): Outcome {
  if (actActions(s, seat).length > 0) return refuse('cannot-pass', 'You can only pass when you can do nothing else.');
  return endTurn(seat, s, [{ type: 'pass', seat }], 'pass');
}

/**
 * Hands the turn over; the take step is skipped once the pool is empty (S3). Rules 2 counts the turns
 * without an attack in every game (S14), but only the variant ends a game on them: without it there are
 * eight non-attacking dice and no passes, so the count cannot reach ten (a property test plays it).
 */
function endTurn(
  seat: Seat,
  next: ShieldsState,
  events: GameEvent[],
  act: 'attack' | 'pass' | 'other',
  players = next.players,
  lastAttack = next.lastAttack,
): Outcome {
  const turn = opponent(seat);
  const step = next.pool.length > 0 ? 'take' : 'act';
  if (next.rules === 1)
    return { ok: true, state: turnState(next, turn, step, next.quiet, next.passed, players, lastAttack), events };
  const quiet = act === 'attack' ? 0 : next.quiet + 1;
  const bothPassed = act === 'pass' && next.passed;
  const counted = turnState(next, turn, step, quiet, act === 'pass', players, lastAttack);
  if (!next.options.resurrection || (quiet < STALL_TURNS && !bothPassed)) return { ok: true, state: counted, events };
  return stalled(counted, bothPassed ? 'both-passed' : 'ten-turns', events);
}

/**
 * S14: a stalled game of the variant ends. In order: fewer destroyed batteries wins; then the higher total
 * of points standing (battery health plus shield points); then it is a draw.
 */
function stalled(s: ShieldsState, trigger: 'both-passed' | 'ten-turns', events: GameEvent[]): Outcome {
  const destroyed = s.players.map(destroyedCount);
  const points = s.players.map(pointsStanding);
  const by = ([a, b]: number[], lower: boolean): Seat | null => (a === b ? null : a! < b! === lower ? 0 : 1);
  const onBatteries = by(destroyed, true);
  const onPoints = onBatteries === null ? by(points, false) : null;
  const winner = onBatteries ?? onPoints;
  const decidedBy = onBatteries !== null ? 'batteries' : onPoints !== null ? 'points' : 'draw';
  events.push({ type: 'stalled', trigger, turns: s.quiet, destroyed, points, decidedBy, winner });
  return gameOver(s, winner, events, `stalled-${decidedBy}` as Ending);
}

/**
 * S11 (or S14) ends the game; S12 decides the match or goes on to the next game, the loser first, or the same
 * starter after a draw (S14). Rules 1 started the next game at once; rules 2 holds the final position until
 * both players press "Next game", so the end of a game stays on screen.
 */
function gameOver(ended: ShieldsState, seat: Seat | null, events: GameEvent[], ending: Ending): Outcome {
  const s: ShieldsState = ended.rules === 1 ? ended : { ...ended, ending };
  if (seat === null) {
    events.push({ type: 'game-drawn', game: s.game, bestOf: s.options.bestOf, score: [...s.score] });
    if (s.options.bestOf === 1) return { ok: true, state: { ...s, draw: true }, events };
    return {
      ok: true,
      state: { ...s, between: { game: s.game, winner: null, next: s.starter, ready: [false, false] } },
      events,
    };
  }
  const score = s.score.map((n, i) => (i === seat ? n + 1 : n));
  const gameWinners = [...s.gameWinners, seat];
  events.push({ type: 'game-won', seat, game: s.game, bestOf: s.options.bestOf, score });
  if (score[seat]! * 2 > s.options.bestOf) {
    if (s.options.bestOf > 1) events.push({ type: 'match-won', seat, score });
    return { ok: true, state: { ...s, score, gameWinners, winner: seat }, events };
  }
  const starter = opponent(seat);
  if (s.rules === 1) {
    events.push({ type: 'game-start', game: s.game + 1, first: starter, reason: 'lost-last-game' });
    return {
      ok: true,
      state: freshGame(s.options, { rules: 1, game: s.game + 1, score, gameWinners, starter }),
      events,
    };
  }
  return {
    ok: true,
    state: { ...s, score, gameWinners, between: { game: s.game, winner: seat, next: starter, ready: [false, false] } },
    events,
  };
}

/** Between games (rules 2): a player is ready; when both are, the next game starts. */
function next(s: ShieldsState, seat: Seat): Outcome {
  const b = s.between;
  if (!b) return refuse('wrong-step', 'The game is still being played.');
  if (b.ready[seat]) return refuse('not-your-turn', 'You are ready; waiting for your opponent.');
  const ready: [boolean, boolean] = seat === 0 ? [true, b.ready[1]] : [b.ready[0], true];
  const events: GameEvent[] = [{ type: 'ready', seat }];
  if (!ready[0] || !ready[1]) return { ok: true, state: { ...s, between: { ...b, ready } }, events };
  const reason = b.winner === null ? 'replay-draw' : 'lost-last-game';
  events.push({ type: 'game-start', game: s.game + 1, first: b.next, reason });
  const match = { rules: s.rules, game: s.game + 1, score: s.score, gameWinners: s.gameWinners, starter: b.next };
  return { ok: true, state: freshGame(s.options, match), events };
}

/** The act-step choices other than passing. */
function actActions(s: ShieldsState, seat: Seat): ShieldsAction[] {
  const out: ShieldsAction[] = [];
  const me = s.players[seat]!;
  const them = s.players[opponent(seat)]!;
  const ids = BATTERY_IDS[seat]!;
  for (const c of COLOURS) {
    const b = me.batteries[c];
    if (b.health > 0 && b.attack !== null && them.batteries[BEATS[c]].health > 0)
      out.push({ type: 'attack', battery: ids[c] });
  }
  const live = liveColours(me);
  for (const id of me.reserve) {
    if (known(id).kind === 'potion') for (const c of live) out.push({ type: 'potion', die: id, battery: ids[c] });
    else
      for (const stack of shieldStacks(me))
        for (const sh of stack) out.push({ type: 'polish', die: id, shield: sh.id });
  }
  if (s.options.resurrection) {
    for (const sac of sacrificeable(me, seat)) {
      for (const rev of me.trash) {
        const d = known(rev);
        if (d.sides > sac.shows) continue;
        for (const placement of isBlackShield(d) ? PLACEMENTS : [undefined]) {
          const a: ShieldsAction = placement
            ? { type: 'resurrect', sacrifice: sac.id, revive: rev, placement }
            : { type: 'resurrect', sacrifice: sac.id, revive: rev };
          if (!resurrectRefusal(me, a, sac)) out.push(a);
        }
      }
    }
  }
  return out;
}

export function toAct(s: ShieldsState): Seat[] {
  if (isOver(s)) return [];
  if (s.between) return ([0, 1] as const).filter((seat) => !s.between!.ready[seat]);
  return [s.turn];
}

/** The take actions of each pool die, made once (frozen: lists share them). */
const TAKES = new Map<string, readonly ShieldsAction[]>();
function takesOf(id: string): readonly ShieldsAction[] {
  let out = TAKES.get(id);
  if (!out) {
    const list: ShieldsAction[] = isBlackShield(known(id))
      ? PLACEMENTS.map((placement) => ({ type: 'take', die: id, placement }))
      : [{ type: 'take', die: id }];
    out = Object.freeze(list.map((a) => Object.freeze(a)));
    TAKES.set(id, out);
  }
  return out;
}

/** Whether `seat` is to act: `toAct(s).includes(seat)` without the list. */
function toActs(s: ShieldsState, seat: Seat): boolean {
  if (isOver(s)) return false;
  if (s.between) return (seat === 0 || seat === 1) && !s.between.ready[seat];
  return s.turn === seat;
}

export function legalActions(s: ShieldsState, seat: Seat): ShieldsAction[] {
  if (!toActs(s, seat)) return [];
  if (s.between) return [{ type: 'next' }];
  if (s.step === 'take') {
    const out: ShieldsAction[] = [];
    for (const id of s.pool) for (const a of takesOf(id)) out.push(a);
    return out;
  }
  const acts = actActions(s, seat);
  return acts.length > 0 ? acts : [{ type: 'pass' }];
}

export function applyAction(s: ShieldsState, seat: Seat, a: ShieldsAction, dice: Dice): Outcome {
  if (isOver(s)) return refuse('game-over', 'The match is over.');
  if (seat !== 0 && seat !== 1) return refuse('not-your-turn', 'Only the two seated players act in Shields.');
  if (a.type === 'next' || s.between)
    return a.type === 'next'
      ? next(s, seat)
      : refuse('wrong-step', 'The game is over: press "Next game" for the next one.');
  if (seat !== s.turn) return refuse('not-your-turn', 'It is not your turn.');
  if (a.type === 'take') return take(s, seat, a);
  if (s.step !== 'act') return refuse('wrong-step', 'First take a die from the pool.');
  switch (a.type) {
    case 'attack':
      return attack(s, seat, a, dice);
    case 'potion':
      return potion(s, seat, a);
    case 'polish':
      return polish(s, seat, a);
    case 'resurrect':
      return resurrect(s, seat, a);
    case 'pass':
      return pass(s, seat);
    default:
      return refuse('bad-action', 'Not a Shields action.');
  }
}
