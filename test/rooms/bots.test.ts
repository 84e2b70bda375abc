// Bots in rooms over real WebSockets: a game against the computer from start to end for every game (its log
// verifies, the bot's moves are marked, the bot was given exactly its seat's view), a dropped player held by a
// bot and handed back, and a slow bot that does not delay another room.
import { matchMaker } from '@colyseus/core';
import { getGame, replayLog, verifyLog, type GameLog } from '@dicehall/shared';
import type { GameRoom } from '../../server/src/rooms/game-room';
import { create, join, nextError, sleep, testServer, until, type Player, logCount } from '../helpers/server';

type Server = Awaited<ReturnType<typeof testServer>>;
let server: Server;

beforeAll(async () => {
  server = await testServer({
    ratePerSecond: 1000,
    rateBurst: 1000,
    graceSeconds: 1,
    botPaceMs: 0,
    botBudgetMs: 400,
    botRecord: true,
    botThreads: 1,
  });
});
afterAll(async () => {
  await server.close();
});

/** The live room object behind a client's room id (to read what its bots were given). */
function roomOf(roomId: string): GameRoom {
  return matchMaker.getLocalRoomById(roomId) as GameRoom;
}

/** Plays random legal actions for `p` (never conceding) whenever its seat has any, until the game is over. */
async function playRandomly(p: Player, s: Player, ms = 60000): Promise<number> {
  let sent = 0;
  const end = Date.now() + ms;
  let lastRev = -1;
  let errors = 0;
  while (s.room.state.phase !== 'over') {
    if (Date.now() > end) throw new Error('the game did not end in time');
    // A random player may race its own stale legal list (several actions a turn); it then tries again.
    if (p.errors.length > errors) {
      errors = p.errors.length;
      lastRev = -1;
    }
    const legal = p.legal.filter((a: { type?: string }) => a.type !== 'concede');
    if (p.room.state.phase === 'playing' && legal.length > 0 && p.stream.rev !== lastRev) {
      lastRev = p.stream.rev;
      p.room.send('action', legal[Math.floor(Math.random() * legal.length)]);
      sent++;
    }
    await sleep(5);
  }
  return sent;
}

async function fetchLog(gameId: string, url = server.url): Promise<GameLog> {
  const res = await fetch(`${url}/api/games/${gameId}/log`);
  expect(res.status).toBe(200);
  return (await res.json()) as GameLog;
}

const CASES: { game: string; options: Record<string, unknown>; level: 'easy' | 'normal' | 'hard'; botSeat: number }[] =
  [
    { game: 'shields', options: {}, level: 'normal', botSeat: 1 },
    { game: 'dice-chess', options: {}, level: 'easy', botSeat: 0 },
    { game: 'shields-up', options: {}, level: 'normal', botSeat: 1 },
    { game: 'polywars', options: { seats: 2, cycleLimit: 3 }, level: 'normal', botSeat: 1 },
    { game: 'dice-siege', options: { seats: 2 }, level: 'hard', botSeat: 1 },
    { game: 'high-roll', options: {}, level: 'easy', botSeat: 0 },
  ];

describe.each(CASES)(
  '$game against the computer ($level, bot in seat $botSeat)',
  ({ game, options, level, botSeat }) => {
    it("plays to the end with a watcher; the log verifies, marks the bot's moves, and the bot saw only its seat's view", async () => {
      const me = await create(server.ws, { game, options, name: 'Ana', bot: { level, seat: botSeat } });
      const mySeat = botSeat === 0 ? 1 : 0;
      expect(me.seat).toBe(mySeat);
      expect(me.room.state.seats[botSeat].bot).toBe(level);
      expect(me.room.state.seats[botSeat].name).toBe(`Computer (${level})`);
      expect(me.room.state.phase).toBe('playing');
      const watcher = await join(server.ws, me.room.roomId, { want: 'watch', name: 'Wes' });
      expect(watcher.seat).toBeNull();
      await playRandomly(me, watcher, 90000);
      expect(watcher.errors).toEqual([]);
      // The random player sends on every new view, so in games with simultaneous steps it races its own stale
      // lists and is refused now and then; it never sends a malformed action, and the bot is never refused.
      expect(me.errors.filter((e) => e.code === 'bad-action')).toEqual([]);
      expect(roomOf(me.room.roomId).bots.refused).toBe(0);

      const log = await fetchLog(me.room.state.gameId);
      const verdict = verifyLog(log, getGame);
      expect(verdict.problems).toEqual([]);
      // Every move of the bot's seat is marked with its level; none of the player's is.
      const moves = log.entries.filter((e) => e.kind === 'action');
      expect(moves.filter((e) => e.seat === botSeat).length).toBeGreaterThan(0);
      for (const e of moves) expect(e.bot).toBe(e.seat === botSeat ? level : undefined);
      // The public log lines carry the same mark, for the players and the watcher.
      const lines = watcher.lines;
      expect(lines.filter((l: { bot?: string }) => l.bot === level).length).toBe(
        moves.filter((e) => e.seat === botSeat).length,
      );

      // What the bot was given: exactly its seat's view and legal actions of the position it was asked in,
      // through JSON as a client receives them (so never the state, the seed or another seat's secrets).
      const asks = roomOf(me.room.roomId).bots.asks;
      expect(asks.length).toBeGreaterThanOrEqual(moves.filter((e) => e.seat === botSeat).length);
      const module = getGame(game)!;
      for (const ask of asks) {
        const seq = Number(ask.stamp.split(':')[1]);
        const replay = replayLog(log, getGame, seq - 1);
        if (!replay.ok) throw new Error(replay.problem);
        expect(replay.table.seq).toBe(seq);
        expect(Object.keys(ask.input).sort()).toEqual(['legal', 'seat', 'view']);
        expect(ask.seat).toBe(botSeat);
        expect(ask.input.view).toEqual(JSON.parse(JSON.stringify(module.view(replay.table.state, botSeat))));
        expect(ask.input.legal).toEqual(JSON.parse(JSON.stringify(module.legalActions(replay.table.state, botSeat))));
        expect(JSON.stringify(ask.input)).not.toContain(log.fair.serverSeed!);
      }
      await me.room.leave();
      await watcher.room.leave();
    }, 120000);
  },
);

