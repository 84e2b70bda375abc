// The PostgreSQL backend (DATABASE_URL): a small pg pool, one schema.
import { Client, type ClientConfig, DatabaseError, Pool, type PoolClient } from 'pg';
import { StoreError } from './game-store';
import type { Sql, SqlRunner } from './sql';

export interface PostgresOptions {
  connectionString: string;
  /** A schema other than public (tests use one per run); created when missing. */
  schema?: string;
  poolSize?: number;
  /** Shown in pg_stat_activity. */
  applicationName?: string;
  /** How soon a dead or stalled database is noticed (PG_TIMEOUTS by default). */
  timeouts?: Partial<PgTimeouts>;
  /** Runs before the query timeouts apply (migrations, whose lock wait or DDL may take longer). */
  prepare?: (sql: Sql) => Promise<unknown>;
}

/**
 * Sized so that a database that stops answering is noticed within 2 s (the rooms refuse actions past that, see
 * ./guarded-store): a connection attempt gives up after 1.5 s, a query after 1.5 s on the client's side (its
 * connection is then dropped, not reused). The server cancels a statement after 5 s and
 * ends a transaction left idle for 5 s, so a client gone behind a dead network holds no locks for long. TCP keepalive
 * probes an idle connection after 1 s (the kernel's interval and count decide the rest; Node sets only the delay);
 * idle connections close after 10 s.
 */
export interface PgTimeouts {
  connectMs: number;
  queryMs: number;
  statementMs: number;
  idleInTransactionMs: number;
  idleMs: number;
  keepAliveDelayMs: number;
}

export const PG_TIMEOUTS: PgTimeouts = {
  connectMs: 1500,
  queryMs: 1500,
  statementMs: 5000,
  idleInTransactionMs: 5000,
  idleMs: 10_000,
  keepAliveDelayMs: 1000,
};

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export async function openPostgres(options: PostgresOptions): Promise<Sql> {
  const schema = options.schema;
  if (schema !== undefined && !SCHEMA_NAME.test(schema)) throw new Error(`bad schema name "${schema}"`);
  const t = { ...PG_TIMEOUTS, ...options.timeouts };
  // The client-side limits; off while the store opens and `prepare` runs (a start on a busy machine may be slow).
  let connectMs = 0;
  let queryMs = 0;
  const pool = new Pool({
    connectionString: options.connectionString,
    max: options.poolSize ?? 4,
    application_name: options.applicationName ?? 'dicehall',
    // The connect timeout goes on each connection, not on the pool: given to the pool it would also bound the wait
    // for a free connection, and a burst of reads (many rooms resuming at once) would fail for waiting in line.
    Client: class extends Client {
      constructor(config?: ClientConfig) {
        super({ ...config, connectionTimeoutMillis: connectMs });
      }
    },
    idleTimeoutMillis: t.idleMs,
    keepAlive: true,
    keepAliveInitialDelayMillis: t.keepAliveDelayMs,
    // Acknowledging an action relies on COMMIT meaning "on disk", whatever the server's default says.
    options: [
      '-c synchronous_commit=on',
      `-c statement_timeout=${t.statementMs}`,
      `-c idle_in_transaction_session_timeout=${t.idleInTransactionMs}`,
      schema ? `-c search_path=${schema}` : '',
    ]
      .filter(Boolean)
      .join(' '),
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
  // pg takes a query_timeout per query (0: none); a query that times out has its connection dropped, not reused.
  const limited = (text: string, params?: unknown[]) =>
    queryMs > 0 ? { text, values: params, query_timeout: queryMs } : { text, values: params };
  const runner = (c: Pool | PoolClient): SqlRunner => ({
    query: async <R>(text: string, params?: unknown[]) => (await c.query(limited(text, params))).rows as R[],
    exec: async (text: string) => {
      await c.query(limited(text));
    },
  });
  const sql: Sql = {
    ...runner(pool),
    async transaction(fn) {
      const client = await pool.connect();
      let broken: Error | undefined;
      try {
        await client.query(limited('BEGIN'));
        const out = await fn(runner(client));
        await client.query(limited('COMMIT'));
        return out;
      } catch (err) {
        // The server answered (a refusal): roll back and keep the connection. Otherwise (a timeout, a broken socket)
        // the connection is dropped at once: a ROLLBACK behind a query still running would only wait out another timeout.
        if (err instanceof DatabaseError || err instanceof StoreError)
          await client.query(limited('ROLLBACK')).catch((e: Error) => (broken = e));
        else broken = err as Error;
        throw err;
      } finally {
        client.release(broken);
      }
    },
    afterCommit: async () => {},
    writeDurably: async <R>(text: string, params?: unknown[]) => (await pool.query(limited(text, params))).rows as R[],
    close: () => pool.end(),
  };
  if (options.prepare) {
    try {
      await options.prepare(sql);
    } catch (err) {
      await pool.end();
      throw err;
    }
  }
  connectMs = t.connectMs;
  queryMs = t.queryMs;
  return sql;
}
