// Polywars rules 3 (issue 28): events name their dice (owner, type, value), so log lines read "Ana's d8 (5) hits
// Ben's d6 (4)", never "die 21"; a game recorded under rules 2 still verifies and replays in its own words.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { getGame, replayLog, resultOf, rulesOfLog, seededDice, verifyLog, type GameLog } from '@dicehall/shared';
import { polywars, type PolywarsAction, type PolywarsState } from '@dicehall/shared/polywars';

const NAMES = ['Ana', 'Ben'];
// Recorded with test/fixtures/record.ts under rules 2: Kill the King for two, budget 30, cycle limit 4, bot seed 3.
const archived = (): GameLog =>
  JSON.parse(readFileSync(join(__dirname, '..', 'fixtures', 'polywars-v2-king.json'), 'utf8')) as GameLog;

describe('Polywars logs of rules 2', () => {
  it('polywars-v2-king.json, recorded before events named their dice, verifies and replays under rules 2', () => {
    const log = archived();
    expect(rulesOfLog(log)).toBe(2);
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    const replay = replayLog(log, getGame);
    if (!replay.ok) throw new Error(replay.problem);
    expect(replay.module.rulesVersion).toBe(2);
    expect(resultOf(replay.module, replay.table)).toEqual(log.result);
    // Its lines read as they were recorded: dice by number.
    const lines = log.entries.flatMap((e) => (e.events ?? []).map((x) => polywars.describe(x, NAMES)));
    expect(lines.join('\n')).toMatch(/Ana's die \d+ steps /);
  });

  it('the same log judged as rules 3 fails: the version matters', () => {
    const log = { ...archived(), rules: 3 };
    const verdict = verifyLog(log, getGame);
    expect(verdict.ok).toBe(false);
    expect(verdict.problems.join(' ')).toMatch(/events differ/);
  });
});

/** Attack, else step toward the nearest enemy (two dice a phase), else end the phase. */
function rush(s: PolywarsState, seat: number, legal: PolywarsAction[]): PolywarsAction {
  const attack = legal.find((a) => a.type === 'attack' || a.type === 'zap-back');
  if (attack) return attack;
  const enemy = (x: number, y: number) =>
    Math.min(
      ...s.dice.filter((d) => d.alive && d.x !== null && d.owner !== seat).map((d) => Math.hypot(d.x! - x, d.y! - y)),
    );
  const steps = legal.filter((a): a is Extract<PolywarsAction, { type: 'step' }> => a.type === 'step');
  if (steps.length && s.moved.length < 2) return steps.sort((a, b) => enemy(a.x, a.y) - enemy(b.x, b.y))[0]!;
  return legal.find((a) => a.type === 'done') ?? legal.find((a) => a.type === 'bid') ?? legal[0]!;
}

/** A rules-3 game of Kill the King played to its turns, stepping and attacking, with every event's line. */
function play(seed: number): { lines: string[]; events: Record<string, unknown>[]; last: PolywarsState } {
  const dice = seededDice(seed);
  let s = polywars.setup({ scenario: 'kill-the-king', budget: 30, cycleLimit: 6 }, 2, dice).state;
  const lines: string[] = [];
  const events: Record<string, unknown>[] = [];
  for (let n = 0; n < 400 && !polywars.result(s); n++) {
    const seat = polywars.toAct(s)[0]!;
    const legal = polywars.legalActions(s, seat) as PolywarsAction[];
    const pick = rush(s, seat, legal);
    const step = polywars.apply(s, seat, pick, dice);
    if (!step.ok) throw new Error(step.message);
    for (const e of step.events) {
      events.push(e);
      lines.push(polywars.describe(e, NAMES));
    }
    s = step.state;
  }
  return { lines, events, last: s };
}

describe('Polywars rules 3: dice named in the log', () => {
  const { lines, events } = play(28);
  const text = lines.join('\n');

  it('this build plays rules 3', () => {
    expect(polywars.rulesVersion).toBe(3);
    expect(getGame('polywars')!.rulesFor?.(2)?.rulesVersion).toBe(2);
  });

  it('no line names a die by its number; steps and attacks name owner, type and value', () => {
    expect(lines.length).toBeGreaterThan(30);
    expect(text).not.toMatch(/\bdie \d+|Die \d+/);
    expect(text).toMatch(/^(Ana|Ben)'s (\w+ )?d\d+ \(\d+\) steps \d+\.\d R [a-z-]+$/m);
    expect(text).toMatch(
      /^(Attack|Zap \(range \d+\)): (Ana|Ben)'s (\w+ )?d\d+ \(\d+\) (hits|misses) (Ana|Ben)'s (\w+ )?d\d+ \(\d+\)/m,
    );
  });

  it('every event that names a die carries it: seat, sides and value as the die stood before the action', () => {
    const named = events.filter((e) => typeof e.die === 'number');
    expect(named.length).toBeGreaterThan(10);
    for (const e of named) {
      const d = (e.dice as Record<number, { seat: number; sides: number; value: number }>)[e.die as number];
      expect(d).toEqual(expect.objectContaining({ seat: expect.any(Number), sides: expect.any(Number) }));
      expect(d.value).toBeGreaterThanOrEqual(1);
      expect(d.value).toBeLessThanOrEqual(d.sides);
    }
  });

  it('an attack reads as the issue asks', () => {
    const dice = {
      3: { seat: 0, sides: 8, value: 5 },
      9: { seat: 1, sides: 6, value: 4 },
    };
    const hit = {
      type: 'attack',
      seat: 0,
      die: 3,
      target: 9,
      zap: false,
      range: 0,
      command: 2,
      against: 5,
      outcome: 'successful',
      dice,
    };
    expect(polywars.describe(hit, NAMES)).toBe("Attack: Ana's d8 (5) hits Ben's d6 (4) for 2 (rolled 2 against 5)");
    const twin = { ...hit, dice: { ...dice, 9: { ...dice[9], nth: 2 } } };
    expect(polywars.describe(twin, NAMES)).toBe(
      "Attack: Ana's d8 (5) hits Ben's second d6 (4) for 2 (rolled 2 against 5)",
    );
    const zap = { type: 'power', power: 'damage-field', seat: 0, die: 3, targets: [9], dice };
    expect(polywars.describe(zap, NAMES)).toBe("Ana's d8 (5) uses damage field: Ben's d6 (4)");
  });

  it('the same seed names the same dice (events are stable)', () => {
    expect(play(28).events).toEqual(events);
  });
});
