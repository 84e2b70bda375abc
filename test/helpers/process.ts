// The real server (or a probe) as its own OS process, one process (no tsx wrapper), so a kill reaches it.
import { spawn, type ChildProcess, type StdioOptions } from 'node:child_process';
import net from 'node:net';
import path from 'node:path';

export const ROOT = path.resolve(__dirname, '../..');

export function runTs(file: string, env: Record<string, string>, stdio: StdioOptions = 'pipe'): ChildProcess {
  return spawn(process.execPath, ['--import', 'tsx', file], {
    cwd: ROOT,
    env: { ...process.env, TSX_TSCONFIG_PATH: 'tsconfig.base.json', ...env },
    stdio,
  });
}

/** A TCP port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/**
 * The real server as its own process (`server/src/index.ts`) on the given store settings; resolves once /health says
 * the store is open. Limits are lifted so the tests' many joins are not refused.
 */
export async function startServerProcess(
  port: number,
  env: Record<string, string>,
): Promise<{ child: ChildProcess; readyMs: number }> {
  const t = Date.now();
  const child = runTs(
    'server/src/index.ts',
    {
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      NODE_ID: `test-${port}`,
      ROOMS_PER_MINUTE: '100000',
      JOINS_PER_MINUTE: '100000',
      GRACE_SECONDS: '120',
      ...env,
    },
    'ignore',
  );
  for (let i = 0; i < 2400; i++) {
    const h = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.json() as Promise<{ ready?: boolean }>,
      () => null,
    );
    if (h?.ready) return { child, readyMs: Date.now() - t };
    if (child.exitCode !== null) throw new Error(`the server exited (${child.exitCode})`);
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('the server did not become ready');
}
