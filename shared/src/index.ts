// The shared package: the game contract, fair dice, the log, and every game's rules.
export * from './core/game-module';
export * from './core/dice';
export * from './core/fair';
export * from './core/table';
export * from './core/clock';
export * from './core/log';
export * from './core/log-line';
export * from './core/view-stream';
export * from './core/names';
export * from './core/protocol';
export * from './games';
export * from './bots';
