// Polywars rooms sized by their options: three colyseus.js players and a spectator play a whole Kill the King by
// random legal actions, one player resigns midway and only leaves, the spectator never sees a secret answer before
// the reveal, and the log verifies. A seat count the scenario does not take is refused when the room is made.
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { create, join, parse, serverSetup, until, type Player, logCount, toActOf } from '../helpers/server';

const env = serverSetup({ rateBurst: 1000, ratePerSecond: 1000 });

/** The spectator's view without who has answered and who is awaited, which a secret answer does change. */
function publicPart(viewJson: string): string {
  const { answered: _a, toAct: _t, ...rest } = parse(viewJson);
  return JSON.stringify(rest);
}

it('refuses a seat count the scenario does not take, with a coded error', async () => {
  await expect(
    create(env.server.ws, { game: 'polywars', name: 'P0', options: { scenario: 'snipe-hunt', seats: 3 } }),
  ).rejects.toThrow(/bad-options: Snipe Hunt is for 2 players/);
});

it('W5 W6 three seats and a spectator: a whole Kill the King by random legal actions, a resignation that only leaves, no early secrets, the log verifies', async () => {
  const options = { scenario: 'kill-the-king', budget: 14, cycleLimit: 4, seats: 3 };
  const host = await create(env.server.ws, { game: 'polywars', name: 'P0', clientSeed: 'a', options });
  const players: Player[] = [host];
  for (let k = 1; k < 3; k++)
    players.push(await join(env.server.ws, host.room.roomId, { name: `P${k}`, clientSeed: `s${k}` }));
  const watcher = await join(env.server.ws, host.room.roomId, { name: 'Watcher' });
  const state = () => host.room.state;
  await until(() => state().phase === 'playing' && players.every((p) => p.seat !== null), 'the game to start', 10000);
  expect(state().seats.length).toBe(3);
  expect(watcher.seat).toBeNull();
  const bySeat = new Map(players.map((p) => [p.seat!, p]));
  let actions = 0;
  let leaks = 0;
  let secretChecks = 0;
  let resigned = -1;
  try {
    while (state().phase === 'playing') {
      const spectated = watcher.view;
      // The spectator's own answers are empty, and bids are not shown while bidding goes on.
      expect(spectated.mine).toEqual({ force: null, placement: null, bid: null, heal: null });
      if (spectated.phase === 'bid') expect(spectated.lastBids).toBeNull();
      // Once turns have begun in the second cycle, the last seat resigns: only it leaves the game.
      if (resigned < 0 && spectated.cycle >= 2 && spectated.phase === 'turns' && spectated.inGame.every(Boolean)) {
        resigned = 2;
        const seen = logCount(state());
        bySeat.get(2)!.room.send('resign', {});
        await until(() => logCount(state()) > seen && host.view?.inGame[2] === false, 'the resignation', 10000);
        expect(state().phase).toBe('playing');
        continue;
      }
      const seat: number = toActOf(state())[0];
      const p = bySeat.get(seat)!;
      // Each socket brings its own frames: act once the mover's stream is as far as the host's (its legal actions
      // are then this position's).
      await until(
        () =>
          logCount(p.room.state) === logCount(state()) &&
          JSON.stringify(toActOf(p.room)) === JSON.stringify(toActOf(state())),
        `the mover to catch up (action ${actions + 1})`,
        10000,
      );
      const legal = p.legal as unknown[];
      if (!legal?.length) throw new Error(`seat ${seat} to act with no legal action`);
      const seen = logCount(state());
      const action = legal[(actions * 7 + 3) % legal.length];
      const secretStep = toActOf(state()).length > 1;
      const before = secretStep ? publicPart(JSON.stringify(watcher.view)) : null;
      p.room.send('action', action);
      actions++;
      await until(
        () => (logCount(state()) > seen && logCount(watcher.room.state) > seen) || state().phase !== 'playing',
        `action ${actions}`,
        10000,
      );
      if (before !== null && publicPart(JSON.stringify(watcher.view)) !== before) leaks++;
      if (secretStep) secretChecks++;
      if (actions > 4000) throw new Error('the game does not end');
    }
    await until(() => state().serverSeed, 'the seed to be revealed');
  } finally {
    await Promise.all([...players, watcher].map((p) => p.room.leave()));
  }
  expect(resigned).toBe(2);
  expect(leaks).toBe(0);
  expect(secretChecks).toBeGreaterThan(6);
  const res = await fetch(`${env.server.url}/api/games/${state().gameId}/log`);
  const log = (await res.json()) as GameLog;
  const verdict = verifyLog(log, getGame);
  expect(verdict.problems).toEqual([]);
  expect(verdict.ok).toBe(true);
  expect(log.seats).toBe(3);
  expect(log.entries.some((e) => e.kind === 'resign' && e.seat === 2)).toBe(true);
  expect(log.result?.winners).not.toContain(2);
  console.log(`3-seat Kill the King: ${actions} actions, ended by ${log.result?.reason}`);
}, 120000);
