// A lobby's table played over days (issue 33): the host sets "1 day a move" in the lobby's settings, its table runs
// a days clock, and every turn change of it is told with the lobby's id (what a lobby's webhook posts from).
import { Client, type Room } from 'colyseus.js';
import { onTurnChange, type TurnChange } from '../../server/src/days/turn-events';
import { testServer, until, wirePlayer, type Player } from '../helpers/server';

let server: Awaited<ReturnType<typeof testServer>>;
const heard: TurnChange[] = [];
let stop: () => void = () => {};
beforeAll(async () => {
  server = await testServer({ reservationSeconds: 5 });
  stop = onTurnChange((c) => {
    heard.push(c);
  });
});
afterAll(async () => {
  stop();
  await server.close();
});

interface Member {
  room: Room<any>;
  id: string;
  table: Player | null;
}

async function enter(create: boolean, name: string, roomId = ''): Promise<Member> {
  const client = new Client(server.ws);
  const room = create ? await client.create('party', { name }) : await client.joinById(roomId, { name });
  const m: Member = { room, id: '', table: null };
  room.onMessage('welcome', (w: { member: string }) => {
    m.id = w.member;
  });
  room.onMessage('error', () => undefined);
  room.onMessage('table', async ({ reservation }: { reservation: any }) => {
    m.table = wirePlayer(client, await client.consumeSeatReservation(reservation));
  });
  await until(() => m.id, 'welcome');
  return m;
}

it("a lobby's table over days: the days clock, and turn changes naming the lobby", async () => {
  const ana = await enter(true, 'Ana');
  const ben = await enter(false, 'Ben', ana.room.roomId);
  ana.room.send('configure', { game: 'dice-chess', clock: { mode: 'days', days: 2 } });
  await until(() => ben.room.state.game === 'dice-chess', 'the game to be set');
  expect(JSON.parse(ben.room.state.clock)).toEqual({ mode: 'days', days: 2 });
  ana.room.send('sit', { seat: 0 });
  ben.room.send('sit', { seat: 1 });
  await until(
    () => ana.room.state.members.get(ben.id)?.seat === 1 && ana.room.state.members.get(ana.id)?.seat === 0,
    'seats',
  );
  ana.room.send('ready', { ready: true });
  ben.room.send('ready', { ready: true });
  await until(() => ana.room.state.members.get(ben.id)?.ready && ana.room.state.members.get(ana.id)?.ready, 'ready');
  ana.room.send('start');
  await until(() => ana.table && ben.table, 'the table', 10_000);
  const tableId = ana.table!.room.roomId;
  const change = await until(() => heard.find((c) => c.roomId === tableId), 'a turn change of the table', 10_000);
  expect(change).toMatchObject({ partyId: ana.room.roomId, game: 'dice-chess', gameName: 'Dice Chess', over: false });
  expect(change.names).toEqual(['Ana', 'Ben']);
  expect(change.toAct.length).toBeGreaterThan(0);
});
