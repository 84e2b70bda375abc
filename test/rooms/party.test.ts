// The private lobby across games, with real colyseus.js clients: a host, members, seats, two games and a scoreboard.
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { matchMaker } from '@colyseus/core';
import { Client, type Room } from 'colyseus.js';
import { nextError, parse, sleep, testServer, until, wirePlayer, type Player, toActOf } from '../helpers/server';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  process.env.PARTY_MEMBERS = '5';
  process.env.PARTY_IDLE_SECONDS = '1';
  // A short grace so hosting passes on within the test.
  // Short reservations so a member who never takes their seat ends the attempt quickly; a high frame rate for the fuzz.
  server = await testServer({ graceSeconds: 1, reservationSeconds: 2, ratePerSecond: 1000, rateBurst: 1000 });
});
afterAll(async () => {
  delete process.env.PARTY_MEMBERS;
  delete process.env.PARTY_IDLE_SECONDS;
  await server.close();
});

interface Member {
  client: Client;
  room: Room<any>;
  id: string;
  token: string;
  errors: { code: string; message: string; of: string }[];
  table: Player | null;
  /** A browser that never takes the seat the lobby reserved for it. */
  ignoreTable?: boolean;
}

function wire(client: Client, room: Room<any>): Member {
  const m: Member = { client, room, id: '', token: '', errors: [], table: null };
  room.onMessage('welcome', (w: { member: string; token: string }) => {
    m.id = w.member;
    m.token = w.token;
  });
  room.onMessage('error', (e) => m.errors.push(e));
  room.onMessage('table', async ({ seat, reservation }: { seat: number; reservation: any }) => {
    if (m.ignoreTable) return;
    const tableRoom = await client.consumeSeatReservation(reservation);
    const p = wirePlayer(client, tableRoom);
    tableRoom.onMessage('*', () => undefined);
    expect(typeof seat).toBe('number');
    m.table = p;
  });
  return m;
}

async function host(name: string) {
  const client = new Client(server.ws);
  const m = wire(client, await client.create('party', { name }));
  await until(() => m.id && m.room.state?.host, 'welcome');
  return m;
}

async function member(roomId: string, options: Record<string, unknown>) {
  const client = new Client(server.ws);
  const m = wire(client, await client.joinById(roomId, options));
  await until(() => m.id && m.room.state?.members?.size, 'welcome');
  return m;
}

const err = (m: Member, count = m.errors.length + 1) => nextError(m as unknown as Player, count);
const memberOf = (m: Member, id = m.id) => m.room.state.members.get(id);

/** Everyone whose seat is awaited sends the first legal action until the table's game is over. */
async function playOut(players: Player[]) {
  const table = players[0].room;
  await until(() => players.every((p) => p.seat !== null && p.room.state.phase === 'playing'), 'the table to start');
  while (table.state.phase === 'playing') {
    for (const p of players) {
      if (!toActOf(p.room).includes(p.seat)) continue;
      const legal = p.legal;
      if (legal.length) p.room.send('action', legal[0]);
    }
    await sleep(120);
  }
}

