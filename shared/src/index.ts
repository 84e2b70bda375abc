// The shared package: the game contract, fair dice, the log, and every game's rules.
export * from './core';
export * from './games';
export * from './bots';
