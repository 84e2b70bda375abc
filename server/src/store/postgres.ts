// The PostgreSQL backend (DATABASE_URL): a small pg pool, one schema.
import { Pool, type PoolClient } from 'pg';
import type { Sql, SqlRunner } from './sql';

export interface PostgresOptions {
  connectionString: string;
  /** A schema other than public (tests use one per run); created when missing. */
  schema?: string;
  poolSize?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openPostgres(options: PostgresOptions): Promise<Sql> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`bad schema name "${schema}"`);
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 4,
    application_name: options.applicationName ?? 'dicehall',
    // Acknowledging an action relies on COMMIT meaning "on disk", whatever the server's default says.
    options: `-c synchronous_commit=on${schema ? ` -c search_path=${schema}` : ''}`,
  });
  // An idle connection dropped by the server must not take the process down; the next query reconnects.
  pool.on('error', () => {});
  if (schema) {
    // IF NOT EXISTS is not safe against a process creating it at the same moment: take turns.
    try {
      const client = await pool.connect();
      try {
        await client.query('BEGIN');
        await client.query("SELECT pg_advisory_xact_lock(hashtext('dicehall-schema:' || $1))", [schema]);
        await client.query(`CREATE SCHEMA IF NOT EXISTS ${schema}`);
        await client.query('COMMIT');
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {});
        throw err;
      } finally {
        client.release();
      }
    } catch (err) {
      await pool.end();
      throw err;
    }
  }
  const runner = (c: Pool | PoolClient): SqlRunner => ({
    query: async <R>(text: string, params?: unknown[]) => (await c.query(text, params)).rows as R[],
    exec: async (text: string) => {
      await c.query(text);
    },
  });
  return {
    ...runner(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query('BEGIN');
        const out = await fn(runner(client));
        await client.query('COMMIT');
        return out;
      } catch (err) {
        await client.query('ROLLBACK').catch((e: Error) => (broken = e));
        throw err;
      } finally {
        client.release(broken);
      }
    },
    afterCommit: async () => {},
    writeDurably: async <R>(text: string, params?: unknown[]) => (await pool.query(text, params)).rows as R[],
    close: () => pool.end(),
  };
}
