// Shields Up over many random games: 18 cards always in one place, purity, legal = accepted, refusals take no roll,
// the log replays the game shuffles included, and every game ends. SHIELDS_UP_GAMES sets the length run's count:
//   SHIELDS_UP_GAMES=100000 npx jest test/games/shields-up-properties.test.ts -t 'every game ends'
import {
  advance,
  LOG_FORMAT,
  pick,
  RecordingDice,
  replayLog,
  resultOf,
  seededDice,
  startTable,
  type GameLog,
  type LogEntry,
} from '@dicehall/shared';
import {
  CARD_IDS,
  shieldsUp,
  TURN_LIMIT,
  type ShieldsUpAction,
  type ShieldsUpState,
} from '@dicehall/shared/shields-up';
import { places, randomGame } from './shields-up-fixture';
import { sized } from '../helpers/size';

const PINNED_RULES_2 = [
  [1, 120, 700],
  [2, 22, 152],
  [3, 26, 156],
  [4, 49, 291],
  [5, 44, 274],
];

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

/** Every action shape apply may be sent, legal or not, for the refusal property. */
const ANY_ACTIONS: ShieldsUpAction[] = [
  { type: 'draw' },
  { type: 'end' },
  { type: 'buy', which: 'oldest' },
  { type: 'buy', which: 'newest' },
  ...[0, 1, 2].map((shield) => ({ type: 'strike' as const, shield })),
  ...CARD_IDS.flatMap((card): ShieldsUpAction[] => [
    { type: 'shield', card },
    { type: 'build', card },
    { type: 'play', card },
    { type: 'battery', card },
    { type: 'play', card, zone: 'hand' },
    { type: 'play', card, zone: 'shields' },
    { type: 'play', card, zone: 'equipment', target: card },
  ]),
];

