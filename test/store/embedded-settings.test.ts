// The small embedded default (issue 31, item 4): a new directory is initialised in a child process and opened with
// PostgreSQL's smaller memory settings; it reopens with them too. The figures are in bench/embedded-memory.results.md.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbedded } from '../../server/src/store/embedded';

const dir = mkdtempSync(join(tmpdir(), 'dicehall-small-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const settings = async () => {
  const sql = await openEmbedded({ dataDir: dir, syncWal: false });
  try {
    return await sql.query<{ name: string; setting: string; unit: string | null }>(
      `SELECT name, setting, unit FROM pg_settings
       WHERE name IN ('shared_buffers', 'temp_buffers', 'maintenance_work_mem', 'work_mem') ORDER BY name`,
    );
  } finally {
    await sql.close();
  }
};

it('opens a new directory (initialised in a child process) and an existing one with the small memory settings', async () => {
  const expected = [
    { name: 'maintenance_work_mem', setting: '8192', unit: 'kB' },
    { name: 'shared_buffers', setting: '2048', unit: '8kB' },
    { name: 'temp_buffers', setting: '128', unit: '8kB' },
    { name: 'work_mem', setting: '2048', unit: 'kB' },
  ];
  expect(await settings()).toEqual(expected);
  expect(await settings()).toEqual(expected);
}, 120_000);
