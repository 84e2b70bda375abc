// A bot gets only its seat's view and legal actions: checked on its input, on Dice Chess's secret
// arrangement, and statically on the import graph of shared/src/bots.
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import { botInput, botKits, diceChess, makeBot, seededDice } from '@dicehall/shared';
import type { DiceChessState } from '@dicehall/shared/dice-chess';
import { GAMES, positions } from './helpers';

const ROOT = resolve(__dirname, '../..');
const BOTS = join(ROOT, 'shared/src/bots');

describe.each(GAMES)('%s: what a bot is given', (gameId) => {
  const kit = botKits[gameId];
  const sample = positions(gameId, 4).filter((_, i) => i % 7 === 0);

  it('is exactly the seat view, the legal actions and the seat, sharing no object with the state', () => {
    for (const { state, seat } of sample) {
      const before = JSON.stringify(state);
      const input = botInput(kit.game, state, seat);
      expect(Object.keys(input).sort()).toEqual(['legal', 'seat', 'view']);
      expect(input.view).toEqual(kit.game.view(state, seat));
      expect(input.legal).toEqual(kit.game.legalActions(state, seat));
      expect(input.seat).toBe(seat);
      // Scribbling over the input cannot reach the real state.
      (input.view as Record<string, unknown>).scribbled = true;
      for (const k of Object.keys(input.view as object)) (input.view as Record<string, unknown>)[k] = null;
      input.legal.length = 0;
      expect(JSON.stringify(state)).toBe(before);
    }
  });

  it('a bot answers the same for the same input and seed, whatever the state behind it', () => {
    for (const { state, seat } of sample.slice(0, 40)) {
      const a = makeBot(kit, 'normal', seededDice(7)).choose(botInput(kit.game, state, seat), { nodes: 300 });
      const b = makeBot(kit, 'normal', seededDice(7)).choose(botInput(kit.game, state, seat), { nodes: 300 });
      expect(b).toEqual(a);
    }
  });
});

describe("dice-chess: the secret arrangement (C2) never reaches the other seat's bot", () => {
  /** A state where seat 1 has confirmed `order` and seat 0 is still arranging. */
  function arranged(order: number[]): DiceChessState {
    const s = diceChess.setup({ placement: 'arrange' }, 2, seededDice(99)).state;
    const step = diceChess.apply(s, 1, { type: 'arrange', order }, seededDice(1));
    if (!step.ok) throw new Error(step.code);
    return step.state;
  }
  const identity = Array.from({ length: 16 }, (_, i) => i);
  const reversed = identity.slice().reverse();

  it('C2 two different hidden arrangements give seat 0 the same input and the same bot action', () => {
    const x = arranged(identity);
    const y = arranged(reversed);
    expect(x.pending[1]).not.toEqual(y.pending[1]);
    const ix = botInput(diceChess, x, 0);
    const iy = botInput(diceChess, y, 0);
    expect(ix).toEqual(iy);
    // The identity order is the public rolled order; the reversed one is the secret that must not show.
    expect(JSON.stringify(iy)).not.toContain(JSON.stringify(y.pending[1]));
    for (const level of ['easy', 'normal', 'hard'] as const) {
      const kit = botKits['dice-chess'];
      expect(makeBot(kit, level, seededDice(3)).choose(ix)).toEqual(makeBot(kit, level, seededDice(3)).choose(iy));
    }
  });
});

/** Relative imports of a TypeScript file, resolved to files. */
function importsOf(file: string): string[] {
  const text = readFileSync(file, 'utf8');
  const specs = [
    ...text.matchAll(
      /(?:import|export)\s[^'"]*?from\s+['"]([^'"]+)['"]|import\(\s*['"]([^'"]+)['"]\s*\)|require\(\s*['"]([^'"]+)['"]\s*\)/g,
    ),
  ].map((m) => m[1] ?? m[2] ?? m[3]);
  return specs.map((s) => {
    if (!s.startsWith('.')) return s;
    const base = resolve(dirname(file), s);
    for (const cand of [`${base}.ts`, join(base, 'index.ts')]) if (existsSync(cand)) return cand;
    throw new Error(`${file} imports ${s}, which resolves to no file`);
  });
}

function walk(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? walk(p) : p.endsWith('.ts') ? [p] : [];
  });
}

describe('shared/src/bots: imports and globals (static)', () => {
  const roots = walk(BOTS);
  // Everything the bot code can reach, following relative imports from every file of the folder.
  const reached = new Set<string>();
  const packages = new Set<string>();
  const queue = [...roots];
  while (queue.length > 0) {
    const f = queue.pop()!;
    if (reached.has(f)) continue;
    reached.add(f);
    for (const dep of importsOf(f)) dep.startsWith('/') ? queue.push(dep) : packages.add(dep);
  }
  const rel = [...reached].map((f) => relative(ROOT, f));

  it('finds the bot files and follows them into the game rules', () => {
    expect(roots.length).toBeGreaterThanOrEqual(6);
    expect(rel).toContain('shared/src/games/shields/rules.ts');
    expect(rel).toContain('shared/src/games/dice-chess/state.ts');
  });

  it('reaches nothing of the server, the client, the seed (fair dice), the log or the table', () => {
    const forbidden = rel.filter(
      (f) => !f.startsWith('shared/src/') || /^shared\/src\/(core\/(fair|log|table)|cli)\b/.test(f),
    );
    expect(forbidden).toEqual([]);
    expect([...packages].filter((p) => p !== 'zod')).toEqual([]);
  });

  it('reads no clock and no Math.random: time and chance are passed in', () => {
    for (const f of roots) {
      const code = readFileSync(f, 'utf8').replace(/\/\/.*$|\/\*[\s\S]*?\*\//gm, '');
      expect({ f, bad: code.match(/Math\.random|Date\.now|new Date|performance\.|process\.|globalThis/g) }).toEqual({
        f,
        bad: null,
      });
    }
  });
});
