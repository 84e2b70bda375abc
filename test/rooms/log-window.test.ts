// The log's window (issue #18): a full frame carries only the latest public lines, so a spectator who joins a
// long game late gets a small first state; the earlier lines come on request ('log-before'), to that client only,
// and are exactly the lines a client that watched from the start holds. Bad requests are refused and change nothing.
import {
  pick,
  readLine,
  seededDice,
  type GameModule,
  type LogEntry,
  type Table,
  type TableDelta,
} from '@dicehall/shared';
import { TableStream } from '../../server/src/rooms/projection';
import { GameRecord, LOG_PAGE, LOG_WINDOW } from '../../server/src/rooms/record';
import { TableState } from '../../server/src/rooms/schema';
import { create, join, logCount, nextError, serverSetup, sleep, until, type Player } from '../helpers/server';

// Random players send as fast as patches arrive: the per-client rate limit is lifted for this file.
const env = serverSetup({ rateBurst: 1000, ratePerSecond: 1000 });

/** What the room socket has read so far, frame headers included (as bench/wire.bench.ts counts). */
const bytesRead = (p: Player): number => (p.room.connection as any).transport.ws._socket?.bytesRead ?? 0;
/**
 * Bytes read from the room, counting from the call: the socket's bytes less the server heartbeat's pings (an empty
 * ping frame is 2 bytes, server/src/heartbeat.ts), which arrive whatever the room does.
 */
function roomBytes(p: Player): () => number {
  const ws = (p.room.connection as any).transport.ws;
  let pings = 0;
  ws.on('ping', () => pings++);
  const start = bytesRead(p);
  return () => bytesRead(p) - start - 2 * pings;
}

/** A game played to its end by random legal moves, watched from the start by Sam. */
async function playedGame(game: string, options: object, seed: number) {
  const ws = env.server.ws;
  const a = await create(ws, { game, name: 'Ana', options });
  const b = await join(ws, a.room.roomId, { name: 'Ben' });
  const sam = await join(ws, a.room.roomId, { name: 'Sam', want: 'watch' });
  await until(() => a.room.state.phase === 'playing' && logCount(sam.room.state) > 0, 'the game to start');
  // The shared seeded dice pick the moves: the same choices on every run.
  const dice = seededDice(seed);
  while (a.room.state.phase === 'playing') {
    const mover = await until(() => [a, b].find((p) => p.legal.length > 0) ?? a.room.state.phase !== 'playing');
    if (mover === true) break;
    const before = logCount(a.room.state);
    mover.room.send('action', pick(dice, mover.legal));
    await until(
      () =>
        [a, b, sam].every((p) => logCount(p.room.state) > before) ||
        [a, b, sam].every((p) => p.room.state.phase === 'over'),
      'the move to reach everyone',
    );
  }
  await until(() => [a, b, sam].every((p) => p.room.state.serverSeed), 'the end to reach everyone');
  return { a, b, sam };
}

/** Asks for earlier lines until the player holds the game's first line. */
async function fetchEarlier(p: Player) {
  for (let asks = 0; (p.lines[0]?.seq ?? 0) > 0; asks++) {
    if (asks > 10) throw new Error('the earlier lines never arrive');
    const pages = p.pages.length;
    p.room.send('log-before', { before: p.lines[0]!.seq });
    await until(() => p.pages.length > pages, 'a page of earlier lines');
  }
}

