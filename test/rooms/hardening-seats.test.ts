// Issue 8, finding 4: a seat cannot be locked out. Spectators have their own cap, a seat-token holder is always
// admitted, and the claim grace is the server's, shown to both players before they sit. (Reservations per address:
// hardening-table.test.ts, whose server allows many spectators.)
import { create, join, nextError, serverSetup, until } from '../helpers/server';

const env = serverSetup({ maxSpectators: 3, graceSeconds: 30 });

async function table() {
  const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
  const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
  await until(() => a.room.state.phase === 'playing', 'start');
  return { a, b };
}

it('P2 admits a seat-token holder even when the spectator cap is reached', async () => {
  const { a, b } = await table();
  const watchers = [];
  for (let i = 0; i < 3; i++) watchers.push(await join(env.server.ws, a.room.roomId, { want: 'watch' }));
  await expect(join(env.server.ws, a.room.roomId, { want: 'watch' })).rejects.toThrow(/full/);
  await b.room.leave(true);
  await until(() => a.room.state.seats[1].connected === false, 'the drop');
  const back = await join(env.server.ws, a.room.roomId, { seatToken: b.token });
  expect(back.seat).toBe(1);
  await until(() => a.room.state.seats[1].connected, 'the return');
  for (const w of watchers) await w.room.leave();
});

it('P3 the claim grace is server policy, shown before sitting; a creator cannot shorten it', async () => {
  const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana', graceSeconds: 1 });
  expect(a.room.state.graceSeconds).toBe(30);
  const b = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
  // The joiner sees the grace before the game starts (it arrives with the first state).
  expect(b.room.state.graceSeconds).toBe(30);
  await until(() => a.room.state.phase === 'playing', 'start');
  await b.room.leave(false);
  await until(() => a.room.state.seats[1].connected === false, 'the drop');
  // The server's 30 s, not the creator's 1 s: the deadline says so; no wait past 1 s is needed to show it.
  expect(a.room.state.seats[1].graceEndsAt).toBeGreaterThan(Date.now() + 25_000);
  a.room.send('claim');
  expect(await nextError(a)).toMatchObject({ code: 'not-claimable' });
});
