// One test runner for everything: rules, fair dice, rooms over real WebSockets, and the browser.
/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/test'],
  testMatch: ['**/*.test.ts'],
  transform: {
    '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/test/tsconfig.json' }],
  },
  moduleNameMapper: {
    '^@dicehall/shared$': '<rootDir>/shared/src/index.ts',
    '^@dicehall/shared/core$': '<rootDir>/shared/src/core/index.ts',
    '^@dicehall/shared/([a-z-]+)$': '<rootDir>/shared/src/games/$1/index.ts',
  },
  testTimeout: 30000,
  maxWorkers: 2,
  // Colyseus' matchmaker keeps module-level timers after a graceful shutdown; they hold no test state.
  forceExit: true,
};
