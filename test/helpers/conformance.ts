// The conformance kit: checks every GameModule must pass, whatever its game, each throwing a ConformanceError that
// names the broken rule of the contract (test/conformance runs them over the registry; broken/ proves they bite).
import {
  advance,
  commitmentOf,
  FairDice,
  LOG_FORMAT,
  FAIR_SCHEME,
  pick,
  RecordingDice,
  replayLog,
  resultOf,
  seededDice,
  startTable,
  verifyLog,
  type Dice,
  type GameLog,
  type GameModule,
  type LogEntry,
  type Seat,
  type Table,
} from '@dicehall/shared';

export class ConformanceError extends Error {
  constructor(game: string, message: string) {
    super(`${game}: ${message}`);
    this.name = 'ConformanceError';
  }
}

export interface Setup {
  options: unknown;
  seats: number;
}

export interface ConformanceConfig {
  /** The options and seat counts the random games cycle through. */
  setups: Setup[];
  /** Random games per check. */
  games: number;
  /** A game still running after this many actions fails the length check. */
  maxActions: number;
  /** Positions per game where the costly checks (agreement, refusals, secrets) look; spread over the game. */
  probes: number;
  /** Sampled wrong inputs tried per probed position. */
  samples: number;
  /**
   * Action types whose legalActions list is a representative sample of a continuous choice (Polywars' step
   * points): an unlisted input of these types may still be legal, so acceptance proves nothing.
   */
  sampledTypes: string[];
  /** G1's stall-seeking games (./termination.ts), and the legal actions it weighs at each position. */
  stallGames: number;
  stallCandidates: number;
}

/** The schema's defaults at every seat count (at most four of them). */
export function defaultSetups(module: GameModule): Setup[] {
  const options = module.options.parse({});
  const out: Setup[] = [];
  for (let seats = module.seats.min; seats <= module.seats.max && out.length < 4; seats++) out.push({ options, seats });
  return out;
}

export function configFor(module: GameModule, own: Partial<ConformanceConfig> = {}, scale = 1): ConformanceConfig {
  return {
    setups: own.setups ?? defaultSetups(module),
    games: Math.max(1, Math.round((own.games ?? 4) * scale)),
    maxActions: own.maxActions ?? 5000,
    probes: Math.max(1, Math.round((own.probes ?? 12) * scale)),
    samples: own.samples ?? 24,
    sampledTypes: own.sampledTypes ?? [],
    stallGames: Math.max(1, Math.round((own.stallGames ?? 2 * (own.setups ?? defaultSetups(module)).length) * scale)),
    stallCandidates: own.stallCandidates ?? 8,
  };
}

/** JSON with sorted keys: two equal values print the same whatever order their keys were built in. */
export function stable(x: unknown): string {
  return JSON.stringify(x, (_k, v) =>
    v && typeof v === 'object' && !Array.isArray(v)
      ? Object.fromEntries(
          Object.keys(v)
            .sort()
            .map((k) => [k, v[k]]),
        )
      : v,
  );
}

export function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const viewers = (seats: number): (Seat | null)[] => [null, ...Array.from({ length: seats }, (_, i) => i)];
const short = (x: unknown) => {
  const s = JSON.stringify(x);
  return s.length > 120 ? `${s.slice(0, 117)}...` : s;
};

function setupOf(module: GameModule, setup: Setup, dice: Dice): unknown {
  return module.setup(module.options.parse(setup.options), setup.seats, dice).state;
}

export interface Position {
  state: unknown;
  seat: Seat;
  legal: unknown[];
  index: number;
}

/**
 * Plays one random game to the end with seeded dice and a seeded bot, checking the turn invariants on the way:
 * someone is to act until there is a result, a result only once nobody is, every seat to act has a legal action,
 * and the game ends within maxActions. `visit` sees each position before its action is taken.
 */
