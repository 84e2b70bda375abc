// A party's scoreboard adds up luck (issue 34): each finished game carries every seat's luck S and variance σ² with
// the member who sat there, equal to the luck report of the game's own log; the lobby's "luck over N games" sums
// them (client/src/screens/luck-sum.ts).
import { getGame, luckReport, type GameLog, type LuckReport } from '@dicehall/shared';
import { memberLuck } from '../../client/src/screens/luck-sum';
import { enter, startTable, type Member } from '../helpers/party';
import { sleep, testServer, until, type Player } from '../helpers/server';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ reservationSeconds: 5 });
});
afterAll(async () => {
  await server.close();
});

/** Whose input the table awaits, as this client last heard (the view stream's, or the synced state's). */
const toAct = (p: Player): number[] => (p as Player & { toAct?: number[] }).toAct ?? p.room.state.toAct ?? [];

/** Both seats play the first legal action whenever it is their turn, until the table's game is over. */
async function playOut(players: Player[]) {
  const end = Date.now() + 30000;
  while (players[0]!.room.state.phase === 'playing') {
    if (Date.now() > end) throw new Error('the game did not end');
    for (const p of players) if (toAct(p).includes(p.seat!) && p.legal.length) p.room.send('action', p.legal[0]);
    await sleep(60);
  }
}

/** One game at a table of the two, played out; resolves with the lobby's record of it. */
async function playGame(ana: Member, ben: Member, played: number) {
  await playOut(await startTable(ana, ana, ben));
  await until(
    () => ana.room.state.phase === 'gathering' && ana.room.state.finished.length === played + 1,
    'the lobby back with the result',
    10000,
  );
  return ana.room.state.finished[played];
}

it('records each seat’s luck with its member, as the log’s own report says, and sums it over games', async () => {
  const ana = await enter(server.ws, null, 'Ana');
  const ben = await enter(server.ws, ana.room.roomId, 'Ben');
  ana.room.send('configure', { game: 'high-roll', options: {} });
  await until(() => ana.room.state.game === 'high-roll' && ana.room.state.seats === 2, 'the game set');

  const reports: LuckReport[] = [];
  for (let g = 0; g < 2; g++) {
    const finished = await playGame(ana, ben, g);
    const log = (await (await fetch(`${server.url}/api/games/${finished.gameId}/log`)).json()) as GameLog;
    const report = luckReport(log, getGame);
    if (!report.ok) throw new Error(report.problem);
    reports.push(report);
    const luck = JSON.parse(finished.luck) as [string, number, number][];
    expect(luck.map(([member]) => member)).toEqual([ana.id, ben.id]);
    luck.forEach(([, s, variance], seat) => {
      expect(s).toBeCloseTo(report.seats[seat]!.luck, 3);
      expect(variance).toBeCloseTo(report.seats[seat]!.sd ** 2, 3);
    });
    // Two seats: one's luck is the other's bad luck.
    expect(luck[0]![1]).toBeCloseTo(-luck[1]![1], 3);
  }
  // Over both games: the sum of S against the sum of σ², as the scoreboard shows it.
  const sum = memberLuck(ana.room.state.finished, ana.id)!;
  const s = reports.reduce((t, r) => t + r.seats[0]!.luck, 0);
  const v = reports.reduce((t, r) => t + r.seats[0]!.sd ** 2, 0);
  expect(sum.games).toBe(2);
  const z = s / Math.sqrt(v);
  expect(sum.percentile).toBeCloseTo(0.5 * (1 + erf(z / Math.SQRT2)), 3);
  expect(memberLuck(ana.room.state.finished, 'nobody')).toBeNull();
  await Promise.all([ana, ben].map((m) => m.room.leave()));
}, 90000);

/** The error function (Abramowitz–Stegun 7.1.26, |error| < 1.5e-7): an independent Φ for the check above. */
function erf(x: number): number {
  const t = 1 / (1 + 0.3275911 * Math.abs(x));
  const y =
    1 -
    ((((1.061405429 * t - 1.453152027) * t + 1.421413741) * t - 0.284496736) * t + 0.254829592) * t * Math.exp(-x * x);
  return x >= 0 ? y : -y;
}
