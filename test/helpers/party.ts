// A party's member as a test drives it with a real colyseus.js client: enters (or comes back with a token), and
// takes the table seat the lobby hands out; table players come back by seat token.
import { Client, type Room } from 'colyseus.js';
import { until, wirePlayer, type Player } from './server';

export interface Member {
  name: string;
  room: Room<any>;
  id: string;
  token: string;
  errors: { code: string }[];
  /** The table the lobby seated this member at, and the seat token it gave. */
  table: Player | null;
}

/** Opens (or comes back to, with a token) a lobby; the member's table seat is taken when the lobby hands it out. */
export async function enter(ws: string, lobbyId: string | null, name: string, memberToken?: string): Promise<Member> {
  const client = new Client(ws);
  const room = lobbyId ? await client.joinById(lobbyId, { name, memberToken }) : await client.create('party', { name });
  const m: Member = { name, room, id: '', token: '', errors: [], table: null };
  room.onMessage('welcome', (w: { member: string; token: string }) => {
    m.id = w.member;
    m.token = w.token;
  });
  room.onMessage('error', (e) => m.errors.push(e));
  room.onMessage('*', () => undefined);
  room.onMessage('table', async ({ reservation }: { reservation: any }) => {
    const t = wirePlayer(client, await client.consumeSeatReservation(reservation));
    t.room.onMessage('*', () => undefined);
    m.table = t;
  });
  await until(() => m.id && room.state?.members?.size, `${name}'s welcome`);
  return m;
}

/** A table player back by their seat token (after a restart, or through another process). */
export async function backToTable(ws: string, tableId: string, token: string): Promise<Player> {
  const client = new Client(ws);
  const p = wirePlayer(client, await client.joinById(tableId, { seatToken: token }));
  await until(() => p.token && p.room.state?.game, 'the table seat');
  return p;
}

type MemberView = {
  id: string;
  name: string;
  seat: number;
  ready: boolean;
  connected: boolean;
  total: { wins: number; losses: number; draws: number };
};
export const members = (m: Member) => [...m.room.state.members.values()] as MemberView[];

/** Seats two members (a at 0, b at 1), readies them and starts; resolves with both at their table seats. */
export async function startTable(host: Member, a: Member, b: Member): Promise<[Player, Player]> {
  a.table = null;
  b.table = null;
  // Seats stay taken between games: both stand, then sit where this game wants them (a swap).
  for (const m of [a, b]) m.room.send('stand');
  await until(() => members(host).every((x) => x.seat < 0), 'seats free');
  a.room.send('sit', { seat: 0 });
  b.room.send('sit', { seat: 1 });
  await until(
    () => members(host).find((x) => x.id === a.id)?.seat === 0 && members(host).find((x) => x.id === b.id)?.seat === 1,
    'two seated',
  );
  for (const m of [a, b]) m.room.send('ready', { ready: true });
  await until(() => members(host).filter((x) => x.ready).length === 2, 'ready');
  host.room.send('start');
  await until(
    () => a.table?.seat === 0 && b.table?.seat === 1 && a.table.token && b.table.token,
    'both at the table',
    15_000,
  );
  await until(() => a.table!.room.state.phase === 'playing', 'the table to start');
  return [a.table!, b.table!];
}
