// The store's guard (issue 31) over a scripted store: what puts it in trouble (a write past the deadline, a transient
// failure, not a refusal), what brings it back (a write, a probe), and its retries of a game's journal writes, which
// keep the game's order and stop when the store closes.
import type { LogEntry } from '@dicehall/shared';
import { StoreError, type GameStore } from '../../server/src/store/game-store';
import { GuardedStore, transient, type ProbedStore } from '../../server/src/store/guarded-store';
import { until } from '../helpers/server';
import { entry, newGame } from './backends';

/** A driver error as pg or PGlite reports it, wrapped as the SQL store wraps it. */
const failure = (code?: string) =>
  new StoreError('store-unavailable', 'the store could not write: boom', {
    cause: Object.assign(new Error('boom'), code ? { code } : {}),
  });

/** A store whose calls the test scripts: each `append` takes the next answer of `answers` (default: stored). */
function scripted() {
  const stored: number[] = [];
  const answers: (() => Promise<void>)[] = [];
  let probe: () => Promise<void> = async () => {};
  const inner = {
    backend: 'postgres',
    append: (_id: string, entries: LogEntry[]) => {
      const next = answers.shift();
      return (next ?? (async () => {}))().then(() => {
        stored.push(...entries.map((e) => e.seq));
      });
    },
    probe: () => probe(),
    listUnfinished: async () => [],
    close: async () => {},
  } as unknown as ProbedStore;
  return {
    inner,
    stored,
    answers,
    setProbe(fn: () => Promise<void>) {
      probe = fn;
    },
  };
}

const guard = (inner: ProbedStore) => new GuardedStore(inner, { deadlineMs: 150, retryMs: 10, maxRetryMs: 40 });
const outcome = (p: Promise<unknown>) =>
  p.then(
    () => 'stored',
    (e: StoreError) => e.code,
  );

describe('which failures are the store being unavailable', () => {
  it.each([
    ['no code (a timeout, a closed socket)', undefined, true],
    ['a Node socket error', 'ECONNRESET', true],
    ['a connection failure', '08006', true],
    ['a full disk', '53100', true],
    ['an administrator shutdown', '57P01', true],
    ['an I/O error', '58030', true],
    ['a read-only transaction', '25006', true],
    ['a unique violation', '23505', false],
    ['an undefined table', '42P01', false],
  ])('%s: %s', (_what, code, expected) => {
    expect(transient(failure(code))).toBe(expected);
  });

  it('a refusal of the store is not', () => {
    expect(transient(new StoreError('duplicate-entry', 'no'))).toBe(false);
    expect(transient(new Error('plain'))).toBe(false);
  });
});