it('gathers, refuses bad input, plays two games with swapped seats, keeps score and chat, passes hosting on, bars a removed member', async () => {
  const ana = await host('Ana');
  const id = ana.room.roomId;
  const ben = await member(id, { name: 'Ben' });
  const cat = await member(id, { name: 'Cat' });
  const dan = await member(id, { name: 'Dan' });
  await until(() => ana.room.state.members.size === 4, 'four members');
  expect(ana.room.state.host).toBe(ana.id);
  expect(ana.token).toMatch(/^[\w-]{32}$/);

  // Options: only the host, only valid ones.
  ben.room.send('configure', { game: 'high-roll' });
  expect(await err(ben)).toMatchObject({ code: 'not-host', of: 'configure' });
  ana.room.send('configure', { game: 'high-roll', options: { sides: 99 } });
  expect(await err(ana)).toMatchObject({ code: 'bad-options' });
  ana.room.send('configure', { game: 'no-such-game' });
  expect(await err(ana)).toMatchObject({ code: 'unknown-game' });
  ana.room.send('configure', { game: 'high-roll', seats: 3 });
  expect(await err(ana)).toMatchObject({ code: 'bad-seats' });
  ana.room.send('configure', { game: 'high-roll', clock: { mode: 'turn', turnSeconds: -1 } });
  expect(await err(ana)).toMatchObject({ code: 'bad-message' });
  await sleep(100);
  expect(ana.room.state.game).toBe('');
  ana.room.send('configure', { game: 'high-roll', options: { sides: 6 } });
  await until(() => dan.room.state.game === 'high-roll' && dan.room.state.seats === 2, 'the game to be set');

  // Chat before the first game lasts across the games.
  dan.room.send('chat', { text: 'good luck both' });
  await until(() => ana.room.state.chat.length === 1, 'chat');

  // Seats and readiness.
  ana.room.send('start');
  expect(await err(ana)).toMatchObject({ code: 'seats-open' });
  ben.room.send('sit', { seat: 0 });
  cat.room.send('sit', { seat: 1 });
  await until(() => memberOf(ana, cat.id)?.seat === 1 && memberOf(ana, ben.id)?.seat === 0, 'seats taken');
  dan.room.send('sit', { seat: 1 });
  expect(await err(dan)).toMatchObject({ code: 'seat-taken' });
  ana.room.send('start');
  expect(await err(ana)).toMatchObject({ code: 'not-ready' });
  ben.room.send('ready', { ready: true, clientSeed: 'ben-seed' });
  cat.room.send('ready', { ready: true, clientSeed: 'cat-seed' });
  await until(() => memberOf(ana, cat.id)?.ready && memberOf(ana, ben.id)?.ready, 'ready');
  ben.room.send('start');
  expect(await err(ben)).toMatchObject({ code: 'not-host', of: 'start' });

  // Game 1: Ben on seat 0, Cat on seat 1, played to the end.
  ana.room.send('start');
  await until(() => ben.table && cat.table, 'the table reservations', 8000);
  await until(() => ben.table!.seat === 0 && cat.table!.seat === 1, "seats in the lobby's order");
  await until(() => ana.room.state.phase === 'playing', 'the lobby to show the game');
  // The browsers' own seeds, sent with ready, are mixed into the table's dice (P1).
  await until(() => ben.table!.room.state.clientSeed === 'ben-seed:cat-seed', 'the client seeds');
  ben.room.send('sit', { seat: 1 });
  expect(await err(ben)).toMatchObject({ code: 'not-gathering' });
  await playOut([ben.table!, cat.table!]);
  const first = parse(ben.table!.room.state.result);
  await until(
    () => ana.room.state.phase === 'gathering' && ana.room.state.finished.length === 1,
    'the lobby to gather again',
  );
  const game1 = ana.room.state.finished[0];
  expect(parse(game1.players)).toEqual(['Ben', 'Cat']);
  const score = (m: Member, game: string) => {
    const s = memberOf(ana, m.id)?.games.get(game);
    return s ? [s.wins, s.losses, s.draws] : null;
  };
  if (first.draw) {
    expect(score(ben, 'high-roll')).toEqual([0, 0, 1]);
  } else {
    const winner = first.winners[0] === 0 ? ben : cat;
    const loser = winner === ben ? cat : ben;
    expect(score(winner, 'high-roll')).toEqual([1, 0, 0]);
    expect(score(loser, 'high-roll')).toEqual([0, 1, 0]);
  }
  const log = (await (await fetch(`${server.url}/api/games/${game1.gameId}/log`)).json()) as GameLog;
  expect(verifyLog(log, getGame).ok).toBe(true);

  // Game 2: the host switches game (Dice Chess with a 1 s turn) and the seats swap; nobody moves, so a clock falls.
  ana.room.send('configure', {
    game: 'dice-chess',
    options: { placement: 'random' },
    clock: { mode: 'turn', turnSeconds: 1 },
  });
  await until(() => ana.room.state.game === 'dice-chess', 'the second game');
  ben.room.send('stand');
  await until(() => memberOf(ana, ben.id)?.seat === -1, 'Ben stands');
  cat.room.send('sit', { seat: 0 });
  ben.room.send('sit', { seat: 1 });
  await until(() => memberOf(ana, cat.id)?.seat === 0 && memberOf(ana, ben.id)?.seat === 1, 'swapped seats');
  ben.room.send('ready', { ready: true });
  cat.room.send('ready', { ready: true });
  await until(() => memberOf(ana, cat.id)?.ready && memberOf(ana, ben.id)?.ready, 'ready again');
  ben.table = null;
  cat.table = null;
  ana.room.send('start');
  await until(() => ben.table && cat.table, 'the second table', 8000);
  await until(() => cat.table!.seat === 0 && ben.table!.seat === 1, 'swapped game seats');
  await until(() => ana.room.state.finished.length === 2, 'the timed game to end', 8000);
  const game2 = ana.room.state.finished[1];
  expect(parse(game2.players)).toEqual(['Cat', 'Ben']);
  expect(game2.summary).toMatch(/ran out of time/);
  const timed = parse(cat.table!.room.state.result);
  expect(timed.reason).toBe('timeout');
  const winner2 = timed.winners[0] === 0 ? cat : ben;
  expect(score(winner2, 'dice-chess')).toEqual([1, 0, 0]);
  const totals = [ben, cat].map((m) => memberOf(ana, m.id)!.total).map((t) => t.wins + t.losses + t.draws);
  expect(totals).toEqual([2, 2]);
  expect(ana.room.state.chat[0].text).toBe('good luck both');

  // The host benches and removes; a removed browser cannot come back until allowed.
  ana.room.send('spectate', { member: cat.id });
  await until(() => memberOf(ana, cat.id)?.benched, 'Cat benched');
  cat.room.send('sit', { seat: 0 });
  expect(await err(cat)).toMatchObject({ code: 'benched' });
  ben.room.send('remove', { member: dan.id });
  expect(await err(ben)).toMatchObject({ code: 'not-host', of: 'remove' });
  ana.room.send('remove', { member: dan.id });
  await until(() => !ana.room.state.members.has(dan.id), 'Dan removed');
  await expect(new Client(server.ws).joinById(id, { memberToken: dan.token })).rejects.toThrow(/removed/);
  ana.room.send('allow', { member: dan.id });
  await sleep(150);
  const danAgain = await member(id, { name: 'Dan', memberToken: dan.token });
  expect(danAgain.id).not.toBe(dan.id);

  // Members cap (PARTY_MEMBERS=5 here): Ana, Ben, Cat, Dan again and one more.
  await member(id, { name: 'Eve' });
  await expect(new Client(server.ws).joinById(id, { name: 'Fay' })).rejects.toThrow(/lobby-full/);

  // The host leaves: after the grace, the longest-standing member present hosts.
  await ana.room.leave(true);
  await until(() => ben.room.state.hostGraceEndsAt > 0, 'the host grace');
  await until(() => ben.room.state.host === ben.id, 'hosting to pass to Ben', 4000);
  ben.room.send('configure', { game: 'high-roll' });
  await sleep(150);
  expect(ben.errors.filter((e) => e.of === 'configure' && e.code === 'not-host')).toHaveLength(1);
  // The old host returns with the token as an ordinary member.
  const anaBack = await member(id, { memberToken: ana.token });
  expect(anaBack.id).toBe(ana.id);
  anaBack.room.send('start');
  expect(await err(anaBack)).toMatchObject({ code: 'not-host' });
}, 60000);

