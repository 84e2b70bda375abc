// A crowd's resumes share statements (issue 31, item 6): concurrent loads, room look-ups and lease takes of many
// games go to the database together, and each caller still gets exactly its own answer.
import { migrate, type Sql } from '../../server/src/store/sql';
import { openEmbedded } from '../../server/src/store/embedded';
import { openPostgres } from '../../server/src/store/postgres';
import { SqlGameStore } from '../../server/src/store/sql-store';
import type { StoredGame } from '../../server/src/store/game-store';
import { embeddedBackend, entry, newGame, newGameId, postgresBackend, type Backend } from './backends';

/** The statements and transactions a store sends, counted. */
function counting(sql: Sql) {
  const n = { statements: 0, transactions: 0 };
  const counted: Sql = {
    ...sql,
    query: (text, params) => {
      n.statements++;
      return sql.query(text, params);
    },
    writeDurably: (text, params) => {
      n.statements++;
      return sql.writeDurably(text, params);
    },
    transaction: (fn) => {
      n.transactions++;
      return sql.transaction(fn);
    },
    close: async () => {},
  };
  return { sql: counted, n };
}

async function openSql(backend: Backend): Promise<Sql> {
  const s = backend.settings;
  const sql = s.databaseUrl
    ? await openPostgres({ connectionString: s.databaseUrl, schema: s.schema, prepare: migrate })
    : await openEmbedded({ dataDir: s.dataDir, syncWal: false });
  if (!s.databaseUrl) await migrate(sql);
  return sql;
}

