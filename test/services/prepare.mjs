// What `npm test` needs besides Node, got ready before the first test: Chromium and Caddy (binaries), and a
// PostgreSQL and a Redis of the tests' own, on their own ports, so a developer's servers are never touched.
// Missing packages are installed with apt-get when this user may (root, or sudo without a password); otherwise the
// run stops at once, naming what is missing and the one command that installs it. `npm start` needs none of this.
//
//   TEST_DATABASE_URL / TEST_REDIS_URL   use these servers instead (nothing is started for them)
//   CHROMIUM_PATH / CADDY_PATH           use these binaries instead
//   DICEHALL_TEST_INSTALL=0              never install: report what is missing and stop
//
// The servers' data lives in $TMPDIR/dicehall-test-services (throwaway: PostgreSQL runs with fsync off) and stays up
// between runs; a later run reuses them. `node test/services/prepare.mjs stop` stops them.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ports = JSON.parse(fs.readFileSync(new URL('./ports.json', import.meta.url), 'utf8'));
const TEST_PG_PORT = ports.postgres;
const TEST_REDIS_PORT = ports.redis;
const HOME = path.join(os.tmpdir(), 'dicehall-test-services');
const PG_DIR = path.join(HOME, 'pg');
const REDIS_DIR = path.join(HOME, 'redis');
const isRoot = process.getuid?.() === 0;
const started = Date.now();

const log = (line) => console.log(`test services: ${line}`);
const fail = (lines) => {
  console.error(['', ...lines.map((l) => `test services: ${l}`), ''].join('\n'));
  process.exit(1);
};

function onPath(cmd) {
  return spawnSync('sh', ['-c', `command -v ${cmd}`], { encoding: 'utf8' }).stdout.trim() || null;
}

function postgresBin() {
  const root = '/usr/lib/postgresql';
  if (fs.existsSync(root)) {
    const versions = fs
      .readdirSync(root)
      .filter((v) => fs.existsSync(path.join(root, v, 'bin', 'initdb')))
      .sort((a, b) => Number(b) - Number(a));
    if (versions.length > 0) return path.join(root, versions[0], 'bin');
  }
  const initdb = onPath('initdb');
  return initdb ? path.dirname(initdb) : null;
}

/** Debian package name per need, and whether it is there. */
function missingPackages() {
  const missing = [];
  const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
  if (!fs.existsSync(chromium)) missing.push('chromium');
  if (!(process.env.CADDY_PATH ? fs.existsSync(process.env.CADDY_PATH) : onPath('caddy'))) missing.push('caddy');
  if (!process.env.TEST_DATABASE_URL && !postgresBin()) missing.push('postgresql');
  if (!process.env.TEST_REDIS_URL && !onPath('redis-server')) missing.push('redis-server');
  return missing;
}

function install(packages) {
  const command = `sudo apt-get update && sudo apt-get install -y ${packages.join(' ')}`;
  const may =
    process.env.DICEHALL_TEST_INSTALL !== '0' &&
    onPath('apt-get') &&
    (isRoot || spawnSync('sudo', ['-n', 'true']).status === 0);
  if (!may) {
    fail([
      `missing: ${packages.join(', ')}`,
      onPath('apt-get')
        ? `install with:  ${command}`
        : `install them with your system's package manager (Debian names: ${packages.join(' ')})`,
      'then run `npm test` again (CHROMIUM_PATH, CADDY_PATH, TEST_DATABASE_URL, TEST_REDIS_URL point at your own).',
    ]);
  }
  log(`installing ${packages.join(' ')} (apt-get)…`);
  const sudo = isRoot ? [] : ['sudo', '-n'];
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  for (const args of [
    ['apt-get', 'update', '-qq'],
    ['apt-get', 'install', '-y', '-qq', ...packages],
  ]) {
    const argv = [...sudo, ...args];
    const r = spawnSync(argv[0], argv.slice(1), { env, stdio: ['ignore', 'ignore', 'inherit'] });
    if (r.status !== 0) fail([`\`${argv.join(' ')}\` failed (exit ${r.status})`, `install by hand: ${command}`]);
  }
  const still = missingPackages();
  if (still.length > 0) fail([`still missing after apt-get: ${still.join(', ')}`]);
}

function answers(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ host: '127.0.0.1', port });
    socket.setTimeout(1000);
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('timeout', () => {
      socket.destroy();
      resolve(false);
    });
    socket.once('error', () => resolve(false));
  });
}

