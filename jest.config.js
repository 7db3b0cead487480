/** @type {import('jest').Config} */
module.exports = {
  testEnvironment: 'node',
  roots: ['<rootDir>/domain', '<rootDir>/backend'],
  testMatch: ['**/*.test.ts'],
  // Transpile only (types are checked by `npm run typecheck`).
  transform: { '^.+\\.tsx?$': ['ts-jest', { diagnostics: false }] },
  testTimeout: 20000,
};
