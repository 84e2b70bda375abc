// Dice Chess properties over thousands of seeded games: the ply bound, bookkeeping, purity, the
// move generator against a literal reading of C4/C5, log replay, and the no-leak proof for C2.
import {
  advance,
  LOG_FORMAT,
  pick,
  RecordingDice,
  replayLog,
  resultOf,
  seededDice,
  startTable,
  type Dice,
  type GameLog,
  type LogEntry,
} from '@dicehall/shared';
import {
  diceChess,
  generateMoves,
  isEffective,
  isLegalMove,
  MAX_EFFECTIVE,
  parseBoard,
  PLY_BOUND,
  positionState,
  QUIET_LIMIT,
  squareIndex,
  type DiceChessAction,
  type DiceChessEvent,
  type DiceChessState,
  type DiceChessView,
} from '@dicehall/shared/dice-chess';

type Policy = 'random' | 'aggressive' | 'marcher' | 'staller';

/** Chooses a legal action: at random, or preferring captures, effective forward moves, or ineffective moves. */
function choose(
  state: DiceChessState,
  _seat: number,
  actions: DiceChessAction[],
  policy: Policy,
  bot: Dice,
): DiceChessAction {
  if (policy === 'random' || state.phase !== 'play') return pick(bot, actions);
  const kind = (a: DiceChessAction) => {
    if (a.type !== 'move') return 'other';
    const from = squareIndex(a.from);
    const to = squareIndex(a.to);
    if (state.board[to] !== 0) return 'capture';
    return isEffective(state, from, to) ? 'effective' : 'quiet';
  };
  const want = { aggressive: ['capture'], marcher: ['effective', 'quiet'], staller: ['quiet'] }[policy];
  for (const k of want) {
    const some = actions.filter((a) => kind(a) === k);
    if (some.length) return pick(bot, some);
  }
  return pick(bot, actions);
}

/** C4/C5 read literally: whether the die on `from` may move to `to`. */
const literal = (board: number[], seat: number, from: number, to: number): boolean => {
  const c = board[from];
  if (c === 0 || c > 0 !== (seat === 0) || from === to) return false;
  const v = Math.abs(c);
  const dr = (to >> 3) - (from >> 3);
  const df = (to & 7) - (from & 7);
  const t = board[to];
  if (t !== 0 && t > 0 === c > 0) return false;
  if (t !== 0 && Math.abs(t) > v) return false;
  const step = Math.abs(dr) + Math.abs(df) === 1;
  const diagonal = Math.abs(dr) === 1 && Math.abs(df) === 1;
  const two = (Math.abs(dr) === 2 && df === 0) || (Math.abs(df) === 2 && dr === 0);
  const middle = from + ((dr / 2) * 8 + df / 2);
  return step || (diagonal && v === 6) || (two && v === 1 && board[middle] === 0);
};

function randomOrder(bot: Dice): number[] {
  const order = [...Array(16).keys()];
  for (let i = 15; i > 0; i--) {
    const j = bot.roll(i + 1) - 1;
    [order[i], order[j]] = [order[j], order[i]];
  }
  return order;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o)) deepFreeze(v);
  }
  return o;
}

const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);

/** Jest's expect is too slow for a check on every ply of thousands of games: a plain assertion. */
function check(ok: boolean, what: string): void {
  if (!ok) throw new Error(what);
}

/** Checks the bookkeeping of one state: 16 dice a side between the board and the other's captures. */
function checkBooks(s: DiceChessState) {
  const v = diceChess.view(s, null) as DiceChessView;
  const squares = v.board.map((d) => d.square);
  check(new Set(squares).size === squares.length, 'two dice on a square');
  for (const seat of [0, 1]) {
    const mine = v.board.filter((d) => d.owner === seat);
    check(mine.length === v.diceOnBoard[seat], 'dice on board');
    check(sum(mine.map((d) => d.value)) === v.boardTotals[seat], 'board total');
    check(mine.length + s.captured[1 - seat].length === 16, '16 dice a side');
    check(v.capturedTotals[seat] === sum(s.captured[seat]), 'captured total');
  }
  check(v.quiet <= QUIET_LIMIT, 'quiet count');
}

