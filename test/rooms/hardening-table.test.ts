// Issue 8, findings 5, 8 and 9: honest names and chat, a rematch seed committed before the fresh client seeds,
// and finished games that throwaway games from one address cannot evict.
import { commitmentOf, getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { Archive } from '../../server/src/store/archive';
import { create, join, nextError, serverSetup, until, type Player, logCount, toActOf } from '../helpers/server';

const env = serverSetup({ graceSeconds: 30, maxSpectators: 50, reservationsPerAddress: 4 });

async function table() {
  const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana', clientSeed: 'a1' });
  const b = await join(env.server.ws, a.room.roomId, { name: 'Ben', clientSeed: 'b1' });
  await until(() => a.room.state.phase === 'playing', 'start');
  return { a, b };
}

describe('finding 5: names and chat', () => {
  it.each([
    ['a right-to-left override', 'Ana\u202eneB'],
    ['a zero-width space', 'A\u200bna'],
    ['a line separator', 'Ana\u2028Ben'],
    ['a control character (refused before issue 8 too)', 'Ana\u0007'],
  ])('refuses a name with %s', async (_what, name) => {
    await expect(create(env.server.ws, { game: 'high-roll', name })).rejects.toThrow(/bad-options/);
  });

  it.each([
    ['the same name', 'Ana'],
    ['a Cyrillic look-alike', '\u0410na'],
    ['full-width letters', '\uff21\uff4e\uff41'],
    ['other case and spacing', 'a n a'],
  ])("refuses a player or spectator whose name reads like a seated player's: %s", async (_what, name) => {
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
    await expect(join(env.server.ws, a.room.roomId, { name })).rejects.toThrow(/name-taken/);
    await expect(join(env.server.ws, a.room.roomId, { name, want: 'watch' })).rejects.toThrow(/name-taken/);
    const ben = await join(env.server.ws, a.room.roomId, { name: 'Ben' });
    expect(ben.seat).toBe(1);
  });

  it('refuses chat lines with invisible or line-breaking characters', async () => {
    const { a } = await table();
    for (const text of ['hi\u202e', 'x\u2029y', '\u200b', 'bell\u0007']) {
      a.room.send('chat', { text });
      expect(await nextError(a)).toMatchObject({ code: 'bad-message', of: 'chat' });
    }
    expect(a.room.state.chat.length).toBe(0);
  });

  it('marks each chat line with an opaque sender id per connection, so clients mute a sender, not a name', async () => {
    const { a, b } = await table();
    const s = await join(env.server.ws, a.room.roomId, { want: 'watch', name: 'Sam' });
    for (const [i, p] of [a, b, s, a].entries()) {
      p.room.send('chat', { text: 'hello' });
      await until(() => a.room.state.chat.length === i + 1, 'the line');
    }
    const senders = a.room.state.chat.map((l: any) => l.sender);
    expect(senders[0]).toBe(senders[3]);
    expect(new Set(senders).size).toBe(3);
    for (const id of senders) expect(id).toMatch(/^[\w-]{8}$/);
    expect(a.room.state.chat.map((l: any) => l.seat)).toEqual([0, 1, -1, 0]);
  });

  it('keeps a per-room chat budget: 20 chatting spectators cannot flood the room', async () => {
    const { a, b } = await table();
    const watchers: Player[] = [];
    for (let i = 0; i < 20; i++) watchers.push(await join(env.server.ws, a.room.roomId, { want: 'watch' }));
    for (let round = 0; round < 5; round++) for (const w of watchers) w.room.send('chat', { text: 'spam '.repeat(50) });
    // Every line is either posted or refused with an error: wait until all 100 are answered.
    const busy = () => watchers.flatMap((w) => w.errors).filter((e) => e.code === 'chat-busy').length;
    await until(() => busy() + a.room.state.chat.length === 100, 'all 100 lines to be answered', 20_000);
    const lines = a.room.state.chat.length;
    // 1 line a second with a burst of 4 for all spectators together.
    expect(lines).toBeGreaterThanOrEqual(4);
    expect(lines).toBeLessThanOrEqual(6);
    expect(watchers.flatMap((w) => w.errors).some((e) => e.code === 'chat-busy')).toBe(true);
    // Players have their own budget: the flood does not silence them.
    b.room.send('chat', { text: 'still here' });
    await until(() => a.room.state.chat.some((l: any) => l.text === 'still here'), "the player's line");
    for (const w of watchers) await w.room.leave();
  });

  it("lets the players switch spectators' chat off", async () => {
    const { a } = await table();
    const s = await join(env.server.ws, a.room.roomId, { want: 'watch' });
    s.room.send('spectator-chat', { on: false });
    expect(await nextError(s)).toMatchObject({ code: 'not-seated' });
    a.room.send('spectator-chat', { on: false });
    await until(() => s.room.state.spectatorChat === false, 'the switch');
    s.room.send('chat', { text: 'hello' });
    expect(await nextError(s)).toMatchObject({ code: 'chat-off' });
    a.room.send('chat', { text: 'players still chat' });
    await until(() => s.room.state.chat.length === 1, "the player's line");
  });
});

describe('finding 4: unused reservations', () => {
  const reserve = (roomId: string, options: Record<string, unknown> = {}) =>
    fetch(`${env.server.url}/matchmake/joinById/${roomId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(options),
    }).then((r) => r.json() as Promise<{ sessionId?: string; error?: string }>);

  it('P2 admits a seat-token holder even when one address holds many unused reservations', async () => {
    // A room still waiting for its second player: one address asks for its free seat ten times and never comes.
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
    const results = [];
    for (let i = 0; i < 10; i++) results.push(await reserve(a.room.roomId, {}));
    expect(results.filter((r) => r.sessionId).length).toBe(4);
    expect(results.filter((r) => r.error).length).toBe(6);
    await a.room.leave(true);
    const back = await join(env.server.ws, a.room.roomId, { seatToken: a.token });
    expect(back.seat).toBe(0);
  });
});

describe('finding 8: rematch seeds', () => {
  it('P1 commits the rematch server seed when the game ends, before the fresh client seeds are sent', async () => {
    const { a, b } = await table();
    while (a.room.state.phase === 'playing') {
      const mover = toActOf(a.room)[0] === 0 ? a : b;
      const n = logCount(a.room.state);
      mover.room.send('action', { type: 'roll' });
      await until(() => logCount(a.room.state) > n || a.room.state.phase === 'over', 'a roll');
    }
    await until(() => a.room.state.nextCommitment && b.room.state.nextCommitment, 'the next commitment');
    const promised = a.room.state.nextCommitment as string;
    expect(promised).toMatch(/^[0-9a-f]{64}$/);
    expect(promised).not.toBe(a.room.state.commitment);
    // Both browsers see the promise, then send their fresh seeds with the rematch request.
    a.room.send('rematch', { clientSeed: 'a2' });
    b.room.send('rematch', { clientSeed: 'b2' });
    await until(() => a.room.state.round === 2 && a.room.state.phase === 'playing', 'the rematch');
    expect(a.room.state.commitment).toBe(promised);
    expect(a.room.state.nextCommitment).toBe('');
    // Sides swap, and so do the seeds' places: seat 0 is now Ben.
    expect(a.room.state.clientSeed).toBe('b2:a2');
    while (a.room.state.phase === 'playing') {
      const seat = toActOf(a.room)[0];
      const mover = a.seat === seat ? a : b;
      const n = logCount(a.room.state);
      mover.room.send('action', { type: 'roll' });
      await until(() => logCount(a.room.state) > n || a.room.state.phase === 'over', 'a roll');
    }
    await until(() => a.room.state.serverSeed, 'the reveal');
    expect(commitmentOf(a.room.state.serverSeed)).toBe(promised);
    const log = (await (await fetch(`${env.server.url}/api/games/${a.room.state.gameId}/log`)).json()) as GameLog;
    expect(verifyLog(log, getGame).ok).toBe(true);
  });
});

describe('finding 9: the archive', () => {
  const log = (gameId: string) => ({ gameId }) as GameLog;

  it('keeps a real game when one address finishes 1,001 throwaway games', () => {
    const archive = new Archive(1000, 20);
    archive.put(log('real'), '198.51.100.7');
    for (let i = 0; i < 1001; i++) archive.put(log(`junk-${i}`), '203.0.113.9');
    expect(archive.get('real')).toBeDefined();
    expect(archive.get('junk-1000')).toBeDefined();
    expect(archive.get('junk-0')).toBeUndefined();
    expect(archive.size).toBe(21);
  });

  it('when full, evicts from the address holding the most games', () => {
    const archive = new Archive(10, 8);
    for (let i = 0; i < 3; i++) archive.put(log(`a-${i}`), 'A');
    for (let i = 0; i < 8; i++) archive.put(log(`b-${i}`), 'B');
    expect(archive.size).toBe(10);
    expect(archive.get('a-0')).toBeDefined();
    expect(archive.get('b-0')).toBeUndefined();
  });
});
