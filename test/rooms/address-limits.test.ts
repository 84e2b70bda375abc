// Issue 31, item 7: per-address limits count an IPv6 address by its /64 (IPv4, and IPv4-mapped IPv6, by the address),
// and a joiner past the pending-join limit is told so in its own words, not that the room "is already full".
import { limitKey } from '../../server/src/http/address';
import { create, join, serverSetup } from '../helpers/server';

const env = serverSetup({ trustProxy: true, roomsPerMinute: 4, reservationsPerAddress: 4, maxSpectators: 50 });

describe('limitKey', () => {
  it.each([
    ['203.0.113.5', '203.0.113.5'],
    ['::ffff:203.0.113.5', '203.0.113.5'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['2001:db8:1:2::5', '2001:db8:1:2::/64'],
    ['2001:db8:1:2:aaaa:bbbb:cccc:dddd', '2001:db8:1:2::/64'],
    ['2001:0DB8:0001:0002:0:0:0:1', '2001:db8:1:2::/64'],
    ['[2001:db8:1:3::1]', '2001:db8:1:3::/64'],
    ['fe80::1%eth0', 'fe80:0:0:0::/64'],
    ['2001:db8::203.0.113.5', '2001:db8:0:0::/64'],
    ['unknown', 'unknown'],
    ['not an address', 'not an address'],
  ])('%s counts as %s', (address, key) => {
    expect(limitKey(address)).toBe(key);
  });
});

const createAs = (ip: string) =>
  fetch(`${env.server.url}/matchmake/create/table`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ game: 'high-roll' }),
  }).then((r) => r.status);

it('limits room creation per IPv6 /64: another address of the same /64 shares the budget, another /64 does not', async () => {
  // ROOMS_PER_MINUTE 4 gives a burst of 1.
  expect(await createAs('2001:db8:aa:1::1')).toBe(200);
  expect(await createAs('2001:db8:aa:1::2')).toBe(429);
  expect(await createAs('2001:db8:aa:1:ffff:1:2:3')).toBe(429);
  expect(await createAs('2001:db8:aa:2::1')).toBe(200);
  // IPv4 stays per address, and its IPv4-mapped IPv6 form is the same address.
  expect(await createAs('198.51.100.20')).toBe(200);
  expect(await createAs('::ffff:198.51.100.20')).toBe(429);
  expect(await createAs('198.51.100.21')).toBe(200);
});

it('tells a joiner past the pending-join limit of its address so, with its own code; other addresses still join', async () => {
  const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
  const reserve = (ip: string) =>
    fetch(`${env.server.url}/matchmake/joinById/${a.room.roomId}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ want: 'watch' }),
    }).then((r) => r.json() as Promise<{ sessionId?: string; code?: number; error?: string }>);
  const from = '2001:db8:bb:1::';
  const results = [];
  // Four reservations never used, from four addresses of one /64, then a fifth from a fifth address of it.
  for (let i = 1; i <= 5; i++) results.push(await reserve(`${from}${i}`));
  expect(results.slice(0, 4).every((r) => r.sessionId)).toBe(true);
  expect(results[4]).toMatchObject({
    code: 403,
    error: expect.stringMatching(/^too-many-pending: Too many joins from your address are waiting/),
  });
  expect(results[4]!.error).not.toMatch(/already full/);
  // Another address is not held up, and a browser joining as usual still gets in.
  expect(await reserve('2001:db8:bb:2::1')).toHaveProperty('sessionId');
  const watcher = await join(env.server.ws, a.room.roomId, { want: 'watch' });
  expect(watcher.seat).toBeNull();
  await watcher.room.leave(true);
  await a.room.leave(true);
});
