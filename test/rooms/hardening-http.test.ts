// Issue 8, findings 3 and 7 over HTTP: room and request floods, bodies refused before buffering, every
// matchmaking method answered, security headers, and CORS limited to the site's own origin.
import http from 'node:http';
import { matchMaker } from '@colyseus/core';
import { create, sleep, serverSetup, until } from '../helpers/server';

const env = serverSetup({
  reservationSeconds: 1,
  roomsPerMinute: 40,
  joinsPerMinute: 600,
  allowedOrigins: ['https://play.example'],
});

const post = (path: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${env.server.url}${path}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const roomsNow = async () => (await matchMaker.query({ name: 'table' })).length;

describe('finding 3: room and request floods', () => {
  it('disposes a room created over HTTP whose reservation is never used', async () => {
    const before = await roomsNow();
    const res = await post('/matchmake/create/table', { game: 'high-roll' });
    const { room } = (await res.json()) as { room: { roomId: string } };
    expect(matchMaker.getLocalRoomById(room.roomId)).toBeDefined();
    expect(await roomsNow()).toBe(before + 1);
    await until(() => matchMaker.getLocalRoomById(room.roomId) === undefined, 'the unused room to go', 5000);
    expect(await roomsNow()).toBe(before);
  });

  it('sends no patches from an idle room (no 20 Hz tick while nothing changes)', async () => {
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
    const room = matchMaker.getLocalRoomById(a.room.roomId)!;
    let patches = 0;
    const original = room.broadcastPatch.bind(room);
    room.broadcastPatch = () => {
      patches++;
      return original();
    };
    await sleep(600);
    expect(patches).toBe(0);
    a.room.send('chat', { text: 'a change' });
    await until(() => a.room.state.chat.length === 1, 'the change to be patched');
    expect(patches).toBeGreaterThan(0);
    await a.room.leave();
  });

  it('refuses a large matchmaking body before buffering it', async () => {
    const status = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${env.server.url}/matchmake/joinById/abc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'Content-Length': String(300 * 1024 * 1024) },
      });
      req.on('response', (res) => resolve(res.statusCode!));
      req.on('error', reject);
      req.write(`{"x":"${'y'.repeat(64 * 1024)}`);
    });
    expect(status).toBe(413);
    // A chunked body with no declared length is cut off at the limit too.
    const chunked = await new Promise<number>((resolve, reject) => {
      const req = http.request(`${env.server.url}/matchmake/joinById/abc`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
      });
      req.on('response', (res) => resolve(res.statusCode!));
      req.on('error', () => undefined);
      const chunk = 'z'.repeat(16 * 1024);
      let sent = 0;
      const pump = () => {
        while (sent < 200 && req.write(chunk)) sent++;
        if (sent < 200) req.once('drain', pump);
      };
      pump();
      setTimeout(() => reject(new Error('no answer')), 5000);
    });
    expect(chunked).toBe(413);
  });

  it('answers every method on /matchmake', async () => {
    for (const method of ['GET', 'PUT', 'DELETE', 'PATCH']) {
      const res = await fetch(`${env.server.url}/matchmake/create/table`, {
        method,
        signal: AbortSignal.timeout(2000),
      });
      expect([method, res.status]).toEqual([method, 405]);
      expect(res.headers.get('allow')).toBe('POST, OPTIONS');
    }
    const bad = await post('/matchmake/fly/table', {});
    expect(bad.status).toBe(404);
  });
});

describe('finding 7: HTTP headers and origins', () => {
  it('sends security headers on pages and API answers', async () => {
    for (const path of ['/', '/api/games']) {
      const res = await fetch(`${env.server.url}${path}`);
      const csp = res.headers.get('content-security-policy') ?? '';
      expect(csp).toContain("default-src 'self'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      expect(res.headers.get('referrer-policy')).toBe('same-origin');
      // Plain HTTP, no trusted proxy: HSTS would be meaningless and is not sent.
      expect(res.headers.get('strict-transport-security')).toBeNull();
    }
  });

  it('answers matchmaking only to the site itself and the configured origins', async () => {
    const evil = await post('/matchmake/create/table', { game: 'high-roll' }, { Origin: 'https://evil.example' });
    expect(evil.status).toBe(403);
    expect(evil.headers.get('access-control-allow-origin')).toBeNull();
    const preflight = await fetch(`${env.server.url}/matchmake/create/table`, {
      method: 'OPTIONS',
      headers: { Origin: 'https://play.example' },
    });
    expect(preflight.status).toBe(204);
    expect(preflight.headers.get('access-control-allow-origin')).toBe('https://play.example');
    const own = new URL(env.server.url).host;
    const same = await post('/matchmake/joinById/nosuchroom', {}, { Origin: `http://${own}` });
    expect(same.status).toBe(200);
    expect(await same.json()).toMatchObject({ error: expect.stringMatching(/not found/) });
  });
});

describe("finding 3: per-address limits (last: they use up this address's budget)", () => {
  it('limits room creation per address', async () => {
    const codes: number[] = [];
    for (let i = 0; i < 30; i++) codes.push((await post('/matchmake/create/table', { game: 'high-roll' })).status);
    expect(codes.filter((c) => c === 429).length).toBeGreaterThan(0);
    expect(codes.filter((c) => c === 200).length).toBeLessThanOrEqual(11);
  });
});
