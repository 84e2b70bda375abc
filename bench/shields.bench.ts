// Shields rules benchmark: random legal play with seeded dice for about five seconds per configuration.
// Run: npx tsx bench/shields.bench.ts [seconds]
import { pick, seededDice } from '@dicehall/shared';
import { shields, type ShieldsOptions } from '@dicehall/shared/shields';

function run(label: string, options: ShieldsOptions, seconds: number) {
  let games = 0;
  let actions = 0;
  const start = process.hrtime.bigint();
  const limit = BigInt(Math.round(seconds * 1e9));
  while (process.hrtime.bigint() - start < limit) {
    const dice = seededDice(games + 1);
    let state = shields.setup(options, 2, dice).state;
    while (shields.result(state) === null) {
      const seat = shields.toAct(state)[0];
      const step = shields.apply(state, seat, pick(dice, shields.legalActions(state, seat)), dice);
      if (!step.ok) throw new Error(`refused a legal action: ${step.message}`);
      state = step.state;
      actions++;
    }
    games++;
  }
  const s = Number(process.hrtime.bigint() - start) / 1e9;
  console.log(
    `${label.padEnd(28)} ${games} games in ${s.toFixed(2)} s: ${Math.round(games / s)} games/s, ` +
      `${Math.round(actions / s)} actions/s, ${(actions / games).toFixed(1)} actions/game`,
  );
}

const seconds = Number(process.argv[2] ?? 5);
console.log(`Node ${process.version}, ${seconds} s per line, one core`);
run('single game', { bestOf: 1, resurrection: false }, seconds);
run('best of three', { bestOf: 3, resurrection: false }, seconds);
run('single game, resurrection', { bestOf: 1, resurrection: true }, seconds);
