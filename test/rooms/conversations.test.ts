// The table's conversations over real colyseus.js clients: draw offers and rematch requests with their answers,
// a watcher taking a free seat without reloading, and watchers naming themselves. Refusals change nothing.
import { getGame, verifyLog, type GameLog } from '@dicehall/shared';
import {
  create,
  join,
  nextError,
  parse,
  sleep,
  serverSetup,
  until,
  type Player,
  logCount,
  toActOf,
} from '../helpers/server';

const env = serverSetup({ rateBurst: 30, ratePerSecond: 15 });

async function table() {
  const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana', clientSeed: 'ana' });
  const b = await join(env.server.ws, a.room.roomId, { name: 'Ben', clientSeed: 'ben' });
  const s = await join(env.server.ws, a.room.roomId, { name: 'Sam' });
  await until(
    () => [a, b, s].every((p) => p.room.state.phase === 'playing' && p.room.state.spectators === 1),
    'the game to start',
  );
  return { a, b, s };
}

const talk = (p: Player) => p.room.state.talk.map((t: any) => `${t.name} ${t.kind}@${t.after}`);
const offers = (p: Player) => [...p.room.state.drawOffer];
const asks = (p: Player) => [...p.room.state.rematch];

async function fetchLog(gameId: string): Promise<GameLog> {
  return (await (await fetch(`${env.server.url}/api/games/${gameId}/log`)).json()) as GameLog;
}

/** Plays High Roll to its end (three rolls each), a rolling first. */
async function playOut(a: Player, b: Player, s: Player) {
  for (let i = 0; i < 6 && s.room.state.phase === 'playing'; i++) {
    const turn = toActOf(s.room)[0];
    const before = logCount(s.room.state);
    (turn === a.seat ? a : b).room.send('action', { type: 'roll' });
    await until(() => logCount(s.room.state) > before, 'a roll');
  }
  await until(() => s.room.state.phase === 'over', 'the end');
}

describe('draw offers', () => {
  it('are seen by everyone, declined, not repeated before a move, then accepted; the proof log still verifies', async () => {
    const { a, b, s } = await table();
    a.room.send('draw');
    await until(() => [a, b, s].every((p) => offers(p).join() === '0'), 'the offer everywhere');
    expect(talk(s)).toEqual(['Ana draw-offer@0']);

    // Neither the offerer nor a spectator can decline; nothing changes.
    a.room.send('draw-decline');
    expect(await nextError(a)).toMatchObject({ code: 'no-offer', of: 'draw-decline' });
    s.room.send('draw-decline');
    expect(await nextError(s)).toMatchObject({ code: 'not-seated' });
    b.room.send('draw-decline', { because: 'no' });
    expect(await nextError(b)).toMatchObject({ code: 'bad-message' });
    expect(offers(s)).toEqual([0]);

    b.room.send('draw-decline');
    await until(
      () => [a, b, s].every((p) => offers(p).length === 0 && p.room.state.talk.length === 2),
      'the decline everywhere',
    );
    expect(talk(s)).toEqual(['Ana draw-offer@0', 'Ben draw-decline@0']);

    // Offering again at once is refused until a move is made.
    a.room.send('draw');
    expect(await nextError(a)).toMatchObject({ code: 'draw-declined', of: 'draw' });
    await sleep(50);
    expect(offers(s)).toEqual([]);
    expect(s.room.state.talk.length).toBe(2);

    const mover = toActOf(s.room)[0] === 0 ? a : b;
    mover.room.send('action', { type: 'roll' });
    await until(() => logCount(s.room.state) === 2, 'a move');
    a.room.send('draw');
    await until(() => offers(b).join() === '0', 'the second offer');
    b.room.send('draw');
    await until(() => [a, b, s].every((p) => p.room.state.phase === 'over'), 'the agreed draw');
    expect(parse(s.room.state.result)).toMatchObject({ draw: true, reason: 'agreed-draw' });
    expect(talk(s)).toEqual(['Ana draw-offer@0', 'Ben draw-decline@0', 'Ana draw-offer@1']);

    // The talk stays out of the proof log: it holds the rules' entries only, and verifies.
    const log = await fetchLog(s.room.state.gameId);
    expect(log.entries.map((e) => e.kind)).toEqual(['setup', 'action', 'draw']);
    expect(log.entries[2].seat).toBe(1);
    expect(verifyLog(log, getGame)).toMatchObject({ ok: true });
  });

  it("stand through the offerer's own move and lapse when the opponent moves instead of answering", async () => {
    const { a, b, s } = await table();
    const byseat = (seat: number) => (seat === a.seat ? a : b);
    const roll = async (p: Player) => {
      const before = logCount(s.room.state);
      p.room.send('action', { type: 'roll' });
      await until(() => logCount(s.room.state) > before, 'a roll');
    };
    // The player to move offers, then moves: the offer stands.
    const first = byseat(toActOf(s.room)[0]);
    first.room.send('draw');
    await until(() => offers(s).join() === String(first.seat), 'the offer');
    await roll(first);
    await sleep(50);
    expect(offers(s)).toEqual([first.seat]);
    // High Roll alternates: the opponent moves next without answering, and the offer lapses.
    const next = byseat(toActOf(s.room)[0]);
    expect(next).not.toBe(first);
    await roll(next);
    await until(() => offers(s).length === 0 && s.room.state.talk.length === 2, 'the lapse');
    expect(s.room.state.talk.map((t: any) => [t.kind, t.seat])).toEqual([
      ['draw-offer', first.seat],
      ['draw-lapse', first.seat],
    ]);
  });
});

