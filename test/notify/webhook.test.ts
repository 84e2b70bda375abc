// A lobby's webhook through a real server on a real store: the host sets it by member token (nobody else can), it is
// shown as its host only, every turn change of the lobby's games posts "Ben, your turn in Dice Chess against Ana —
// <link>" to a local endpoint (https on loopback, allowed for this test), at most so many a minute; and the hostile
// cases: URLs to private or loopback addresses, plain http, hosts off the list, a redirect, a slow endpoint and one
// answering 1 GB are each refused or cut off, while the server keeps answering.
import { Client, type Room } from 'colyseus.js';
import { emitTurnChange, type TurnChange } from '../../server/src/days/turn-events';
import type { GameStore } from '../../server/src/store/game-store';
import { healthLatency, testServer, until, type TestServer } from '../helpers/server';
import { postgresBackend, type Backend } from '../store/backends';
import { httpsEndpoint, selfSigned, type Endpoint } from './endpoints';

jest.setTimeout(60_000);

let backend: Backend;
let store: GameStore;
let server: TestServer;
let hook: Endpoint;
const PER_MINUTE = 4;
const TIMEOUT_MS = 1500;

beforeAll(async () => {
  const tls = selfSigned();
  hook = await httpsEndpoint(tls);
  hook.on('/redirect', { status: 302, headers: { location: `${hook.base}/hook` } });
  hook.on('/slow', { kind: 'slow' });
  hook.on('/huge', { kind: 'huge' });
  hook.on('/hook', { status: 204 });
  backend = postgresBackend();
  store = await backend.open();
  server = await testServer(
    {
      notify: {
        // localhost is on the list but not allowed to be private: it stands for a listed host that resolves inward.
        webhookHosts: ['127.0.0.1', 'localhost', 'discord.com'],
        pushHosts: [],
        privateHosts: ['127.0.0.1'],
        ca: tls.cert,
        webhookPerMinute: PER_MINUTE,
        timeoutMs: TIMEOUT_MS,
        publicUrl: 'https://dicehall.test',
      },
    },
    store,
  );
  await until(() => server.durable.status === 'ready', 'the store');
});
afterAll(async () => {
  await server?.close();
  await hook?.close();
  await backend?.destroy();
});

interface Member {
  room: Room<any>;
  id: string;
  token: string;
}

async function enter(lobbyId: string | null, name: string): Promise<Member> {
  const client = new Client(server.ws);
  const room = lobbyId ? await client.joinById(lobbyId, { name }) : await client.create('party', { name });
  const m: Member = { room, id: '', token: '' };
  room.onMessage('welcome', (w: { member: string; token: string }) => {
    m.id = w.member;
    m.token = w.token;
  });
  room.onMessage('*', () => undefined);
  await until(() => m.id && room.state?.members?.size, `${name}'s welcome`);
  return m;
}

/** A lobby with Ana hosting and Ben in it, saved in the store (the webhook routes read the host from there). */
async function lobby(): Promise<{ ana: Member; ben: Member; id: string }> {
  const ana = await enter(null, 'Ana');
  const ben = await enter(ana.room.roomId, 'Ben');
  const id = ana.room.roomId;
  const deadline = Date.now() + 5000;
  for (;;) {
    const snap = (await store.loadLobby(id)) as { members?: unknown[] } | null;
    if ((snap?.members?.length ?? 0) >= 2) break;
    if (Date.now() > deadline) throw new Error('the lobby was not saved');
    await new Promise((r) => setTimeout(r, 20));
  }
  return { ana, ben, id };
}

