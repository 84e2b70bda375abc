// docs/new-game.md walks through Pig, the example game: every path it names exists, every file of the example is
// named in it, and every npm script it tells you to run is one. A walk-through that drifts from the code fails here.
import fs from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(__dirname, '../..');
const doc = fs.readFileSync(path.join(ROOT, 'docs/new-game.md'), 'utf8');
/** Every `code span` of the doc that reads like a path in the repository. */
const paths = [...doc.matchAll(/`([\w.-]+(?:\/[\w.-]+)+\/?)`/g)]
  .map((m) => m[1]!)
  .filter((p) => /^(shared|client|server|test|docs|bench)\//.test(p) || p === 'tsconfig.base.json');

/** The example's own files, wherever a game's files go. */
function exampleFiles(): string[] {
  const inDir = (dir: string) => fs.readdirSync(path.join(ROOT, dir)).map((f) => `${dir}/${f}`);
  return [
    ...inDir('shared/src/games/pig'),
    ...inDir('client/src/games/pig'),
    'test/games/pig.test.ts',
    'test/conformance/perft/pig.json',
    'test/e2e/pig.test.ts',
  ];
}

describe('docs/new-game.md, the walk-through of Pig', () => {
  it('names only paths that exist', () => {
    expect(paths.length).toBeGreaterThan(15);
    const missing = paths.filter((p) => !fs.existsSync(path.join(ROOT, p)));
    expect(missing).toEqual([]);
  });

  it('names every file of the example, so a newcomer who follows it writes them all', () => {
    const files = exampleFiles();
    for (const f of files) expect(fs.existsSync(path.join(ROOT, f))).toBe(true);
    expect(files.filter((f) => !paths.includes(f))).toEqual([]);
  });

  it('tells you to run only npm scripts that exist', () => {
    const scripts = Object.keys(JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')).scripts);
    const told = [...doc.matchAll(/npm run ([\w:-]+)/g)].map((m) => m[1]!);
    expect(told.length).toBeGreaterThan(0);
    expect(told.filter((s) => !scripts.includes(s))).toEqual([]);
  });
});