describe('rematch requests', () => {
  it('are seen by the other player and spectators, declined, then accepted into a new game with sides swapped', async () => {
    const { a, b, s } = await table();
    a.room.send('rematch');
    expect(await nextError(a)).toMatchObject({ code: 'not-over', of: 'rematch' });
    await playOut(a, b, s);
    const lastSeq = logCount(s.room.state) - 1;

    a.room.send('rematch');
    await until(() => [b, s].every((p) => asks(p).join() === '0'), 'the request everywhere');
    expect(talk(s)).toEqual([`Ana rematch-ask@${lastSeq}`]);
    s.room.send('rematch-decline');
    expect(await nextError(s)).toMatchObject({ code: 'not-seated' });
    a.room.send('rematch-decline');
    expect(await nextError(a)).toMatchObject({ code: 'no-rematch' });

    b.room.send('rematch-decline');
    await until(() => [a, s].every((p) => asks(p).length === 0 && p.room.state.talk.length === 2), 'the decline');
    expect(talk(a)[1]).toBe(`Ben rematch-decline@${lastSeq}`);
    a.room.send('rematch');
    expect(await nextError(a)).toMatchObject({ code: 'rematch-declined' });
    await sleep(50);
    expect(asks(s)).toEqual([]);

    // Ben changes his mind and asks; Ana accepts.
    const firstGame = s.room.state.gameId;
    b.room.send('rematch');
    await until(() => asks(a).join() === '1', 'Ben asks');
    a.room.send('rematch');
    await until(() => s.room.state.round === 2 && s.room.state.phase === 'playing', 'the rematch');
    expect(s.room.state.gameId).not.toBe(firstGame);
    expect(s.room.state.seats.map((x: any) => x.name)).toEqual(['Ben', 'Ana']);
    // The new game's talk opens with the acceptance, seated as the new game seats her.
    expect(s.room.state.talk.map((t: any) => [t.name, t.kind, t.seat])).toEqual([['Ana', 'rematch-accept', 1]]);
    await until(() => a.seat === 1 && b.seat === 0, 'the new seats');
  });
});

