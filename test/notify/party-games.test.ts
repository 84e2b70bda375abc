// A lobby's webhook from real play: the host sets the webhook, the lobby starts a High Roll table, and every turn
// change of it (the room reports them, naming the lobby) posts "<name>, your turn in High Roll against <name> —
// <link to the table>" to a local endpoint, in order, then the end; a seat whose page is closed is also told by Web
// Push, decrypted here with its subscription's keys.
import { backToTable, enter, startTable } from '../helpers/party';
import { testServer, until, type Player, type TestServer } from '../helpers/server';
import type { GameStore } from '../../server/src/store/game-store';
import { postgresBackend, type Backend } from '../store/backends';
import { decryptPush, httpsEndpoint, selfSigned, subscriber, type Endpoint } from './endpoints';

jest.setTimeout(120_000);

let backend: Backend;
let store: GameStore;
let server: TestServer;
let ep: Endpoint;

beforeAll(async () => {
  const tls = selfSigned();
  ep = await httpsEndpoint(tls);
  ep.on('/hook', { status: 204 });
  backend = postgresBackend();
  store = await backend.open();
  server = await testServer(
    {
      notify: {
        webhookHosts: ['127.0.0.1'],
        pushHosts: ['127.0.0.1'],
        privateHosts: ['127.0.0.1'],
        ca: tls.cert,
        publicUrl: 'https://dicehall.test',
        webhookPerMinute: 30,
      },
    },
    store,
  );
  await until(() => server.durable.status === 'ready', 'the store');
});
afterAll(async () => {
  await server?.close();
  await ep?.close();
  await backend?.destroy();
});

const posts = () => ep.received.filter((r) => r.path === '/hook').map((r) => JSON.parse(r.body.toString()).content);

async function roll(p: Player) {
  const before = p.lines.length;
  p.room.send('action', { type: 'roll' });
  await until(() => p.lines.length > before, 'the roll', 10_000);
}

it("posts every turn of a lobby's table to its webhook, and pushes to a seat whose page is closed", async () => {
  const ana = await enter(server.ws, null, 'Ana');
  const ben = await enter(server.ws, ana.room.roomId, 'Ben');
  const partyId = ana.room.roomId;
  // The host's webhook, once the lobby is stored with its host.
  let set: Response | null = null;
  for (let i = 0; i < 50 && set?.status !== 200; i++) {
    if (set) await new Promise((r) => setTimeout(r, 100));
    set = await fetch(`${server.url}/api/parties/${partyId}/webhook`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${ana.token}` },
      body: JSON.stringify({ url: `${ep.base}/hook` }),
    });
  }
  expect(set?.status).toBe(200);
  ana.room.send('configure', { game: 'high-roll' });
  await until(() => ben.room.state.game === 'high-roll', 'the game to be set');
  const [a, b] = await startTable(ana, ana, ben);
  const tableId = a.room.roomId;
  const link = `https://dicehall.test/r/${tableId}`;
  await until(() => posts().length === 1, 'the first post', 5000);
  expect(posts()).toEqual([`Ana, your turn in High Roll against Ben — ${link}`]);

  // Ben subscribes, and his page closes while Ana rolls: he is told by push as well.
  const sub = subscriber(`${ep.base}/push/ben`);
  const res = await fetch(`${server.url}/api/push/subscribe`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ roomId: tableId, token: b.token, subscription: { endpoint: sub.endpoint, keys: sub.keys } }),
  });
  expect(res.status).toBe(200);
  await b.room.leave(true);
  await until(() => !a.room.state.seats[1].connected, 'Ben away');
  await roll(a);
  await until(() => ep.received.some((r) => r.path === '/push/ben'), 'the push', 5000);
  const pushed = JSON.parse(decryptPush(sub, ep.received.find((r) => r.path === '/push/ben')!.body));
  expect(pushed).toMatchObject({ body: 'Your turn in High Roll against Ana', url: `/r/${tableId}` });

  // Back by his seat token, the game is played out; each turn is posted, then the end.
  const b2 = await backToTable(server.ws, tableId, b.token!);
  const order: Player[] = [b2, a, b2, a, b2];
  for (const p of order) {
    await until(() => p.legal.length > 0, 'its turn');
    await roll(p);
  }
  await until(() => a.room.state.phase === 'over', 'the end');
  await until(() => posts().length === 7, 'every post', 5000);
  const turns = posts().slice(0, 6);
  expect(turns).toEqual(
    [0, 1, 0, 1, 0, 1].map((seat) =>
      seat === 0
        ? `Ana, your turn in High Roll against Ben — ${link}`
        : `Ben, your turn in High Roll against Ana — ${link}`,
    ),
  );
  expect(posts()[6]).toMatch(new RegExp(`^High Roll with Ana and Ben is over: .+ — ${link}$`));
  // Ben's page was open for every later turn: one push in all.
  expect(ep.received.filter((r) => r.path === '/push/ben')).toHaveLength(1);
});