describe('a computer opponent in a room', () => {
  it('takes the rematch at once, swapping sides like a player', async () => {
    const me = await create(server.ws, { game: 'high-roll', name: 'Ana', bot: { level: 'easy', seat: 1 } });
    await playRandomly(me, me);
    me.room.send('rematch');
    await until(() => me.room.state.phase === 'playing' && me.room.state.round === 2, 'the rematch');
    expect(me.seat).toBe(1);
    expect(me.room.state.seats[0].bot).toBe('easy');
    await playRandomly(me, me);
    const log = await fetchLog(me.room.state.gameId);
    expect(verifyLog(log, getGame).problems).toEqual([]);
    expect(log.entries.filter((e) => e.kind === 'action' && e.seat === 0).every((e) => e.bot === 'easy')).toBe(true);
    await me.room.leave();
  });

  it("refuses a bot seat where there is none beside the creator's", async () => {
    await expect(
      create(server.ws, { game: 'dice-siege', name: 'Ana', bot: { level: 'easy', seat: 1 } }),
    ).rejects.toThrow(/bad-options/);
    await expect(
      create(server.ws, { game: 'shields', name: 'Ana', bot: { level: 'grandmaster', seat: 1 } }),
    ).rejects.toThrow(/bad-options/);
  });
});

describe('a bot holds a dropped seat', () => {
  it('after the grace the opponent may let a bot play; the player returns and gets the seat back at a turn boundary; the log verifies', async () => {
    const a = await create(server.ws, { game: 'shields', name: 'Ana' });
    const b = await join(server.ws, a.room.roomId, { name: 'Bo' });
    await until(() => a.room.state.phase === 'playing', 'the start');
    // Too early: the grace has not run out.
    await b.room.leave(false);
    a.room.send('stand-in', { level: 'easy' });
    expect(await nextError(a)).toMatchObject({ code: 'not-claimable' });
    await until(() => a.room.state.seats[1].claimable, 'the grace to run out', 6000);
    a.room.send('stand-in', { level: 'fiendish' });
    expect(await nextError(a)).toMatchObject({ code: 'bad-message' });
    a.room.send('stand-in', { level: 'easy' });
    await until(() => a.room.state.seats[1].bot === 'easy', 'the stand-in');
    expect(a.room.state.seats[1].claimable).toBe(false);
    // A claim is no longer open: the seat is being played.
    a.room.send('claim');
    expect(await nextError(a)).toMatchObject({ code: 'not-claimable' });
    // Ana plays; the bot answers for Bo.
    const botMoves = () => a.lines.filter((l) => l.bot === 'easy').length;
    const playUntil = async (cond: () => boolean) => {
      let lastRev = -1;
      await until(
        () => {
          if (a.room.state.phase !== 'playing') return true;
          if (a.legal.length > 0 && a.stream.rev !== lastRev) {
            lastRev = a.stream.rev;
            a.room.send('action', a.legal[Math.floor(Math.random() * a.legal.length)]);
          }
          return cond();
        },
        'play',
        30000,
      );
    };
    await playUntil(() => botMoves() >= 3);
    expect(a.room.state.phase).toBe('playing');
    // Bo comes back with the seat token: the seat is his again once the bot's turn is over.
    const b2 = await join(server.ws, a.room.roomId, { seatToken: b.token });
    expect(b2.seat).toBe(1);
    await until(() => a.room.state.seats[1].bot === '', 'the hand-back', 10000);
    expect(a.room.state.seats[1].connected).toBe(true);
    expect(a.room.state.talk.map((t: { kind: string }) => t.kind)).toEqual(
      expect.arrayContaining(['bot-in', 'bot-out']),
    );
    const marked = botMoves();
    // Now Bo's moves are his own: play both sides for a while, no move is refused, none is marked.
    let lastA = -1;
    let lastB = -1;
    for (let i = 0; i < 400 && a.room.state.phase === 'playing'; i++) {
      for (const [p, last] of [
        [a, lastA],
        [b2, lastB],
      ] as const) {
        if (p.legal.length > 0 && p.stream.rev !== last) {
          if (p === a) lastA = p.stream.rev;
          else lastB = p.stream.rev;
          p.room.send('action', p.legal[Math.floor(Math.random() * p.legal.length)]);
        }
      }
      await sleep(10);
      if (logCount(a.room.state) > 40) break;
    }
    expect(b2.errors).toEqual([]);
    expect(botMoves()).toBe(marked);
    if (a.room.state.phase === 'playing') a.room.send('resign');
    await until(() => a.room.state.phase === 'over', 'the end');
    const log = await fetchLog(a.room.state.gameId);
    expect(verifyLog(log, getGame).problems).toEqual([]);
    const bySeat1 = log.entries.filter((e) => e.kind === 'action' && e.seat === 1);
    expect(bySeat1.filter((e) => e.bot === 'easy').length).toBe(marked);
    expect(bySeat1.filter((e) => e.bot === undefined).length).toBeGreaterThan(0);
    await a.room.leave();
    await b2.room.leave();
  }, 60000);
});