export function playRandom(
  module: GameModule,
  cfg: ConformanceConfig,
  game: number,
  visit?: (p: Position) => void,
  wrap: (state: unknown) => unknown = (s) => s,
): { state: unknown; actions: number } {
  const setup = cfg.setups[game % cfg.setups.length];
  const dice = seededDice(1000 + game);
  const bot = seededDice(0x5bd1e995 ^ game);
  const fail = (m: string): never => {
    throw new ConformanceError(module.id, `game ${game} (${setup.seats} seats, ${short(setup.options)}): ${m}`);
  };
  let state = wrap(setupOf(module, setup, dice));
  for (let n = 0; ; n++) {
    const toAct = module.toAct(state);
    const result = module.result(state);
    if (result) {
      if (toAct.length) fail(`result before the end: there is a result and toAct still lists ${short(toAct)}`);
      return { state, actions: n };
    }
    if (toAct.length === 0) fail(`nobody is to act and there is no result, after ${n} actions`);
    if (n >= cfg.maxActions) fail(`no end after ${cfg.maxActions} actions`);
    const seat = pick(bot, toAct);
    const legal = module.legalActions(state, seat);
    if (legal.length === 0) fail(`seat ${seat} is to act but has no legal action, after ${n} actions`);
    visit?.({ state, seat, legal, index: n });
    const action = pick(bot, legal);
    const step = module.apply(state, seat, action, dice);
    if (!step.ok) fail(`the chosen legal action ${short(action)} was refused: ${step.code}`);
    state = wrap((step as { state: unknown }).state);
  }
}

/** Whether position `index` of a game is one of the probed ones (the first ones, then spread out). */
const probed = (cfg: ConformanceConfig, index: number) =>
  index < cfg.probes / 2 || index % Math.max(1, Math.ceil(40 / cfg.probes)) === 0;

/** Random games end; the turn invariants hold along them. */
export function checkPlaythrough(module: GameModule, cfg: ConformanceConfig): { games: number; longest: number } {
  let longest = 0;
  for (let g = 0; g < cfg.games; g++) longest = Math.max(longest, playRandom(module, cfg, g).actions);
  return { games: cfg.games, longest };
}

/** Every rules function handed a deep-frozen state leaves it as it was, and the frozen game plays as the free one. */
export function checkPurity(module: GameModule, cfg: ConformanceConfig): { calls: number } {
  let calls = 0;
  const guard = <T>(what: string, state: unknown, f: () => T): T => {
    const before = stable(state);
    let out: T;
    try {
      out = f();
    } catch (e) {
      if (e instanceof TypeError) throw new ConformanceError(module.id, `${what} mutated its input (${e.message})`);
      throw e;
    }
    if (stable(state) !== before) throw new ConformanceError(module.id, `${what} mutated its input`);
    calls++;
    return out;
  };
  for (let g = 0; g < cfg.games; g++) {
    const free = playRandom(module, cfg, g);
    const frozen = guard(`the game ${g} played on frozen states`, null, () =>
      playRandom(
        module,
        cfg,
        g,
        ({ state, seat, legal }) => {
          const seats = cfg.setups[g % cfg.setups.length].seats;
          guard('toAct', state, () => module.toAct(state));
          guard('result', state, () => module.result(state));
          for (const v of viewers(seats)) guard(`view(${v})`, state, () => module.view(state, v));
          for (let s = 0; s < seats; s++) guard(`legalActions(${s})`, state, () => module.legalActions(state, s));
          for (const a of legal.slice(0, 4))
            guard(`apply ${short(a)}`, state, () =>
              module.apply(state, seat, deepFreeze(structuredClone(a)), seededDice(calls)),
            );
          if (module.disguise)
            for (const v of viewers(seats))
              guard('disguise', state, () => module.disguise!(state, v, seededDice(calls)));
        },
        deepFreeze,
      ),
    );
    if (stable(frozen.state) !== stable(free.state))
      throw new ConformanceError(module.id, `game ${g} ends differently when its states are frozen`);
  }
  return { calls };
}

/**
 * Wrong inputs near a position: the legal actions mutated (a number moved by one, a string or array swapped for
 * another seen value, a field dropped) and legal actions of other positions, kept when the schema accepts them
 * and they are not listed. Every input the schema accepts is a real message a client could send.
 */
