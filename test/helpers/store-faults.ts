// Store faults for the tests of issue 31: a TCP proxy of the test's own in front of PostgreSQL that can be cut, and an
// embedded PGlite store whose writes can be made to fail.
import net from 'node:net';
import { openEmbedded } from '../../server/src/store/embedded';
import { GuardedStore } from '../../server/src/store/guarded-store';
import { migrate, type Sql, type SqlRunner } from '../../server/src/store/sql';
import { SqlGameStore } from '../../server/src/store/sql-store';

/** A TCP proxy in front of PostgreSQL: `blackhole` stops forwarding (sockets stay open), `reset` destroys them. */
export class PgProxy {
  private mode: 'open' | 'blackhole' | 'reset' = 'open';
  private pairs = new Set<{ down: net.Socket; up: net.Socket | null }>();
  private server = net.createServer((down) => this.accept(down));
  port = 0;

  constructor(
    private readonly host: string,
    private readonly upstreamPort: number,
  ) {}

  async listen() {
    await new Promise<void>((r) => this.server.listen(0, '127.0.0.1', r));
    this.port = (this.server.address() as net.AddressInfo).port;
  }

  private accept(down: net.Socket) {
    if (this.mode === 'reset') return down.resetAndDestroy();
    const pair = { down, up: null as net.Socket | null };
    this.pairs.add(pair);
    down.on('error', () => {});
    down.on('close', () => {
      pair.up?.destroy();
      this.pairs.delete(pair);
    });
    // In a blackhole a new connection gets nowhere: it is connected upstream only once the proxy is restored.
    if (this.mode === 'blackhole') down.pause();
    else this.connectUp(pair);
  }

  private connectUp(pair: { down: net.Socket; up: net.Socket | null }) {
    const up = net.connect(this.upstreamPort, this.host);
    pair.up = up;
    up.on('error', () => {});
    up.on('close', () => pair.down.destroy());
    pair.down.pipe(up);
    up.pipe(pair.down);
    pair.down.resume();
  }

  /** Nothing is forwarded either way; what is sent waits in the sockets as it would behind a dead route. */
  blackhole() {
    this.mode = 'blackhole';
    for (const p of this.pairs) {
      p.down.pause();
      p.up?.pause();
    }
  }

  /** Every connection is reset, and new ones too, until restored. */
  reset() {
    this.mode = 'reset';
    for (const p of this.pairs) {
      p.down.resetAndDestroy();
      p.up?.resetAndDestroy();
    }
    this.pairs.clear();
  }

  restore() {
    this.mode = 'open';
    for (const p of this.pairs) {
      if (!p.up) this.connectUp(p);
      p.down.resume();
      p.up?.resume();
    }
  }

  async close() {
    for (const p of this.pairs) {
      p.down.destroy();
      p.up?.destroy();
    }
    await new Promise<void>((r) => this.server.close(() => r()));
  }
}

/**
 * PGlite in `dataDir` behind the store's guard, as `openGameStore` makes it, whose writes fail while `failing` is set
 * the way PostgreSQL reports a full disk (SQLSTATE 53100); reads go on, as from a read-only directory.
 */
export async function failingEmbedded(dataDir: string): Promise<{ store: GuardedStore; failing: boolean }> {
  const sql = await openEmbedded({ dataDir });
  await migrate(sql);
  const out = { store: null as unknown as GuardedStore, failing: false };
  const refuse = (text: string) => {
    if (out.failing && /^\s*(INSERT|UPDATE|DELETE|SELECT txid_current)/i.test(text))
      throw Object.assign(new Error('could not extend file: No space left on device'), { code: '53100' });
  };
  const guard = (tx: SqlRunner): SqlRunner => ({
    query: async (text, params) => {
      refuse(text);
      return tx.query(text, params);
    },
    exec: (text) => tx.exec(text),
  });
  const faulty: Sql = {
    ...guard(sql),
    transaction: (fn) => sql.transaction((tx) => fn(guard(tx))),
    afterCommit: () => sql.afterCommit(),
    writeDurably: async (text, params) => {
      refuse(text);
      return sql.writeDurably(text, params);
    },
    close: () => sql.close(),
  };
  out.store = new GuardedStore(new SqlGameStore(faulty, 'embedded'));
  return out;
}