it('lets the host seat the computer in an open seat: refusals with codes, a game played beside it, scored for people only', async () => {
  const ana = await host('Ana');
  const ben = await member(ana.room.roomId, { name: 'Ben' });
  ana.room.send('configure', { game: 'high-roll', options: {} });
  await until(() => ana.room.state.game === 'high-roll' && ana.room.state.seats === 2, 'the game set');
  const refusals: [Member, unknown, string][] = [
    [ben, { seat: 0, level: 'normal' }, 'not-host'],
    [ana, { seat: 5, level: 'normal' }, 'no-seat'],
    [ana, { seat: 0, level: 'godlike' }, 'bad-message'],
    [ana, { seat: 0 }, 'bad-message'],
  ];
  for (const [who, msg, code] of refusals) {
    who.room.send('seat-bot', msg);
    expect(await err(who)).toMatchObject({ code, of: 'seat-bot' });
  }
  ana.room.send('seat-bot', { seat: 0, level: 'normal' });
  await until(() => ana.room.state.bots.get('0') === 'normal', 'the computer in seat 1');
  // Not every seat: a person must play.
  ana.room.send('seat-bot', { seat: 1, level: 'easy' });
  expect(await err(ana)).toMatchObject({ code: 'bad-seats', of: 'seat-bot' });
  ben.room.send('sit', { seat: 0 });
  expect(await err(ben)).toMatchObject({ code: 'seat-taken', of: 'sit' });
  ben.room.send('sit', { seat: 1 });
  await until(() => memberOf(ana, ben.id)?.seat === 1, 'Ben seated');
  ana.room.send('seat-bot', { seat: 1, level: 'easy' });
  expect(await err(ana)).toMatchObject({ code: 'seat-taken', of: 'seat-bot' });
  ana.room.send('unseat-bot', { seat: 1 });
  expect(await err(ana)).toMatchObject({ code: 'no-seat', of: 'unseat-bot' });
  ana.room.send('start');
  expect(await err(ana)).toMatchObject({ code: 'not-ready', of: 'start' });

  ben.room.send('ready', { ready: true });
  await until(() => memberOf(ana, ben.id)?.ready, 'Ben ready');
  ana.room.send('start');
  await until(() => ben.table, 'Ben at the table', 10000);
  const table = ben.table!;
  await until(() => table.seat !== null, "Ben's table seat");
  // The computer holds its seat from the start; Ben is given the other.
  expect(table.seat).toBe(1);
  expect(table.room.state.seats[0].bot).toBe('normal');
  await playOut([table]);
  await until(
    () => ana.room.state.phase === 'gathering' && ana.room.state.finished.length === 1,
    'the lobby back',
    10000,
  );
  const finished = ana.room.state.finished[0];
  expect(parse(finished.players)).toEqual(['Computer (normal)', 'Ben']);
  const played = (m: Member) => {
    const t = memberOf(ana, m.id)!.total;
    return t.wins + t.losses + t.draws;
  };
  expect([played(ben), played(ana)]).toEqual([1, 0]);
  const log = (await (await fetch(`${server.url}/api/games/${finished.gameId}/log`)).json()) as GameLog;
  expect(log.entries.filter((e) => e.seat === 0 && e.kind === 'action').every((e) => e.bot === 'normal')).toBe(true);
  expect(log.entries.some((e) => e.seat === 0 && e.kind === 'action')).toBe(true);
  expect(verifyLog(log, getGame).ok).toBe(true);
  // The computer stays in its seat for the next game until the host takes it out.
  expect(ana.room.state.bots.get('0')).toBe('normal');
  ana.room.send('unseat-bot', { seat: 0 });
  await until(() => ana.room.state.bots.size === 0, 'the computer out');
  await Promise.all([ana, ben].map((m) => m.room.leave()));
});