describe('Shields Up properties over random games', () => {
  it('U1 the 18 cards are always each in exactly one place', () => {
    let positions = 0;
    for (let g = 0; g < 300; g++) {
      const { setup } = randomGame(100 + g, (_b, _s, _a, after) => {
        places(after);
        positions++;
      });
      places(setup.state);
    }
    expect(positions).toBeGreaterThan(10000);
  });

  it('apply never mutates its input: deep-frozen states give the same games', () => {
    for (let g = 0; g < 100; g++) {
      const free = randomGame(500 + g);
      const dice = seededDice(500 + g);
      let state = deepFreeze(shieldsUp.setup({}, 2, dice).state);
      while (shieldsUp.result(state) === null) {
        const before = JSON.stringify(state);
        const seat = shieldsUp.toAct(state)[0];
        const step = shieldsUp.apply(state, seat, pick(dice, shieldsUp.legalActions(state, seat)), dice);
        if (!step.ok) throw new Error(step.message);
        expect(JSON.stringify(state)).toBe(before);
        state = deepFreeze(step.state);
      }
      expect(state).toEqual(free.state);
    }
  });

  it('every listed legal action is accepted; everything else is refused with a code and takes no roll', () => {
    let tried = 0;
    let refusals = 0;
    for (let g = 0; g < 8; g++) {
      randomGame(900 + g, (before, seat) => {
        const legal = shieldsUp.legalActions(before, seat);
        expect(legal.length).toBeGreaterThan(0);
        for (const a of legal) {
          const step = shieldsUp.apply(before, seat, a, seededDice(tried++));
          expect(step.ok ? 'ok' : step.code).toBe('ok');
        }
        const keys = new Set(legal.map((a) => JSON.stringify(a)));
        for (const a of ANY_ACTIONS) {
          if (keys.has(JSON.stringify(a))) continue;
          const dice = new RecordingDice(seededDice(1));
          const step = shieldsUp.apply(before, seat, a, dice);
          expect(step.ok).toBe(false);
          expect(dice.count).toBe(0);
          refusals++;
        }
        // The seat not to act is refused outright.
        expect(shieldsUp.legalActions(before, 1 - seat)).toEqual([]);
        const other = shieldsUp.apply(before, 1 - seat, legal[0], seededDice(1));
        expect(other.ok ? 'ok' : other.code).toBe('not-your-turn');
      });
    }
    expect(refusals).toBeGreaterThan(2000);
  });

  it("U2 replaying a game's log reproduces it, shuffles included", () => {
    for (let g = 0; g < 60; g++) {
      const bot = seededDice(3000 + g);
      const dice = new RecordingDice(seededDice(4000 + g));
      const start = startTable(shieldsUp, {}, 2, dice);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      const entries: LogEntry[] = [start.entry];
      while (!resultOf(shieldsUp, table)) {
        const seat = shieldsUp.toAct(table.state as ShieldsUpState)[0];
        const step = advance(
          shieldsUp,
          table,
          seat,
          'action',
          pick(bot, shieldsUp.legalActions(table.state as ShieldsUpState, seat)),
          dice,
        );
        if (!step.ok) throw new Error(step.message);
        entries.push(step.entry);
        table = step.table;
      }
      const log: GameLog = {
        format: LOG_FORMAT,
        game: 'shields-up',
        rules: shieldsUp.rulesVersion,
        gameId: `g${g}`,
        options: {},
        seats: 2,
        players: ['a', 'b'],
        fair: { scheme: 'test', commitment: '', clientSeed: '', serverSeed: null },
        entries,
        result: resultOf(shieldsUp, table),
      };
      const replay = replayLog(log, () => shieldsUp);
      if (!replay.ok) throw new Error(replay.problem);
      expect(replay.table.state).toEqual(table.state);
      // The deal is in the log as the shuffle's rolls, d18 down to d2, then the roll-off's d6s.
      expect(entries[0].rolls.slice(0, 17).map((r) => r.sides)).toEqual(Array.from({ length: 17 }, (_, i) => 18 - i));
      expect(entries[0].rolls.slice(17).every((r) => r.sides === 6)).toBe(true);
    }
  });

  it(`U9 every game ends: the longest of SHIELDS_UP_GAMES random games stays within the ${TURN_LIMIT}-turn limit`, () => {
    const n = sized(300, 3000, 'SHIELDS_UP_GAMES');
    let longest = 0;
    let longestActions = 0;
    let capped = 0;
    const reasons: Record<string, number> = {};
    for (let g = 0; g < n; g++) {
      const { state, actions } = randomGame(20000 + g);
      const r = shieldsUp.result(state)!;
      reasons[r.reason] = (reasons[r.reason] ?? 0) + 1;
      if (r.reason === 'turn-limit') capped++;
      else longest = Math.max(longest, state.turns);
      longestActions = Math.max(longestActions, actions);
      expect(state.turns).toBeLessThanOrEqual(TURN_LIMIT);
    }
    // Games that end by a destroyed ship end well before the limit; the limit only stops the Hijinks loop.
    expect(longest).toBeLessThan(TURN_LIMIT * 0.9);
    expect(reasons['ship-destroyed']).toBeGreaterThan(n * 0.9);
    process.stdout.write(
      `shields-up: ${n} random games, longest ended by a ship ${longest} turns, ${capped} hit the limit, at most ${longestActions} actions; ${JSON.stringify(reasons)}\n`,
    );
  });

  // Rules 1 (archived games) keeps its counts from before U3 was amended and U9 added; rules 2 lists `end` once only
  // Battery actions remain, and plays on differently from there.
  it.each([
    [
      1,
      [
        [1, 92, 496],
        [2, 22, 152],
        [3, 26, 155],
        [4, 48, 266],
        [5, 44, 274],
      ],
    ],
    [2, PINNED_RULES_2],
  ])(
    'pinned legal-action counts along five seeded games, rules %i (a change to the rules or the shuffle shows here)',
    (rules, pinned) => {
      const module = shieldsUp.rulesFor!(rules)!;
      const counts = [1, 2, 3, 4, 5].map((seed) => {
        const dice = seededDice(seed);
        let state = module.setup({}, 2, dice).state;
        let positions = 0;
        let legal = 0;
        while (!module.result(state)) {
          const seat = module.toAct(state)[0];
          const options = module.legalActions(state, seat);
          positions++;
          legal += options.length;
          const step = module.apply(state, seat, pick(dice, options), dice);
          if (!step.ok) throw new Error(step.message);
          state = step.state;
        }
        return [seed, positions, legal];
      });
      expect(counts).toEqual(pinned);
    },
  );

  it('every event reads as a sentence', () => {
    const kinds = new Set<string>();
    for (let g = 0; g < 300; g++) {
      const { setup } = randomGame(7000 + g, (_b, _s, _a, _after, events) => {
        for (const e of events) {
          const line = shieldsUp.describe(e, ['Ana', 'Ben']);
          expect(line).not.toBe(e.type);
          expect(line).not.toMatch(/undefined|NaN|\[object/);
          kinds.add(e.type);
        }
      });
      for (const e of setup.events) expect(shieldsUp.describe(e, ['Ana', 'Ben'])).not.toBe(e.type);
    }
    expect([...kinds].sort()).toEqual(
      expect.arrayContaining([
        'battery',
        'build',
        'buy',
        'destroyed',
        'draw-card',
        'hijinks',
        'market',
        'play',
        'reshuffle',
        'set',
        'shield',
        'ship-destroyed',
        'smuggle',
        'strike',
        'turn',
        'turn-end',
      ]),
    );
  });
});