describe('a slow bot', () => {
  let slow: Server;
  beforeAll(async () => {
    slow = await testServer({ botPaceMs: 0, botBudgetMs: 300, botMarginMs: 100, botDelayMs: 2000, botThreads: 1 });
  });
  afterAll(async () => {
    await slow.close();
  });

  it("overruns its budget in its thread: its room gets a fallback legal move in time, and another room's patches are not delayed", async () => {
    // Warm the thread up (loading the rules in a thread takes a moment) with one fallback move.
    const me = await create(slow.ws, {
      game: 'dice-chess',
      options: { placement: 'random' },
      name: 'Ana',
      bot: { level: 'hard', seat: 0 },
    });
    // Whoever the dice chose to start (C-rules), the bot has made one move once it is Ana's turn and one entry is in.
    await until(() => me.legal.length > 0, "Ana's turn", 10000);
    if (logCount(me.room.state) < 2) {
      me.room.send('action', me.legal[0]);
      await until(() => logCount(me.room.state) >= 3, "the bot's first (fallback) move", 10000);
    }
    expect(slow.bots.stats.timeouts).toBe(1);

    // Another room of two people plays while the bot busy-waits 2 s in its thread for each move.
    const x = await create(slow.ws, { game: 'dice-chess', options: { placement: 'random' }, name: 'Xia' });
    const y = await join(slow.ws, x.room.roomId, { name: 'Yan' });
    await until(() => x.room.state.phase === 'playing', 'the other room to start');
    const latencies: number[] = [];
    const botAnswered: number[] = [];
    let stop = false;
    const botSide = (async () => {
      // Ana moves; the bot's answer arrives by fallback after its budget.
      for (let i = 0; i < 3 && me.room.state.phase === 'playing'; i++) {
        await until(() => me.legal.length > 0 || me.room.state.phase !== 'playing', 'Ana to move', 10000);
        if (me.room.state.phase !== 'playing') break;
        const n = logCount(me.room.state);
        const t = Date.now();
        me.room.send('action', me.legal[0]);
        await until(
          () => logCount(me.room.state) >= n + 2 || me.room.state.phase !== 'playing',
          "the bot's answer",
          15000,
        );
        botAnswered.push(Date.now() - t);
      }
      stop = true;
    })();
    while (!stop && x.room.state.phase === 'playing') {
      const p = x.legal.length > 0 ? x : y;
      if (p.legal.length === 0) {
        await sleep(5);
        continue;
      }
      const n = logCount(x.room.state);
      const t = performance.now();
      p.room.send('action', p.legal[Math.floor(Math.random() * p.legal.length)]);
      await until(() => logCount(x.room.state) > n, "the other room's patch", 5000);
      latencies.push(performance.now() - t);
      await sleep(20);
    }
    await botSide;
    expect(botAnswered.length).toBeGreaterThan(0);
    // Each bot answer came by fallback once budget + margin (400 ms) had passed in its thread, not after its 2 s;
    // the room's own wait also includes loading a fresh thread (slow here: TypeScript is compiled in the thread).
    expect(slow.bots.stats.slowestThinkMs).toBeLessThan(900);
    expect(slow.bots.stats.timeouts).toBeGreaterThanOrEqual(1 + botAnswered.length);
    expect(latencies.length).toBeGreaterThan(3);
    // Patches of the other room went out as usual (MIN_PATCH_MS is 50) while the bot was stuck.
    latencies.sort((p, q) => p - q);
    expect(latencies[Math.floor(latencies.length * 0.95)]).toBeLessThan(250);
    const log = await (async () => {
      if (me.room.state.phase === 'playing') me.room.send('resign');
      await until(() => me.room.state.phase === 'over', 'the end');
      return fetchLog(me.room.state.gameId, slow.url);
    })();
    expect(verifyLog(log, getGame).problems).toEqual([]);
    await me.room.leave();
    await x.room.leave();
    await y.room.leave();
  }, 60000);
});