describe('a watcher sitting down', () => {
  it('P2 takes the free seat without reloading and the game starts; refusals change nothing', async () => {
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana', clientSeed: 'ana' });
    const w = await join(env.server.ws, a.room.roomId, { name: 'Wes', want: 'watch' });
    await until(() => a.room.state.spectators === 1, 'the watcher');
    expect(w.seat).toBeNull();

    w.room.send('sit', { name: '<b>' });
    expect(await nextError(w)).toMatchObject({ code: 'name-invalid', of: 'sit' });
    w.room.send('sit', { name: '' });
    expect(await nextError(w)).toMatchObject({ code: 'name-invalid' });
    w.room.send('sit', {});
    expect(await nextError(w)).toMatchObject({ code: 'name-invalid' });
    w.room.send('sit', { name: 'Wes', seat: 0 });
    expect(await nextError(w)).toMatchObject({ code: 'bad-message' });
    a.room.send('sit', { name: 'Ana' });
    expect(await nextError(a)).toMatchObject({ code: 'already-seated' });
    await sleep(50);
    expect(a.room.state.seats[1].taken).toBe(false);
    expect(a.room.state.phase).toBe('waiting');
    expect(a.room.state.spectators).toBe(1);

    w.room.send('sit', { name: 'Wesley', clientSeed: 'wes-seed' });
    await until(() => w.seat === 1 && w.token, 'the welcome to seat 1');
    await until(() => a.room.state.phase === 'playing', 'the game to start');
    expect(a.room.state.seats[1].name).toBe('Wesley');
    expect(a.room.state.spectators).toBe(0);
    expect(a.room.state.clientSeed).toBe('ana:wes-seed');
    // The new player sees their own seat's private projection and can play.
    await until(() => w.view, 'the private view');

    // Once the seats are full, another watcher is told so.
    const x = await join(env.server.ws, a.room.roomId, { name: 'Xan' });
    expect(x.seat).toBeNull();
    x.room.send('sit', { name: 'Xan' });
    expect(await nextError(x)).toMatchObject({ code: 'seat-taken' });
    // The new watcher is counted (a patch away, not a fixed wait); the seats are as they were.
    await until(() => a.room.state.spectators === 1, 'the new watcher counted');
    expect(a.room.state.seats.map((s: any) => s.name)).toEqual(['Ana', 'Wesley']);
  });

  it('gives the one free seat to the first of two watchers racing for it', async () => {
    const a = await create(env.server.ws, { game: 'high-roll', name: 'Ana' });
    const w = await join(env.server.ws, a.room.roomId, { want: 'watch' });
    const x = await join(env.server.ws, a.room.roomId, { want: 'watch' });
    await until(() => a.room.state.spectators === 2, 'two watchers');
    w.room.send('sit', { name: 'Wes' });
    x.room.send('sit', { name: 'Xan' });
    await until(() => w.errors.length + x.errors.length === 1 && (w.seat ?? x.seat) === 1, 'one seated, one refused');
    const loser = w.seat === 1 ? x : w;
    expect(loser.errors[0].code).toBe('seat-taken');
    expect(loser.seat).toBeNull();
    await until(() => a.room.state.phase === 'playing' && a.room.state.spectators === 1, 'the game');
  });
});

describe('watcher names', () => {
  it('a watcher renames and chats under the new name; a bad name or a player renaming is refused', async () => {
    const { a, s } = await table();
    s.room.send('chat', { text: 'hello' });
    await until(() => a.room.state.chat.length === 1, 'the first line');
    expect(a.room.state.chat[0].from).toBe('Sam (watching)');

    s.room.send('rename', { name: 'x'.repeat(25) });
    expect(await nextError(s)).toMatchObject({ code: 'name-invalid', of: 'rename' });
    s.room.send('chat', { text: 'still Sam' });
    await until(() => a.room.state.chat.length === 2, 'the second line');
    expect(a.room.state.chat[1].from).toBe('Sam (watching)');
    s.room.send('rename', { name: 'Samantha' });
    a.room.send('rename', { name: 'Anna' });
    expect(await nextError(a)).toMatchObject({ code: 'already-seated' });

    s.room.send('chat', { text: 'again' });
    await until(() => a.room.state.chat.length === 3, 'the third line');
    expect(a.room.state.chat[2].from).toBe('Samantha (watching)');
    expect(a.room.state.seats.map((x: any) => x.name)).toEqual(['Ana', 'Ben']);
  });
});

describe('hostile input to the new messages', () => {
  it('answers every malformed draw-decline, rematch-decline, sit and rename with a code and keeps the room playing', async () => {
    const { a, b, s } = await table();
    const junk: unknown[] = [
      null,
      0,
      'x',
      [],
      [1, 2],
      { name: 5 },
      { name: 'ok', extra: true },
      { name: 'a'.repeat(200) },
      { __proto__: { name: 'x' } },
      { name: '\u0000' },
      { clientSeed: '../../' },
      true,
    ];
    const types = ['draw-decline', 'rematch-decline', 'sit', 'rename'];
    let sent = 0;
    // Paced under the per-socket rate limit, so every message is answered on its own merits.
    for (const type of types)
      for (const body of junk) {
        s.room.send(type, body);
        sent++;
        await until(() => s.errors.length === sent, `an answer to ${type}`, 4000);
        await sleep(100);
      }
    const codes = new Set(s.errors.map((e) => e.code));
    for (const c of codes) expect(['bad-message', 'name-invalid', 'not-seated', 'rate-limited']).toContain(c);
    expect(codes.has('bad-message') && codes.has('name-invalid')).toBe(true);
    expect(s.room.state.seats.map((x: any) => x.name)).toEqual(['Ana', 'Ben']);
    expect(s.room.state.talk.length).toBe(0);
    const mover = toActOf(s.room)[0] === 0 ? a : b;
    mover.room.send('action', { type: 'roll' });
    await until(() => logCount(s.room.state) === 2, 'the room to keep playing');
  });
});