export function wrongInputs(module: GameModule, legal: unknown[], pool: unknown[], dice: Dice, n: number): unknown[] {
  const listed = new Set(legal.map(stable));
  const out: unknown[] = [];
  const seen = new Set<string>();
  const values = pool.flatMap((a) => (a && typeof a === 'object' ? Object.values(a as object) : []));
  const mutate = (a: unknown): unknown => {
    if (!a || typeof a !== 'object' || Array.isArray(a)) return a;
    const o: Record<string, unknown> = structuredClone(a as Record<string, unknown>);
    const keys = Object.keys(o).filter((k) => k !== 'type');
    if (keys.length === 0) return o;
    const k = pick(dice, keys);
    const v = o[k];
    switch (dice.roll(4)) {
      case 1:
        o[k] = typeof v === 'number' ? v + (dice.roll(2) === 1 ? 1 : -1) : values.length ? pick(dice, values) : v;
        break;
      case 2:
        if (values.length) o[k] = pick(dice, values);
        break;
      case 3:
        delete o[k];
        break;
      default:
        if (Array.isArray(v) && v.length) {
          const arr = v.slice();
          const i = dice.roll(arr.length) - 1;
          arr[i] = typeof arr[i] === 'number' ? (arr[i] as number) + 1 : pick(dice, v);
          o[k] = dice.roll(3) === 1 ? arr.slice(1) : arr;
        } else if (typeof v === 'number') o[k] = v * 2 + 1;
    }
    return o;
  };
  for (let tries = 0; out.length < n && tries < n * 6; tries++) {
    const base =
      tries % 3 === 2 && pool.length ? pick(dice, pool) : legal.length ? pick(dice, legal) : pick(dice, pool);
    const candidate = tries % 3 === 2 ? (dice.roll(2) === 1 ? base : mutate(base)) : mutate(base);
    const parsed = module.action.safeParse(candidate);
    if (!parsed.success) continue;
    const key = stable(parsed.data);
    if (listed.has(key) || seen.has(key)) continue;
    seen.add(key);
    out.push(parsed.data);
  }
  return out;
}

/** Visits the probed positions of the random games, with a pool of actions met so far in every game. */
function probePositions(
  module: GameModule,
  cfg: ConformanceConfig,
  visit: (p: Position, pool: unknown[], seats: number, game: number) => void,
): void {
  const pool: unknown[] = [];
  for (let g = 0; g < cfg.games; g++) {
    const seats = cfg.setups[g % cfg.setups.length].seats;
    playRandom(module, cfg, g, (p) => {
      if (pool.length < 400) pool.push(...p.legal.slice(0, 3));
      if (probed(cfg, p.index)) visit(p, pool, seats, g);
    });
  }
}

/** legalActions and apply agree: every listed action is accepted, once, and no sampled unlisted input is. */
export function checkAgreement(module: GameModule, cfg: ConformanceConfig): { accepted: number; refused: number } {
  let accepted = 0;
  let refused = 0;
  const fail = (m: string): never => {
    throw new ConformanceError(module.id, m);
  };
  probePositions(module, cfg, ({ state, seat, legal, index }, pool, seats, g) => {
    const at = `in game ${g} at action ${index}`;
    // A listed action comes once; a sample of a continuous choice may repeat a point (it weighs only in perft).
    const keys = legal.filter((a) => !cfg.sampledTypes.includes((a as { type?: string }).type ?? '')).map(stable);
    const twice = keys.find((k, i) => keys.indexOf(k) !== i);
    if (twice) fail(`legalActions lists ${twice} twice ${at}`);
    for (const a of legal) {
      const parsed = module.action.safeParse(a);
      if (!parsed.success) fail(`legalActions lists ${short(a)} ${at}, which the action schema rejects`);
      const step = module.apply(state, seat, a, seededDice(accepted));
      if (!step.ok) fail(`legalActions lists ${short(a)} ${at}, apply refuses it: ${step.code}`);
      accepted++;
    }
    const toAct = module.toAct(state);
    for (let s = 0; s < seats; s++) {
      if (toAct.includes(s)) continue;
      const extra = module.legalActions(state, s);
      if (extra.length) fail(`legalActions lists ${short(extra[0])} for seat ${s} ${at}, which is not to act`);
      const step = module.apply(state, s, legal[0], seededDice(1));
      if (step.ok) fail(`apply accepts ${short(legal[0])} from seat ${s} ${at}, which is not to act`);
      refused++;
    }
    const dice = seededDice(7919 * (g + 1) + index);
    for (const a of wrongInputs(module, legal, pool, dice, cfg.samples)) {
      if (cfg.sampledTypes.includes((a as { type?: string }).type ?? '')) continue;
      let step: ReturnType<typeof module.apply>;
      try {
        step = module.apply(state, seat, a, seededDice(refused));
      } catch (e) {
        return fail(`apply threw on ${short(a)} ${at}: ${(e as Error).message}`);
      }
      if (step.ok) return fail(`apply accepts ${short(a)} ${at}, which legalActions does not list`);
      if (!step.code) fail(`apply refused ${short(a)} ${at} without a code`);
      refused++;
    }
  });
  if (refused === 0)
    throw new ConformanceError(module.id, 'no wrong input was sampled: the agreement check saw nothing to refuse');
  return { accepted, refused };
}

