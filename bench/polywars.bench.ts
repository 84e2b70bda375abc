// Polywars rules benchmark: legalActions and apply rates with 40 dice on the field (two forces of 20), by turn phase.
// Run: npx tsx --tsconfig tsconfig.base.json bench/polywars.bench.ts [seconds]
import { pick, seededDice } from '@dicehall/shared';
import { polywars, type PolywarsState } from '@dicehall/shared/polywars';

/** Twenty dice a side: 8 coins, 4 d4, 4 d6, 2 d8, a d10 and a d12 (94 sides). */
const FORCE = [2, 2, 2, 2, 2, 2, 2, 2, 4, 4, 4, 4, 6, 6, 6, 6, 8, 8, 10, 12];

function deployed(seed: number): PolywarsState {
  const dice = seededDice(seed);
  let s = polywars.setup({ scenario: 'kill-the-king', budget: 120, cycleLimit: 100 }, 2, dice).state;
  const play = (seat: number, a: any) => {
    const r = polywars.apply(s, seat, a, dice);
    if (!r.ok) throw new Error(r.message);
    s = r.state;
  };
  play(0, { type: 'build', dice: FORCE });
  play(1, { type: 'build', dice: FORCE });
  play(0, polywars.legalActions(s, 0)[0]);
  play(1, polywars.legalActions(s, 1)[0]);
  // Bring the armies face to face: seat 1's dice move next to seat 0's (same layout mirrored 3 R away).
  const s0 = s.dice.filter((d) => d.owner === 0);
  s.dice
    .filter((d) => d.owner === 1)
    .forEach((d, i) => {
      d.x = s0[i].x! + 300;
      d.y = s0[i].y;
    });
  return s;
}

const seconds = Number(process.argv[2] ?? 5);
const start = deployed(1);
console.log(
  `Node ${process.version}; ${start.dice.filter((d) => d.alive && d.x !== null).length} dice on the field; ${seconds} s of random play`,
);

const time: Record<string, { n: number; ms: number; actions: number }> = {};
let applyN = 0;
let applyMs = 0;
let state = start;
const dice = seededDice(7);
const t0 = performance.now();
while (performance.now() - t0 < seconds * 1000) {
  if (polywars.result(state) || state.dice.filter((d) => d.alive).length < 30) state = start; // keep about 40 dice on the field
  const seat = polywars.toAct(state)[0];
  const key = state.phase === 'turns' ? (state.pendingZap ? 'zap-back' : state.turnPhase) : state.phase;
  let t = performance.now();
  const acts = polywars.legalActions(state, seat);
  const dt = performance.now() - t;
  const k = (time[key] ??= { n: 0, ms: 0, actions: 0 });
  k.n++;
  k.ms += dt;
  k.actions += acts.length;
  const a = pick(dice, acts);
  t = performance.now();
  const r = polywars.apply(state, seat, a, dice);
  applyMs += performance.now() - t;
  applyN++;
  if (!r.ok) throw new Error(r.message);
  state = r.state;
}
console.log('legalActions by phase:');
for (const [k, v] of Object.entries(time)) {
  console.log(
    `  ${k.padEnd(8)} ${String(v.n).padStart(7)} calls  ${(v.n / (v.ms / 1000)).toFixed(0).padStart(8)} calls/s  ${(v.actions / v.n).toFixed(1).padStart(6)} actions per call`,
  );
}
console.log(`apply: ${applyN} calls, ${(applyN / (applyMs / 1000)).toFixed(0)} applies/s`);
