// The little SQL surface both backends offer, so the store speaks one PostgreSQL dialect to either.
import { readdirSync, readFileSync, existsSync } from 'node:fs';
import { join } from 'node:path';

export interface SqlRunner {
  query<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  /** Several statements, no parameters (migrations). */
  exec(text: string): Promise<void>;
}

export interface Sql extends SqlRunner {
  transaction<T>(fn: (tx: SqlRunner) => Promise<T>): Promise<T>;
  /** Runs after a write transaction commits; the embedded backend makes its WAL reach the disk here. */
  afterCommit(): Promise<void>;
  /** One autocommitted statement, resolved once durable (query + afterCommit in a single trip where possible). */
  writeDurably<R = Record<string, unknown>>(text: string, params?: unknown[]): Promise<R[]>;
  close(): Promise<void>;
}

// tsc does not copy .sql files: from server/dist/store the sources sit at ../../src/store/migrations.
const MIGRATION_DIRS = [join(__dirname, 'migrations'), join(__dirname, '..', '..', 'src', 'store', 'migrations')];

export interface Migration {
  version: string;
  sql: string;
}

export function loadMigrations(dirs = MIGRATION_DIRS): Migration[] {
  const dir = dirs.find((d) => existsSync(d));
  if (!dir) throw new Error(`no migrations folder (looked in ${dirs.join(', ')})`);
  return readdirSync(dir)
    .filter((f) => /^\d{3}_[a-z0-9_]+\.sql$/.test(f))
    .sort()
    .map((f) => ({ version: f.replace(/\.sql$/, ''), sql: readFileSync(join(dir, f), 'utf8') }));
}

/**
 * Applies the migrations not yet recorded in schema_migrations, all in one transaction. An advisory lock
 * keeps two processes starting together from both migrating; the second finds the work done.
 */
export async function migrate(sql: Sql, migrations = loadMigrations()): Promise<string[]> {
  return sql.transaction(async (tx) => {
    await tx.query("SELECT pg_advisory_xact_lock(hashtext(current_schema() || '.dicehall_migrations'))");
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS schema_migrations (version text PRIMARY KEY, applied_at timestamptz NOT NULL DEFAULT now())',
    );
    const done = new Set(
      (await tx.query<{ version: string }>('SELECT version FROM schema_migrations')).map((r) => r.version),
    );
    const applied: string[] = [];
    for (const m of migrations) {
      if (done.has(m.version)) continue;
      await tx.exec(m.sql);
      await tx.query('INSERT INTO schema_migrations (version) VALUES ($1)', [m.version]);
      applied.push(m.version);
    }
    return applied;
  });
}
