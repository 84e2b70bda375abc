// The group commit when the driver misbehaves: every append still gets an answer and the queue keeps moving.
import { randomBytes } from 'node:crypto';
import type { StoreError } from '../../server/src/store/game-store';
import { openPostgres } from '../../server/src/store/postgres';
import { migrate, type Sql } from '../../server/src/store/sql';
import { SqlGameStore } from '../../server/src/store/sql-store';
import { entry, newGame, newGameId, PG_URL } from './backends';

describe('group commit under driver failures (PostgreSQL)', () => {
  const schema = `store_gc_${process.pid}_${randomBytes(4).toString('hex')}`;
  let sql: Sql;
  /** What the next fast-path write does instead of writing: throw, or answer nonsense. */
  let sabotage: 'throw' | 'garbage' | null = null;

  beforeAll(async () => {
    sql = await openPostgres({ connectionString: PG_URL, schema });
    await migrate(sql);
  });

  afterAll(async () => {
    await sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
    await sql.close();
  });

  function store() {
    const flaky: Sql = {
      ...sql,
      close: async () => {},
      writeDurably: async (text, params) => {
        const s = sabotage;
        sabotage = null;
        if (s === 'throw') throw new Error('connection reset');
        if (s === 'garbage') return undefined as never;
        return sql.writeDurably(text, params);
      },
    };
    return new SqlGameStore(flaky, 'postgres');
  }

  it.each(['throw', 'garbage'] as const)(
    'answers store-unavailable when the driver does "%s", then writes again',
    async (how) => {
      const s = store();
      const ids = [newGameId(), newGameId()];
      for (const id of ids) await s.createGame(newGame(id));
      await Promise.all(ids.map((id) => s.append(id, [entry(0)])));
      sabotage = how;
      const failed = await Promise.all(
        ids.map((id) =>
          s.append(id, [entry(1)]).then(
            () => 'accepted',
            (e: StoreError) => e.code,
          ),
        ),
      );
      expect(failed).toEqual(['store-unavailable', 'store-unavailable']);
      // The room retries; then goes on.
      await Promise.all(ids.map((id) => s.append(id, [entry(1)])));
      await Promise.all(ids.map((id) => s.append(id, [entry(2)])));
      for (const id of ids) expect((await s.loadUnfinished(id))!.entries.map((e) => e.seq)).toEqual([0, 1, 2]);
    },
  );
});