describe.each([
  ['shields', { bestOf: 1 }, 7],
  ['dice-chess', { placement: 'random' }, 3],
])('a late spectator of a long %s game', (game, options, seed) => {
  it("gets a first state of at most 8 KiB, then exactly the watcher's lines once it asks for the earlier ones", async () => {
    // A long game: many more lines than the window (the first seed from `seed` on whose random game is).
    let played = await playedGame(game, options, seed);
    for (let next = seed + 1; logCount(played.sam.room.state) <= LOG_WINDOW * 4 && next < seed + 8; next++) {
      for (const p of Object.values(played)) await p.room.leave();
      played = await playedGame(game, options, next);
    }
    const { a, b, sam } = played;
    const lines = logCount(sam.room.state);
    expect(lines).toBeGreaterThan(LOG_WINDOW * 4);
    expect(sam.lines.map((l) => l.seq)).toEqual([...Array(lines).keys()]);
    // Sam watched from the start: every line came to him in a frame of his stream, none had to be asked for.
    expect(sam.holes).toBe(0);
    expect(sam.pages).toHaveLength(0);

    const lia = await join(env.server.ws, a.room.roomId, { name: 'Lia', want: 'watch' });
    await until(() => lia.view && lia.room.state.serverSeed, 'the late state and view');
    await sleep(150);
    const first = bytesRead(lia);
    expect(first).toBeGreaterThan(1000);
    expect(first).toBeLessThanOrEqual(8 * 1024);
    // The window only: the latest lines, in her stream's full frame just ahead of her first state.
    expect(lia.lines.map((l) => l.seq)).toEqual([...Array(LOG_WINDOW).keys()].map((k) => lines - LOG_WINDOW + k));
    expect(lia.pages).toHaveLength(0);

    const others = [a, b, sam].map(roomBytes);
    await fetchEarlier(lia);
    expect(lia.lines).toEqual(sam.lines);
    // Answered to Lia alone: the others received nothing meanwhile.
    await sleep(100);
    expect(others.map((read) => read())).toEqual([0, 0, 0]);
    // The lines are the public ones, in the synced form: [kind, seat, rolls, events, at] (and a bot's level), no action.
    for (const page of lia.pages) for (const [, text] of page.lines) expect(JSON.parse(text)).toHaveLength(5);
    for (const p of [a, b, sam, lia]) await p.room.leave();
    // Whole random games move by move, each move awaited by three clients: 1–2 s alone, several times that beside
    // the browser suites on two cores (it went past the default 30 s in such a run).
  }, 180_000);
});

describe('asking for earlier lines', () => {
  it('a malformed request gets a coded refusal and changes nothing; a valid one, from a player or a spectator, a bounded page', async () => {
    const ws = env.server.ws;
    const a = await create(ws, { game: 'shields', name: 'Ana', options: { bestOf: 1 } });
    const b = await join(ws, a.room.roomId, { name: 'Ben' });
    const s = await join(ws, a.room.roomId, { name: 'Sam', want: 'watch' });
    await until(() => a.room.state.phase === 'playing' && a.legal.length + b.legal.length > 0, 'the game to start');
    for (let i = 0; i < 3; i++) {
      const mover = await until(() => [a, b].find((p) => p.legal.length > 0), 'a seat to act');
      const before = logCount(a.room.state);
      mover.room.send('action', mover.legal[0]);
      await until(() => [a, b, s].every((p) => logCount(p.room.state) > before), 'the move');
    }
    const state = () => JSON.stringify(a.room.state.toJSON());
    const was = state();
    const bad: unknown[] = [
      undefined,
      null,
      'x',
      7,
      [3],
      {},
      { before: '3' },
      { before: -1 },
      { before: 1.5 },
      { before: 1e12 },
      { before: Number.MAX_SAFE_INTEGER + 2 },
      { before: 3, more: 1 },
      { before: { $gt: 0 } },
    ];
    // The pages each was sent on joining (the latest lines, when the game had begun): none more from here.
    const joined = [a, b, s].map((p) => p.pages.length);
    for (const p of [a, s]) {
      for (const msg of bad) {
        p.room.send('log-before', msg);
        expect(await nextError(p)).toMatchObject({ code: 'bad-message', of: 'log-before' });
      }
    }
    expect([a, b, s].map((p) => p.pages.length)).toEqual(joined);
    expect(state()).toBe(was);

    // The largest valid number, and 0: bounded answers, the lines the game has and nothing else.
    for (const p of [b, s]) {
      const n = p.pages.length;
      p.room.send('log-before', { before: 1_000_000_000 });
      await until(() => p.pages.length === n + 1, 'the page');
      p.room.send('log-before', { before: 0 });
      await until(() => p.pages.length === n + 2, 'the empty page');
      const [all, none] = p.pages.slice(n);
      expect(all!.gameId).toBe(a.room.state.gameId);
      expect(all!.lines.map(([seq]) => seq)).toEqual([...Array(logCount(a.room.state)).keys()]);
      expect(all!.lines.length).toBeLessThanOrEqual(LOG_PAGE);
      expect(none!.lines).toEqual([]);
    }
    expect(state()).toBe(was);

    // A flood is refused politely (a few at once, then one a second), players and spectators alike.
    for (const p of [a, s]) {
      const errors = p.errors.length;
      for (let i = 0; i < 8; i++) p.room.send('log-before', { before: 2 });
      await until(() => p.errors.length > errors, 'the refusal');
      expect(p.errors.slice(errors).every((e) => e.code === 'log-busy' && e.of === 'log-before')).toBe(true);
    }
    expect(state()).toBe(was);
    for (const p of [a, b, s]) await p.room.leave();
  });
});

