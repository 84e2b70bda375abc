// Issue 8, finding 7 behind a trusted TLS proxy: HSTS is sent, and the forwarded address is the one limited.
import { serverSetup } from '../helpers/server';

const env = serverSetup({ trustProxy: true, roomsPerMinute: 4 });

it('sends HSTS when the proxy says the request came over TLS', async () => {
  const res = await fetch(`${env.server.url}/api/games`, { headers: { 'X-Forwarded-Proto': 'https' } });
  expect(res.headers.get('strict-transport-security')).toMatch(/max-age=\d+/);
});

it('limits room creation by the forwarded address, one address at a time', async () => {
  const create = (ip: string) =>
    fetch(`${env.server.url}/matchmake/create/table`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
      body: JSON.stringify({ game: 'high-roll' }),
    }).then((r) => r.status);
  const first = [await create('203.0.113.1'), await create('203.0.113.1'), await create('203.0.113.1')];
  expect(first).toEqual([200, 429, 429]);
  expect(await create('203.0.113.2')).toBe(200);
});
