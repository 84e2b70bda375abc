// Issue #16 with real colyseus.js clients: clocks at tables of more than two seats (Polywars eliminates a player whose
// clock falls, the others play on) and a lobby's seat count taken from the chosen game's options (`seatsFor`).
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import { Client, type Room } from 'colyseus.js';
import {
  create,
  join,
  nextError,
  parse,
  sleep,
  testServer,
  until,
  wirePlayer,
  type Player,
  logCount,
  clockOf,
} from '../helpers/server';

let server: Awaited<ReturnType<typeof testServer>>;
beforeAll(async () => {
  server = await testServer({ graceSeconds: 1, reservationSeconds: 2, ratePerSecond: 1000, rateBurst: 1000 });
});
afterAll(() => server.close());

const KING3 = { scenario: 'kill-the-king', budget: 12, cycleLimit: 3, seats: 3 };
const lines = (p: Player) => p.lines;

describe('clocks at a Polywars table of three', () => {
  it('a player whose turn clock falls is eliminated; the other two play on, their clocks running', async () => {
    const a = await create(server.ws, {
      game: 'polywars',
      name: 'Ana',
      options: KING3,
      clock: { mode: 'turn', turnSeconds: 1 },
    });
    const b = await join(server.ws, a.room.roomId, { name: 'Ben' });
    const c = await join(server.ws, a.room.roomId, { name: 'Cat' });
    const s = await join(server.ws, a.room.roomId, { name: 'Sam', want: 'watch' });
    await until(
      () => [a, b, c].every((p) => p.seat !== null && p.legal.length) && clockOf(s.room),
      'the timed game to start',
    );
    expect(parse(clockOf(s.room))).toMatchObject({ control: { mode: 'turn', turnSeconds: 1 }, running: [0, 1, 2] });
    // Forces are built at once (W6): Ana and Ben answer at once, Cat never does.
    for (const p of [a, b]) p.room.send('action', p.legal[0]);
    await until(() => logCount(s.room.state) === 3, 'two forces');
    expect(parse(clockOf(s.room)).running).toEqual([c.seat]);
    await until(() => lines(s).some((e) => e.kind === 'timeout'), "Cat's clock to fall", 4000);
    const out = lines(s).find((e) => e.kind === 'timeout')!;
    expect(out).toMatchObject({ kind: 'timeout', seat: c.seat });
    expect(out.events[0]).toEqual({ type: 'timeout', seat: c.seat });
    expect(out.events.some((e: { type: string }) => e.type === 'eliminated')).toBe(true);
    expect(s.room.state.phase).toBe('playing');
    await until(() => s.view?.inGame?.[c.seat!] === false, 'the spectator to see Cat out');
    // Placement is next for Ana and Ben, both clocks running; Cat's never again.
    await until(() => parse(clockOf(s.room)).running.length === 2, "the next step's clocks");
    expect(parse(clockOf(s.room)).running.sort()).toEqual([a.seat, b.seat].sort());
    // Nobody moves: Ana and Ben fall in the same instant; the first is eliminated, which leaves one side: it wins.
    await until(() => s.room.state.phase === 'over', 'the game to end on time', 5000);
    const result = parse(s.room.state.result);
    expect(result.winners).toHaveLength(1);
    expect(
      lines(s)
        .filter((e) => e.kind === 'timeout')
        .map((e) => e.seat),
    ).toEqual([c.seat, 0]);
    expect(result.winners).toEqual([1]);
    expect(parse(clockOf(s.room)).running).toEqual([]);
    const log = (await (await fetch(`${server.url}/api/games/${s.room.state.gameId}/log`)).json()) as GameLog;
    expect(verifyLog(log, getGame)).toMatchObject({ ok: true, problems: [] });
    await Promise.all([a, b, c, s].map((p) => p.room.leave()));
  });

  // Issue 33 (#28): Dice Siege declares that a racer out of time leaves the race, so a race of three takes a clock.
  // A game with no declared timeout is refused beyond two seats: test/core/clock-multi-seat.test.ts (no such game
  // is registered now).
  it('takes clocks where a timeout has a declared meaning: Dice Siege raced by three', async () => {
    const three = await create(server.ws, {
      game: 'dice-siege',
      name: 'Ana',
      options: { seats: 3 },
      clock: { mode: 'turn', turnSeconds: 30 },
    });
    expect(three.room.state.seats.length).toBe(3);
    await three.room.leave();
  });
});

// ---- the lobby ----------------------------------------------------------------------------------

interface Member {
  client: Client;
  room: Room<any>;
  id: string;
  errors: { code: string; message: string; of: string }[];
  table: Player | null;
}

function wire(client: Client, room: Room<any>): Member {
  const m: Member = { client, room, id: '', errors: [], table: null };
  room.onMessage('welcome', (w: { member: string }) => {
    m.id = w.member;
  });
  room.onMessage('error', (e) => m.errors.push(e));
  room.onMessage('table', async ({ reservation }: { reservation: any }) => {
    const tableRoom = await client.consumeSeatReservation(reservation);
    const p = wirePlayer(client, tableRoom);
    tableRoom.onMessage('*', () => undefined);
    m.table = p;
  });
  return m;
}

