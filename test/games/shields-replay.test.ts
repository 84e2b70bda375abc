// Shields: purity, log replay, views, log sentences and match flow, over random games (seeded dice, random legal actions).
import {
  advance,
  LOG_FORMAT,
  pick,
  RecordingDice,
  replayLog,
  seededDice,
  startTable,
  type Dice,
  type GameEvent,
  type GameLog,
  type LogEntry,
  type Seat,
  type Table,
} from '@dicehall/shared';
import {
  COLOURS,
  shields,
  type ShieldsAction,
  type ShieldsOptions,
  type ShieldsState,
  type ShieldsView,
} from '@dicehall/shared/shields';

const PLAIN: ShieldsOptions = { bestOf: 1, resurrection: false };
const MATCH: ShieldsOptions = { bestOf: 3, resurrection: false };
const VARIANT: ShieldsOptions = { bestOf: 1, resurrection: true };

/** Plays random legal actions to the end; `each` sees every position before its action. */
function randomGame(
  seed: number,
  options: ShieldsOptions,
  each?: (s: ShieldsState, a: ShieldsAction, dice: Dice) => void,
) {
  const dice = seededDice(seed);
  const setup = shields.setup(options, 2, dice);
  let state = setup.state;
  const events: GameEvent[] = [...setup.events];
  for (let n = 0; shields.result(state) === null; n++) {
    if (n >= 2000) throw new Error(`seed ${seed}: no end after 2000 actions`);
    const seat = shields.toAct(state)[0];
    const a = pick(dice, shields.legalActions(state, seat));
    each?.(state, a, dice);
    const step = shields.apply(state, seat, a, dice);
    if (!step.ok) throw new Error(`seed ${seed}: a legal action was refused: ${step.code}`);
    state = step.state;
    events.push(...step.events);
  }
  return { state, events };
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

describe('shields: purity, replay, views and sentences over random games', () => {
  it('apply never mutates its input: deep-frozen states give the same games', () => {
    let changed = 0;
    for (let g = 0; g < 36; g++) {
      const options = [PLAIN, MATCH, VARIANT][g % 3];
      const free = randomGame(7000 + g, options);
      const dice = seededDice(7000 + g);
      let state = deepFreeze(shields.setup(options, 2, dice).state);
      while (shields.result(state) === null) {
        const before = JSON.stringify(state);
        const seat = shields.toAct(state)[0];
        const step = shields.apply(state, seat, pick(dice, shields.legalActions(state, seat)), dice);
        if (!step.ok) throw new Error(step.message);
        if (JSON.stringify(state) !== before) changed++;
        state = deepFreeze(step.state);
      }
      expect(state).toEqual(free.state);
    }
    expect(changed).toBe(0);
  });

  it("replaying a game's log reproduces it", () => {
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
        const step = advance(
          shields,
          table,
          seat,
          'action',
          pick(source, shields.legalActions(table.state, seat)),
          dice,
        );
        if (!step.ok) throw new Error(step.message);
        table = step.table;
        entries.push(step.entry);
      }
      const log: GameLog = {
        format: LOG_FORMAT,
        game: 'shields',
        rules: shields.rulesVersion,
        gameId: `g${g}`,
        options,
        seats: 2,
        players: ['Ana', 'Ben'],
        fair: { scheme: 'test', commitment: 'none', clientSeed: '', serverSeed: null },
        entries,
        result: shields.result(table.state),
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
    const wrong: string[] = [];
    for (let g = 0; g < 30; g++) {
      randomGame(11000 + g, [PLAIN, MATCH, VARIANT][g % 3], (s, a) => {
        const v = shields.view(s, null) as ShieldsView;
        const json = JSON.stringify(v);
        if (JSON.stringify(shields.view(s, 0)) !== json || JSON.stringify(shields.view(s, 1)) !== json)
          wrong.push('views differ');
        if (JSON.stringify(JSON.parse(json)) !== json) wrong.push('not plain JSON');
        if (s.between ? v.turn !== null || v.step !== null : v.turn !== s.turn || v.step !== s.step)
          wrong.push('turn or step');
        // Every die once; a black shield shows on each live battery it protects, so shields count by id.
        const listed = [
          ...[...v.pool.attack, ...v.pool.shield, ...v.pool.potion, ...v.pool.polish].map((d) => d.id),
          ...v.players.flatMap((p) => [...p.reserve, ...p.trash].map((d) => d.id)),
          ...v.players.flatMap((p) =>
            p.batteries.filter((b) => b.alive).flatMap((b) => [b.id, ...(b.attack ? [b.attack.id] : [])]),
          ),
        ];
        const shieldIds = new Set(v.players.flatMap((p) => p.batteries.flatMap((b) => b.shields.map((x) => x.id))));
        if (listed.length + shieldIds.size !== 34 || new Set([...listed, ...shieldIds]).size !== 34)
          wrong.push('the view loses or doubles a die');
        if (a.type === 'attack') {
          const colour = v.players[s.turn].batteries.find((b) => b.id === a.battery)!.attacks;
          const target = v.players[1 - s.turn].batteries.find((b) => b.colour === colour)!;
          const step = shields.apply(s, s.turn, a, seededDice(1));
          if (!step.ok) throw new Error(step.message);
          const e = step.events[0];
          const first = target.shields[0];
          if (
            e.target !== target.id ||
            e.layer !== (first?.id ?? target.id) ||
            e.before !== (first?.points ?? target.health)
          )
            wrong.push(`attack hit ${e.layer}`);
          attacks++;
        }
      });
    }
    expect(wrong.slice(0, 5)).toEqual([]);
    expect(attacks).toBeGreaterThan(1000);
  });

  it('describe gives one plain sentence for every event', () => {
    const types = new Set<string>();
    const bad: string[] = [];
    for (let g = 0; g < 100; g++) {
      for (const e of randomGame(13000 + g, [PLAIN, MATCH, VARIANT][g % 3]).events) {
        types.add(e.type);
        const text = shields.describe(e, ['Ana', 'Ben']);
        if (
          !/^(Ana|Ben|Game [1-9]|Both players|\d+ turns|The game) /.test(text) ||
          /undefined|NaN|\[object|null/.test(text)
        )
          bad.push(text);
      }
    }
    expect(bad.slice(0, 5)).toEqual([]);
    // A pass (and so a draw) is too rare in random play to count on; the rules suite describes them.
    expect([...types].sort()).toEqual([
      'attack',
      'game-start',
      'game-won',
      'match-won',
      'polish',
      'potion',
      'ready',
      'resurrect',
      'roll-off',
      'stalled',
      'take',
    ]);
    expect(shields.describe({ type: 'pass', seat: 1 }, ['Ana', 'Ben'])).toBe('Ben has nothing to do and passes');
  });

  it('S11 S12 a game ends exactly at two destroyed batteries; a match when a seat has won enough games, the loser starting the next', () => {
    for (let g = 0; g < 200; g++) {
      const options = g % 2 ? MATCH : PLAIN;
      const { state, events } = randomGame(15000 + g, options);
      const won = events.filter((e) => e.type === 'game-won');
      const starts = events.filter((e) => e.type === 'game-start');
      // Plain games never stall (S14 is the variant's), so every game but the last is won and followed by a start.
      expect(events.filter((e) => e.type === 'game-drawn' || e.type === 'stalled')).toEqual([]);
      expect(starts).toHaveLength(won.length);
      won.forEach((e, i) => {
        if (starts[i + 1]) expect(starts[i + 1].first).toBe(1 - (e.seat as Seat));
      });
      const needed = options.bestOf === 1 ? 1 : 2;
      expect(Math.max(...state.score)).toBe(needed);
      expect(won.length).toBeLessThanOrEqual(options.bestOf);
      expect(shields.result(state)).toMatchObject({
        winners: [won.at(-1)!.seat],
        draw: false,
        reason: options.bestOf === 1 ? 'two-batteries' : 'match',
      });
      // The final position shows the loser with exactly two destroyed batteries.
      const loser = state.players[1 - state.winner!];
      expect(COLOURS.filter((c) => loser.batteries[c].health === 0)).toHaveLength(2);
    }
  });
});