async function call(method: string, path: string, token?: string, body?: unknown) {
  const res = await fetch(`${server.url}${path}`, {
    method,
    headers: { 'content-type': 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  return { status: res.status, text, body: JSON.parse(text) as Record<string, unknown> };
}

const setHook = (id: string, token: string, url: string) => call('PUT', `/api/parties/${id}/webhook`, token, { url });

function change(partyId: string, roomId: string, over: Partial<TurnChange> = {}): TurnChange {
  return {
    gameId: '0123456789abcdef',
    roomId,
    partyId,
    game: 'dice-chess',
    gameName: 'Dice Chess',
    names: ['Ana', 'Ben'],
    toAct: [1],
    connected: [0, 1],
    over: false,
    at: Date.now(),
    ...over,
  };
}

const posts = (path: string) => hook.received.filter((r) => r.path === path);

it('lets only the host set it, shows only its host, and posts every turn change of the lobby', async () => {
  const { ana, ben, id } = await lobby();
  const url = `${hook.base}/hook`;
  expect(await setHook(id, ben.token, url)).toMatchObject({ status: 403, body: { code: 'not-host' } });
  expect(await call('PUT', `/api/parties/${id}/webhook`, undefined, { url })).toMatchObject({
    status: 401,
    body: { code: 'no-token' },
  });
  expect(await setHook('nosuchparty', ana.token, url)).toMatchObject({
    status: 404,
    body: { code: 'party-not-found' },
  });
  const set = await setHook(id, ana.token, url);
  expect(set).toMatchObject({ status: 200, body: { set: true, host: '127.0.0.1' } });
  // The URL is a secret: no answer carries it, the host's own included.
  const shown = await call('GET', `/api/parties/${id}/webhook`, ana.token);
  expect(shown.body).toEqual({ set: true, host: '127.0.0.1' });
  for (const r of [set, shown]) expect(r.text).not.toContain('/hook');
  expect(JSON.stringify(ana.room.state.toJSON())).not.toContain(hook.base);

  emitTurnChange(change(id, 'tableOne'));
  await until(() => posts('/hook').length === 1, 'the post', 5000);
  const body = JSON.parse(posts('/hook')[0].body.toString('utf8'));
  expect(body).toEqual({
    content: 'Ben, your turn in Dice Chess against Ana — https://dicehall.test/r/tableOne',
    allowed_mentions: { parse: [] },
  });
  expect(posts('/hook')[0].headers['content-type']).toBe('application/json');
  // Another lobby's games post nothing here; the end of the game does.
  emitTurnChange(change('otherparty', 'tableTwo'));
  emitTurnChange(change(id, 'tableOne', { over: true, toAct: [], words: 'Ana won by checkmate' }));
  await until(() => posts('/hook').length === 2, 'the game-over post', 5000);
  expect(JSON.parse(posts('/hook')[1].body.toString('utf8')).content).toBe(
    'Dice Chess with Ana and Ben is over: Ana won by checkmate — https://dicehall.test/r/tableOne',
  );
  // Cleared by the host: nothing more.
  expect(await call('DELETE', `/api/parties/${id}/webhook`, ana.token)).toMatchObject({ body: { set: false } });
  expect((await call('GET', `/api/parties/${id}/webhook`, ana.token)).body).toEqual({ set: false });
});

it('posts at most so many a minute per lobby', async () => {
  const { ana, id } = await lobby();
  hook.on('/limited', { status: 200 });
  await setHook(id, ana.token, `${hook.base}/limited`);
  for (let i = 0; i < PER_MINUTE + 3; i++) emitTurnChange(change(id, `t${i}`));
  await until(() => posts('/limited').length === PER_MINUTE, 'the allowed posts', 5000);
  // In order, one at a time; the rest were dropped (the test's next post, to another lobby, comes after them).
  const other = await lobby();
  await setHook(other.id, other.ana.token, `${hook.base}/limited`);
  emitTurnChange(change(other.id, 'after'));
  await until(() => posts('/limited').length === PER_MINUTE + 1, 'the other lobby’s post', 5000);
  const links = posts('/limited').map((p) => JSON.parse(p.body.toString('utf8')).content.split('/r/')[1]);
  expect(links).toEqual([...Array.from({ length: PER_MINUTE }, (_, i) => `t${i}`), 'after']);
});

it.each([
  ['plain http', (base: string) => `${base.replace('https', 'http')}/hook`, 'webhook-not-https'],
  ['a host off the list', () => 'https://hooks.evil.example/x', 'webhook-host-not-allowed'],
  ['a loopback address off the list', () => 'https://127.0.0.2/hook', 'webhook-host-not-allowed'],
  ['a listed name resolving to loopback', () => 'https://localhost/hook', 'webhook-private-address'],
  ['a user name in the URL', () => 'https://user:pw@discord.com/api/webhooks/1/x', 'webhook-bad-url'],
  ['another port on a listed host', () => 'https://discord.com:8443/api/webhooks/1/x', 'webhook-bad-port'],
  ['not a URL', () => 'discord webhook please', 'webhook-bad-url'],
])('refuses %s when set, and stores nothing', async (_what, url, code) => {
  const { ana, id } = await lobby();
  expect(await setHook(id, ana.token, url(hook.base))).toMatchObject({ status: 400, body: { code } });
  expect((await call('GET', `/api/parties/${id}/webhook`, ana.token)).body).toEqual({ set: false });
});

it('refuses private addresses with the default allowlist (no test allowance)', async () => {
  const { vet } = await import('../../server/src/notify/outbound');
  const { notifySettingsFromEnv } = await import('../../server/src/notify/settings');
  const s = notifySettingsFromEnv({});
  const rules = { hosts: s.webhookHosts, privateHosts: s.privateHosts, timeoutMs: 1000, maxResponseBytes: 1024 };
  expect(s.webhookHosts).toEqual(['discord.com', 'discordapp.com', 'hooks.slack.com']);
  for (const url of [
    'https://127.0.0.1/x',
    'https://10.0.0.5/x',
    'https://169.254.169.254/latest/meta-data',
    'https://[::1]/x',
    'https://[::ffff:127.0.0.1]/x',
    'https://localhost/x',
    'https://discord.com.evil.example/x',
  ])
    await expect(vet(url, rules)).rejects.toMatchObject({ code: 'host-not-allowed' });
  // Even a listed host is refused when it resolves inward (the allowance names hosts; here none).
  await expect(vet('https://localhost/x', { ...rules, hosts: ['localhost'] })).rejects.toMatchObject({
    code: 'private-address',
  });
  await expect(vet('https://[::ffff:10.1.2.3]/x', { ...rules, hosts: ['::ffff:a01:203'] })).rejects.toMatchObject({
    code: 'private-address',
  });
});

it.each([
  ['a redirect', '/redirect', 'redirect-refused'],
  ['a slow endpoint', '/slow', 'timeout'],
  ['an endpoint answering 1 GB', '/huge', 'too-large'],
])('cuts off %s, and the server keeps answering', async (_what, path, code) => {
  const { ana, id } = await lobby();
  expect(await setHook(id, ana.token, `${hook.base}${path}`)).toMatchObject({ status: 200 });
  const before = posts(path).length;
  const t0 = performance.now();
  const tried = call('POST', `/api/parties/${id}/webhook/test`, ana.token);
  const health = healthLatency(server.url, tried);
  const answer = await tried;
  const took = performance.now() - t0;
  expect(answer.body).toMatchObject({ ok: false, code, host: '127.0.0.1' });
  expect(took).toBeLessThan(TIMEOUT_MS + 2000);
  expect((await health).max).toBeLessThan(1000);
  // The redirect was not followed: only the first request arrived.
  expect(posts(path).length).toBe(before + 1);
  expect(posts('/hook').every((p) => p.at < t0)).toBe(true);
  if (path === '/huge') expect(hook.hugeBytes).toBeLessThan(64 * 1024 * 1024);
  // A turn change posting there fails the same way without touching the game or the next lobby's post.
  emitTurnChange(change(id, 'hostile'));
  const other = await lobby();
  hook.on('/after-hostile', { status: 200 });
  await setHook(other.id, other.ana.token, `${hook.base}/after-hostile`);
  const n = posts('/after-hostile').length;
  emitTurnChange(change(other.id, 'fine'));
  await until(() => posts('/after-hostile').length === n + 1, 'the next lobby’s post', 5000);
  expect((await fetch(`${server.url}/health`)).status).toBe(200);
});
