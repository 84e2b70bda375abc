// Time controls with a fake clock: increments, per-turn limits, timeouts, a pause over a restart, simultaneous steps.
import {
  advance,
  GameClock,
  getGame,
  RecordingDice,
  resultOf,
  resultText,
  scripted,
  startTable,
  timeControl,
  timeoutVerdict,
  type ClockState,
} from '@dicehall/shared';

/** A clock that moves only when the test says so. */
function fakeTime(start = 1_000_000) {
  let t = start;
  return {
    now: () => t,
    pass: (ms: number) => {
      t += ms;
    },
  };
}

describe('chess clock', () => {
  const control = { mode: 'chess', baseSeconds: 60, incrementSeconds: 2 } as const;

  it('runs only the awaited seat and adds the increment after each of its moves', () => {
    const time = fakeTime();
    const clock = new GameClock(control, 2, [0], time.now);
    time.pass(10_000);
    expect(clock.remaining()).toEqual([50_000, 60_000]);
    clock.moved(0, [1]);
    expect(clock.remaining()).toEqual([52_000, 60_000]);
    time.pass(5_000);
    expect(clock.remaining()).toEqual([52_000, 55_000]);
    clock.moved(1, [0]);
    expect(clock.remaining()).toEqual([52_000, 57_000]);
    expect(clock.snapshot.since).toBe(time.now());
  });

  it('a seat that moves again (a multi-step turn) gains the increment per move, not per turn', () => {
    const time = fakeTime();
    const clock = new GameClock(control, 2, [0], time.now);
    time.pass(1_000);
    clock.moved(0, [0]);
    time.pass(1_000);
    clock.moved(0, [1]);
    expect(clock.remaining()).toEqual([62_000, 60_000]);
  });

  it('falls at zero: the timer deadline is exact and the opponent of a two-seat table wins', () => {
    const time = fakeTime();
    const clock = new GameClock(control, 2, [0], time.now);
    time.pass(59_999);
    expect(clock.expired()).toEqual([]);
    expect(clock.nextExpiry()).toBe(1);
    time.pass(1);
    expect(clock.expired()).toEqual([0]);
    expect(clock.remaining()).toEqual([0, 60_000]);
    expect(timeoutVerdict(2, 0)).toEqual({ kind: 'lose', winners: [1] });
  });

  it('never goes below zero however late it is read', () => {
    const time = fakeTime();
    const clock = new GameClock(control, 2, [1], time.now);
    time.pass(600_000);
    expect(clock.remaining()).toEqual([60_000, 0]);
  });
});

describe('per-turn limit', () => {
  const control = { mode: 'turn', turnSeconds: 30 } as const;

  it('each turn starts full and unused time is not kept', () => {
    const time = fakeTime();
    const clock = new GameClock(control, 2, [0], time.now);
    time.pass(25_000);
    clock.moved(0, [1]);
    time.pass(1_000);
    clock.moved(1, [0]);
    expect(clock.remaining()).toEqual([30_000, 29_000]);
    time.pass(30_000);
    expect(clock.expired()).toEqual([0]);
  });
});

describe('simultaneous steps', () => {
  it('run every awaited clock at once; a seat that has answered stops while the other keeps going', () => {
    const time = fakeTime();
    const clock = new GameClock({ mode: 'chess', baseSeconds: 60, incrementSeconds: 0 }, 2, [0, 1], time.now);
    time.pass(10_000);
    expect(clock.remaining()).toEqual([50_000, 50_000]);
    clock.moved(1, [0]);
    time.pass(20_000);
    expect(clock.remaining()).toEqual([30_000, 50_000]);
    time.pass(30_000);
    expect(clock.expired()).toEqual([0]);
  });

  it('both falling together are reported in seat order', () => {
    const time = fakeTime();
    const clock = new GameClock({ mode: 'turn', turnSeconds: 5 }, 3, [2, 0], time.now);
    time.pass(5_000);
    expect(clock.expired()).toEqual([0, 2]);
  });

  it('in a turn limit, the seat still thinking keeps its own turn when the other answers', () => {
    const time = fakeTime();
    const clock = new GameClock({ mode: 'turn', turnSeconds: 30 }, 2, [0, 1], time.now);
    time.pass(10_000);
    clock.moved(0, [1]);
    expect(clock.remaining()).toEqual([20_000, 20_000]);
    time.pass(20_000);
    expect(clock.expired()).toEqual([1]);
  });
});

