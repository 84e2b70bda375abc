// Issue 31, item 2: the bots' threads are shared fairly between addresses. One address opens many rooms against the
// computer and keeps every bot busy; another address's bot still answers within 20% of its idle time, measured in
// this very test. Past BOT_ROOMS_PER_ADDRESS a new room against the computer from one address is refused with a
// code ("computer-busy"), while other addresses still get theirs.
import { Client } from 'colyseus.js';
import { logCount, serverSetup, sleep, until, wirePlayer, type Player, toActOf } from '../helpers/server';

/** Rooms against the computer the crowding address opens, which is also its cap here. */
const CROWD = 40;
const PACE_MS = 800;
const env = serverSetup({
  trustProxy: true,
  botThreads: 1,
  botPaceMs: PACE_MS,
  botBudgetMs: 60,
  // A thread slowed by a busy machine is not stopped and replaced (loading a fresh one takes seconds under tsx).
  botMarginMs: 3000,
  // Every bot move costs its thread at least this long, so the crowd's asks pile up: 40 rooms ask for a move
  // about every PACE_MS, and the one thread answers one every ~60 ms (a FIFO would keep the visitor ~2.4 s).
  botDelayMs: 60,
  botRoomsPerAddress: CROWD,
  ratePerSecond: 1000,
  rateBurst: 1000,
});

const CROWDER = '198.51.100.7';
const VISITOR = '203.0.113.9';
const GAME = { game: 'dice-chess', options: { placement: 'random' } };

/** Creates a room against the computer as `ip` (behind the trusted proxy) and takes its seat; or the coded refusal. */
async function open(ip: string): Promise<Player | { code: number; error: string }> {
  const res = await fetch(`${env.server.url}/matchmake/create/table`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', 'X-Forwarded-For': ip },
    body: JSON.stringify({ ...GAME, name: 'Ana', bot: { level: 'easy', seat: 1 } }),
  });
  const reservation = (await res.json()) as { sessionId?: string; code: number; error: string };
  if (!reservation.sessionId) return reservation;
  const client = new Client(env.server.ws);
  const p = wirePlayer(client, await client.consumeSeatReservation(reservation as never));
  await until(() => p.room.state?.game, 'state');
  return p;
}

async function openOrThrow(ip: string): Promise<Player> {
  const p = await open(ip);
  if (!('room' in p)) throw new Error(`refused: ${p.error}`);
  return p;
}

const playing = (p: Player) => p.room.state.phase === 'playing';
const myTurn = (p: Player) => playing(p) && [...toActOf(p.room)].includes(p.seat) && p.legal.length > 0;
const anyOf = <T>(xs: T[]) => xs[Math.floor(Math.random() * xs.length)]!;

/** A game that ended is played again (the computer takes a rematch at once). */
async function keepPlaying(p: Player) {
  if (playing(p)) return;
  await until(() => p.room.state.phase === 'over', 'the end of the game');
  const round = p.room.state.round;
  p.room.send('rematch');
  await until(() => p.room.state.round > round && playing(p), 'the rematch', 10000);
}

/**
 * Moves for `p` and times each bot answer: from sending the move to the bot's move arriving (its seat's turn again).
 * A move after which it is still `p`'s turn, or that ends the game, is not a sample.
 */
