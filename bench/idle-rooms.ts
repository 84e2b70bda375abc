// Idle CPU of a server holding many rooms where nothing happens: each room has its creator connected and waits.
// Usage: tsx bench/idle-rooms.ts [rooms=1000] [server dir=.]; the server runs as its own process, measured via /proc.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { Client } from 'colyseus.js';

const ROOMS = Number(process.argv[2] ?? 1000);
const DIR = path.resolve(process.argv[3] ?? '.');
const TICKS = 100; // clock ticks per second on Linux (getconf CLK_TCK)

const cpuSeconds = (pid: number) => {
  const f = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
  return (Number(f[11]) + Number(f[12])) / TICKS; // utime + stime
};
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));
const freePort = () =>
  new Promise<number>((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const p = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(p));
    });
  });

async function main() {
  const port = await freePort();
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(DIR, 'server/src/index.ts')], {
    cwd: DIR,
    stdio: 'ignore',
    env: {
      ...process.env,
      TSX_TSCONFIG_PATH: path.join(DIR, 'tsconfig.base.json'),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'silent',
      ROOMS_PER_MINUTE: '100000',
      JOINS_PER_MINUTE: '100000',
    },
  });
  child.on('exit', (code) => {
    if (code) {
      console.error(`server exited with ${code}`);
      process.exit(1);
    }
  });
  for (let up = false; !up; await sleep(200))
    up = await fetch(`http://127.0.0.1:${port}/health`).then(
      (r) => r.ok,
      () => false,
    );
  const emptyStart = cpuSeconds(child.pid!);
  await sleep(5000);
  const empty = (cpuSeconds(child.pid!) - emptyStart) / 5;
  const rooms = [];
  for (let i = 0; i < ROOMS; i += 50) {
    rooms.push(
      ...(await Promise.all(
        Array.from({ length: Math.min(50, ROOMS - i) }, () =>
          new Client(`ws://127.0.0.1:${port}`).create('table', { game: 'high-roll', name: 'Ana' }),
        ),
      )),
    );
  }
  for (const r of rooms) r.onMessage('*', () => undefined);
  await sleep(3000);
  const start = cpuSeconds(child.pid!);
  await sleep(10_000);
  const idle = (cpuSeconds(child.pid!) - start) / 10;
  console.log(
    `${DIR}: no rooms ${(empty * 100).toFixed(1)}% of a core; ${ROOMS} idle rooms ${(idle * 100).toFixed(1)}% of a core`,
  );
  child.kill('SIGKILL');
  process.exit(0);
}
void main();
