// The unit tier (`npm run test:unit`) is a list of folders whose tests start no server, process or browser:
// this test reads the folders from package.json and refuses any file in them that reaches for one.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const script: string = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts['test:unit'];
const folders = /test\/\(([a-z|-]+)\)\//.exec(script)?.[1].split('|') ?? [];

/** Imports that mean a server, a store, a network client, a browser or a child process. */
const FORBIDDEN = [
  /helpers\/(server|e2e|browser|cluster|process|durable)['"]/,
  /['"](playwright-core|colyseus\.js|@colyseus\/core|ioredis|pg|@electric-sql\/pglite)['"]/,
  /server\/src\/(store|http|app|index)\b/,
  /['"]node:(child_process|net|http)['"]/,
];

function files(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    return e.isDirectory() ? files(p) : /\.[cm]?[jt]s$/.test(e.name) ? [p] : [];
  });
}

describe('test tiers', () => {
  it('test:unit names its folders, and every one exists', () => {
    expect(folders.length).toBeGreaterThanOrEqual(4);
    for (const f of folders) expect(fs.existsSync(path.join(ROOT, 'test', f))).toBe(true);
  });

  it('no file of the unit folders starts a server, a store, a browser or a process', () => {
    const offenders = folders.flatMap((f) =>
      files(path.join(ROOT, 'test', f)).flatMap((file) => {
        const text = fs.readFileSync(file, 'utf8');
        return FORBIDDEN.filter((re) => re.test(text)).map((re) => `${path.relative(ROOT, file)}: ${re}`);
      }),
    );
    expect(offenders).toEqual([]);
  });
});
