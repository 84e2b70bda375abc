// Rules engines A/B (issue 18): games per CPU-second of two compiled builds of the shared package, interleaved in one
// process, so a loaded machine weighs on both alike. CPU time (process.cpuUsage), not wall time: other jobs do not count.
// Run: npx tsc -b server && node bench/rules-ab.js <seconds> <rounds> <baseline shared/dist> [candidate dist, default shared/dist]
// (a baseline: `git worktree add /tmp/base <commit> && cd /tmp/base && npm install && npx tsc -b server`, or a copy of
// shared/dist taken before a change, with a node_modules link beside it).
// A/B: games/s of the compiled rules, baseline copy vs current dist, interleaved in one process.
const [A, B] = [
  require(require('node:path').resolve(process.argv[4])),
  require(require('node:path').resolve(process.argv[5] ?? 'shared/dist')),
];
const secs = Number(process.argv[2] ?? 1),
  rounds = Number(process.argv[3] ?? 4);
function shields(S, opts) {
  const { pick, seededDice } = S;
  const m = S.getGame('shields');
  let games = 0;
  const c0 = process.cpuUsage();
  const cpu = () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  while ((games & 31) !== 0 || cpu() < secs) {
    const dice = seededDice(games + 1);
    let st = m.setup(opts, 2, dice).state;
    while (m.result(st) === null) {
      const seat = m.toAct(st)[0];
      const step = m.apply(st, seat, pick(dice, m.legalActions(st, seat)), dice);
      if (!step.ok) throw new Error(step.message);
      st = step.state;
    }
    games++;
  }
  return games / cpu();
}
function chess(S, placement) {
  const { pick, seededDice } = S;
  const m = S.getGame('dice-chess');
  let games = 0;
  const c0 = process.cpuUsage();
  const cpu = () => {
    const c = process.cpuUsage(c0);
    return (c.user + c.system) / 1e6;
  };
  while ((games & 31) !== 0 || cpu() < secs) {
    const dice = seededDice(games);
    const bot = seededDice(games ^ 0x9e3779b9);
    let s = m.setup({ placement }, 2, dice).state;
    while (!s.result) {
      const seat = m.toAct(s)[0];
      const step = m.apply(s, seat, pick(bot, m.legalActions(s, seat)), dice);
      if (!step.ok) throw new Error(step.message);
      s = step.state;
    }
    games++;
  }
  return games / cpu();
}
const cases = [
  ['shields single', (S) => shields(S, { bestOf: 1, resurrection: false })],
  ['shields resurrection', (S) => shields(S, { bestOf: 1, resurrection: true })],
  ['dice-chess random', (S) => chess(S, 'random')],
];
for (const [name, f] of cases) {
  const a = [],
    b = [];
  for (let r = 0; r < rounds; r++) {
    a.push(f(A));
    b.push(f(B));
  }
  const med = (x) => x.slice().sort((p, q) => p - q)[x.length >> 1];
  console.log(
    name.padEnd(22),
    'base',
    a.map(Math.round).join(','),
    'now',
    b.map(Math.round).join(','),
    'ratio',
    (med(b) / med(a)).toFixed(2),
  );
}
