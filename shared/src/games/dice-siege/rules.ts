// Dice Siege rules: rounds in lockstep for every sheet (D2), keyed rolls shared by a race (D7), the plan
// that uses the final dice (D3–D5), attackers' damage and the stronghold's levels (D1). Pure.
import { rollKeyed, type Dice } from '../../core/dice';
import { refuse, type GameEvent, type Refusal, type Seat, type Step } from '../../core/game-module';
import { TROLL_DAMAGE, type LineSpec } from './lines';
import {
  blankState,
  isAlive,
  isBreached,
  isEntered,
  lineOf,
  maxAttempts,
  BASE_DICE,
  sheetOf,
  specialInfo,
  SUMMON_THE_DEAD,
  TRACKS,
  TREBUCHET_MIN,
  USE_FACE,
  WIZARDS_LIGHT,
  type Attacker,
  type Plan,
  type Sheet,
  type SiegeAction,
  type SiegeState,
  type SpecialId,
  type Track,
  type Use,
} from './state';

type Outcome = Step<SiegeState> | Refusal;

/** The key of the k-th roll of die slot i in round r: the same for every player of a race (D7). */
export const rollKey = (round: number, attempt: number, slot: number) => `siege.r${round}.a${attempt}.s${slot}`;

const cloneSheet = (sh: Sheet): Sheet => ({
  ...sh,
  attackers: sh.attackers.map((a) => ({ ...a })),
  tracks: { ...sh.tracks },
  specials: Object.fromEntries(Object.entries(sh.specials).map(([k, v]) => [k, { ...v }])) as Sheet['specials'],
  tray: [...sh.tray],
});

const playing = (sh: Sheet) => sh.phase === 'roll' || sh.phase === 'done';

export function setupState(mode: 'normal' | 'epic', seats: number, lines?: readonly LineSpec[]): Step<SiegeState> {
  const events: GameEvent[] = [{ type: 'start', mode, seats }];
  const state = nextRound(blankState(mode, seats, lines), events);
  return { ok: true, state, events };
}

export function toAct(state: SiegeState): Seat[] {
  return state.sheets.flatMap((sh, seat) => (sh.phase === 'roll' ? [seat] : []));
}

export function isOver(state: SiegeState): boolean {
  return state.sheets.every((sh) => !playing(sh));
}

/** Stronghold damage, checking for a fallen level and the loss. Mutates `sh`, a private copy. */
function strike(state: SiegeState, sh: Sheet, seat: Seat, amount: number, events: GameEvent[]) {
  const before = sh.damage;
  const total = state.levels[0] + state.levels[1] + state.levels[2];
  sh.damage = Math.min(total, before + amount);
  const bounds = [state.levels[0], state.levels[0] + state.levels[1], total] as const;
  bounds.forEach((b, level) => {
    if (before < b && sh.damage >= b) events.push({ type: 'level-falls', seat, level });
  });
  if (before <= bounds[1] && sh.damage > bounds[1] && sh.damage < total) events.push({ type: 'courtyard', seat });
  if (sh.damage >= total) {
    sh.phase = 'lost';
    sh.endRound = state.round;
    events.push({ type: 'lost', seat, round: state.round });
  }
}

/**
 * Starts the next round for every sheet still playing (D2): its line enters; a special-attack line
 * strikes every stronghold at once and the round ends there (no roll, no normal damage). Loops
 * through special rounds; returns a state where the live sheets wait for their first roll.
 */
function nextRound(prev: SiegeState, events: GameEvent[]): SiegeState {
  const state: SiegeState = { ...prev, sheets: prev.sheets.map((sh) => (playing(sh) ? cloneSheet(sh) : sh)) };
  for (;;) {
    if (isOver(state)) return state;
    state.round++;
    const line = lineOf(state, state.round);
    if (line && 'special' in line) {
      events.push({ type: 'special-attack', round: state.round, kind: line.special.kind, damage: line.special.damage });
      state.sheets.forEach((sh, seat) => {
        if (playing(sh)) strike(state, sh, seat, line.special.damage, events);
      });
      continue;
    }
    events.push({ type: 'round', round: state.round, entering: line ? line.attackers.map((a) => a.kind) : [] });
    for (const sh of state.sheets) {
      if (!playing(sh)) continue;
      sh.phase = 'roll';
      sh.tray = [];
      sh.attempt = 0;
      sh.diceCount =
        BASE_DICE + (sh.tracks.extra1 >= TRACKS.extra1 ? 1 : 0) + (sh.tracks.extra2 >= TRACKS.extra2 ? 1 : 0);
      sh.elves = sh.tracks.elves >= TRACKS.elves;
      sh.riders = sh.tracks.riders >= TRACKS.riders;
    }
    state.opened = state.sheets.slice();
    return state;
  }
}

