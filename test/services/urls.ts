// Where the tests find PostgreSQL and Redis: the servers of their own that test/services/prepare.mjs starts before
// `npm test` (ports in ./ports.json), unless TEST_DATABASE_URL / TEST_REDIS_URL name others.
import fs from 'node:fs';
import path from 'node:path';

const ports = JSON.parse(fs.readFileSync(path.join(__dirname, 'ports.json'), 'utf8')) as {
  postgres: number;
  redis: number;
};

export const TEST_PG_URL = process.env.TEST_DATABASE_URL ?? `postgres://postgres@127.0.0.1:${ports.postgres}/test`;
/** The Redis server, without a database number. */
export const TEST_REDIS_BASE = (process.env.TEST_REDIS_URL ?? `redis://127.0.0.1:${ports.redis}`).replace(/\/\d+$/, '');
/** A Redis URL on database `db` of the tests' server. */
export const testRedisUrl = (db: number): string => `${TEST_REDIS_BASE}/${db}`;
