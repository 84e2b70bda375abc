// Choosing and opening the store: settings from the environment, migrations racing at start, a lost database.
import { randomBytes } from 'node:crypto';
import { readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { StoreError } from '../../server/src/store/game-store';
import { openGameStore, storeSettingsFromEnv } from '../../server/src/store/open-store';
import { openPostgres } from '../../server/src/store/postgres';
import { entry, newGame, newGameId, PG_URL } from './backends';

describe('store settings', () => {
  it('default to the embedded store in ./data, keeping every finished game', () => {
    expect(storeSettingsFromEnv({})).toEqual({
      databaseUrl: undefined,
      dataDir: resolve('data'),
      retentionDays: 0,
      schema: undefined,
    });
  });

  it('use PostgreSQL when DATABASE_URL is set, with the retention and schema asked for', () => {
    const s = storeSettingsFromEnv({
      DATABASE_URL: 'postgres://db/x',
      RETENTION_DAYS: '30',
      DATABASE_SCHEMA: 'dicehall',
      DATA_DIR: '/var/dicehall',
    });
    expect(s).toEqual({
      databaseUrl: 'postgres://db/x',
      dataDir: '/var/dicehall',
      retentionDays: 30,
      schema: 'dicehall',
    });
  });

  it.each([[{ RETENTION_DAYS: '-1' }], [{ RETENTION_DAYS: 'soon' }], [{ DATABASE_SCHEMA: 'x; DROP TABLE games' }]])(
    'refuse a bad setting %j',
    (env) => {
      expect(() => storeSettingsFromEnv(env)).toThrow();
    },
  );
});

describe('opening PostgreSQL', () => {
  const schemas: string[] = [];
  const freshSchema = () => {
    const s = `store_open_${process.pid}_${randomBytes(4).toString('hex')}`;
    schemas.push(s);
    return s;
  };

  afterAll(async () => {
    const admin = await openPostgres({ connectionString: PG_URL });
    for (const s of schemas) await admin.exec(`DROP SCHEMA IF EXISTS ${s} CASCADE`);
    await admin.close();
  });

  it('lets processes starting together migrate a new schema once', async () => {
    const schema = freshSchema();
    const settings = { databaseUrl: PG_URL, schema, dataDir: '', retentionDays: 0 };
    const stores = await Promise.all([openGameStore(settings), openGameStore(settings), openGameStore(settings)]);
    await Promise.all(stores.map((s) => s.close()));
    const admin = await openPostgres({ connectionString: PG_URL, schema });
    try {
      // Each migration file once, in order (a new migration is picked up without touching this test).
      const files = readdirSync(resolve(__dirname, '../../server/src/store/migrations'))
        .filter((f) => f.endsWith('.sql'))
        .sort()
        .map((f) => ({ version: f.replace(/\.sql$/, '') }));
      expect(files.length).toBeGreaterThanOrEqual(4);
      expect(await admin.query('SELECT version FROM schema_migrations ORDER BY version')).toEqual(files);
    } finally {
      await admin.close();
    }
  });

  it('asks every connection for synchronous commits (a startup option beats the server default) in its own schema', async () => {
    const schema = freshSchema();
    const sql = await openPostgres({ connectionString: PG_URL, schema });
    try {
      // Five at once: the pool opens all four of its connections.
      const all = await Promise.all(
        [0, 1, 2, 3, 4].map(() =>
          sql.transaction((tx) =>
            tx.query<{ s: string; p: string }>(
              "SELECT current_setting('synchronous_commit') AS s, current_setting('search_path') AS p",
            ),
          ),
        ),
      );
      for (const [row] of all) expect(row).toEqual({ s: 'on', p: schema });
    } finally {
      await sql.close();
    }
  });

  it('answers store-unavailable when there is no database to open', async () => {
    const err = await openGameStore({
      databaseUrl: 'postgres://postgres@127.0.0.1:1/test',
      dataDir: '',
      retentionDays: 0,
    }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(StoreError);
    expect((err as StoreError).code).toBe('store-unavailable');
  });

  it('retries a write whose connection was cut (the guard, server/src/store/guarded-store.ts) and stores it in order', async () => {
    const schema = freshSchema();
    const applicationName = `dicehall-test-${randomBytes(4).toString('hex')}`;
    const store = await openGameStore(
      { databaseUrl: PG_URL, schema, dataDir: '', retentionDays: 0 },
      { applicationName },
    );
    const admin = await openPostgres({ connectionString: PG_URL });
    try {
      const id = newGameId();
      await store.createGame(newGame(id));
      await store.append(id, [entry(0)]);
      await admin.query('SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE application_name = $1', [
        applicationName,
      ]);
      // The pool notices a dead connection only when it uses it: the first write after the cut fails there (57P01),
      // a transient error the guard retries on a fresh connection, so the caller sees it stored, not refused.
      const first = await store.append(id, [entry(1)]).then(
        () => 'accepted',
        (e: StoreError) => e.code,
      );
      expect(first).toBe('accepted');
      await store.append(id, [entry(2)]);
      expect((await store.loadUnfinished(id))!.entries.map((e) => e.seq)).toEqual([0, 1, 2]);
    } finally {
      await admin.close();
      await store.close();
    }
  });
});