describe.each([
  ['embedded', embeddedBackend],
  ['postgres', postgresBackend],
])('resumes in batches (%s)', (name, make) => {
  let backend: Backend;
  let raw: Sql;
  /** Per room: its finished round 0 and its unfinished round 1, each with its own seats, entries and chat. */
  const rooms: { roomId: string; finished: string; unfinished: string; entries: number }[] = [];

  beforeAll(async () => {
    backend = make();
    raw = await openSql(backend);
    const store = new SqlGameStore(raw, name as 'embedded' | 'postgres');
    for (let r = 0; r < 30; r++) {
      const roomId = `room-${newGameId()}`;
      const [finished, unfinished] = [newGameId(), newGameId()];
      await store.createGame(newGame(finished, { roomId, round: 0 }));
      await store.append(finished, [entry(0)]);
      await store.finish(finished, {
        format: 'dicehall-log/1',
        game: 'high-roll',
        gameId: finished,
        options: { rounds: 3 },
        seats: 2,
        players: ['Ann', 'Bob'],
        fair: { scheme: 'hmac-sha256-rejection/1', commitment: 'c'.repeat(64), clientSeed: 'a:b', serverSeed: 'f' },
        entries: [entry(0)],
        result: { winners: [0], draw: false, reason: 'score', summary: 'Ann wins' },
      });
      const entries = 1 + (r % 5);
      await store.createGame(
        newGame(unfinished, {
          roomId,
          round: 1,
          seats: [
            { seat: 0, token: `t0-${r}`, name: `Ann ${r}` },
            { seat: 1, token: `t1-${r}`, name: `Bob ${r}` },
          ],
        }),
      );
      await store.append(
        unfinished,
        Array.from({ length: entries }, (_, i) => entry(i)),
      );
      await store.addChat(unfinished, { seat: 0, from: `Ann ${r}`, text: `hello from ${r}` });
      rooms.push({ roomId, finished, unfinished, entries });
    }
  }, 120_000);

  afterAll(async () => {
    await raw?.close();
    await backend?.destroy();
  });

  it('loads 30 games asked for at once in one transaction, each with its own seats, log and chat', async () => {
    const { sql, n } = counting(raw);
    const store = new SqlGameStore(sql, name as 'embedded' | 'postgres');
    const asked = [...rooms.map((r) => r.unfinished), rooms[0]!.finished, newGameId()];
    const loaded = await Promise.all(asked.map((id) => store.loadUnfinished(id)));
    expect(n.transactions).toBe(1);
    rooms.forEach((r, i) => {
      const g = loaded[i] as StoredGame;
      expect(g.gameId).toBe(r.unfinished);
      expect(g.roomId).toBe(r.roomId);
      expect(g.entries.map((e) => e.seq)).toEqual(Array.from({ length: r.entries }, (_, k) => k));
      expect(g.seats.map((s) => s.name)).toEqual([`Ann ${i}`, `Bob ${i}`]);
      expect(g.chat.map((c) => c.text)).toEqual([`hello from ${i}`]);
    });
    // A finished game and an unknown one: null, as when loaded alone.
    expect(loaded.slice(-2)).toEqual([null, null]);
    // The same game asked for twice in one batch: one answer each, equal.
    const [x, y] = await Promise.all([
      store.loadUnfinished(rooms[1]!.unfinished),
      store.loadUnfinished(rooms[1]!.unfinished),
    ]);
    expect(x).toEqual(y);
    expect(x?.entries).toHaveLength(rooms[1]!.entries);
  });

  it("finds each room's unfinished round for a crowd in one query", async () => {
    const { sql, n } = counting(raw);
    const store = new SqlGameStore(sql, name as 'embedded' | 'postgres');
    const found = await Promise.all([
      ...rooms.map((r) => store.unfinishedInRoom(r.roomId)),
      store.unfinishedInRoom('nobody'),
    ]);
    expect(found).toEqual([...rooms.map((r) => r.unfinished), null]);
    expect(n.statements).toBe(1);
  });

  it('takes the leases of many games in one statement; of two owners racing for them, exactly one gets each', async () => {
    const a = counting(raw);
    const b = counting(raw);
    const sa = new SqlGameStore(a.sql, name as 'embedded' | 'postgres');
    const sb = new SqlGameStore(b.sql, name as 'embedded' | 'postgres');
    const ids = rooms.map((r) => r.unfinished);
    const [wa, wb] = await Promise.all([
      Promise.all(ids.map((id) => sa.acquireResume(id, 'process-a', 60_000))),
      Promise.all([...ids].reverse().map((id) => sb.acquireResume(id, 'process-b', 60_000))),
    ]);
    wb.reverse();
    expect(ids.map((_, i) => [wa[i], wb[i]].filter(Boolean).length)).toEqual(ids.map(() => 1));
    expect(a.n.statements).toBe(1);
    expect(b.n.statements).toBe(1);
    // The holder takes them again (a renewal); the other owner, a finished game and an unknown one get none.
    const mine = ids.filter((_, i) => wa[i]);
    expect(await Promise.all(mine.map((id) => sa.acquireResume(id, 'process-a', 60_000)))).toEqual(
      mine.map(() => true),
    );
    expect(
      await Promise.all([
        ...mine.map((id) => sb.acquireResume(id, 'process-b', 60_000)),
        sb.acquireResume(rooms[0]!.finished, 'process-b', 60_000),
        sb.acquireResume(newGameId(), 'process-b', 60_000),
      ]),
    ).toEqual([...mine.map(() => false), false, false]);
  });

  it('a failed batch fails each of its callers with store-unavailable, and the next batch goes through', async () => {
    let broken = true;
    const sql: Sql = {
      ...raw,
      transaction: (fn) => (broken ? Promise.reject(new Error('connection reset')) : raw.transaction(fn)),
      query: (text, params) => (broken ? Promise.reject(new Error('connection reset')) : raw.query(text, params)),
      close: async () => {},
    };
    const store = new SqlGameStore(sql, name as 'embedded' | 'postgres');
    const failed = await Promise.allSettled(rooms.slice(0, 5).map((r) => store.loadUnfinished(r.unfinished)));
    expect(failed.map((f) => (f.status === 'rejected' ? (f.reason as { code?: string }).code : 'ok'))).toEqual(
      Array(5).fill('store-unavailable'),
    );
    const rooms2 = await Promise.allSettled(rooms.slice(0, 3).map((r) => store.unfinishedInRoom(r.roomId)));
    expect(rooms2.every((f) => f.status === 'rejected')).toBe(true);
    broken = false;
    expect((await store.loadUnfinished(rooms[2]!.unfinished))?.gameId).toBe(rooms[2]!.unfinished);
  });
});
