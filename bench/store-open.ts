// What opening the game store costs: the embedded store (PGlite) on a new directory and again, and PostgreSQL.
// `npx tsx --tsconfig tsconfig.base.json bench/store-open.ts` (needs the local PostgreSQL).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openGameStore } from '../server/src/store/open-store';
async function main() {
  const dir = mkdtempSync(join(tmpdir(), 'open-cost-'));
  for (const label of ['first open (new dir)', 'reopen']) {
    const t = performance.now();
    const s = await openGameStore({ dataDir: dir, retentionDays: 0 });
    const ms = performance.now() - t;
    console.log(label, Math.round(ms), 'ms, rss', Math.round(process.memoryUsage().rss / 1e6), 'MB');
    await s.close();
  }
  rmSync(dir, { recursive: true, force: true });
  const t = performance.now();
  const p = await openGameStore({
    databaseUrl: 'postgres://postgres@127.0.0.1:5432/test',
    schema: `open_cost_${process.pid}`,
    dataDir: '',
    retentionDays: 0,
  });
  console.log('postgres open+migrate', Math.round(performance.now() - t), 'ms');
  await p.close();
  console.log('(the schema open_cost_<pid> is left in the test database; drop it)');
}
main();