/**
 * Whether someone has acted in the round under way while others have not seen its end: a race's round is
 * secret until it is over (the dice are shared, so one player's rolls would tell another what a reroll gives).
 */
export function roundSecret(state: SiegeState): boolean {
  if (state.sheets.length < 2 || isOver(state)) return false;
  return state.sheets.some(
    (sh) =>
      sh.phase === 'done' || (sh.phase === 'roll' && sh.attempt > 0) || (!playing(sh) && sh.endRound === state.round),
  );
}

/**
 * A player leaving a race (resigning, or dropped past the grace): their sheet is out and ranks last; the
 * others play on, and a round that waited only for them ends.
 */
export function leaveRace(state: SiegeState, seat: Seat): Outcome {
  const sh = state.sheets[seat];
  if (!sh || !playing(sh)) return refuse('not-in-game', 'That player is no longer in the race.');
  const out: Sheet = { ...cloneSheet(sh), phase: 'lost', left: true, endRound: state.round };
  const events: GameEvent[] = [{ type: 'left', seat, round: state.round }];
  let next: SiegeState = { ...state, sheets: state.sheets.map((s, i) => (i === seat ? out : s)) };
  if (!isOver(next) && next.sheets.every((s) => s.phase !== 'roll')) next = nextRound(next, events);
  return { ok: true, state: next, events };
}

export function applyAction(state: SiegeState, seat: Seat, action: SiegeAction, dice: Dice): Outcome {
  const sh = state.sheets[seat];
  if (sh?.phase !== 'roll')
    return refuse(
      'not-your-turn',
      sh && sh.phase === 'done' ? 'Wait for the others to finish the round.' : 'Your siege is over.',
    );
  return action.type === 'roll' ? roll(state, seat, action.hold, dice) : resolvePlan(state, seat, action);
}

function roll(state: SiegeState, seat: Seat, hold: number[], dice: Dice): Outcome {
  const sh = sheetOf(state, seat);
  if (sh.attempt >= maxAttempts(state, sh))
    return refuse('no-rolls-left', `You have rolled ${sh.attempt} times; use your dice.`);
  if (sh.attempt === 0 && hold.length > 0)
    return refuse('nothing-to-hold', 'Nothing is rolled yet: the first roll rolls every die.');
  if (new Set(hold).size !== hold.length || hold.some((i) => i >= sh.tray.length))
    return refuse('bad-hold', 'Hold each of your dice at most once.');
  if (sh.attempt > 0 && hold.length === sh.tray.length)
    return refuse('nothing-to-roll', 'Holding every die rolls nothing.');
  const next = cloneSheet(sh);
  next.attempt++;
  const rerolled: number[] = [];
  const tray: number[] = [];
  for (let slot = 0; slot < sh.diceCount; slot++) {
    if (sh.attempt > 0 && hold.includes(slot))
      tray.push(sh.tray[slot]!); // held slots are < tray.length (checked above)
    else {
      tray.push(rollKeyed(dice, 6, rollKey(state.round, next.attempt, slot)));
      rerolled.push(slot);
    }
  }
  next.tray = tray;
  const sheets = state.sheets.map((s, i) => (i === seat ? next : s));
  return {
    ok: true,
    state: { ...state, sheets },
    events: [{ type: 'rolled', seat, round: state.round, attempt: next.attempt, dice: tray, rerolled }],
  };
}

/** The most dice of one number among the final dice; a Halflings pair counts as one die of its number (D3). */
export function ofAKind(
  tray: readonly number[],
  pairs: readonly { dice: readonly [number, number]; as: number }[],
): number {
  const counts = [0, 0, 0, 0, 0, 0, 0];
  const paired = new Set(pairs.flatMap((p) => p.dice));
  tray.forEach((v, i) => {
    if (!paired.has(i)) counts[v]!++; // faces and Halflings' numbers are 1–6
  });
  for (const p of pairs) counts[p.as]!++;
  return Math.max(...counts);
}

export const elephantsAttacking = (state: SiegeState, sh: Sheet) =>
  sh.attackers.some((a) => a.kind === 'war-elephants' && isEntered(state, a) && isAlive(a));

/** Damage one die does for a use, this round, with the specials in use; null when the use is closed. */
export function useDamage(state: SiegeState, sh: Sheet, use: Use, used: ReadonlySet<SpecialId>): number | null {
  const breached = isBreached(state, sh);
  switch (use) {
    case 'archers':
      return used.has('targeted-attack') ? 2 : 1;
    case 'warriors':
      return breached || sh.riders ? (used.has('call-to-arms') ? 2 : 1) : null;
    case 'riders':
      if (!sh.riders) return null;
      return (breached && !elephantsAttacking(state, sh) ? 2 : 1) * (used.has('call-to-arms') ? 2 : 1);
    case 'trebuchets':
      return breached ? null : used.has('repurpose-rubble') ? 4 : 2;
    case 'elves':
      return sh.elves ? (breached ? 2 : 1) : null;
    default:
      return 0;
  }
}

