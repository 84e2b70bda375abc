// One contract for the durable game store, run against embedded PGlite and the machine's real PostgreSQL.
import { spawn } from 'node:child_process';
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { GameLog } from '@dicehall/shared';
import { hashSeatToken, seatTokenMatches, StoreError, type GameStore } from '../../server/src/store/game-store';
import { embeddedBackend, entry, newGame, newGameId, postgresBackend, type Backend } from './backends';

const ROOT = resolve(__dirname, '../..');

function finishedLog(gameId: string, entries = [entry(0), entry(1)]): GameLog {
  return {
    format: 'dicehall-log/1',
    game: 'high-roll',
    gameId,
    options: { rounds: 3 },
    seats: 2,
    players: ['Ann', 'Bob'],
    fair: {
      scheme: 'hmac-sha256-rejection/1',
      commitment: 'c'.repeat(64),
      clientSeed: 'a:b',
      serverSeed: 'f'.repeat(64),
    },
    entries,
    result: { winners: [0], draw: false, reason: 'score', summary: 'Ann wins' },
  };
}

async function refusal(p: Promise<unknown>): Promise<string> {
  try {
    await p;
  } catch (err) {
    if (err instanceof StoreError) return err.code;
    throw err;
  }
  return 'accepted';
}

describe.each([
  ['embedded', embeddedBackend],
  ['postgres', postgresBackend],
])('GameStore contract (%s)', (_name, make) => {
  let backend: Backend;
  let store: GameStore;

  beforeAll(async () => {
    backend = make();
    store = await backend.open();
  }, 120_000);

  afterAll(async () => {
    await store?.close();
    await backend?.destroy();
  });

  /** Closes the suite's store and opens a new one on the same data (a restart). */
  async function reopen() {
    await store.close();
    store = await backend.open();
  }

  it('runs the migrations once: a second open of the same data applies nothing and finds the schema', async () => {
    await reopen();
    const id = newGameId();
    await store.createGame(newGame(id));
    expect((await store.loadUnfinished(id))?.gameId).toBe(id);
    await store.close();
    const tables = await backend.dumpTables();
    expect(tables).toMatch(/^schema_migrations: \(001_games,[^\n]*\n\(002_lobbies,/m);
    expect(tables.match(/\(001_games,/g)).toHaveLength(1);
    expect(tables.match(/\(002_lobbies,/g)).toHaveLength(1);
    expect(tables.match(/\(003_unfinished_by_room,/g)).toHaveLength(1);
    store = await backend.open();
  }, 60_000);

  it('creates a game and loads everything a resume needs', async () => {
    const id = newGameId();
    await store.createGame(
      newGame(id, { room: { isPublic: true }, seats: [{ seat: 0, token: 'tok-ann', name: 'Ann' }] }),
    );
    await store.recordSeat(id, { seat: 1, token: 'tok-bob', name: 'Bob' });
    await store.recordSeat(id, { seat: 1, token: 'tok-bob', name: 'Bobby' });
    await store.setClientSeed(id, 'ann-seed:bob-seed');
    await store.append(id, [entry(0)]);
    await store.append(id, [entry(1), entry(2)]);
    await store.addChat(id, { seat: 0, from: 'Ann', text: 'good luck' });
    await store.addChat(id, { seat: null, from: 'Eve (watching)', text: 'hi' });
    const g = await store.loadUnfinished(id);
    expect(g).toMatchObject({
      gameId: id,
      roomId: `room-${id}`,
      round: 0,
      game: 'high-roll',
      rulesVersion: 'high-roll/1',
      options: { rounds: 3 },
      seatCount: 2,
      commitment: 'c'.repeat(64),
      serverSeed: 's'.repeat(64),
      clientSeed: 'ann-seed:bob-seed',
      room: { isPublic: true },
    });
    expect(g!.seats).toEqual([
      { seat: 0, tokenHash: hashSeatToken('tok-ann'), name: 'Ann' },
      { seat: 1, tokenHash: hashSeatToken('tok-bob'), name: 'Bobby' },
    ]);
    expect(seatTokenMatches('tok-bob', g!.seats[1].tokenHash)).toBe(true);
    expect(seatTokenMatches('tok-ann', g!.seats[1].tokenHash)).toBe(false);
    expect(g!.entries).toEqual([entry(0), entry(1), entry(2)]);
    expect(g!.chat.map((c) => [c.seat, c.from, c.text])).toEqual([
      [0, 'Ann', 'good luck'],
      [null, 'Eve (watching)', 'hi'],
    ]);
    expect(g!.chat[0].at).toBeInstanceOf(Date);
  });

  it('refuses a second game with the same id, and seats outside the game', async () => {
    const id = newGameId();
    await store.createGame(newGame(id));
    expect(await refusal(store.createGame(newGame(id, { roomId: 'other' })))).toBe('duplicate-game');
    expect((await store.loadUnfinished(id))!.roomId).toBe(`room-${id}`);
    expect(await refusal(store.recordSeat(id, { seat: 2, token: 't', name: 'X' }))).toBe('bad-input');
    expect(await refusal(store.recordSeat(newGameId(), { seat: 0, token: 't', name: 'X' }))).toBe('unknown-game');
    expect(await refusal(store.addChat(newGameId(), { seat: null, from: 'X', text: 'hi' }))).toBe('unknown-game');
  });

  it('keeps the log append-only and in order: gaps and conflicting duplicates are refused, identical retries are no-ops', async () => {
    const id = newGameId();
    await store.createGame(newGame(id));
    expect(await refusal(store.append(id, [entry(1)]))).toBe('out-of-order');
    await store.append(id, [entry(0), entry(1)]);
    expect(await refusal(store.append(id, [entry(3)]))).toBe('out-of-order');
    expect(await refusal(store.append(id, [entry(1)]))).toBe('accepted');
    expect(await refusal(store.append(id, [entry(1), entry(2)]))).toBe('accepted');
    expect(await refusal(store.append(id, [entry(2, { at: 1 })]))).toBe('duplicate-entry');
    expect(await refusal(store.append(id, [entry(2, { at: 1 }), entry(3)]))).toBe('duplicate-entry');
    expect(await refusal(store.append(newGameId(), [entry(0)]))).toBe('unknown-game');
    expect(await refusal(store.append(id, []))).toBe('bad-input');
    expect(await refusal(store.append(id, [entry(3), entry(5)]))).toBe('bad-input');
    expect(await refusal(store.append('no spaces allowed', [entry(0)]))).toBe('bad-input');
    expect((await store.loadUnfinished(id))!.entries).toEqual([entry(0), entry(1), entry(2)]);
  });

  it('group-commits appends from many rooms at once, each room in order, a refusal touching no other room', async () => {
    const ids = Array.from({ length: 60 }, () => newGameId());
    await Promise.all(ids.map((id) => store.createGame(newGame(id))));
    // Every room fires its four appends without waiting, as a room acknowledging each on its own would.
    const appends = ids.flatMap((id) => [0, 1, 2, 3].map((seq) => store.append(id, [entry(seq)])));
    const wrong = store.append(ids[7], [entry(9)]);
    await Promise.all(appends);
    expect(await refusal(wrong)).toBe('out-of-order');
    const loaded = await Promise.all(ids.map((id) => store.loadUnfinished(id)));
    for (const g of loaded) expect(g!.entries.map((e) => e.seq)).toEqual([0, 1, 2, 3]);
  });

  it('serves a finished log only once the game is finished, and then never resumes it', async () => {
    const id = newGameId();
    await store.createGame(newGame(id));
    await store.append(id, [entry(0)]);
    const log = finishedLog(id);
    // In progress: no log (the HTTP route answers 404), and the game is listed for resume.
    expect(await store.finishedLog(id)).toBeNull();
    expect(await store.finishedLog(newGameId())).toBeNull();
    expect(await store.finishedLog("x' OR 1=1 --")).toBeNull();
    expect((await store.listUnfinished()).map((g) => g.gameId)).toContain(id);
    expect(await refusal(store.finish(id, { ...log, fair: { ...log.fair, serverSeed: null } }))).toBe('bad-input');
    expect(await refusal(store.finish(id, { ...log, gameId: newGameId() }))).toBe('bad-input');
    // finish waits for the game's appends still in flight.
    const last = store.append(id, [entry(1)]);
    await store.finish(id, log);
    await last;
    expect(await store.finishedLog(id)).toEqual(log);
    expect(await store.loadUnfinished(id)).toBeNull();
    expect((await store.listUnfinished()).map((g) => g.gameId)).not.toContain(id);
    expect(await refusal(store.append(id, [entry(2)]))).toBe('game-finished');
    expect(await refusal(store.setClientSeed(id, 'x'))).toBe('game-finished');
    expect(await refusal(store.finish(id, log))).toBe('accepted');
    expect(await refusal(store.finish(id, { ...log, players: ['Zed', 'Bob'] }))).toBe('game-finished');
    expect(await refusal(store.finish(newGameId(), finishedLog('nosuch')))).toBe('bad-input');
  });

  it("finds a room's unfinished game by room id (its latest round), and none once it is finished", async () => {
    const first = newGameId();
    const second = newGameId();
    const room = `room-${first}`;
    expect(await store.unfinishedInRoom(room)).toBeNull();
    await store.createGame(newGame(first, { roomId: room, round: 0 }));
    expect(await store.unfinishedInRoom(room)).toBe(first);
    await store.finish(first, finishedLog(first));
    expect(await store.unfinishedInRoom(room)).toBeNull();
    await store.createGame(newGame(second, { roomId: room, round: 1 }));
    expect(await store.unfinishedInRoom(room)).toBe(second);
    expect(await store.unfinishedInRoom('no such room!')).toBeNull();
  });

  it("finds a room's latest finished game by room id, for the room link once the room is gone", async () => {
    const first = newGameId();
    const second = newGameId();
    const room = `room-${first}`;
    expect(await store.finishedInRoom(room)).toBeNull();
    await store.createGame(newGame(first, { roomId: room, round: 0 }));
    expect(await store.finishedInRoom(room)).toBeNull();
    await store.finish(first, finishedLog(first));
    expect(await store.finishedInRoom(room)).toBe(first);
    // A rematch in play: the link still shows the last finished game, then the rematch once it ends.
    await store.createGame(newGame(second, { roomId: room, round: 1 }));
    expect(await store.finishedInRoom(room)).toBe(first);
    await store.finish(second, finishedLog(second));
    expect(await store.finishedInRoom(room)).toBe(second);
    expect(await store.finishedInRoom('no such room!')).toBeNull();
    expect(await store.finishedInRoom(`other-${first}`)).toBeNull();
  });

  it('lists unfinished games for resume at boot, with how much of their log is stored', async () => {
    const waiting = newGameId();
    const playing = newGameId();
    await store.createGame(newGame(waiting));
    await store.createGame(newGame(playing));
    await store.append(playing, [entry(0), entry(1), entry(2)]);
    const listed = new Map((await store.listUnfinished()).map((g) => [g.gameId, g]));
    expect(listed.get(waiting)).toMatchObject({ roomId: `room-${waiting}`, game: 'high-roll', entries: 0 });
    expect(listed.get(playing)!.entries).toBe(3);
    expect(listed.get(playing)!.createdAt).toBeInstanceOf(Date);
  });

  it('keeps appends across closing and reopening the store', async () => {
    const id = newGameId();
    await store.createGame(newGame(id, { seats: [{ seat: 0, token: 'tok', name: 'Ann' }] }));
    const entries = Array.from({ length: 50 }, (_, i) => entry(i));
    for (const e of entries) await store.append(id, [e]);
    await reopen();
    expect((await store.loadUnfinished(id))!.entries).toEqual(entries);
    await store.append(id, [entry(50)]);
    expect((await store.loadUnfinished(id))!.entries).toHaveLength(51);
  }, 60_000);

  it('loses nothing acknowledged when the writing process is killed with SIGKILL', async () => {
    const ids = Array.from({ length: 8 }, () => newGameId());
    await Promise.all(ids.map((id) => store.createGame(newGame(id))));
    await store.close();
    const acked = new Map<string, number>(ids.map((id) => [id, -1]));
    let acks = 0;
    // `node --import tsx`, not the tsx binary: that one runs the script in a grandchild the kill would miss.
    const child = spawn(process.execPath, ['--import', 'tsx', join(__dirname, 'append-child.ts')], {
      cwd: ROOT,
      env: { ...process.env, ...backend.childEnv(), GAMES: ids.join(',') },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (d) => (stderr += d));
    // 'close' comes after the child's output is fully read, so no ack arrives after the check below.
    const exited = new Promise<NodeJS.Signals | number | null>((res) =>
      child.on('close', (code, signal) => res(signal ?? code)),
    );
    await new Promise<void>((res, rej) => {
      let buffer = '';
      child.stdout.on('data', (d: Buffer) => {
        buffer += d.toString();
        const lines = buffer.split('\n');
        buffer = lines.pop()!;
        for (const line of lines) {
          const m = /^ack (\S+) (\d+)$/.exec(line);
          if (!m) continue;
          acked.set(m[1], Math.max(acked.get(m[1])!, Number(m[2])));
          // Kill mid-stream, while appends are still in flight.
          if (++acks === 400) {
            child.kill('SIGKILL');
            res();
          }
        }
      });
      void exited.then((how) => rej(new Error(`child ended by itself (${String(how)}): ${stderr}`)));
    });
    expect(await exited).toBe('SIGKILL');
    // The dead writer's directory lock is still there; the next store takes it over.
    if (backend.name === 'embedded') expect(existsSync(join(backend.settings.dataDir, 'dicehall.lock'))).toBe(true);
    store = await backend.open();
    for (const id of ids) {
      const g = await store.loadUnfinished(id);
      const seqs = g!.entries.map((e) => e.seq);
      // Every acknowledged entry is there, in order, with no gap (unacknowledged ones may be there too).
      expect(seqs.length).toBeGreaterThanOrEqual(acked.get(id)! + 1);
      expect(seqs).toEqual(seqs.map((_, i) => i));
      expect(g!.entries.slice(0, acked.get(id)! + 1)).toEqual(seqs.slice(0, acked.get(id)! + 1).map((s) => entry(s)));
    }
  }, 120_000);

  it('stores a hash of each seat token and never the token itself (every table scanned)', async () => {
    const token = `seat-token-${randomBytes(12).toString('base64url')}`;
    const id = newGameId();
    await store.createGame(newGame(id, { seats: [{ seat: 0, token, name: 'Ann' }] }));
    await store.recordSeat(id, { seat: 1, token: `${token}-b`, name: 'Bob' });
    await store.append(id, [entry(0)]);
    await store.close();
    const tables = await backend.dumpTables();
    expect(tables).toContain(hashSeatToken(token));
    expect(tables).toContain(hashSeatToken(`${token}-b`));
    expect(tables).not.toContain(token);
    if (backend.name === 'embedded') {
      // The embedded store's files, WAL included, hold no trace of it either.
      const files = walk(backend.settings.dataDir);
      expect(files.length).toBeGreaterThan(100);
      expect(files.filter((f) => readFileSync(f).includes(token))).toEqual([]);
    }
    store = await backend.open();
  }, 60_000);

  it('lets exactly one of two store instances hold the resume lease of a game, until released or expired', async () => {
    await store.close();
    const { a, b, close } = await backend.pair();
    try {
      const id = newGameId();
      await a.createGame(newGame(id));
      // Both race for it many times over: each round exactly one wins.
      for (let round = 0; round < 10; round++) {
        const game = newGameId();
        await a.createGame(newGame(game));
        const wins = await Promise.all([
          a.acquireResume(game, 'process-a', 60_000),
          b.acquireResume(game, 'process-b', 60_000),
        ]);
        expect(wins.filter(Boolean)).toHaveLength(1);
      }
      expect(await a.acquireResume(id, 'process-a', 60_000)).toBe(true);
      expect(await b.acquireResume(id, 'process-b', 60_000)).toBe(false);
      expect(await a.acquireResume(id, 'process-a', 60_000)).toBe(true);
      await b.releaseResume(id, 'process-b');
      expect(await b.acquireResume(id, 'process-b', 60_000)).toBe(false);
      await a.releaseResume(id, 'process-a');
      expect(await b.acquireResume(id, 'process-b', 300)).toBe(true);
      expect(await a.acquireResume(id, 'process-a', 60_000)).toBe(false);
      await new Promise((r) => setTimeout(r, 500));
      expect(await a.acquireResume(id, 'process-a', 60_000)).toBe(true);
      // Nobody resumes a finished or an unknown game.
      await a.finish(id, finishedLog(id));
      expect(await b.acquireResume(id, 'process-b', 60_000)).toBe(false);
      expect(await b.acquireResume(newGameId(), 'process-b', 60_000)).toBe(false);
      expect(await refusal(b.acquireResume(id, 'process-b', 0))).toBe('bad-input');
    } finally {
      await close();
      store = await backend.open();
    }
  }, 60_000);

  it("renews all of an owner's leases in one call, only those it still holds", async () => {
    await store.close();
    const { a, b, close } = await backend.pair();
    try {
      const [mine, lapsed, theirs, finished] = [newGameId(), newGameId(), newGameId(), newGameId()];
      for (const id of [mine, lapsed, theirs, finished]) await a.createGame(newGame(id));
      expect(await a.acquireResume(mine, 'process-a', 300)).toBe(true);
      expect(await a.acquireResume(lapsed, 'process-a', 300)).toBe(true);
      expect(await b.acquireResume(theirs, 'process-b', 60_000)).toBe(true);
      expect(await a.acquireResume(finished, 'process-a', 60_000)).toBe(true);
      await a.finish(finished, finishedLog(finished));
      await new Promise((r) => setTimeout(r, 500));
      // `lapsed` ran out and B took it; `mine` ran out too but nobody took it: renewing gives it back for the TTL.
      expect(await b.acquireResume(lapsed, 'process-b', 60_000)).toBe(true);
      const held = await a.renewResumes([mine, lapsed, theirs, finished, newGameId()], 'process-a', 60_000);
      expect(held).toEqual([mine]);
      expect(await b.acquireResume(mine, 'process-b', 60_000)).toBe(false);
      expect(await a.renewResumes([], 'process-a', 60_000)).toEqual([]);
      expect(await refusal(a.renewResumes(['no spaces!'], 'process-a', 60_000))).toBe('bad-input');
    } finally {
      await close();
      store = await backend.open();
    }
  }, 60_000);

  it('checks what another store instance wrote: its entries and its finish win over what this one expected', async () => {
    await store.close();
    const { a, b, close } = await backend.pair();
    try {
      const id = newGameId();
      await a.createGame(newGame(id));
      await a.append(id, [entry(0), entry(1)]);
      await b.append(id, [entry(2)]);
      // a expected to continue at 2: taken, by an entry that differs or by the same one.
      expect(await refusal(a.append(id, [entry(2, { at: 5 })]))).toBe('duplicate-entry');
      expect(await refusal(a.append(id, [entry(2)]))).toBe('accepted');
      await a.append(id, [entry(3)]);
      await b.finish(id, finishedLog(id));
      expect(await refusal(a.append(id, [entry(4)]))).toBe('game-finished');
      expect(await a.finishedLog(id)).toEqual(finishedLog(id));
    } finally {
      await close();
      store = await backend.open();
    }
  }, 60_000);

  it('retention deletes only finished games older than the cutoff', async () => {
    const day = 86400_000;
    const now = Date.now();
    const oldDone = newGameId();
    const recentDone = newGameId();
    const oldUnfinished = newGameId();
    await store.createGame(newGame(oldDone, { createdAt: new Date(now - 60 * day) }));
    await store.createGame(newGame(recentDone, { createdAt: new Date(now - 60 * day) }));
    await store.createGame(newGame(oldUnfinished, { createdAt: new Date(now - 60 * day) }));
    await store.append(oldDone, [entry(0)]);
    await store.addChat(oldDone, { seat: 0, from: 'Ann', text: 'gg' });
    await store.finish(oldDone, finishedLog(oldDone), new Date(now - 40 * day));
    await store.finish(recentDone, finishedLog(recentDone), new Date(now - 10 * day));
    expect(await store.deleteFinishedBefore(new Date(now - 30 * day))).toBe(1);
    expect(await store.finishedLog(oldDone)).toBeNull();
    expect(await store.finishedLog(recentDone)).toEqual(finishedLog(recentDone));
    expect((await store.loadUnfinished(oldUnfinished))!.gameId).toBe(oldUnfinished);
    expect(await store.deleteFinishedBefore(new Date(now - 30 * day))).toBe(0);
    expect(await refusal(store.deleteFinishedBefore(new Date(Number.NaN)))).toBe('bad-input');
  });

  it("keeps a lobby's latest state across a reopen, lists and deletes it; retention drops lobbies idle past the cutoff", async () => {
    const id = `lobby-${randomBytes(4).toString('hex')}`;
    const other = `lobby-${randomBytes(4).toString('hex')}`;
    expect(await store.loadLobby(id)).toBeNull();
    await store.saveLobby(id, { v: 1, chat: ['a'] });
    await store.saveLobby(id, { v: 1, chat: ['a', 'b'], name: 'Zoë 🎲' });
    await store.saveLobby(other, { v: 1 });
    await reopen();
    expect(await store.loadLobby(id)).toEqual({ v: 1, chat: ['a', 'b'], name: 'Zoë 🎲' });
    expect(await store.listLobbies()).toEqual(expect.arrayContaining([id, other]));
    await store.deleteLobby(id);
    expect(await store.loadLobby(id)).toBeNull();
    expect(await store.listLobbies()).not.toContain(id);
    expect(await refusal(store.saveLobby('no spaces!', {}))).toBe('bad-input');
    expect(await refusal(store.saveLobby(id, { text: 'x'.repeat(600 * 1024) }))).toBe('bad-input');
    expect(await store.loadLobby('no spaces!')).toBeNull();
    // Retention counts a lobby by its last change: one changed just now outlives an hour-old cutoff.
    await store.deleteFinishedBefore(new Date(Date.now() - 3600_000));
    expect(await store.loadLobby(other)).toEqual({ v: 1 });
    await store.deleteFinishedBefore(new Date(Date.now() + 60_000));
    expect(await store.loadLobby(other)).toBeNull();
  }, 60_000);

  it('refuses every call once closed; the embedded directory admits one store at a time', async () => {
    if (backend.name === 'embedded') {
      const second = await backend.open().catch((err: unknown) => err);
      expect(second).toBeInstanceOf(StoreError);
      expect((second as StoreError).code).toBe('store-locked');
    }
    await store.close();
    expect(await refusal(store.append(newGameId(), [entry(0)]))).toBe('store-closed');
    expect(await refusal(store.listUnfinished())).toBe('store-closed');
    expect(await refusal(store.createGame(newGame()))).toBe('store-closed');
    store = await backend.open();
    expect(Array.isArray(await store.listUnfinished())).toBe(true);
  }, 60_000);
});

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = join(dir, name);
    return statSync(p).isDirectory() ? walk(p) : [p];
  });
}