describe("the window's size", () => {
  const entry = (seq: number): LogEntry => ({
    seq,
    kind: seq ? 'action' : 'setup',
    seat: seq ? seq % 2 : null,
    action: { secret: `order-${seq}` },
    rolls: [{ index: seq, sides: 6, value: 1 + (seq % 6) }],
    events: [{ type: 'moved', seat: seq % 2, to: `sq${seq}` }],
    at: 1000 + seq,
  });
  const withHeld = (hold: () => boolean) => {
    const state = new TableState();
    const module = { holdLog: hold, result: () => null } as unknown as GameModule;
    // The lines go out in the room's stream (issue #29): each flush takes what came since the last.
    const stream = new TableStream();
    const record = new GameRecord({ state, module, lines: stream });
    const table = { state: {}, ended: null, seats: 2, seq: 0 } as Table;
    return { state, record, table, stream };
  };

  it('a burst of released lines longer than the window reaches the clients whole in the next frame; the next line starts afresh', () => {
    let holding = false;
    const { record, table, stream } = withHeld(() => holding);
    let taken: TableDelta = {};
    const take = () => (taken = JSON.parse(stream.take()) as TableDelta);
    const seqs = () => (taken.l ?? []).map(([seq]) => seq);
    record.begin(entry(0));
    take();
    expect(seqs()).toEqual([0]);
    // A race round: twelve moves held back, then released with the round's last.
    holding = true;
    for (let seq = 1; seq <= 12; seq++) record.publish(entry(seq), table);
    take();
    expect(seqs()).toEqual([]);
    holding = false;
    record.publish(entry(13), table);
    take();
    expect(seqs()).toEqual([...Array(13).keys()].map((k) => k + 1));
    // Nothing new: the next frame carries no line.
    take();
    expect(seqs()).toEqual([]);
    record.publish(entry(14), table);
    take();
    expect(seqs()).toEqual([14]);
    // A client joining now gets the latest lines in its full frame, with every key list and the game's start.
    const wholeText = stream.whole();
    const whole = JSON.parse(wholeText) as TableDelta;
    expect(whole.l!.map(([seq]) => seq)).toEqual([...Array(LOG_WINDOW).keys()].map((k) => 15 - LOG_WINDOW + k));
    // The lines are the public ones: no action, the rolls and events readable with the key lists.
    const [seq, line] = taken.l!.at(-1)!;
    expect(wholeText).not.toContain('order-');
    // The form U8 (shields-up-games) searches raw bytes for: a line's rolls right after its kind (an action's as 0)
    // and seat.
    expect(wholeText).toMatch(/\[("(setup|resign|claim|draw|timeout)"|0),(null|\d+),\[\[/);
    expect(readLine(seq, line, whole.k!, whole.s)).toEqual({ ...entry(14), action: undefined, seq: 14 });
    // The frame carries each line's own text, as a page does (not a string of it: nothing escaped).
    expect(wholeText).toContain(`[14,${record.page(15).lines.at(-1)![1]}]`);
    // Its time counts from the game's start (the setup entry's), which a full frame says once.
    expect(whole.s).toBe(1000);
    expect(line[4]).toBe(14);
    expect(record.page(1_000_000_000).lines.map(([seq]) => seq)).toEqual([...Array(15).keys()]);
    // A new game starts with its setup line alone.
    record.begin(entry(0));
    take();
    expect(seqs()).toEqual([0]);
    expect(taken.g).toBe(whole.g);
  });
});