export interface PlanOutcome {
  sheet: Sheet;
  events: GameEvent[];
  /** Damage from abilities and Wizard's Light, and how much of it was placed. */
  damage: number;
  placed: number;
}

/** Checks a plan against a sheet and plays it out on a copy; a refusal names the first fault. */
export function evaluatePlan(state: SiegeState, seat: Seat, plan: Plan): PlanOutcome | Refusal {
  const sh = sheetOf(state, seat);
  if (sh.attempt === 0) return refuse('roll-first', 'Roll the dice first.');
  if (plan.dice.length !== sh.tray.length)
    return refuse('bad-plan', `Say what each of your ${sh.tray.length} dice does.`);
  const used = new Set(plan.specials);
  if (used.size !== plan.specials.length) return refuse('bad-special', 'Each special is used once.');
  for (const id of used) {
    const s = sh.specials[id];
    if (s.used !== null) return refuse('special-used', `${specialInfo(id).name} is already used.`);
    if (s.unlocked === null || s.unlocked >= state.round)
      return refuse('special-locked', `${specialInfo(id).name} is not unlocked before this round.`);
  }
  // Halflings: pairs of 1's, each die in one pair and then without a use of its own.
  const paired = new Set<number>();
  for (const p of plan.pairs) {
    for (const i of p.dice) {
      if (i >= sh.tray.length || sh.tray[i] !== 1 || paired.has(i))
        return refuse('bad-halflings', "Halflings are two different 1's of your dice.");
      paired.add(i);
    }
    if (p.dice[0] === p.dice[1]) return refuse('bad-halflings', "Halflings are two different 1's of your dice.");
  }
  const uses: Use[] = [];
  // plan.dice has one entry per die of the tray (checked above).
  for (const [i, u] of plan.dice.entries()) {
    if (u === null) continue;
    if (paired.has(i)) return refuse('bad-plan', 'A die of a Halflings pair has no use of its own.');
    if (USE_FACE[u] !== sh.tray[i]) return refuse('wrong-face', `A ${sh.tray[i]} cannot serve the ${u}.`);
    uses.push(u);
  }
  for (const p of plan.pairs) {
    if (p.use === null) continue;
    if (USE_FACE[p.use] !== p.as)
      return refuse('wrong-face', `Halflings counted as a ${p.as} cannot serve the ${p.use}.`);
    uses.push(p.use);
  }
  const next = cloneSheet(sh);
  const events: GameEvent[] = [];
  // D4: 6's fill reinforcement boxes; a full track takes no more.
  for (const u of uses) {
    if (!u.startsWith('box-')) continue;
    const track = u.slice(4) as Track;
    if (next.tracks[track] >= TRACKS[track]) return refuse('track-full', `The ${track} boxes are full.`);
    next.tracks[track]++;
  }
  const count = (u: Use) => uses.filter((x) => x === u).length;
  const trebuchets = count('trebuchets');
  if (trebuchets > 0 && trebuchets < TREBUCHET_MIN)
    return refuse('few-trebuchets', "Trebuchets fire only with at least three 4's.");
  let damage = 0;
  for (const u of ['archers', 'warriors', 'riders', 'trebuchets', 'elves'] as const) {
    const n = count(u);
    if (n === 0) continue;
    const each = useDamage(state, sh, u, used);
    if (each === null) return refuse('ability-closed', closedReason(u));
    damage += n * each;
  }
  if (used.has('wizards-light')) damage += WIZARDS_LIGHT;
  // D5: at most one unlock a round, of a tier the final dice reach.
  if (plan.unlock !== null) {
    const s = next.specials[plan.unlock];
    if (s.unlocked !== null) return refuse('special-circled', `${specialInfo(plan.unlock).name} is already unlocked.`);
    const n = ofAKind(sh.tray, plan.pairs);
    if (specialInfo(plan.unlock).tier > n)
      return refuse(
        'special-tier',
        `${specialInfo(plan.unlock).name} needs ${specialInfo(plan.unlock).tier} of a kind; your dice give ${n}.`,
      );
    s.unlocked = state.round;
    events.push({ type: 'unlocked', seat, special: plan.unlock, ofAKind: n });
  }
  for (const id of used) next.specials[id].used = state.round;
  const entered = (a: Attacker) => isEntered(state, a);
  if (plan.heroicLine !== null && !used.has('heroic-deeds'))
    return refuse('bad-plan', 'Only Heroic Deeds names a line.');
  if (used.has('heroic-deeds')) {
    const targets = next.attackers.filter(
      (a) => a.line === plan.heroicLine && entered(a) && isAlive(a) && a.kind !== 'greater-wyvern',
    );
    if (targets.length === 0)
      return refuse('bad-target', 'Heroic Deeds needs an entered line with living attackers (not the Greater Wyvern).');
    for (const a of targets) a.hits = a.boxes;
    events.push({
      type: 'special',
      seat,
      special: 'heroic-deeds',
      line: plan.heroicLine,
      destroyed: targets.map((a) => a.id),
    });
  }
  if (used.has('shieldmaiden')) {
    const w = next.attackers.find((a) => a.kind === 'greater-wyvern' && entered(a) && isAlive(a));
    if (!w) return refuse('bad-target', 'The Shieldmaiden needs the Greater Wyvern in the battle.');
    w.hits = w.boxes;
    events.push({ type: 'special', seat, special: 'shieldmaiden', destroyed: [w.id] });
  }
  for (const id of [
    'wizards-light',
    'repurpose-rubble',
    'targeted-attack',
    'call-to-arms',
    'war-horn',
    'summon-the-dead',
  ] as const) {
    if (used.has(id)) events.push({ type: 'special', seat, special: id });
  }
  let placed = 0;
  let summoned = 0;
  for (const h of plan.hits) {
    const a = next.attackers.find((x) => x.id === h.target);
    if (!a || !isAlive(a)) return refuse('bad-target', `No living attacker ${h.target}.`);
    if (h.summon) {
      if (!used.has('summon-the-dead'))
        return refuse('bad-target', 'Only Summon the Dead reaches attackers that have not entered.');
      summoned += h.n;
    } else {
      if (!entered(a))
        return refuse('not-entered', 'Only Summon the Dead can hit attackers that have not entered the battle.');
      placed += h.n;
    }
    if (h.n > a.boxes - a.hits) return refuse('overkill', `It has only ${a.boxes - a.hits} boxes left.`);
    a.hits += h.n;
  }
  if (placed > damage) return refuse('too-much-damage', `Your dice deal ${damage} damage, not ${placed}.`);
  if (summoned > SUMMON_THE_DEAD)
    return refuse('too-much-damage', `Summon the Dead deals ${SUMMON_THE_DEAD}, not ${summoned}.`);
  const destroyed = next.attackers.filter((a, i) => !isAlive(a) && isAlive(sh.attackers[i]!)).map((a) => a.id); // next is a copy of sh
  events.unshift({
    type: 'plan',
    seat,
    round: state.round,
    dice: sh.tray,
    uses: plan.dice,
    pairs: plan.pairs,
    damage,
    placed,
    summoned,
    tracks: next.tracks,
    destroyed,
  });
  return { sheet: next, events, damage, placed };
}

