// Shields: properties over thousands of random games (seeded dice, random legal actions): invariants, exact legal
// actions, purity, log replay, views and log sentences.
import {
  advance, LOG_FORMAT, pick, RecordingDice, replayLog, seededDice, startTable,
  type Dice, type GameEvent, type GameLog, type LogEntry, type Seat, type Table,
} from '@dicehall/shared';
import {
  ALL_IDS, batteryId, COLOURS, die, POOL_IDS, shields,
  type ShieldsAction, type ShieldsOptions, type ShieldsState, type ShieldsView,
} from '../../shared/src/games/shields';

const PLAIN: ShieldsOptions = { bestOf: 1, resurrection: false };
const MATCH: ShieldsOptions = { bestOf: 3, resurrection: false };
const VARIANT: ShieldsOptions = { bestOf: 1, resurrection: true };

/** Where every die is, read straight from the state: id → places. */
function places(s: ShieldsState): Map<string, string[]> {
  const at = new Map<string, string[]>();
  const put = (id: string, place: string) => at.set(id, [...(at.get(id) ?? []), place]);
  s.pool.forEach((id) => put(id, 'pool'));
  s.players.forEach((p, seat) => {
    for (const c of COLOURS) {
      const b = p.batteries[c];
      if (b.health === 0) continue;
      put(batteryId(seat, c), `p${seat} ${c} battery`);
      if (b.attack) put(b.attack, `p${seat} ${c} attack`);
      b.shields.forEach((x) => put(x.id, `p${seat} ${c} shields`));
    }
    p.front.forEach((x) => put(x.id, `p${seat} front`));
    p.behind.forEach((x) => put(x.id, `p${seat} behind`));
    p.reserve.forEach((id) => put(id, `p${seat} reserve`));
    p.trash.forEach((id) => put(id, `p${seat} trash`));
  });
  return at;
}

function checkInvariants(s: ShieldsState) {
  const at = places(s);
  const twice = [...at].filter(([, where]) => where.length !== 1);
  expect(twice).toEqual([]);
  expect([...at.keys()].sort()).toEqual([...ALL_IDS].sort());
  for (const id of s.pool) expect(POOL_IDS).toContain(id);
  s.players.forEach((p, seat) => {
    for (const c of COLOURS) {
      const b = p.batteries[c];
      expect(Number.isInteger(b.health) && b.health >= 0 && b.health <= 12).toBe(true);
      if (b.health === 0) {
        expect([b.attack, b.shields]).toEqual([null, []]);
        expect(p.trash).toContain(batteryId(seat, c));
        continue;
      }
      if (b.attack) expect([die(b.attack)!.kind, die(b.attack)!.colour, die(b.attack)!.owner ?? seat]).toEqual(['attack', c, seat]);
      for (const x of b.shields) expect([die(x.id)!.kind, die(x.id)!.colour]).toEqual(['shield', c]);
    }
    const all = [...p.front, ...p.behind, ...COLOURS.flatMap((c) => p.batteries[c].shields)];
    for (const x of all) expect(Number.isInteger(x.points) && x.points >= 1 && x.points <= die(x.id)!.sides).toBe(true);
    for (const x of [...p.front, ...p.behind]) expect(die(x.id)!.colour).toBe('black');
    for (const id of p.reserve) expect(['potion', 'polish']).toContain(die(id)!.kind);
    // Personal dice never cross to the other player.
    for (const [id, where] of at) if (die(id)!.owner !== null && where[0] !== 'pool') expect(where[0].startsWith(`p${die(id)!.owner}`)).toBe(true);
  });
  const destroyed = s.players.map((p) => COLOURS.filter((c) => p.batteries[c].health === 0).length);
  if (shields.result(s) === null) {
    expect(Math.max(...destroyed)).toBeLessThanOrEqual(1);
    expect(shields.toAct(s)).toEqual([s.turn]);
  } else expect(shields.toAct(s)).toEqual([]);
}