interface Played {
  state: DiceChessState;
  events: DiceChessEvent[];
  captures: number;
  forward: [number, number];
}

/** Plays one seeded game to the end with the module alone, checking invariants on every ply. */
function playGame(
  seed: number,
  policies: [Policy, Policy],
  opts: { freeze: boolean; books: boolean; compare?: boolean },
): Played {
  const dice = seededDice(seed);
  const bot = seededDice(seed ^ 0x5eed);
  const setup = diceChess.setup({ placement: seed % 2 ? 'random' : 'arrange' }, 2, dice);
  if (!setup.ok) throw new Error('setup');
  let s = setup.state;
  const events = [...setup.events];
  let captures = 0;
  const forward: [number, number] = [0, 0];
  for (let n = 0; !s.result; n++) {
    if (n > PLY_BOUND + 2) throw new Error(`seed ${seed}: more than ${PLY_BOUND} plies`);
    const toAct = diceChess.toAct(s);
    check(toAct.length > 0, 'nobody to act');
    const seat = toAct[0];
    const actions = diceChess.legalActions(s, seat);
    check(actions.length > 0, `seed ${seed}: seat ${seat} to act without a legal action`);
    const before = opts.compare ? JSON.stringify(s) : null;
    if (opts.freeze) deepFreeze(s);
    const action = seat === 0 ? choose(s, seat, actions, policies[0], bot) : choose(s, seat, actions, policies[1], bot);
    const step = diceChess.apply(
      s,
      seat,
      s.phase === 'arrange' ? { type: 'arrange', order: randomOrder(bot) } : action,
      dice,
    );
    if (!step.ok) throw new Error(`seed ${seed}: ${step.message}`);
    if (before !== null) check(JSON.stringify(s) === before, `seed ${seed}: apply changed its input`);
    events.push(...step.events);
    const took = step.events.some((e) => e.type === 'capture');
    if (took) captures++;
    if (action.type === 'move' && s.phase === 'play') {
      // The heart of the bound: a die's reach never falls and an effective forward move raises it.
      const from = squareIndex(action.from);
      const to = squareIndex(action.to);
      const moved = step.events[0];
      check(step.state.reach[to] >= s.reach[from], `seed ${seed}: a die's reach fell`);
      if (moved.type === 'move' && moved.effective) {
        check(step.state.reach[to] > s.reach[from], `seed ${seed}: progress without new ground`);
        forward[seat]++;
      }
      for (let sq = 0; sq < 64; sq++) {
        if (sq !== from && sq !== to && step.state.board[sq] !== 0)
          check(step.state.reach[sq] === s.reach[sq], `seed ${seed}: a still die's reach changed`);
      }
    }
    s = step.state;
    if (opts.books && s.phase !== 'arrange') checkBooks(s);
  }
  return { state: s, events, captures, forward };
}