describe('the guard', () => {
  it('puts the store in trouble when a write has no answer within the deadline, and out of it when answered', async () => {
    const s = scripted();
    let answer!: () => void;
    s.answers.push(() => new Promise<void>((r) => (answer = r)));
    const g = guard(s.inner);
    const write = g.append('g1', [entry(0)]);
    const started = Date.now();
    await until(() => g.health.trouble, 'trouble', 2000);
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(g.health.trouble!.reason).toMatch(/has not answered a write \(append\)/);
    answer();
    await write;
    expect(g.health.trouble).toBeNull();
    expect(s.stored).toEqual([0]);
    await g.close();
  });

  it('retries a game’s writes after a transient failure, in the game’s order, and recovers', async () => {
    const s = scripted();
    const g = guard(s.inner);
    const seen: (StoreError | null)[] = [];
    g.health.subscribe((t) => seen.push(t ? failure() : null));
    s.answers.push(
      async () => {
        throw failure('08006');
      },
      async () => {
        throw failure('08006');
      },
      async () => {
        throw failure();
      },
    );
    const writes = [g.append('g1', [entry(0)]), g.append('g1', [entry(1)]), g.append('g1', [entry(2)])];
    expect(await Promise.all(writes.map(outcome))).toEqual(['stored', 'stored', 'stored']);
    expect(s.stored).toEqual([0, 1, 2]);
    expect(seen.map((t) => (t ? 'trouble' : 'recovered'))).toEqual(['trouble', 'recovered']);
    await g.close();
  });

  it('waits out an out-of-order answer behind a write of the same game that failed', async () => {
    const s = scripted();
    const g = guard(s.inner);
    let release!: () => void;
    const later = new Promise<void>((r) => (release = r));
    s.answers.push(
      async () => {
        throw failure();
      },
      // Sent before the first failed, checked against the store without it, answered after its retry went through.
      async () => {
        await later;
        throw new StoreError('out-of-order', 'game g1 expects entry 0, got 1');
      },
    );
    const first = outcome(g.append('g1', [entry(0)]));
    const second = outcome(g.append('g1', [entry(1)]));
    await until(() => s.stored.includes(0), 'the first write retried');
    release();
    expect(await Promise.all([first, second])).toEqual(['stored', 'stored']);
    expect(s.stored).toEqual([0, 1]);
    // A write out of order with no failure before it is a refusal.
    s.answers.push(async () => {
      throw new StoreError('out-of-order', 'game g1 expects entry 2, got 5');
    });
    expect(await outcome(g.append('g1', [entry(5)]))).toBe('out-of-order');
    await g.close();
  });

  it('answers a refusal at once, without retrying it or calling it trouble', async () => {
    const s = scripted();
    const g = guard(s.inner);
    s.answers.push(
      async () => {
        throw new StoreError('duplicate-entry', 'another entry 0');
      },
      async () => {
        throw failure('23505');
      },
    );
    expect(await outcome(g.append('g1', [entry(0)]))).toBe('duplicate-entry');
    expect(await outcome(g.append('g2', [entry(0)]))).toBe('store-unavailable');
    expect(s.stored).toEqual([]);
    expect(g.health.trouble).toBeNull();
    await g.close();
  });

  it('takes a game found already created on a retry as created when it is the same game', async () => {
    const game = newGame();
    let calls = 0;
    const inner = {
      backend: 'postgres',
      createGame: async () => {
        calls++;
        // The first try reached the disk but its answer was lost; the retry finds it there.
        if (calls === 1) throw failure();
        throw new StoreError('duplicate-game', 'exists');
      },
      loadUnfinished: async () => ({ ...game, clientSeed: null, room: null, seats: [], entries: [], chat: [] }),
      probe: async () => {},
      close: async () => {},
    } as unknown as ProbedStore;
    const g = guard(inner);
    await expect(g.createGame(game)).resolves.toBeUndefined();
    expect(calls).toBe(2);
    // Another game under the same id stays a refusal.
    calls = 0;
    expect(await outcome(g.createGame({ ...game, commitment: 'd'.repeat(64) }))).toBe('duplicate-game');
    await g.close();
  });

  it('finds out by a probe that the store is back when no write is being retried', async () => {
    const s = scripted();
    const g = guard(s.inner);
    let probes = 0;
    s.setProbe(async () => {
      probes++;
      if (probes < 3) throw failure();
    });
    // A read that fails for want of the store: trouble, with nothing to retry.
    (s.inner as unknown as GameStore).listUnfinished = async () => {
      throw failure();
    };
    expect(await outcome(g.listUnfinished())).toBe('store-unavailable');
    expect(g.health.trouble).not.toBeNull();
    await until(() => g.health.trouble === null, 'the probe to succeed', 2000);
    expect(probes).toBe(3);
    await g.close();
  });

  it('stops retrying when the store closes (what it held was never acknowledged)', async () => {
    const s = scripted();
    const g = guard(s.inner);
    for (let i = 0; i < 1000; i++)
      s.answers.push(async () => {
        throw failure();
      });
    const write = outcome(g.append('g1', [entry(0)]));
    await until(() => g.health.trouble, 'trouble');
    await g.close();
    expect(await write).toBe('store-unavailable');
    expect(s.stored).toEqual([]);
  });
});
