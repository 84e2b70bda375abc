// One test runner for everything: rules, fair dice, rooms over real WebSockets, and the browser.
const { pathsToModuleNameMapper } = require('ts-jest');
const { compilerOptions } = require('./tsconfig.base.json');

/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  // The path aliases are declared once, in tsconfig.base.json (the client's and the tests' configs inherit them).
  moduleNameMapper: pathsToModuleNameMapper(compilerOptions.paths, { prefix: '<rootDir>/' }),
  testTimeout: 30000,
  maxWorkers: 2,
  // Colyseus' matchmaker keeps module-level timers after a graceful shutdown; they hold no test state.
  forceExit: true,
};