async function enter(roomId: string | null, name: string): Promise<Member> {
  const client = new Client(server.ws);
  const m = wire(client, roomId ? await client.joinById(roomId, { name }) : await client.create('party', { name }));
  await until(() => m.id && m.room.state?.members?.size, 'welcome');
  return m;
}

const err = (m: Member) => nextError(m as unknown as Player);

describe('a lobby seats what the chosen game takes', () => {
  it("Polywars in a lobby: 2 to 6 seats by the host's choice or the options, refused outside the scenario's range, clocks allowed; a three-seat game is played", async () => {
    const ana = await enter(null, 'Ana');
    const id = ana.room.roomId;
    const ben = await enter(id, 'Ben');
    const cat = await enter(id, 'Cat');
    const dan = await enter(id, 'Dan');
    const state = () => ana.room.state;

    // Without a count, the options decide: Kill the King's most (6), or their own `seats`.
    ana.room.send('configure', { game: 'polywars', options: { scenario: 'kill-the-king' } });
    await until(() => state().game === 'polywars' && state().seats === 6, 'six seats');
    ana.room.send('configure', { game: 'polywars', options: { scenario: 'capture-the-flag', seats: 4 } });
    await until(() => state().seats === 4, 'four seats from the options');
    // The host's count, carried into the options the table is opened with.
    for (const n of [2, 5]) {
      ana.room.send('configure', { game: 'polywars', options: { scenario: 'kill-the-king' }, seats: n });
      await until(() => state().seats === n, `${n} seats`);
      expect(parse(state().options)).toMatchObject({ scenario: 'kill-the-king', seats: n });
    }
    // Refused, changing nothing: a count the game or its scenario does not take.
    const refusals: [unknown, string, RegExp][] = [
      [{ game: 'polywars', options: { scenario: 'snipe-hunt' }, seats: 3 }, 'bad-seats', /Snipe Hunt is for 2 players/],
      [{ game: 'polywars', options: { scenario: 'kill-the-king' }, seats: 7 }, 'bad-seats', /./],
      [{ game: 'polywars', options: { scenario: 'kill-the-king' }, seats: 1 }, 'bad-seats', /./],
      [{ game: 'high-roll', seats: 3 }, 'bad-seats', /2 seats/],
    ];
    for (const [msg, code, text] of refusals) {
      ana.room.send('configure', msg);
      const e = await err(ana);
      expect(e).toMatchObject({ code, of: 'configure' });
      expect(e.message).toMatch(text);
    }
    await sleep(100);
    expect([state().game, state().seats]).toEqual(['polywars', 5]);

    // Three seats with a 1 s turn clock: accepted now that Polywars declares what a timeout does.
    ana.room.send('configure', {
      game: 'polywars',
      options: { scenario: 'kill-the-king', budget: 12, cycleLimit: 2 },
      seats: 3,
      clock: { mode: 'turn', turnSeconds: 1 },
    });
    await until(() => state().seats === 3 && parse(state().clock).mode === 'turn', 'three timed seats');
    [ben, cat, dan].forEach((m, seat) => {
      m.room.send('sit', { seat });
    });
    await until(() => [ben, cat, dan].every((m, seat) => state().members.get(m.id)?.seat === seat), 'seats taken');
    for (const m of [ben, cat, dan]) m.room.send('ready', { ready: true });
    await until(() => [ben, cat, dan].every((m) => state().members.get(m.id)?.ready), 'ready');
    ana.room.send('start');
    // A member's table seat comes with the table's welcome, one round trip after the reservation is consumed.
    await until(() => [ben, cat, dan].every((m) => m.table && m.table.seat !== null), 'three table seats', 10000);
    const table = ben.table!;
    await until(
      () => table.room.state.seats.length === 3 && table.room.state.phase === 'playing',
      'the table to start',
    );
    expect([ben, cat, dan].map((m) => m.table!.seat)).toEqual([0, 1, 2]);
    // Nobody answers: the clocks fall; seat 0 then seat 1 are eliminated and Dan's side is the last standing.
    await until(
      () => state().phase === 'gathering' && state().finished.length === 1,
      'the timed game to end and the lobby to gather',
      10000,
    );
    const result = parse(table.room.state.result);
    expect(result.winners).toEqual([2]);
    const finished = state().finished[0];
    expect(parse(finished.players)).toEqual(['Ben', 'Cat', 'Dan']);
    const score = (m: Member) => {
      const s = state().members.get(m.id)?.games.get('polywars');
      return s ? [s.wins, s.losses, s.draws] : null;
    };
    expect([ben, cat, dan].map(score)).toEqual([
      [0, 1, 0],
      [0, 1, 0],
      [1, 0, 0],
    ]);
    const log = (await (await fetch(`${server.url}/api/games/${finished.gameId}/log`)).json()) as GameLog;
    expect(log.seats).toBe(3);
    expect(log.entries.filter((e) => e.kind === 'timeout').map((e) => e.seat)).toEqual([0, 1]);
    expect(verifyLog(log, getGame).ok).toBe(true);
    await Promise.all([ana, ben, cat, dan].map((m) => m.room.leave()));
  }, 40000);
});