async function botAnswers(p: Player, samples: number): Promise<number[]> {
  const times: number[] = [];
  while (times.length < samples) {
    await keepPlaying(p);
    await until(() => myTurn(p) || !playing(p), 'my turn', 20000);
    if (!playing(p)) continue;
    const n = logCount(p.room.state);
    const t = performance.now();
    p.room.send('action', anyOf(p.legal));
    await until(() => logCount(p.room.state) > n || !playing(p), 'my move', 5000);
    if (!playing(p) || [...toActOf(p.room)].includes(p.seat)) continue;
    await until(() => myTurn(p) || !playing(p), "the bot's answer", 20000);
    if (!playing(p)) continue;
    times.push(performance.now() - t);
  }
  return times;
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

it(`keeps another address's bot within 20% of its idle answer time while one address has ${CROWD} rooms against the computer`, async () => {
  // Two measures: the delay the queue itself adds to the visitor's asks (the scheduler's doing: at most 20% of the
  // idle answer), and the answer's wall-clock time (which also carries this one process's CPU, shared with the 40
  // rooms' server and clients and with the suite's other worker: a coarse bound, which the old single queue's 3.8x
  // failed).
  const visitor = await openOrThrow(VISITOR);
  // The first ask starts the thread (it loads the rules); two moves warm it up.
  await botAnswers(visitor, 2);
  const idle = await botAnswers(visitor, 8);

  const crowd: Player[] = [];
  for (let i = 0; i < CROWD; i++) crowd.push(await openOrThrow(CROWDER));
  // The crowd's people answer their bots at once, every time, so their bots always have asks in.
  let stop = false;
  const lastRev = new Map<Player, number>();
  const crowding = (async () => {
    while (!stop) {
      for (const p of crowd) {
        if (p.room.state.phase === 'over' && lastRev.get(p) !== -2) {
          lastRev.set(p, -2);
          p.room.send('rematch');
        }
        if (!myTurn(p) || lastRev.get(p) === p.stream.rev) continue;
        lastRev.set(p, p.stream.rev);
        p.room.send('action', anyOf(p.legal));
      }
      await sleep(20);
    }
  })();
  try {
    await until(() => (env.server.bots.waiting().byOwner[CROWDER] ?? 0) >= 15, 'the crowd to fill the queue', 20000);
    const asked = env.server.bots.queueWaits(VISITOR).length;
    const busy = await botAnswers(visitor, 8);
    const queued = env.server.bots.queueWaits(VISITOR).slice(asked);
    const waited = env.server.bots.waiting();
    console.log(
      `bot answer, visitor's room: idle median ${median(idle).toFixed(0)} ms [${idle.map((x) => x.toFixed(0)).join(' ')}], ` +
        `beside ${CROWD} rooms of one address ${median(busy).toFixed(0)} ms [${busy.map((x) => x.toFixed(0)).join(' ')}]; ` +
        `asks waiting at the end: ${JSON.stringify(waited.byOwner)}; the visitor's asks waited ${median(queued).toFixed(0)} ms ` +
        `(median) [${queued.map((x) => x.toFixed(0)).join(' ')}] for the thread`,
    );
    // The crowd really was waiting for the thread while the visitor was measured.
    expect(waited.byOwner[CROWDER] ?? 0).toBeGreaterThanOrEqual(10);
    expect(median(idle)).toBeGreaterThanOrEqual(PACE_MS);
    expect(queued.length).toBeGreaterThanOrEqual(8);
    expect(median(queued)).toBeLessThanOrEqual(median(idle) * 0.2);
    expect(median(busy)).toBeLessThanOrEqual(median(idle) * 2);
  } finally {
    stop = true;
    await crowding;
  }

  // The crowding address is at its cap: a new room against the computer is refused, with its code and words, and
  // goes at once; another address still gets one.
  const refused = await open(CROWDER);
  expect(refused).toMatchObject({ error: expect.stringMatching(/^computer-busy: The computer is busy/) });
  const other = await openOrThrow('203.0.113.77');
  expect(other.room.state.seats[1].bot).toBe('easy');
  // Closing one of its rooms makes room for a new one.
  await crowd[0]!.room.leave(true);
  await until(() => env.server.bots.rooms.inPlay(CROWDER) < CROWD, 'the closed room to stop counting');
  const again = await openOrThrow(CROWDER);
  expect(again.room.state.seats[1].bot).toBe('easy');
  for (const p of [...crowd.slice(1), visitor, other, again]) await p.room.leave(true);
}, 120000);