describe('pause over a restart', () => {
  it('charges nobody for the time the server was down, and survives being saved as JSON', () => {
    const time = fakeTime();
    const control = { mode: 'chess', baseSeconds: 60, incrementSeconds: 0 } as const;
    const clock = new GameClock(control, 2, [1], time.now);
    time.pass(15_000);
    clock.pause();
    const saved = JSON.parse(JSON.stringify(clock.snapshot)) as ClockState;
    time.pass(3_600_000);
    const back = GameClock.restore(control, saved, time.now);
    expect(back.remaining()).toEqual([60_000, 45_000]);
    expect(back.expired()).toEqual([]);
    expect(back.nextExpiry()).toBeNull();
    back.resume();
    time.pass(5_000);
    expect(back.remaining()).toEqual([60_000, 40_000]);
    expect(back.nextExpiry()).toBe(40_000);
  });

  it('pausing twice or resuming a running clock changes nothing', () => {
    const time = fakeTime();
    const clock = new GameClock({ mode: 'turn', turnSeconds: 10 }, 2, [0], time.now);
    time.pass(1_000);
    clock.pause();
    const once = clock.snapshot;
    time.pass(1_000);
    clock.pause();
    expect(clock.snapshot).toBe(once);
    clock.resume();
    const resumed = clock.snapshot;
    clock.resume();
    expect(clock.snapshot).toBe(resumed);
  });
});

describe('timeouts with more than two seats', () => {
  it("follow the game's declared policy, eliminating when it declares none", () => {
    expect(timeoutVerdict(4, 2, 'skip')).toEqual({ kind: 'skip', seat: 2 });
    expect(timeoutVerdict(3, 1)).toEqual({ kind: 'eliminate', seat: 1 });
  });
});

describe('time control options', () => {
  it.each([
    [{ mode: 'none' }, true],
    [{ mode: 'chess', baseSeconds: 300, incrementSeconds: 5 }, true],
    [{ mode: 'turn', turnSeconds: 30 }, true],
    [{ mode: 'chess', baseSeconds: 0, incrementSeconds: 0 }, false],
    [{ mode: 'chess', baseSeconds: 60, incrementSeconds: -1 }, false],
    [{ mode: 'chess', baseSeconds: 1e12, incrementSeconds: 0 }, false],
    [{ mode: 'turn', turnSeconds: 2.5 }, false],
    [{ mode: 'turn', turnSeconds: 30, extra: 1 }, false],
    [{ mode: 'sudden' }, false],
  ])('%j is accepted: %s', (input, ok) => {
    expect(timeControl.safeParse(input).success).toBe(ok);
  });
});

describe('the timeout entry of the table', () => {
  it('ends the game for the seat that ran out, and says so', () => {
    const game = getGame('high-roll')!;
    const dice = new RecordingDice(scripted(Array(40).fill(3)));
    const start = startTable(game, {}, 2, dice);
    if (!start.ok) throw new Error(start.message);
    const step = advance(game, start.table, 1, 'timeout', undefined, dice);
    if (!step.ok) throw new Error((step as { message: string }).message);
    expect(step.entry).toMatchObject({ kind: 'timeout', seat: 1, events: [{ type: 'timeout', seat: 1 }] });
    const result = resultOf(game, step.table)!;
    expect(result).toMatchObject({ winners: [0], draw: false, reason: 'timeout' });
    expect(resultText(game, result, ['Ann', 'Bo'], 1)).toBe('You ran out of time');
    expect(resultText(game, result, ['Ann', 'Bo'], null)).toBe('Ann wins — Bo ran out of time');
    expect(advance(game, step.table, 0, 'timeout', undefined, dice)).toMatchObject({ ok: false, code: 'game-over' });
  });
});
