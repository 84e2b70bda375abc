// The shared package without any game: the contract, fair dice, the log, the protocol and the view stream. The web
// client imports this (`@dicehall/shared/core`) so that no game's rules ride along with its network code; it loads
// each game's rules module on demand (client/src/games/index.ts) and registers it for the view stream.
export * from './game-module';
export * from './dice';
export * from './fair';
export * from './table';
export * from './clock';
export * from './log';
export * from './log-line';
export * from './wire-lines';
export * from './view-stream';
export * from './names';
export * from './protocol';
export * from './luck';
