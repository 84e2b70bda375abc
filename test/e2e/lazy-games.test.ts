// Each page downloads only the game it shows (issue 9): the home page (with a public room in its lobby list) no
// game's code (client side, shared rules, zod) and no PixiJS; a Dice Chess room link the Dice Chess code and not
// the Shields code. Which files are which comes from the build's manifest (client/dist/.vite/manifest.json).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { games } from '@dicehall/shared';
import { create } from '../helpers/server';
import { e2eSetup, moves, sitDown } from '../helpers/e2e';

const e2e = e2eSetup();

interface Chunk {
  file: string;
  imports?: string[];
  isEntry?: boolean;
}
const manifest = JSON.parse(
  readFileSync(path.resolve(__dirname, '../../client/dist/.vite/manifest.json'), 'utf8'),
) as Record<string, Chunk>;

/** The script files `keys` need, transitively (the build's own chunk graph). */
function closure(...keys: string[]): Set<string> {
  const files = new Set<string>();
  const walk = (key: string) => {
    const chunk = manifest[key];
    if (!chunk) throw new Error(`no ${key} in the build's manifest`);
    if (files.has(chunk.file)) return;
    files.add(chunk.file);
    for (const i of chunk.imports ?? []) walk(i);
  };
  for (const k of keys) walk(k);
  return files;
}
const minus = (a: Set<string>, b: Set<string>) => new Set([...a].filter((f) => !b.has(f)));

const keys = Object.keys(manifest);
const entry = keys.filter((k) => manifest[k]!.isEntry);
/** What the home page may load: the entry and the lobby list's network code. */
const home = closure(...entry, 'src/net/lobby.ts');
/** What code other than the games' own needs (screens, network, renderer): helper chunks games share with it. */
const platform = closure(...keys.filter((k) => !k.startsWith('src/games/')));
/** A game's own code: its client side with its shared rules module (and zod), its board. */
const gameCode = (game: string) => minus(closure(`src/games/${game}/index.ts`, `src/games/${game}/view.ts`), platform);
/** PixiJS and the renderer (the stage), beyond what the home page loads. */
const pixi = minus(closure('src/engine/stage.ts'), home);
const GAMES = Object.keys(manifest)
  .map((k) => k.match(/^src\/games\/([a-z-]+)\/index\.ts$/)?.[1])
  .filter((g): g is string => !!g);

/** The script files (as in the manifest: `assets/…js`) a page asks for from now on. */
function scripts(page: Page): Set<string> {
  const asked = new Set<string>();
  page.on('request', (r) => {
    const p = new URL(r.url()).pathname.slice(1);
    if (p.endsWith('.js')) asked.add(p);
  });
  return asked;
}

it('the manifest names every game, its rules in their own chunk and PixiJS apart from the entry', () => {
  // Every registered game, by the registry's own list (a new game is not named again here).
  expect(GAMES.sort()).toEqual(Object.keys(games).sort());
  for (const g of GAMES) expect(gameCode(g).size).toBeGreaterThan(0);
  expect(pixi.size).toBeGreaterThan(0);
});

it('the home page, its lobby listing a Dice Chess room, downloads no game code and no PixiJS', async () => {
  const host = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana', public: true });
  try {
    const phone = await e2e.open('phone');
    const asked = scripts(phone);
    await phone.goto(`${e2e.server.url}/`);
    await phone.locator('body[data-ready="true"]').waitFor();
    // The lobby list (the network code) is in, and describes the room's options from the catalogue.
    await phone.locator('[aria-label="Public rooms"][data-ready="true"]').waitFor();
    await phone.getByText('with Ana').waitFor();
    expect(await phone.getByRole('list', { name: 'Public rooms' }).textContent()).toContain('Arrange your dice');
    // Choosing another game in the form shows its options without loading it.
    await phone.getByLabel('Game').selectOption({ label: 'Shields' });
    await phone.getByLabel('Match').waitFor();
    await phone.waitForTimeout(300);
    expect(asked.size).toBeGreaterThan(0);
    expect([...asked].filter((f) => !home.has(f))).toEqual([]);
    for (const g of GAMES) expect([...asked].filter((f) => gameCode(g).has(f))).toEqual([]);
    expect([...asked].filter((f) => pixi.has(f))).toEqual([]);
  } finally {
    await host.room.leave();
  }
});

it('a Dice Chess room link downloads the Dice Chess code and PixiJS, and nothing only Shields needs', async () => {
  const host = await create(e2e.server.ws, { game: 'dice-chess', name: 'Ana', options: { placement: 'random' } });
  try {
    const phone = await e2e.open('phone');
    const asked = scripts(phone);
    await sitDown(phone, `${e2e.server.url}/r/${host.room.roomId}`, 'Ben');
    // The moves the page offers are derived on this side with the Dice Chess rules (they do not travel): when Ana
    // is first to move she moves, then Ben is offered his.
    const offered = moves(phone).first();
    for (let i = 0; i < 200 && !(await offered.isVisible()); i++) {
      if (host.legal.length > 0) host.room.send('action', host.legal[0]);
      await phone.waitForTimeout(50);
    }
    await offered.waitFor();
    expect(await offered.textContent()).toMatch(/^(Move|Capture) [a-h][1-8]/);
    const diceChess = gameCode('dice-chess');
    expect([...diceChess].filter((f) => !asked.has(f))).toEqual([]);
    expect([...pixi].filter((f) => !asked.has(f))).toEqual([]);
    // What Shields needs and Dice Chess does not (its client side, its rules, its board): never asked for.
    const shieldsOnly = minus(gameCode('shields'), diceChess);
    expect(shieldsOnly.size).toBeGreaterThan(0);
    expect([...asked].filter((f) => shieldsOnly.has(f))).toEqual([]);
    for (const g of GAMES.filter((x) => x !== 'dice-chess'))
      expect([...asked].filter((f) => minus(gameCode(g), diceChess).has(f))).toEqual([]);
  } finally {
    await host.room.leave();
  }
});