it('refuses unknown messages, bad frames and bad joins with a code, and keeps serving', async () => {
  const ana = await host('Ana');
  ana.room.send('teleport', { x: 1 });
  expect(await err(ana)).toMatchObject({ code: 'bad-message' });
  ana.room.send('chat', { text: 'x'.repeat(4100) });
  expect(await err(ana)).toMatchObject({ code: 'too-large' });
  ana.room.send('sit', { seat: 'one' });
  expect(await err(ana)).toMatchObject({ code: 'bad-message', of: 'sit' });
  ana.room.send('sit', { seat: 0 });
  expect(await err(ana)).toMatchObject({ code: 'no-seat' });
  ana.room.send('ready', { ready: true });
  expect(await err(ana)).toMatchObject({ code: 'not-seated' });
  ana.room.send('remove', { member: 'nobody' });
  expect(await err(ana)).toMatchObject({ code: 'no-member' });
  ana.room.send('pass-host', { member: ana.id });
  expect(await err(ana)).toMatchObject({ code: 'not-yourself' });
  await expect(new Client(server.ws).joinById(ana.room.roomId, { name: 'x'.repeat(40) })).rejects.toThrow(/bad-join/);
  await expect(new Client(server.ws).joinById(ana.room.roomId, { name: 'ana' })).rejects.toThrow(/name-taken/);
  ana.room.send('chat', { text: 'still here' });
  await until(() => ana.room.state.chat.length === 1, 'chat after the refusals');
});

it('lets a member rename: the members list and the next table show it; bad or look-alike names are refused with a code', async () => {
  const ana = await host('Ana');
  const ben = await member(ana.room.roomId, { name: 'Ben' });
  await until(() => memberOf(ana, ben.id)?.name === 'Ben', 'Ben in the list');
  ben.room.send('rename', { name: 'Benjamin' });
  await until(() => memberOf(ana, ben.id)?.name === 'Benjamin', 'the new name at the host');
  for (const bad of [{ name: ' ' }, { name: 'x'.repeat(25) }, { name: '<b>' }, { name: 'a\u202eb' }, { name: 5 }, {}]) {
    ben.room.send('rename', bad);
    expect(await err(ben)).toMatchObject({ code: 'name-invalid', of: 'rename' });
  }
  ben.room.send('rename', { name: 'ANA' });
  expect(await err(ben)).toMatchObject({ code: 'name-taken', of: 'rename' });
  // A member may keep their own name, spelled another way.
  ben.room.send('rename', { name: 'benjamin' });
  await until(() => memberOf(ana, ben.id)?.name === 'benjamin', 'a respelling of the same name');
  expect(memberOf(ana)!.name).toBe('Ana');

  // The next table seats the member under the new name, and the scoreboard row is theirs.
  ana.room.send('configure', { game: 'high-roll' });
  await until(() => ana.room.state.seats === 2, 'the game');
  ana.room.send('sit', { seat: 0 });
  ben.room.send('sit', { seat: 1 });
  await until(() => memberOf(ana, ben.id)?.seat === 1 && memberOf(ana)?.seat === 0, 'seats');
  ana.room.send('ready', { ready: true });
  ben.room.send('ready', { ready: true });
  await until(() => memberOf(ana, ben.id)?.ready && memberOf(ana)?.ready, 'ready');
  ana.room.send('start');
  await until(() => ana.table && ben.table, 'both at the table');
  await until(() => ben.table!.room.state.seats?.length === 2, 'the seats');
  expect([...ben.table!.room.state.seats].map((x: { name: string }) => x.name)).toEqual(['Ana', 'benjamin']);
  await playOut([ana.table!, ben.table!]);
  await until(() => ana.room.state.finished.length === 1, 'the result');
  const row = memberOf(ana, ben.id)!;
  expect(row.name).toBe('benjamin');
  expect(row.total.wins + row.total.losses + row.total.draws).toBe(1);
}, 20000);

