// Polywars through the real server: six colyseus.js clients play short Kill the King games (the room seats the
// module's maximum today), a spectator's view never changes with a secret answer before the reveal, and every
// log verifies.
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { create, join, serverSetup, until, type Player, logCount, toActOf } from '../helpers/server';

const env = serverSetup({ rateBurst: 1000, ratePerSecond: 1000 });

/** The spectator's view without the list of who has answered and who is awaited, which a secret answer does change. */
function publicPart(view: any): string {
  const { answered: _a, toAct: _t, ...rest } = view;
  return JSON.stringify(rest);
}

async function playOne(i: number): Promise<{ gameId: string; actions: number; leaks: number; secretChecks: number }> {
  const options = { scenario: 'kill-the-king', budget: 12, cycleLimit: 2 };
  const host = await create(env.server.ws, { game: 'polywars', name: 'P0', clientSeed: `p0-${i}`, options });
  const players: Player[] = [host];
  for (let k = 1; k < 6; k++)
    players.push(await join(env.server.ws, host.room.roomId, { name: `P${k}`, clientSeed: `p${k}-${i}` }));
  const watcher = await join(env.server.ws, host.room.roomId, { name: 'Watcher' });
  const state = () => host.room.state;
  await until(() => state().phase === 'playing' && players.every((p) => p.seat !== null), 'the game to start', 10000);
  const bySeat = new Map(players.map((p) => [p.seat!, p]));
  let actions = 0;
  let leaks = 0;
  let secretChecks = 0;
  try {
    while (state().phase === 'playing') {
      const seat: number = toActOf(state())[0];
      const p = bySeat.get(seat)!;
      // The mover's own stream is as far as the host's (lines and whose turn come with its view in one frame), so its
      // legal actions are this position's.
      await until(
        () =>
          logCount(p.room.state) === logCount(state()) &&
          JSON.stringify(toActOf(p.room)) === JSON.stringify(toActOf(state())),
        `game ${i}: the mover to catch up`,
        10000,
      );
      const legal = p.legal;
      if (!legal?.length) throw new Error(`game ${i}: seat ${seat} to act with no legal action`);
      const seen = logCount(state());
      const action = legal[(actions * 7 + i) % legal.length];
      // A bid that is not the last one: the spectator's view may change only in who has answered.
      const secretStep = toActOf(state()).length > 1;
      const before = secretStep ? publicPart(watcher.view) : null;
      p.room.send('action', action);
      actions++;
      await until(
        () =>
          (logCount(state()) > seen && logCount(watcher.room.state) > seen) ||
          state().phase !== 'playing' ||
          p.errors.length > 0,
        `game ${i} action ${actions}`,
        10000,
      );
      if (p.errors.length)
        throw new Error(
          `game ${i} action ${actions} refused: ${JSON.stringify(p.errors)} for ${JSON.stringify(action)}`,
        );
      if (before !== null && publicPart(watcher.view) !== before) leaks++;
      if (secretStep) secretChecks++;
      if (actions > 5000) throw new Error(`game ${i} does not end`);
    }
    await until(() => state().serverSeed, `game ${i} to reveal its seed`);
    return { gameId: state().gameId, actions, leaks, secretChecks };
  } finally {
    await Promise.all([...players, watcher].map((p) => p.room.leave()));
  }
}

it('W5 W6 plays six-player Kill the King games through the server, no secret answer shows early, every log verifies', async () => {
  for (let i = 0; i < 2; i++) {
    const r = await playOne(i);
    expect(r.leaks).toBe(0);
    expect(r.secretChecks).toBeGreaterThan(10); // forces, placements, bids and heals answered while others were still to answer
    const res = await fetch(`${env.server.url}/api/games/${r.gameId}/log`);
    expect(res.status).toBe(200);
    const log = (await res.json()) as GameLog;
    const verdict = verifyLog(log, getGame);
    expect(verdict.problems).toEqual([]);
    expect(verdict.ok).toBe(true);
    expect(log.seats).toBe(6);
    expect(['last-leader', 'cycle-limit']).toContain(log.result?.reason);
    expect(r.actions).toBeGreaterThan(20);
  }
}, 120000);
