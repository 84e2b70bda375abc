// Issue 31, item 3: lobby membership that holds. A removal bars the browser's member token and its address until the
// host allows it back; members who leave and stay away past the grace stop counting, so connections that join and
// leave cannot fill a lobby; a full lobby tells a newcomer so, with the host's name.
import { Client, type Room } from 'colyseus.js';
import { serverSetup, until } from '../helpers/server';

beforeAll(() => {
  process.env.PARTY_MEMBERS = '16';
});
afterAll(() => {
  delete process.env.PARTY_MEMBERS;
});
// Behind a trusted proxy, so each browser's address is the one its request names; a grace of 3 s, longer than the
// 14 joins take on a busy machine.
const env = serverSetup({ trustProxy: true, graceSeconds: 3 });

interface Member {
  room: Room<any>;
  id: string;
  token: string;
  errors: { code: string }[];
}

/** Opens (`create`) or joins a lobby as a browser at `ip`; a refusal comes back as its message. */
async function enter(ip: string, route: string, options: Record<string, unknown>): Promise<Member | string> {
  const res = await fetch(`${env.server.url}/matchmake/${route}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify(options),
  });
  const reservation = (await res.json()) as { sessionId?: string; error?: string };
  if (!reservation.sessionId) return String(reservation.error);
  let room: Room<any>;
  try {
    room = await new Client(env.server.ws).consumeSeatReservation(reservation as never);
  } catch (e) {
    return String((e as Error).message);
  }
  const m: Member = { room, id: '', token: '', errors: [] };
  room.onMessage('welcome', (w: { member: string; token: string }) =>
    Object.assign(m, { id: w.member, token: w.token }),
  );
  room.onMessage('error', (e) => m.errors.push(e));
  room.onMessage('*', () => undefined);
  await until(() => m.id && room.state?.members?.has(m.id), 'the welcome');
  return m;
}

async function member(ip: string, lobby: string, options: Record<string, unknown>): Promise<Member> {
  const m = await enter(ip, `joinById/${lobby}`, options);
  if (typeof m === 'string') throw new Error(`refused: ${m}`);
  return m;
}

async function hostLobby(ip: string, name: string): Promise<Member> {
  const m = await enter(ip, 'create/party', { name });
  if (typeof m === 'string') throw new Error(`refused: ${m}`);
  return m;
}

it('bars a removed member by token and by address (an IPv6 /64) until the host allows them back', async () => {
  const ana = await hostLobby('192.0.2.1', 'Ana');
  const lobby = ana.room.roomId;
  const dan = await member('2001:db8:d:1::10', lobby, { name: 'Dan' });
  await until(() => ana.room.state.members.has(dan.id), 'Dan in the list');
  ana.room.send('remove', { member: dan.id });
  await until(() => !ana.room.state.members.has(dan.id), 'Dan removed');

  // With the token, without it (a private window), from another address of the same /64: refused, with a code.
  expect(await enter('2001:db8:d:1::10', `joinById/${lobby}`, { name: 'Dan', memberToken: dan.token })).toMatch(
    /^removed: the host removed you/,
  );
  expect(await enter('2001:db8:d:1::10', `joinById/${lobby}`, { name: 'Dan' })).toMatch(
    /^removed: the host removed someone at your address/,
  );
  expect(await enter('2001:db8:d:1:abcd::99', `joinById/${lobby}`, { name: 'Dee' })).toMatch(/^removed:/);
  expect(ana.room.state.members.size).toBe(1);
  // Someone at another address is a new member as usual.
  const eve = await member('198.51.100.60', lobby, { name: 'Eve' });
  expect(eve.id).not.toBe(dan.id);

  // Allowed back: the address may join again (as a new member: the removal ended the old membership).
  ana.room.send('allow', { member: dan.id });
  // The allow is not in the synced state: ask until it has arrived (a refusal changes nothing).
  let danAgain: Member | string = '';
  for (let i = 0; i < 50 && typeof danAgain === 'string'; i++)
    danAgain = await enter('2001:db8:d:1::10', `joinById/${lobby}`, { name: 'Dan' });
  if (typeof danAgain === 'string') throw new Error(`still refused: ${danAgain}`);
  expect(danAgain.id).not.toBe(dan.id);
  await until(() => ana.room.state.members.size === 3, 'Dan in the list again');
  for (const m of [ana, eve, danAgain]) await m.room.leave(true);
});

it('drops members who stay away past the grace from the count: 14 join-and-leave connections, then a friend gets in', async () => {
  const ana = await hostLobby('192.0.2.2', 'Ana');
  const lobby = ana.room.roomId;
  const ben = await member('192.0.2.3', lobby, { name: 'Ben' });
  const passers: Member[] = [];
  for (let i = 0; i < 14; i++) {
    const p = await member(`203.0.113.${100 + i}`, lobby, { name: `Passer ${i}` });
    passers.push(p);
    await p.room.leave(true);
  }
  // Within the grace they still count: sixteen, and a newcomer is told the lobby is full, and by whom it is hosted.
  await until(() => ana.room.state.members.size === 16, 'sixteen members in the list');
  expect(await enter('198.51.100.70', `joinById/${lobby}`, { name: 'Fay' })).toMatch(
    /^lobby-full: this party is full \(16 members\); ask its host, Ana, to make room/,
  );
  // Past the grace they are gone from the list and the count; the friend gets in.
  await until(() => ana.room.state.members.size === 2, 'the passers dropped', 5000);
  const fay = await member('198.51.100.70', lobby, { name: 'Fay' });
  await until(() => ana.room.state.members.has(fay.id), 'Fay in the list');
  // A passer who comes back with their token is themselves again (and counts again).
  const first = passers[0]!;
  const again = await member('203.0.113.100', lobby, { memberToken: first.token });
  expect(again.id).toBe(first.id);
  await until(() => ana.room.state.members.get(first.id)?.name === 'Passer 0', 'the passer back in the list');
  expect(ana.room.state.members.size).toBe(4);
  // The members who stayed were never touched.
  expect(ana.room.state.members.has(ben.id)).toBe(true);
  for (const m of [ana, ben, fay, again]) await m.room.leave(true);
});
