// Pinned perft counts: where they live, the cases each game pins, and the command that rewrites them.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { GameModule } from '@dicehall/shared';
import { configFor, perft, type PerftCase } from '../helpers/conformance';
import { OWN } from './games';

export const PERFT_DIR = join(__dirname, 'perft');
export const REGENERATE = 'npm run perft -- <game-id>';
/** Deeper levels are pinned only while the whole tree stays this small, so the check costs seconds. */
export const NODE_BUDGET = 20_000;
const SEEDS = [1, 2];

export interface PerftFile {
  game: string;
  rulesVersion: number;
  regenerate: string;
  cases: PerftCase[];
}

/** A file that pins nothing: every count of every case is 1 (one legal action everywhere it looked). */
export const pinsNothing = (file: PerftFile): boolean => file.cases.every((c) => c.counts.every((n) => n === 1));

export function readPerft(id: string): PerftFile | null {
  try {
    return JSON.parse(readFileSync(join(PERFT_DIR, `${id}.json`), 'utf8')) as PerftFile;
  } catch {
    return null;
  }
}

/** Counts for the first two setups on two seeds, to depth 3 or the deepest depth within the node budget. */
export function computePerft(module: GameModule): PerftFile {
  const setups = configFor(module, OWN[module.id]).setups.slice(0, 2);
  const cases = setups.flatMap((setup) =>
    SEEDS.map((seed): PerftCase => {
      let counts = perft(module, setup, seed, 1);
      for (let depth = 2; depth <= 3; depth++) {
        const deeper = perft(module, setup, seed, depth, NODE_BUDGET * 4);
        if (deeper.reduce((a, b) => a + b, 0) > NODE_BUDGET) break;
        counts = deeper;
      }
      return { options: setup.options, seats: setup.seats, seed, counts };
    }),
  );
  return {
    game: module.id,
    rulesVersion: module.rulesVersion,
    regenerate: REGENERATE.replace('<game-id>', module.id),
    cases,
  };
}
