// What the conformance suite needs to know about a game beyond its module: setups worth playing and sampled action
// types. A game not named here runs with its options' defaults at every seat count.
import type { ConformanceConfig } from '../helpers/conformance';

export const OWN: Record<string, Partial<ConformanceConfig>> = {
  // G1: the rules 1 Battery loop (with the piles empty, draw the Battery back, build it, discard it) is found by one
  // loop-seeking stall game in two and one turn-stretching game in seven (30 measured); eight games find it 3 times.
  'shields-up': { stallGames: 8 },
  'dice-chess': {
    setups: [
      { options: { placement: 'arrange' }, seats: 2 },
      { options: { placement: 'random' }, seats: 2 },
    ],
    // Of 16! arrangements legalActions lists one; another order of the same dice is just as legal.
    sampledTypes: ['arrange'],
  },
  shields: {
    setups: [
      { options: {}, seats: 2 },
      { options: { bestOf: 3 }, seats: 2 },
      { options: { resurrection: true }, seats: 2 },
    ],
    games: 6,
  },
  'dice-siege': {
    // Solo and races: a race hides each round's moves from the others until the round is over (disguise probe).
    setups: [
      { options: { seats: 2 }, seats: 2 },
      { options: { seats: 1 }, seats: 1 },
      { options: { seats: 3, mode: 'epic' }, seats: 3 },
    ],
    // A plan's choices (uses, Halflings, damage split) multiply past listing: legal.ts offers representatives.
    sampledTypes: ['plan'],
  },
  polywars: {
    // Small forces and few cycles keep a game to a few hundred actions; every scenario and seat count appears.
    setups: [
      { options: { scenario: 'kill-the-king', budget: 30, cycleLimit: 2 }, seats: 2 },
      { options: { scenario: 'capture-the-flag', budget: 30, cycleLimit: 2 }, seats: 3 },
      { options: { scenario: 'rescue-mission', budget: 20, cycleLimit: 2 }, seats: 2 },
      { options: { scenario: 'attack-on-tokyo', budget: 30, cycleLimit: 2 }, seats: 4 },
      { options: { scenario: 'snipe-hunt', budget: 20, cycleLimit: 2 }, seats: 2 },
    ],
    games: 5,
    maxActions: 20000,
    // legal.ts lists these continuous choices by a representative sample; apply accepts any legal one.
    sampledTypes: ['build', 'place', 'step', 'teleportation', 'unleash', 'heal', 'mutation', 'healer'],
  },
};

/**
 * Games whose views hide nothing, so they declare no `disguise` probe. A game joins this list by a reviewed
 * decision; a new game with secrets declares the probe instead.
 */
export const NO_SECRETS = ['high-roll', 'shields', 'pig'];

/**
 * Games whose perft would pin nothing: every position offers exactly one legal action (all counts 1), so a pinned
 * file could not catch a change in what is legal. A perft file that pins nothing is refused (./perft-data); a game
 * joins this list by a reviewed decision, and leaves it (the check says so) once it offers a choice.
 */
export const NO_PERFT = ['high-roll'];

/** CONFORMANCE_SCALE multiplies the games and probed positions per check (CI: 1). */
export const SCALE = Number(process.env.CONFORMANCE_SCALE ?? 1);
