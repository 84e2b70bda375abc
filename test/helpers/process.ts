// The real server (or a probe) as its own OS process, one process (no tsx wrapper), so a kill reaches it.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export function runTs(file: string, env: Record<string, string>, stdio: StdioOptions = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json', ...env },
    stdio,
  });
}