describe('dice-chess properties', () => {
  it(`C7 random games always end, within the derived bound of ${PLY_BOUND} plies (per-die furthest rank)`, () => {
    // The bound and its proof are in state.ts: E ≤ 31 captures + 2 × 104 forward moves onto new ground.
    expect(MAX_EFFECTIVE).toBe(239);
    expect(PLY_BOUND).toBe(1440);
    const policies: Policy[] = ['random', 'aggressive', 'marcher', 'staller'];
    let longest = 0;
    const reasons = new Set<string>();
    for (let seed = 0; seed < 2000; seed++) {
      const pair: [Policy, Policy] =
        seed < 1360 ? ['random', 'random'] : [policies[seed % 4], policies[(seed >> 2) % 4]];
      const { state, captures, forward } = playGame(seed, pair, {
        freeze: seed % 8 === 0,
        compare: seed % 8 === 4,
        books: seed % 4 === 1,
      });
      expect(state.ply).toBeLessThanOrEqual(PLY_BOUND);
      // The two steps of the bound, checked on every game.
      expect(forward[0]).toBeLessThanOrEqual(104);
      expect(forward[1]).toBeLessThanOrEqual(104);
      expect(state.effective).toBe(captures + forward[0] + forward[1]);
      expect(captures).toBeLessThanOrEqual(31);
      expect(state.ply).toBeLessThanOrEqual(QUIET_LIMIT * state.effective + QUIET_LIMIT);
      expect(diceChess.result(state)).not.toBeNull();
      reasons.add(state.result!.draw ? 'draw' : state.result!.reason);
      longest = Math.max(longest, state.ply);
    }
    expect([...reasons].sort()).toEqual(['annihilation', 'draw', 'no-effective-play']);
    expect(longest).toBeLessThanOrEqual(PLY_BOUND);
    // Marchers make real use of the new rule: games run far longer than a few plies.
    expect(longest).toBeGreaterThan(100);
  });

  it('every event of a real game is described in a sentence', () => {
    for (let seed = 0; seed < 40; seed++) {
      for (const e of playGame(seed, ['aggressive', 'random'], { freeze: false, books: false }).events) {
        const text = diceChess.describe(e, ['Ana', 'Ben']);
        expect(text).not.toBe(e.type);
        expect(text).not.toMatch(/undefined|NaN|\n/);
      }
    }
  });

  it('C4 C5 the move generator agrees with a literal reading of the rules on random boards', () => {
    const dice = seededDice(7);
    for (let n = 0; n < 160; n++) {
      const board = Array.from({ length: 64 }, () =>
        dice.roll(3) === 1 ? (dice.roll(2) === 1 ? 1 : -1) * dice.roll(6) : 0,
      );
      for (const seat of [0, 1]) {
        const expected: number[] = [];
        for (let from = 0; from < 64; from++)
          for (let to = 0; to < 64; to++) if (literal(board, seat, from, to)) expected.push(from * 64 + to);
        expect([...generateMoves(board, seat)].sort((x, y) => x - y)).toEqual(expected);
      }
    }
  });

  it('C4 C5 the generator, the legality check and the listed actions agree with the literal reading on crowded boards', () => {
    // More dice than a game can have (up to 64 of one side): the generators' scratch space must still hold them all.
    // The last board (found by a search) gives seat 0 more moves (151) than 16 dice could have.
    const dice = seededDice(8);
    const many = parseBoard('.a..1..1/6666666./...aa..1/6666666./a.1.a.1a/66.6a6.6/.6.6.6a6/.6a6a6.6');
    for (let n = 0; n <= 60; n++) {
      const crowd = 1 + (n % 4);
      const ownShare = n % 2 === 0 ? 6 : 2;
      const board =
        n === 60
          ? many
          : Array.from({ length: 64 }, () =>
              dice.roll(5) <= crowd ? (dice.roll(6) <= ownShare ? 1 : -1) * dice.roll(6) : 0,
            );
      for (const seat of [0, 1] as const) {
        const expected: number[] = [];
        const wrong: string[] = [];
        for (let from = 0; from < 64; from++) {
          for (let to = 0; to < 64; to++) {
            const legal = literal(board, seat, from, to);
            if (legal) expected.push(from * 64 + to);
            if (isLegalMove(board, seat, from, to) !== legal) wrong.push(`${from}-${to}`);
          }
        }
        expect(wrong).toEqual([]);
        expect([...generateMoves(board, seat)].sort((x, y) => x - y)).toEqual(expected);
        const state = positionState(board, seat);
        if (state.phase === 'play' && state.turn === seat) {
          const listed = diceChess
            .legalActions(state, seat)
            .map((a) => (a.type === 'move' ? squareIndex(a.from) * 64 + squareIndex(a.to) : -1));
          expect(listed).toEqual(generateMoves(board, seat));
        }
      }
    }
  });

  it('apply never throws on a parsed action and accepts exactly the listed moves', () => {
    const fuzz = seededDice(11);
    const names = [...'abcdefgh'].flatMap((f) => [...'12345678'].map((r) => f + r));
    for (let seed = 100; seed < 140; seed++) {
      const dice = seededDice(seed);
      const setup = diceChess.setup({ placement: 'random' }, 2, dice);
      if (!setup.ok) throw new Error('setup');
      let s = setup.state;
      while (!s.result) {
        const legal = diceChess.legalActions(s, s.turn);
        const listed = new Set(legal.map((a) => JSON.stringify(a)));
        check(listed.size === legal.length, 'a move listed twice');
        for (let k = 0; k < 12; k++) {
          const action: DiceChessAction =
            k === 0
              ? { type: 'arrange', order: [...Array(16).keys()] }
              : { type: 'move', from: pick(fuzz, names), to: pick(fuzz, names) };
          for (const seat of [0, 1, 2]) {
            const r = diceChess.apply(s, seat, action, seededDice(k));
            check(
              r.ok === (seat === s.turn && listed.has(JSON.stringify(action))),
              `${JSON.stringify(action)} by ${seat}: ${r.ok}`,
            );
          }
        }
        const step = diceChess.apply(s, s.turn, pick(fuzz, legal), dice);
        if (!step.ok) throw new Error(step.message);
        s = step.state;
      }
    }
  });

  it('replaying a game log through the table reproduces the game', () => {
    for (let seed = 0; seed < 120; seed++) {
      const placement = seed % 2 ? 'random' : 'arrange';
      const dice = new RecordingDice(seededDice(seed));
      const bot = seededDice(seed + 77);
      const start = startTable(diceChess, { placement }, 2, dice);
      if (!start.ok) throw new Error(start.message);
      let table = start.table;
      const entries: LogEntry[] = [start.entry];
      while (!resultOf(diceChess, table)) {
        const seat = diceChess.toAct(table.state)[0];
        const action =
          table.state.phase === 'arrange'
            ? { type: 'arrange', order: randomOrder(bot) }
            : pick(bot, diceChess.legalActions(table.state, seat));
        const step = advance(diceChess, table, seat, 'action', action, dice);
        if (!step.ok) throw new Error(step.message);
        table = step.table;
        entries.push(step.entry);
      }
      const log: GameLog = {
        format: LOG_FORMAT,
        game: 'dice-chess',
        rules: diceChess.rulesVersion,
        gameId: `test-${seed}`,
        options: { placement },
        seats: 2,
        players: ['Ana', 'Ben'],
        fair: { scheme: 'test', commitment: '', clientSeed: '', serverSeed: null },
        entries,
        result: resultOf(diceChess, table),
      };
      const replay = replayLog(JSON.parse(JSON.stringify(log)), (id) => (id === 'dice-chess' ? diceChess : undefined));
      if (!replay.ok) throw new Error(replay.problem);
      expect(JSON.stringify(replay.table.state)).toBe(JSON.stringify(table.state));
      expect(resultOf(replay.module, replay.table)).toEqual(log.result);
    }
  });

  it('a log with a changed reroll does not replay', () => {
    const dice = new RecordingDice(seededDice(3));
    const bot = seededDice(4);
    const start = startTable(diceChess, { placement: 'random' }, 2, dice);
    if (!start.ok) throw new Error(start.message);
    let table = start.table;
    const entries: LogEntry[] = [start.entry];
    while (!entries.some((e) => e.events.some((ev) => ev.type === 'capture'))) {
      const step = advance(
        diceChess,
        table,
        table.state.turn,
        'action',
        pick(bot, diceChess.legalActions(table.state, table.state.turn)),
        dice,
      );
      if (!step.ok) throw new Error(step.message);
      table = step.table;
      entries.push(step.entry);
    }
    const last = entries[entries.length - 1];
    last.rolls = last.rolls.map((r) => ({ ...r, value: (r.value % 6) + 1 }));
    const log: GameLog = {
      format: LOG_FORMAT,
      game: 'dice-chess',
      rules: diceChess.rulesVersion,
      gameId: 'x',
      options: { placement: 'random' },
      seats: 2,
      players: ['A', 'B'],
      fair: { scheme: 'test', commitment: '', clientSeed: '', serverSeed: null },
      entries,
      result: null,
    };
    expect(replayLog(log, () => diceChess)).toMatchObject({ ok: false });
  });
});

