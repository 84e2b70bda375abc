// Hostile input never crashes the server or changes a game: random messages of every type with random
// payloads, numeric message types, and raw garbage frames, from players and spectators alike.
import fc from 'fast-check';
import { create, join, parse, testServer, until } from '../helpers/server';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ rateBurst: 10000, ratePerSecond: 10000 });
});
afterAll(() => server.close());

const TYPES = ['action', 'resign', 'claim', 'draw', 'rematch', 'chat', 'hello', '', '__proto__', 'constructor'];

it('answers random messages with coded errors and keeps the game exactly as it was', async () => {
  const a = await create(server.ws, { game: 'shields', name: 'Ana' });
  const b = await join(server.ws, a.room.roomId, { name: 'Ben' });
  const s = await join(server.ws, a.room.roomId, { want: 'watch' });
  await until(() => s.room.state.phase === 'playing' && s.room.state.view, 'start');
  const before = { view: s.room.state.view, log: s.room.state.log.length };
  // The seat to act, sending junk; the other seat and the spectator too. Actions that happen to be legal
  // cannot be generated from these shapes (Shields ids are long, specific strings).
  const junk = fc.sample(fc.tuple(fc.constantFrom(...TYPES, 7, 255), fc.jsonValue({ maxDepth: 4 }), fc.constantFrom(a, b, s)), { numRuns: 600, seed: 42 });
  for (const [type, payload, who] of junk) {
    if (type === 'resign' || type === 'draw' || type === 'chat' || type === 'rematch') continue; // legal with some payloads
    who.room.send(type as string, payload);
  }
  // Raw bytes that are not a Colyseus message at all.
  const raw = fc.sample(fc.uint8Array({ minLength: 1, maxLength: 200 }), { numRuns: 100, seed: 7 });
  for (const bytes of raw) s.room.connection.send(bytes);
  await until(() => a.errors.length + b.errors.length + s.errors.length > 300, 'errors', 15000);
  const codes = new Set([...a.errors, ...b.errors, ...s.errors].map((e) => e.code));
  for (const c of codes) expect(['bad-action', 'bad-message', 'not-seated', 'not-your-turn', 'not-claimable', 'too-large']).toContain(c);
  // Nothing changed, and the server still serves.
  expect(s.room.state.view).toBe(before.view);
  expect(s.room.state.log.length).toBe(before.log);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
  // The game still plays: the seat to act takes a legal action.
  const seat = parse(s.room.state.view).turn as number;
  const mover = seat === 0 ? a : b;
  const legal = parse(mover.room.state.secret.get(String(seat)).legal);
  mover.room.send('action', legal[0]);
  await until(() => s.room.state.log.length === before.log + 1, 'a legal action to land');
}, 60000);
