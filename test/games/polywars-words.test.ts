// Polywars in a player's words (issue 28): over seeded games of every scenario, played by a rusher (attack, else
// step toward the nearest enemy, else the first action), every legal action's words (the buttons and the "All
// moves" list) name dice as "Ana's d6 (4)" with no die numbers ("#3") or coordinates, and every log line (the
// module's `describe`) gives no coordinates and no bare event type.
import { seededDice } from '@dicehall/shared';
import { polywars, type PolywarsAction, type PolywarsOptions, type PolywarsState } from '@dicehall/shared/polywars';
import type { Snapshot } from '../../client/src/net/store';
import { actionLabel, moveLabel } from '../../client/src/games/polywars/text';

const NAMES = ['Ana', 'Ben', 'Cid'];
const COORDS = /\(\d+(\.\d+)?, \d+(\.\d+)?\)/;

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

const SCENARIOS: PolywarsOptions[] = [
  { scenario: 'kill-the-king', budget: 30, cycleLimit: 3 },
  { scenario: 'capture-the-flag', budget: 30, cycleLimit: 3 },
  { scenario: 'rescue-mission', budget: 30, cycleLimit: 3 },
  { scenario: 'attack-on-tokyo', budget: 30, cycleLimit: 3 },
  { scenario: 'snipe-hunt', budget: 30, cycleLimit: 2 },
];

it.each(SCENARIOS.map((o) => [o.scenario, o] as const))('%s: buttons and log lines in words', (_, options) => {
  const dice = seededDice(28);
  const seats = polywars.seatsFor?.(options) ?? 2;
  const start = polywars.setup(options, Math.min(seats, 3), dice);
  let s = start.state;
  let labels = 0;
  let lines = 0;
  const words: string[] = [];
  for (let n = 0; n < 150 && !polywars.result(s); n++) {
    const seat = polywars.toAct(s)[0]!;
    const legal = polywars.legalActions(s, seat) as PolywarsAction[];
    const snap = { view: polywars.view(s, seat), seats: NAMES, mySeat: seat } as unknown as Snapshot;
    // Up to about 30 of them a position (hundreds of sampled steps say the same thing in different directions).
    const every = Math.ceil(legal.length / 30);
    for (const a of legal.filter((_, i) => i % every === 0 || legal[i]!.type !== 'step')) {
      const text = moveLabel(a, snap);
      expect(text).not.toMatch(/#\d/);
      expect(text).not.toMatch(COORDS);
      // The buttons leave only forces and steps to the board's own controls.
      expect(actionLabel(a, snap) === null).toBe(a.type === 'build' || a.type === 'step');
      labels++;
      if (text.includes("'s d")) words.push(text);
    }
    const step = polywars.apply(s, seat, rush(s, seat, legal), dice);
    if (!step.ok) throw new Error(`${step.code}: ${step.message}`);
    for (const e of step.events) {
      const line = polywars.describe(e, NAMES);
      expect(line).not.toBe(e.type);
      expect(line).not.toMatch(COORDS);
      lines++;
    }
    s = step.state;
  }
  expect(labels).toBeGreaterThan(20);
  expect(lines).toBeGreaterThan(10);
  // Dice are named by owner, type and value.
  for (const w of words) expect(w).toMatch(/(Ana|Ben|Cid)'s (\w+ )?d\d+ \(\d+\)/);
});

it('a step and an attack read as the issue asks', () => {
  const step = { type: 'step', seat: 0, die: 3, from: { x: 100, y: 100 }, to: { x: 200, y: 100 } };
  expect(polywars.describe(step, ['Ana', 'Ben'])).toBe("Ana's die 3 steps 1.0 R east");
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
  };
  expect(polywars.describe(hit, ['Ana', 'Ben'])).toBe("Attack: Ana's die 3 hits die 9 for 2 (rolled 2 against 5)");
  const miss = { ...hit, zap: true, range: 2, command: 6, against: 3, outcome: 'failed' };
  expect(polywars.describe(miss, ['Ana', 'Ben'])).toBe(
    "Zap (range 2): Ana's die 3 misses die 9 and takes 1 (rolled 6 against 3)",
  );
});