describe('C2 no leak of a pending arrangement', () => {
  it('C2 the other seat and spectators see exactly the same whatever a seat arranged, until both confirm', () => {
    for (let seed = 0; seed < 300; seed++) {
      const setup = diceChess.setup({ placement: 'arrange' }, 2, seededDice(seed));
      if (!setup.ok) throw new Error('setup');
      const bot = seededDice(seed + 1000);
      const seat = seed % 2;
      const otherSeat = 1 - seat;
      // Two different secret arrangements by the same seat from the same position.
      const a = diceChess.apply(setup.state, seat, { type: 'arrange', order: randomOrder(bot) }, seededDice(0));
      const b = diceChess.apply(setup.state, seat, { type: 'arrange', order: [...Array(16).keys()] }, seededDice(0));
      if (!a.ok || !b.ok) throw new Error('arrange');
      // The seat itself sees its own arrangement, so the two positions do differ.
      if (JSON.stringify(a.state.pending[seat]) !== JSON.stringify(b.state.pending[seat])) {
        expect(JSON.stringify(diceChess.view(a.state, seat))).not.toBe(JSON.stringify(diceChess.view(b.state, seat)));
      }
      for (const viewer of [otherSeat, null]) {
        const va = JSON.stringify(diceChess.view(a.state, viewer));
        expect(va).toBe(JSON.stringify(diceChess.view(b.state, viewer)));
        const v = JSON.parse(va) as DiceChessView;
        expect(v.board).toEqual([]);
        expect(v.arrangement).toBeNull();
        expect(v.confirmed[seat]).toBe(true);
      }
      expect(JSON.stringify(a.events)).toBe(JSON.stringify(b.events));
      expect(a.events).toEqual([{ type: 'arranged', seat }]);
      // The second confirmation reveals both boards at once.
      const both = diceChess.apply(a.state, otherSeat, { type: 'arrange', order: randomOrder(bot) }, seededDice(0));
      if (!both.ok) throw new Error('arrange');
      expect(both.events.map((e) => e.type).slice(0, 2)).toEqual(['arranged', 'revealed']);
      const revealed = both.events[1];
      if (revealed.type !== 'revealed') throw new Error('no reveal');
      expect(revealed.homes[seat]).toEqual(a.state.pending[seat]);
      expect((diceChess.view(both.state, null) as DiceChessView).board).toHaveLength(32);
    }
  });

  it('C2 no setup or arrangement event before the reveal carries a square or an arrangement', () => {
    for (let seed = 0; seed < 200; seed++) {
      const setup = diceChess.setup({ placement: 'arrange' }, 2, seededDice(seed));
      if (!setup.ok) throw new Error('setup');
      const step = diceChess.apply(
        setup.state,
        0,
        { type: 'arrange', order: randomOrder(seededDice(seed)) },
        seededDice(0),
      );
      if (!step.ok) throw new Error('arrange');
      for (const e of [...setup.events, ...step.events]) {
        expect(Object.keys(e).sort()).toEqual(
          (
            {
              rolled: ['seat', 'type', 'values'],
              'roll-off': ['first', 'rolls', 'round', 'type'],
              arranged: ['seat', 'type'],
            } as Record<string, string[]>
          )[e.type],
        );
      }
    }
  });
});
