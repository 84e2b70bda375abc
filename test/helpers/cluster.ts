// Several real Dicehall server processes on one Redis, as `docker-compose.yml` runs them, for scale-out tests.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Redis from 'ioredis';
import { ROOT, runTs } from './process';
import { postgresBackend } from '../store/backends';
import { testRedisUrl } from '../services/urls';

/** A Redis database of the scale-out tests' own (pub/sub channels are still shared by every database). */
export const TEST_REDIS_URL = testRedisUrl(7);

/**
 * The processes of one test file share one game store on the machine's PostgreSQL (a schema of their own), as a
 * scaled-out deployment shares its database; `clusterStore.destroy()` drops it after the file.
 */
export const clusterStore = postgresBackend();

export interface Node {
  child: ChildProcess;
  port: number;
  url: string;
  ws: string;
  /** What the process was told browsers reach it at. */
  publicAddress: string;
  /** stdout and stderr, for a failing test's message. */
  output: string[];
  exited: Promise<number | null>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

export async function flushRedis(url = TEST_REDIS_URL): Promise<void> {
  const redis = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 1 });
  await redis.connect();
  await redis.flushdb();
  redis.disconnect();
}

/** Starts `server/src/index.ts` as its own process and waits for /health. */
export async function startNode(env: Record<string, string> = {}, redisUrl = TEST_REDIS_URL): Promise<Node> {
  const port = await freePort();
  const publicAddress = env.PUBLIC_ADDRESS ?? `127.0.0.1:${port}`;
  const child = runTs('server/src/index.ts', {
    PORT: String(port),
    HOST: '127.0.0.1',
    REDIS_URL: redisUrl,
    // One shared store for the file's processes; every test client comes from 127.0.0.1.
    ...clusterStore.childEnv(),
    ROOMS_PER_MINUTE: '100000',
    JOINS_PER_MINUTE: '100000',
    ARCHIVE_PER_ADDRESS: '100000',
    LOG_LEVEL: 'warn',
    ...env,
    PUBLIC_ADDRESS: publicAddress,
  });
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const url = `http://127.0.0.1:${port}`;
  let gone = false;
  void exited.then(() => (gone = true));
  for (let i = 0; i < 300 && !gone; i++) {
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    ) {
      return { child, port, url, ws: `ws://127.0.0.1:${port}`, publicAddress, output, exited };
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`the server process did not start:\n${output.join('').slice(-2000)}`);
}

/** SIGTERM, as a supervisor stops it; SIGKILL if it is still there after `ms`. */
export async function stopNode(node: Node, ms = 5000): Promise<void> {
  if (node.child.exitCode !== null || node.child.signalCode !== null) return;
  node.child.kill('SIGTERM');
  const timer = setTimeout(() => node.child.kill('SIGKILL'), ms);
  await node.exited;
  clearTimeout(timer);
}

export interface Proxy {
  child: ChildProcess;
  port: number;
  url: string;
  ws: string;
  output: string[];
}

/** Runs Caddy with `deploy/Caddyfile` itself on `port`, its two upstreams pointed at local processes. */
export async function startCaddy(port: number, upstreams: [string, string]): Promise<Proxy> {
  const home = fs.mkdtempSync(path.join(os.tmpdir(), 'dicehall-caddy-'));
  const child = spawn(
    process.env.CADDY_PATH ?? 'caddy',
    ['run', '--config', 'deploy/Caddyfile', '--adapter', 'caddyfile'],
    {
      cwd: ROOT,
      env: {
        ...process.env,
        HOME: home,
        XDG_DATA_HOME: home,
        XDG_CONFIG_HOME: home,
        DICEHALL_SITE: `:${port}`,
        DICEHALL_1: upstreams[0],
        DICEHALL_2: upstreams[1],
        CADDY_ADMIN: 'off',
      },
      stdio: 'pipe',
    },
  );
  const output: string[] = [];
  child.stdout?.on('data', (d: Buffer) => output.push(d.toString()));
  child.stderr?.on('data', (d: Buffer) => output.push(d.toString()));
  const url = `http://127.0.0.1:${port}`;
  for (let i = 0; i < 100; i++) {
    if (child.exitCode !== null) break;
    if (
      await fetch(`${url}/health`).then(
        (r) => r.ok,
        () => false,
      )
    )
      return { child, port, url, ws: `ws://127.0.0.1:${port}`, output };
    await new Promise((r) => setTimeout(r, 100));
  }
  child.kill('SIGKILL');
  throw new Error(`caddy did not start:\n${output.join('').slice(-2000)}`);
}
