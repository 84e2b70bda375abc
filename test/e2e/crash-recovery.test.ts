// Issue 8, finding 10 in a real browser: the server process dies mid-game and a supervisor starts a new one;
// the page stops retrying and tells the player plainly that the game is gone, instead of spinning forever.
import type { ChildProcess } from 'node:child_process';
import net from 'node:net';
import type { Browser } from 'playwright-core';
import { until } from '../helpers/server';
import { DESKTOP, launch, pageErrors, shot, trackErrors } from '../helpers/browser';
import { runTs } from '../helpers/process';

let browser: Browser;
let child: ChildProcess | null = null;

function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const port = (s.address() as net.AddressInfo).port;
      s.close(() => resolve(port));
    });
  });
}

/** Starts the real server as its own process, as a supervisor would, and waits for /health. */
async function startProcess(port: number): Promise<ChildProcess> {
  const c = runTs('server/src/index.ts', { PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' }, 'ignore');
  let up = false;
  for (let i = 0; i < 200 && !up; i++) {
    up = await fetch(`http://127.0.0.1:${port}/health`).then((r) => r.ok, () => false);
    if (!up) await new Promise((r) => setTimeout(r, 100));
  }
  if (!up) throw new Error('the server did not start');
  return c;
}

beforeAll(async () => {
  browser = await launch();
}, 60000);
afterEach(() => {
  expect(pageErrors.splice(0)).toEqual([]);
});
afterAll(async () => {
  child?.kill('SIGKILL');
  await browser?.close();
});

it('says plainly that the game is gone after the server crashed and came back without it', async () => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  child = await startProcess(port);
  const context = await browser.newContext({ viewport: DESKTOP });
  const ana = trackErrors(await context.newPage());
  await ana.goto(`${url}/?all`);
  await ana.getByLabel('Your name').fill('Ana');
  await ana.getByLabel('Game').selectOption('high-roll');
  await ana.getByRole('button', { name: 'Create room' }).click();
  await ana.waitForURL(/\/r\/[\w-]+$/);
  await ana.getByText('Waiting for your opponent').waitFor();

  // A crash: no warning to anyone, every socket cut.
  child.kill('SIGKILL');
  await until(() => child!.exitCode !== null || child!.signalCode !== null, 'the process to die');
  await ana.getByText('Connection lost — reconnecting…').waitFor();
  child = await startProcess(port);
  await ana.getByText('This game is no longer on the server', { exact: false }).waitFor({ timeout: 20000 });
  await shot(ana, 'crash-gone-desktop');
  // It stopped retrying: the message stays.
  await new Promise((r) => setTimeout(r, 3000));
  await ana.getByText('This game is no longer on the server', { exact: false }).waitFor({ timeout: 100 });
}, 90000);
