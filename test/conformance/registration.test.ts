// A game is registered in one place (shared/src/games/index.ts) and shows up in every list built around it: the
// client's loaders and its folder, the bot levels, the pinned perft counts and, for a listed game, a rules page and a
// room-options file. A new id that is half-registered, or a leftover of a removed one, fails here by name.
import fs from 'node:fs';
import path from 'node:path';
import { games } from '@dicehall/shared';
import { botGames } from '../../shared/src/bots';
import { NO_PERFT } from './games';
import { PERFT_DIR } from './perft-data';

const ROOT = path.resolve(__dirname, '../..');
const ids = Object.keys(games).sort();
const listed = ids.filter((id) => games[id].listed);

/** The keys of the client's loader map, read from its source (importing it would pull in the boards). */
function clientLoaders(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'client/src/games/index.ts'), 'utf8');
  const map = /const loaders[^{]*\{([\s\S]*?)\n\};/.exec(text)?.[1] ?? '';
  return [...map.matchAll(/^\s*'?([a-z-]+)'?\s*:/gm)].map((m) => m[1]).sort();
}

/** The keys of the build-time catalogue's OPTIONS map (client/catalogue.ts). */
function catalogueOptions(): string[] {
  const text = fs.readFileSync(path.join(ROOT, 'client/catalogue.ts'), 'utf8');
  const map = /const OPTIONS[^{]*\{([\s\S]*?)\n\};/.exec(text)?.[1] ?? '';
  return [...map.matchAll(/^\s*'?([a-z-]+)'?\s*[:,]/gm)].map((m) => m[1]).sort();
}

describe('every registered game appears in every place that lists games', () => {
  it('ids are kebab-case and each module names its own key', () => {
    for (const id of ids) {
      expect(id).toMatch(/^[a-z]+(-[a-z]+)*$/);
      expect(games[id].id).toBe(id);
    }
  });

  it("the client's registry has a loader and a folder for each game, and nothing else", () => {
    expect(clientLoaders()).toEqual(ids);
    for (const id of ids) expect(fs.existsSync(path.join(ROOT, 'client/src/games', id, 'index.ts'))).toBe(true);
    const folders = fs
      .readdirSync(path.join(ROOT, 'client/src/games'), { withFileTypes: true })
      .filter((e) => e.isDirectory())
      .map((e) => e.name)
      .sort();
    expect(folders).toEqual(ids);
  });

  it('the bot levels cover each game (the home page offers the computer from them)', () => {
    expect([...botGames()].sort()).toEqual(ids);
  });

  it('each game pins its perft counts (but those in NO_PERFT), and no file pins a game that is gone', () => {
    const files = fs
      .readdirSync(PERFT_DIR)
      .filter((f) => f.endsWith('.json'))
      .map((f) => f.replace(/\.json$/, ''))
      .sort();
    expect(files).toEqual(ids.filter((id) => !NO_PERFT.includes(id)));
  });

  it('each listed game has a rules page and its room options in the catalogue when it takes any', () => {
    for (const id of listed) expect(fs.existsSync(path.join(ROOT, 'client/src/games', id, 'rules.html'))).toBe(true);
    const withOptions = catalogueOptions();
    for (const id of withOptions) expect(ids).toContain(id);
    for (const id of listed) {
      const own = fs.existsSync(path.join(ROOT, 'client/src/games', id, 'options.ts'));
      expect({ id, inCatalogue: withOptions.includes(id) }).toEqual({ id, inCatalogue: own });
    }
  });
});
