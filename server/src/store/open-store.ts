// Opens the game store the environment asks for: PostgreSQL with DATABASE_URL, else embedded PGlite in DATA_DIR.
import { resolve } from 'node:path';
import { z } from 'zod';
import { openEmbedded } from './embedded';
import { StoreError, type GameStore } from './game-store';
import { openPostgres } from './postgres';
import { migrate, type Sql } from './sql';
import { SqlGameStore, type SqlStoreOptions } from './sql-store';
import { GuardedStore } from './guarded-store';

export interface StoreSettings {
  /** PostgreSQL when set; otherwise the embedded store. */
  databaseUrl?: string;
  /** The embedded store's data directory. */
  dataDir: string;
  /** Finished games older than this many days are deleted; 0 keeps every game. */
  retentionDays: number;
  /** PostgreSQL schema (default public). */
  schema?: string;
  /** Embedded only: fdatasync the WAL after each commit (see EmbeddedOptions). */
  syncWal?: boolean;
}

const env = z.object({
  DATABASE_URL: z.string().min(1).optional(),
  DATA_DIR: z.string().min(1).default('data'),
  RETENTION_DAYS: z.coerce.number().int().min(0).max(36500).default(0),
  DATABASE_SCHEMA: z
    .string()
    .regex(/^[a-z_][a-z0-9_]{0,62}$/)
    .optional(),
});

export function storeSettingsFromEnv(source: NodeJS.ProcessEnv = process.env): StoreSettings {
  const e = env.parse(source);
  return {
    databaseUrl: e.DATABASE_URL,
    dataDir: resolve(e.DATA_DIR),
    retentionDays: e.RETENTION_DAYS,
    schema: e.DATABASE_SCHEMA,
  };
}

/** Opens the backend, brings its schema up to date, and returns the store. */
export async function openGameStore(
  settings: StoreSettings,
  options: SqlStoreOptions & { applicationName?: string } = {},
): Promise<GameStore> {
  let sql: Sql | undefined;
  try {
    // Migrations run before PostgreSQL's query timeouts apply (a lock wait or DDL may take longer).
    sql = settings.databaseUrl
      ? await openPostgres({
          connectionString: settings.databaseUrl,
          schema: settings.schema,
          applicationName: options.applicationName,
          prepare: migrate,
        })
      : await openEmbedded({ dataDir: settings.dataDir, syncWal: settings.syncWal });
    if (!settings.databaseUrl) await migrate(sql);
  } catch (err) {
    await sql?.close().catch(() => {});
    if (err instanceof StoreError) throw err;
    const where = settings.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `the embedded store in ${settings.dataDir}`;
    throw new StoreError('store-unavailable', `could not open ${where}: ${(err as Error).message}`, { cause: err });
  }
  // Faults made loud and bounded: slow or failing writes flag the store's health and are retried (./guarded-store).
  return new GuardedStore(new SqlGameStore(sql, settings.databaseUrl ? 'postgres' : 'embedded', options));
}

/** Deletes expired finished games now and then every `everyMs`; returns a stop function. Off when days is 0. */
export function startRetention(
  store: GameStore,
  days: number,
  everyMs = 3600_000,
  onError: (err: unknown) => void = () => {},
): () => void {
  if (days <= 0) return () => {};
  const sweep = () => store.deleteFinishedBefore(new Date(Date.now() - days * 86400_000)).catch(onError);
  void sweep();
  const timer = setInterval(sweep, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