function closedReason(u: Use): string {
  if (u === 'warriors') return 'Warriors fight only once the Outer Walls are breached or the Riders have arrived.';
  if (u === 'riders') return 'The Riders have not arrived.';
  if (u === 'elves') return 'The Elves have not arrived.';
  return 'The trebuchets are lost once the Outer Walls are breached.';
}

/** Attackers' damage this round (D2): one per unchecked box, Trolls a flat 5, only entered and alive. */
export function attackDamage(state: SiegeState, sh: Sheet): number {
  return sh.attackers
    .filter((a) => isEntered(state, a) && isAlive(a))
    .reduce((t, a) => t + (a.kind === 'trolls' ? TROLL_DAMAGE : a.boxes - a.hits), 0);
}

function resolvePlan(state: SiegeState, seat: Seat, plan: Plan): Outcome {
  const out = evaluatePlan(state, seat, plan);
  if ('ok' in out) return out;
  const { sheet, events } = out;
  if (sheet.attackers.every((a) => !isAlive(a))) {
    sheet.phase = 'won';
    sheet.endRound = state.round;
    events.push({ type: 'won', seat, round: state.round });
  } else {
    const warHorn = plan.specials.includes('war-horn');
    const amount = warHorn ? 0 : attackDamage(state, sheet);
    events.push({ type: 'attack', seat, damage: amount, warHorn });
    sheet.phase = 'done';
    strike(state, sheet, seat, amount, events);
  }
  let next: SiegeState = { ...state, sheets: state.sheets.map((s, i) => (i === seat ? sheet : s)) };
  // Lockstep: the round ends when every sheet still playing has sent its plan.
  if (next.sheets.every((s) => s.phase !== 'roll')) next = nextRound(next, events);
  return { ok: true, state: next, events };
}