it('closes a lobby nobody has been connected to for the idle time (PARTY_IDLE_SECONDS=1 here)', async () => {
  const ana = await host('Ana');
  const id = ana.room.roomId;
  const ben = await member(id, { name: 'Ben' });
  await ben.room.leave(true);
  await sleep(1200);
  // Someone is still there: the lobby stays.
  const cat = await member(id, { name: 'Cat' });
  await ana.room.leave(true);
  await cat.room.leave(true);
  await until(() => !matchMaker.getLocalRoomById(id), 'the idle lobby to close', 10_000);
  await expect(new Client(server.ws).joinById(id, { memberToken: ana.token })).rejects.toThrow();
});

it('goes back to gathering when a seated member never takes the reserved seat', async () => {
  const ana = await host('Ana');
  const ben = await member(ana.room.roomId, { name: 'Ben' });
  ana.room.send('configure', { game: 'high-roll' });
  await until(() => ana.room.state.seats === 2, 'the game');
  ana.room.send('sit', { seat: 0 });
  ben.room.send('sit', { seat: 1 });
  await until(() => memberOf(ana, ben.id)?.seat === 1 && memberOf(ana)?.seat === 0, 'seats');
  ana.room.send('ready', { ready: true });
  ben.room.send('ready', { ready: true });
  await until(() => memberOf(ana, ben.id)?.ready && memberOf(ana)?.ready, 'ready');
  ana.ignoreTable = true;
  ana.room.send('start');
  await until(() => ana.room.state.phase === 'playing', 'the start');
  await until(() => ana.room.state.phase === 'gathering', 'the attempt to end', 10000);
  expect(ana.room.state.finished.length).toBe(0);
  expect(memberOf(ana)!.ready).toBe(false);
  expect(ben.table).toBeNull();
}, 20000);

it('survives 600 hostile messages to every handler, refusing the bad ones with codes, and keeps serving', async () => {
  const ana = await host('Ana');
  const ben = await member(ana.room.roomId, { name: 'Ben' });
  const types = [
    'configure',
    'sit',
    'stand',
    'ready',
    'start',
    'spectate',
    'remove',
    'allow',
    'pass-host',
    'chat',
    'x',
    '__proto__',
    '',
  ];
  let n = 7;
  const next = () => (n = (n * 1103515245 + 12345) % 2147483648) / 2147483648;
  const values = (depth: number): unknown => {
    const r = next();
    if (depth > 2 || r < 0.2)
      return [null, true, -1, 1e300, 'a'.repeat(Math.floor(next() * 300)), 0.5, '', ben.id][Math.floor(next() * 8)];
    if (r < 0.4) return Array.from({ length: Math.floor(next() * 4) }, () => values(depth + 1));
    const keys = ['game', 'options', 'seats', 'clock', 'seat', 'ready', 'member', 'text', 'mode', 'constructor'];
    return Object.fromEntries(
      Array.from({ length: Math.floor(next() * 4) }, () => [keys[Math.floor(next() * keys.length)], values(depth + 1)]),
    );
  };
  for (let i = 0; i < 600; i++) ben.room.send(types[Math.floor(next() * types.length)], values(0));
  await until(() => ben.errors.length > 500, 'the refusals', 15000);
  expect(new Set(ben.errors.map((e) => e.code)).has('not-host')).toBe(true);
  expect(ana.room.state.host).toBe(ana.id);
  ana.room.send('chat', { text: 'still serving' });
  await until(
    () => ben.room.state.chat.some((c: { text: string }) => c.text === 'still serving'),
    'chat after the fuzz',
  );
}, 30000);