/** A dice source that counts what it hands out. */
function counting(seed: number): Dice & { taken: number } {
  const inner = seededDice(seed);
  const d = {
    taken: 0,
    roll: (sides: number) => {
      d.taken++;
      return inner.roll(sides);
    },
  };
  return d;
}

/** A refused input takes no roll from the dice it was handed. */
export function checkRefusalRolls(module: GameModule, cfg: ConformanceConfig): { refusals: number } {
  let refusals = 0;
  probePositions(module, cfg, ({ state, seat, legal, index }, pool, seats, g) => {
    const inputs = wrongInputs(module, legal, pool, seededDice(104729 * (g + 1) + index), cfg.samples);
    // The seats not to act, sending the actor's own move, are refusals too.
    const tries: [Seat, unknown][] = [
      ...inputs.map((a): [Seat, unknown] => [seat, a]),
      ...Array.from({ length: seats }, (_, s) => s)
        .filter((s) => !module.toAct(state).includes(s))
        .map((s): [Seat, unknown] => [s, legal[0]]),
    ];
    for (const [s, a] of tries) {
      const dice = counting(refusals);
      const step = module.apply(state, s, a, dice);
      if (step.ok) continue;
      if (dice.taken)
        throw new ConformanceError(
          module.id,
          `refused ${short(a)} (${step.code}) from seat ${s} in game ${g} at action ${index} after taking ${dice.taken} roll(s)`,
        );
      refusals++;
    }
  });
  return { refusals };
}

/**
 * Plays games through the table with the fair roller on a known seed, wrong inputs sent along the way, and checks
 * the finished log, once through JSON, verifies and replays to the same state.
 */
export function checkReplay(module: GameModule, cfg: ConformanceConfig): { games: number; rolls: number } {
  let rolls = 0;
  for (let g = 0; g < cfg.games; g++) {
    const setup = cfg.setups[g % cfg.setups.length];
    const serverSeed = (g + 1).toString(16).padStart(64, '0');
    const fair = { gameId: `conformance-${g}`, clientSeed: 'kit' };
    const dice = new RecordingDice(new FairDice(serverSeed, fair));
    const bot = seededDice(31337 + g);
    const fail = (m: string): never => {
      throw new ConformanceError(module.id, `game ${g}: ${m}`);
    };
    const start = startTable(module, setup.options, setup.seats, dice);
    if (!start.ok) return fail(`setup refused: ${start.message}`);
    let table: Table = start.table;
    const entries: LogEntry[] = [start.entry];
    const pool: unknown[] = [];
    for (let n = 0; !resultOf(module, table); n++) {
      if (n > cfg.maxActions) fail(`no end after ${cfg.maxActions} actions`);
      const seat = pick(bot, module.toAct(table.state));
      const legal = module.legalActions(table.state, seat);
      if (pool.length < 200) pool.push(...legal.slice(0, 2));
      if (n % 5 === 0) {
        for (const a of wrongInputs(module, legal, pool, bot, 2)) {
          const before = dice.count;
          const r = advance(module, table, seat, 'action', a, dice);
          if (r.ok) {
            entries.push(r.entry);
            table = r.table;
            break;
          }
          if (dice.count !== before)
            fail(`a refused ${short(a)} moved the table's dice from roll ${before} to ${dice.count}`);
        }
        if (resultOf(module, table)) break;
      }
      const s2 = pick(bot, module.toAct(table.state));
      const step = advance(module, table, s2, 'action', pick(bot, module.legalActions(table.state, s2)), dice);
      if (!step.ok) fail(`a legal action was refused at the table: ${step.code}`);
      else {
        entries.push(step.entry);
        table = step.table;
      }
    }
    const log: GameLog = JSON.parse(
      JSON.stringify({
        format: LOG_FORMAT,
        game: module.id,
        rules: module.rulesVersion,
        gameId: fair.gameId,
        options: setup.options,
        seats: setup.seats,
        players: Array.from({ length: setup.seats }, (_, i) => `P${i + 1}`),
        fair: { scheme: FAIR_SCHEME, commitment: commitmentOf(serverSeed), clientSeed: fair.clientSeed, serverSeed },
        entries,
        result: resultOf(module, table),
      }),
    );
    const lookup = (id: string) => (id === module.id ? module : undefined);
    const verdict = verifyLog(log, lookup);
    if (!verdict.ok) fail(`the log does not verify: ${verdict.problems.join('; ')}`);
    const again = replayLog(log, lookup);
    if (!again.ok) return fail(again.problem);
    if (stable(again.table.state) !== stable(table.state)) fail('the replayed state differs from the played one');
    rolls += verdict.rollsChecked;
  }
  return { games: cfg.games, rolls };
}

