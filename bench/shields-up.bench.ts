// Shields Up rules benchmark: random legal play with seeded dice on one core, for a few seconds per run.
// Run: npx tsx --tsconfig tsconfig.base.json bench/shields-up.bench.ts [seconds]
import { pick, seededDice } from '@dicehall/shared';
import { shieldsUp } from '@dicehall/shared/shields-up';

function run(seconds: number, withViews: boolean) {
  let games = 0;
  let actions = 0;
  let turns = 0;
  const cpu0 = process.cpuUsage();
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < limit) {
    const dice = seededDice(games + 1);
    let state = shieldsUp.setup({}, 2, dice).state;
    while (shieldsUp.result(state) === null) {
      const seat = shieldsUp.toAct(state)[0];
      const step = shieldsUp.apply(state, seat, pick(dice, shieldsUp.legalActions(state, seat)), dice);
      if (!step.ok) throw new Error(`refused a legal action: ${step.message}`);
      state = step.state;
      // What the room does after every action: a view for each seat and one for spectators.
      if (withViews) for (const s of [0, 1, null]) JSON.stringify(shieldsUp.view(state, s));
      actions++;
    }
    turns += state.turns;
    games++;
  }
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  // On a shared machine the wall clock also counts time other processes had the core; CPU time does not.
  const used = process.cpuUsage(cpu0);
  const cpu = (used.user + used.system) / 1e6;
  const label = withViews ? 'rules + three views per action' : 'rules only';
  console.log(
    `${label.padEnd(32)} ${games} games in ${s.toFixed(2)} s: ${Math.round(games / s)} games/s, ` +
      `${Math.round(actions / s)} actions/s (${Math.round(games / cpu)} games per CPU second), ${(actions / games).toFixed(1)} actions and ${(turns / games).toFixed(1)} turns per game`,
  );
}

const seconds = Number(process.argv[2] ?? 5);
console.log(`Node ${process.version}, ${seconds} s per line, one core`);
run(seconds, false);
run(seconds, false);
run(seconds, true);