interface Played {
  state: ShieldsState;
  actions: number;
  events: GameEvent[];
}

/** Plays random legal actions to the end; `each` sees every position before its action. */
function randomGame(seed: number, options: ShieldsOptions, each?: (s: ShieldsState, a: ShieldsAction, dice: Dice) => void, cap = 2000): Played {
  const dice = seededDice(seed);
  const setup = shields.setup(options, 2, dice);
  let state = setup.state;
  const events = [...setup.events];
  let actions = 0;
  while (shields.result(state) === null) {
    if (actions >= cap) throw new Error(`seed ${seed}: no end after ${cap} actions`);
    const seat = shields.toAct(state)[0];
    const a = pick(dice, shields.legalActions(state, seat));
    each?.(state, a, dice);
    const step = shields.apply(state, seat, a, dice);
    if (!step.ok) throw new Error(`seed ${seed}: a legal action was refused: ${step.code}`);
    state = step.state;
    events.push(...step.events);
    actions++;
  }
  return { state, actions, events };
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** A canonical key for an action, whatever its key order. */
const keyOf = (a: object) => JSON.stringify(Object.entries(a).sort(([x], [y]) => x.localeCompare(y)));

describe('shields: properties of random games', () => {
  it.each([
    // Bounds: 22 takes + 8 potion/polish uses + attacks, each removing a point of at most 292 ever in play
    // (72 health, 132 colored shield, 32 black shield, 32 potion, 24 polish) = 322 a game. The variant can heal
    // without end, so only the runner's cap bounds it.
    ['single games', PLAIN, 1500, 322],
    ['best of three', MATCH, 300, 3 * 322],
    ['resurrection variant', VARIANT, 300, 2000],
  ])('%s end, and every position keeps 34 dice each in one place, health 0–12 and shields within their faces', (_t, options, games, bound) => {
    let longest = 0;
    for (let g = 0; g < games; g++) {
      const { state, actions } = randomGame(1000 + g, options, (s) => {
        checkInvariants(s);
        // S4: in the plain game an attack is always possible in the act step.
        if (!options.resurrection && s.step === 'act') expect(shields.legalActions(s, s.turn).some((a) => a.type === 'attack')).toBe(true);
      });
      checkInvariants(state);
      longest = Math.max(longest, actions);
    }
    expect(longest).toBeLessThanOrEqual(bound);
  });

  it('legalActions is exact: every listed action parses and is accepted; every near miss is refused', () => {
    const ids = [...ALL_IDS, 'nothing'];
    const placements = [undefined, 'front', 'behind'] as const;
    let checked = 0;
    for (let g = 0; g < 60; g++) {
      const options = [PLAIN, MATCH, VARIANT][g % 3];
      randomGame(5000 + g, options, (s, _a, dice) => {
        const seat = s.turn;
        const legal = shields.legalActions(s, seat);
        const legalKeys = new Set(legal.map(keyOf));
        expect(legalKeys.size).toBe(legal.length);
        for (const a of legal) {
          expect(shields.action.parse(a)).toEqual(a);
          expect(shields.apply(s, seat, a, dice).ok).toBe(true);
        }
        expect(shields.legalActions(s, 1 - seat)).toEqual([]);
        expect(shields.apply(s, 1 - seat, legal[0], dice)).toMatchObject({ ok: false, code: 'not-your-turn' });
        // Near misses: random dice ids in every field of every action type.
        const any = () => ids[dice.roll(ids.length) - 1];
        const place = () => placements[dice.roll(3) - 1];
        const tries: object[] = [{ type: 'pass' }];
        for (let i = 0; i < 12; i++) {
          const p = place();
          tries.push(
            { type: 'take', die: any(), ...(p ? { placement: p } : {}) },
            { type: 'attack', battery: any() },
            { type: 'potion', die: any(), battery: any() },
            { type: 'polish', die: any(), shield: any() },
            { type: 'resurrect', sacrifice: any(), revive: any(), ...(p ? { placement: p } : {}) },
          );
        }
        // And legal takes with the placement changed or added.
        for (const a of legal) if (a.type === 'take') tries.push({ ...a, placement: a.placement === 'front' ? 'behind' : 'front' });
        for (const t of tries) {
          const parsed = shields.action.safeParse(t);
          if (!parsed.success) continue;
          const step = shields.apply(s, seat, parsed.data, dice);
          expect([keyOf(t), step.ok]).toEqual([keyOf(t), legalKeys.has(keyOf(parsed.data))]);
          checked++;
        }
      });
    }
    expect(checked).toBeGreaterThan(50000);
  });

  it('the action schema refuses malformed input', () => {
    for (const bad of [
      { type: 'take' }, { type: 'take', die: 'potion.d6', extra: 1 }, { type: 'take', die: 'x'.repeat(100) },
      { type: 'take', die: 'potion.d6', placement: 'above' }, { type: 'attack', battery: 7 }, { type: 'heal' },
      { type: 'take', die: 'Potion D6' }, null, 'take', [],
    ]) expect(shields.action.safeParse(bad).success).toBe(false);
  });

  it('apply never mutates its input: deep-frozen states give the same games', () => {
    for (let g = 0; g < 150; g++) {
      const options = [PLAIN, MATCH, VARIANT][g % 3];
      const free = randomGame(7000 + g, options);
      const dice = seededDice(7000 + g);
      let state = deepFreeze(shields.setup(options, 2, dice).state);
      while (shields.result(state) === null) {
        const before = JSON.stringify(state);
        const seat = shields.toAct(state)[0];
        const step = shields.apply(state, seat, pick(dice, shields.legalActions(state, seat)), dice);
        if (!step.ok) throw new Error(step.message);
        expect(JSON.stringify(state)).toBe(before);
        state = deepFreeze(step.state);
      }
      expect(state).toEqual(free.state);
    }
  });

  it('replaying a game\'s log reproduces it', () => {
    for (let g = 0; g < 60; g++) {
      const options = [PLAIN, MATCH, VARIANT][g % 3];
      const source = seededDice(9000 + g);
      const dice = new RecordingDice(source);
      const start = startTable(shields, options, 2, dice);
      if (!start.ok) throw new Error(start.message);
      let table: Table<ShieldsState> = start.table;
      const entries: LogEntry[] = [start.entry];
      while (shields.result(table.state) === null) {
        const seat = shields.toAct(table.state)[0];
        // The bot's choice comes from its own source, so the log holds only the game's rolls.
        const step = advance(shields, table, seat, 'action', pick(source, shields.legalActions(table.state, seat)), dice);
        if (!step.ok) throw new Error(step.message);
        table = step.table;
        entries.push(step.entry);
      }
      const log: GameLog = {
        format: LOG_FORMAT, game: 'shields', gameId: `g${g}`, options, seats: 2, players: ['Ana', 'Ben'],
        fair: { scheme: 'test', commitment: 'none', clientSeed: '', serverSeed: null }, entries, result: shields.result(table.state),
      };
      const replay = replayLog(JSON.parse(JSON.stringify(log)), () => shields);
      if (!replay.ok) throw new Error(replay.problem);
      expect(replay.table.state).toEqual(table.state);
      expect(shields.result(replay.table.state as ShieldsState)).toEqual(log.result);
      // A doctored roll is caught.
      const rolled = entries.findIndex((e) => e.rolls.length > 0 && e.kind === 'action');
      const bad = JSON.parse(JSON.stringify(log)) as GameLog;
      const roll = bad.entries[rolled].rolls[0];
      roll.value = (roll.value % roll.sides) + 1;
      expect(replayLog(bad, () => shields).ok).toBe(false);
    }
  });

  it('the view is the same for both seats and spectators, plain JSON, and lists shields in the order damage takes them', () => {
    let attacks = 0;
    for (let g = 0; g < 150; g++) {
      randomGame(11000 + g, [PLAIN, MATCH, VARIANT][g % 3], (s, a) => {
        const v = shields.view(s, null) as ShieldsView;
        expect(shields.view(s, 0)).toEqual(v);
        expect(shields.view(s, 1)).toEqual(v);
        expect(JSON.parse(JSON.stringify(v))).toEqual(v);
        expect([v.turn, v.step]).toEqual([s.turn, s.step]);
        // Every die once; a black shield shows on each live battery it protects, so shields count by id.
        const listed = [
          ...[...v.pool.attack, ...v.pool.shield, ...v.pool.potion, ...v.pool.polish].map((d) => d.id),
          ...v.players.flatMap((p) => [...p.reserve, ...p.trash].map((d) => d.id)),
          ...v.players.flatMap((p) => p.batteries.filter((b) => b.alive).flatMap((b) => [b.id, ...(b.attack ? [b.attack.id] : [])])),
        ];
        const shieldIds = new Set(v.players.flatMap((p) => p.batteries.flatMap((b) => b.shields.map((x) => x.id))));
        expect(listed.length + shieldIds.size).toBe(34);
        expect(new Set([...listed, ...shieldIds]).size).toBe(34);
        if (a.type === 'attack') {
          const colour = v.players[s.turn].batteries.find((b) => b.id === a.battery)!.attacks;
          const target = v.players[1 - s.turn].batteries.find((b) => b.colour === colour)!;
          const step = shields.apply(s, s.turn, a, seededDice(1));
          if (!step.ok) throw new Error(step.message);
          expect(step.events[0]).toMatchObject({ target: target.id, layer: target.shields[0]?.id ?? target.id, before: target.shields[0]?.points ?? target.health });
          attacks++;
        }
      });
    }
    expect(attacks).toBeGreaterThan(5000);
  });

  it('describe gives one plain sentence for every event', () => {
    const types = new Set<string>();
    for (let g = 0; g < 300; g++) {
      for (const e of randomGame(13000 + g, [PLAIN, MATCH, VARIANT][g % 3]).events) {
        types.add(e.type);
        const text = shields.describe(e, ['Ana', 'Ben']);
        expect(text).toMatch(/^(Ana|Ben|Game [123]) /);
        expect(text).not.toMatch(/undefined|NaN|\[object|null/);
      }
    }
    expect([...types].sort()).toEqual(['attack', 'game-start', 'game-won', 'match-won', 'pass', 'polish', 'potion', 'resurrect', 'roll-off', 'take']);
  });

  it('S11 S12 a game ends exactly at two destroyed batteries; a match when a seat has won enough games, the loser starting the next', () => {
    for (let g = 0; g < 300; g++) {
      const options = g % 2 ? MATCH : PLAIN;
      const { state, events } = randomGame(15000 + g, options);
      const won = events.filter((e) => e.type === 'game-won');
      const starts = events.filter((e) => e.type === 'game-start');
      expect(starts).toHaveLength(won.length);
      won.forEach((e, i) => {
        if (starts[i + 1]) expect(starts[i + 1].first).toBe(1 - (e.seat as Seat));
      });
      const needed = options.bestOf === 1 ? 1 : 2;
      expect(Math.max(...state.score)).toBe(needed);
      expect(won.length).toBeLessThanOrEqual(options.bestOf);
      expect(shields.result(state)).toMatchObject({ winners: [won.at(-1)!.seat], draw: false, reason: 'two-batteries' });
      // The final position shows the loser with exactly two destroyed batteries.
      const loser = state.players[1 - state.winner!];
      expect(COLOURS.filter((c) => loser.batteries[c].health === 0)).toHaveLength(2);
    }
  });
});
