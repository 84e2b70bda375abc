// The two store backends as test fixtures: embedded PGlite in a temporary directory, PostgreSQL in a fresh schema.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { randomBytes } from 'node:crypto';
import type { LogEntry } from '@dicehall/shared';
import { openEmbedded } from '../../server/src/store/embedded';
import type { GameStore, NewGame } from '../../server/src/store/game-store';
import { openGameStore, type StoreSettings } from '../../server/src/store/open-store';
import { openPostgres } from '../../server/src/store/postgres';
import { migrate, type Sql } from '../../server/src/store/sql';
import { SqlGameStore } from '../../server/src/store/sql-store';
import { TEST_PG_URL } from '../services/urls';

/** The machine's PostgreSQL (trust auth); `.ci/run` starts it when it is down. */
export const PG_URL = TEST_PG_URL;

export interface Backend {
  name: 'embedded' | 'postgres';
  settings: StoreSettings;
  /** Opens a store on this backend's data (a reopen sees what earlier stores wrote). */
  open(): Promise<GameStore>;
  /** Two store instances on the same data at once, as two processes would have them. */
  pair(): Promise<{ a: GameStore; b: GameStore; close(): Promise<void> }>;
  /** Every row of every table as text; the embedded store must be closed first (its directory is locked). */
  dumpTables(): Promise<string>;
  /** The environment for a child process opening the same store. */
  childEnv(): Record<string, string>;
  destroy(): Promise<void>;
}

export function embeddedBackend(): Backend {
  const dataDir = mkdtempSync(join(tmpdir(), 'dicehall-store-'));
  const settings: StoreSettings = { dataDir, retentionDays: 0 };
  return {
    name: 'embedded',
    settings,
    open: () => openGameStore(settings),
    async pair() {
      // One PGlite per directory (the lock refuses a second): two stores share it as two processes would share a server.
      const sql = await openEmbedded({ dataDir });
      await migrate(sql);
      const shared: Sql = { ...sql, close: async () => {} };
      return {
        a: new SqlGameStore(shared, 'embedded'),
        b: new SqlGameStore(shared, 'embedded'),
        close: () => sql.close(),
      };
    },
    async dumpTables() {
      const sql = await openEmbedded({ dataDir });
      try {
        return await dump(sql);
      } finally {
        await sql.close();
      }
    },
    childEnv: () => ({ DATA_DIR: dataDir }),
    async destroy() {
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

export function postgresBackend(): Backend {
  const schema = `store_test_${process.pid}_${randomBytes(4).toString('hex')}`;
  const settings: StoreSettings = { databaseUrl: PG_URL, schema, dataDir: '', retentionDays: 0 };
  return {
    name: 'postgres',
    settings,
    open: () => openGameStore(settings),
    async pair() {
      const [a, b] = await Promise.all([openGameStore(settings), openGameStore(settings)]);
      return {
        a,
        b,
        close: async () => {
          await Promise.all([a.close(), b.close()]);
        },
      };
    },
    async dumpTables() {
      const sql = await openPostgres({ connectionString: PG_URL, schema });
      try {
        return await dump(sql, schema);
      } finally {
        await sql.close();
      }
    },
    childEnv: () => ({ DATABASE_URL: PG_URL, DATABASE_SCHEMA: schema }),
    async destroy() {
      const sql = await openPostgres({ connectionString: PG_URL });
      try {
        await sql.exec(`DROP SCHEMA IF EXISTS ${schema} CASCADE`);
      } finally {
        await sql.close();
      }
    },
  };
}

async function dump(sql: Sql, schema = 'public'): Promise<string> {
  const tables = await sql.query<{ table_name: string }>(
    "SELECT table_name FROM information_schema.tables WHERE table_schema = $1 AND table_type = 'BASE TABLE'",
    [schema],
  );
  const parts: string[] = [];
  for (const t of tables) {
    const rows = await sql.query<{ row: string }>(`SELECT t::text AS row FROM ${schema}."${t.table_name}" t`);
    parts.push(`${t.table_name}: ${rows.map((r) => r.row).join('\n')}`);
  }
  return parts.join('\n');
}

let counter = 0;
/** A game id unique across runs and workers. */
export function newGameId(): string {
  return `g${process.pid.toString(36)}${randomBytes(5).toString('hex')}${(counter++).toString(36)}`;
}

export function newGame(gameId = newGameId(), over: Partial<NewGame> = {}): NewGame {
  return {
    gameId,
    roomId: `room-${gameId}`,
    round: 0,
    game: 'high-roll',
    rulesVersion: 'high-roll/1',
    options: { rounds: 3 },
    seatCount: 2,
    commitment: 'c'.repeat(64),
    serverSeed: 's'.repeat(64),
    ...over,
  };
}

/** A log entry shaped like the table's (setup first, then moves of alternating seats). */
export function entry(seq: number, extra: Partial<LogEntry> = {}): LogEntry {
  return seq === 0
    ? { seq, kind: 'setup', seat: null, rolls: [], events: [{ type: 'setup' }], at: 1_700_000_000_000, ...extra }
    : {
        seq,
        kind: 'action',
        seat: seq % 2,
        action: { type: 'roll', n: seq },
        rolls: [{ index: seq - 1, sides: 6, value: 1 + (seq % 6) }],
        events: [{ type: 'rolled', seq }],
        at: 1_700_000_000_000 + seq,
        ...extra,
      };
}