async function waitFor(what, check, ms = 30000) {
  const until = Date.now() + ms;
  while (Date.now() < until) {
    if (await check()) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  fail([`${what} did not come up within ${ms / 1000} s`]);
}

/** PostgreSQL refuses to run as root: as root, the cluster belongs to the `postgres` user (made by Debian's package). */
function pgUser() {
  if (!isRoot) return null;
  const r = spawnSync('id', ['-u', 'postgres']);
  if (r.status === 0) return 'postgres';
  execFileSync('useradd', ['--system', '--no-create-home', '--shell', '/usr/sbin/nologin', 'postgres']);
  return 'postgres';
}

function asPgUser(user, argv) {
  const full = user ? ['runuser', '-u', user, '--', ...argv] : argv;
  const r = spawnSync(full[0], full.slice(1), { encoding: 'utf8' });
  if (r.status !== 0) fail([`\`${argv.join(' ')}\` failed:`, (r.stderr || r.stdout).trim().slice(-1500)]);
  return r.stdout;
}

async function postgres() {
  if (process.env.TEST_DATABASE_URL) return log(`PostgreSQL: ${process.env.TEST_DATABASE_URL} (TEST_DATABASE_URL)`);
  const bin = postgresBin();
  const user = pgUser();
  if (!(await answers(TEST_PG_PORT))) {
    fs.mkdirSync(HOME, { recursive: true, mode: 0o755 });
    fs.chmodSync(HOME, 0o755);
    if (!fs.existsSync(path.join(PG_DIR, 'PG_VERSION'))) {
      fs.rmSync(PG_DIR, { recursive: true, force: true });
      fs.mkdirSync(PG_DIR, { mode: 0o700 });
      if (user) execFileSync('chown', [user, PG_DIR]);
      asPgUser(user, [
        path.join(bin, 'initdb'),
        '-D',
        PG_DIR,
        '-U',
        'postgres',
        '--auth=trust',
        '--no-sync',
        '-E',
        'UTF8',
      ]);
    }
    const options = [
      `-p ${TEST_PG_PORT}`,
      '-c listen_addresses=127.0.0.1',
      `-c unix_socket_directories=${PG_DIR}`,
      '-c fsync=off',
      '-c full_page_writes=off',
      '-c max_connections=300',
    ].join(' ');
    // A server killed a moment ago may still hold its lock file (its processes not yet gone): try again, briefly.
    const start = [
      path.join(bin, 'pg_ctl'),
      '-D',
      PG_DIR,
      '-l',
      path.join(PG_DIR, 'server.log'),
      '-o',
      options,
      '-w',
      'start',
    ];
    for (let attempt = 1; ; attempt++) {
      const argv = user ? ['runuser', '-u', user, '--', ...start] : start;
      const r = spawnSync(argv[0], argv.slice(1), { encoding: 'utf8' });
      if (r.status === 0) break;
      if (attempt === 10) fail(['PostgreSQL did not start:', (r.stderr || r.stdout).trim().slice(-1500)]);
      await new Promise((res) => setTimeout(res, 1000));
    }
    await waitFor('PostgreSQL', () => answers(TEST_PG_PORT));
  }
  const psql = [
    path.join(bin, 'psql'),
    '-h',
    '127.0.0.1',
    '-p',
    String(TEST_PG_PORT),
    '-U',
    'postgres',
    '-d',
    'postgres',
    '-Atc',
  ];
  const has = asPgUser(null, [...psql, "select 1 from pg_database where datname = 'test'"]).trim();
  if (has !== '1') asPgUser(null, [...psql, 'create database test']);
  log(`PostgreSQL on 127.0.0.1:${TEST_PG_PORT} (${PG_DIR})`);
}

async function redis() {
  if (process.env.TEST_REDIS_URL) return log(`Redis: ${process.env.TEST_REDIS_URL} (TEST_REDIS_URL)`);
  if (!(await answers(TEST_REDIS_PORT))) {
    fs.mkdirSync(REDIS_DIR, { recursive: true });
    execFileSync(onPath('redis-server'), [
      '--port',
      String(TEST_REDIS_PORT),
      '--bind',
      '127.0.0.1',
      '--save',
      '',
      '--appendonly',
      'no',
      '--daemonize',
      'yes',
      '--dir',
      REDIS_DIR,
      '--logfile',
      path.join(REDIS_DIR, 'redis.log'),
      '--pidfile',
      path.join(REDIS_DIR, 'redis.pid'),
    ]);
    await waitFor('Redis', () => answers(TEST_REDIS_PORT));
  }
  log(`Redis on 127.0.0.1:${TEST_REDIS_PORT}`);
}

function stop() {
  const pid = path.join(REDIS_DIR, 'redis.pid');
  if (fs.existsSync(pid)) {
    try {
      process.kill(Number(fs.readFileSync(pid, 'utf8')), 'SIGTERM');
    } catch {}
  }
  const bin = postgresBin();
  if (bin && fs.existsSync(path.join(PG_DIR, 'postmaster.pid'))) {
    const user = pgUser();
    spawnSync(
      ...(user
        ? ['runuser', ['-u', user, '--', path.join(bin, 'pg_ctl'), '-D', PG_DIR, '-m', 'fast', 'stop']]
        : [path.join(bin, 'pg_ctl'), ['-D', PG_DIR, '-m', 'fast', 'stop']]),
      { stdio: 'inherit' },
    );
  }
}

if (process.argv[2] === 'stop') {
  stop();
} else {
  const missing = missingPackages();
  if (missing.length > 0) install(missing);
  await postgres();
  await redis();
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
