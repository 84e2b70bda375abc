// The days time control (issue 33): a fresh allowance each move, a wall-time deadline that no pause stops.
import { afterMove, deadlineOf, GameClock, isDays, startClocks, timeControl } from '@dicehall/shared';

const DAY = 86_400_000;

describe('days per move', () => {
  it.each([1, 2, 3, 7])('%i day(s) a move is a valid control', (days) => {
    expect(timeControl.safeParse({ mode: 'days', days }).success).toBe(true);
  });

  it.each([0, 4, 30, 1.5])('%s days is refused', (days) => {
    expect(timeControl.safeParse({ mode: 'days', days }).success).toBe(false);
  });

  it('each move starts a fresh allowance; the deadline is the mover-to-be’s wall time', () => {
    const control = { mode: 'days', days: 2 } as const;
    const start = startClocks(control, 2, [0], 1000);
    expect(deadlineOf(start)).toBe(1000 + 2 * DAY);
    const next = afterMove(control, start, 0, [1], 1000 + DAY);
    expect(deadlineOf(next)).toBe(1000 + 3 * DAY);
    expect(isDays(control)).toBe(true);
  });

  it('a server going away pauses nothing: the clock falls on time', () => {
    let now = 0;
    const clock = new GameClock({ mode: 'days', days: 1 }, 2, [0], () => now);
    clock.pause();
    now = DAY + 1;
    clock.resume();
    expect(clock.expired()).toEqual([0]);
    expect(clock.deadline()).toBe(DAY);
  });

  it('a live clock still pauses (the time away counts for nobody)', () => {
    let now = 0;
    const clock = new GameClock({ mode: 'turn', turnSeconds: 30 }, 2, [0], () => now);
    clock.pause();
    now = 60_000;
    clock.resume();
    expect(clock.expired()).toEqual([]);
  });
});