/**
 * A seat's view made from the public one (GameModule.seatView) is the seat's view: at every position of the random
 * games, their ends included, for every seat, it equals `view(state, seat)`, and the public view it was made from
 * comes out of it unchanged. Returns how many views were compared.
 */
export function checkSeatViews(module: GameModule, cfg: ConformanceConfig): { compared: number } {
  const seatView = module.seatView?.bind(module);
  if (!seatView) throw new ConformanceError(module.id, 'no seatView to check');
  let compared = 0;
  const check = (state: unknown, seats: number, g: number, at: string) => {
    for (let s = 0; s < seats; s++) {
      const publicView = module.view(state, null);
      const before = stable(publicView);
      const made = seatView(state, s, publicView);
      if (stable(made) !== stable(module.view(state, s)))
        throw new ConformanceError(module.id, `seatView for seat ${s} in game ${g} ${at} is not view(state, ${s})`);
      if (stable(publicView) !== before)
        throw new ConformanceError(module.id, `seatView for seat ${s} in game ${g} ${at} changed the public view`);
      compared++;
    }
  };
  for (let g = 0; g < cfg.games; g++) {
    const seats = cfg.setups[g % cfg.setups.length].seats;
    const end = playRandom(module, cfg, g, ({ state, index }) => check(state, seats, g, `at action ${index}`));
    check(end.state, seats, g, 'at its end');
  }
  return { compared };
}

/**
 * Views keep secrets: at probed positions, every viewer's view is unchanged when `disguise` re-deals what is hidden
 * from them. A module without `disguise` declares no secrets and is skipped; one whose disguise never changes
 * anything fails, since its probe would prove nothing.
 */
export function checkSecrets(
  module: GameModule,
  cfg: ConformanceConfig,
): { compared: number; disguised: number } | null {
  const disguise = module.disguise?.bind(module);
  if (!disguise) return null;
  let compared = 0;
  let disguised = 0;
  probePositions(module, cfg, ({ state, index }, _pool, seats, g) => {
    for (const v of viewers(seats)) {
      const other = disguise(state, v, seededDice(compared));
      if (stable(other) !== stable(state)) disguised++;
      const [a, b] = [stable(module.view(state, v)), stable(module.view(other, v))];
      if (a !== b)
        throw new ConformanceError(
          module.id,
          `the view of ${v === null ? 'a spectator' : `seat ${v}`} in game ${g} at action ${index} changes when what is hidden from it changes: it leaks a secret`,
        );
      compared++;
    }
  });
  if (disguised === 0)
    throw new ConformanceError(module.id, 'disguise never changed a state: the secret probe proves nothing');
  return { compared, disguised };
}

export interface PerftCase {
  options: unknown;
  seats: number;
  seed: number;
  /** Nodes at depth 1, 2, 3, … (every seat to act, every legal action; dice seeded by seed and depth). */
  counts: number[];
}

/**
 * Counts the action sequences of each length from the position after a seeded setup: each seat to act, each of its
 * legal actions, applied with dice seeded by (seed, depth) so the tree is the same on every run.
 */
export function perft(module: GameModule, setup: Setup, seed: number, depth: number, limit = 2_000_000): number[] {
  const counts: number[] = Array(depth).fill(0);
  let visited = 0;
  const walk = (state: unknown, d: number) => {
    if (d === depth || module.result(state)) return;
    for (const seat of module.toAct(state)) {
      for (const a of module.legalActions(state, seat)) {
        counts[d]++;
        if (++visited > limit) throw new ConformanceError(module.id, `perft over ${limit} nodes: pin a smaller depth`);
        const step = module.apply(state, seat, a, seededDice(seed * 101 + d));
        if (!step.ok) throw new ConformanceError(module.id, `perft: legal ${short(a)} refused: ${step.code}`);
        walk(step.state, d + 1);
      }
    }
  };
  walk(setupOf(module, setup, seededDice(seed)), 0);
  return counts;
}
