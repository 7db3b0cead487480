// Transpile only: types are checked by `npm run typecheck`.
const ts = {
  '^.+\\.tsx?$': [
    'ts-jest',
    { diagnostics: false, tsconfig: { jsx: 'react-jsx', esModuleInterop: true, module: 'commonjs', isolatedModules: true } },
  ],
};
// The shared rules' alias (tsconfig paths: @domain/*).
const domain = { '^@domain/(.*)$': '<rootDir>/domain/$1' };
const css = { '\\.(css|svg|png|jpg|webp)$': '<rootDir>/jest.assetStub.js' };

/** @type {import('jest').Config} */
module.exports = {
  // A ceiling for a hung test, not a speed check: the admin's form tests type key by key into
  // react-admin and took up to 21 s each on this 2-core machine under load.
  testTimeout: 60000,
  // Test files run in a worker process, never in Jest's own: on a 2-core machine Jest would run
  // them all in band (one process, its heap grown to 1.2 GB by the end), where a stray timer of a
  // finished file or a leak could end the run with a failing exit code after every test passed.
  // A worker past this size after a file is replaced before the next.
  workerIdleMemoryLimit: '800MB',
  projects: [
    {
      displayName: 'server',
      testEnvironment: 'node',
      roots: ['<rootDir>/domain', '<rootDir>/backend', '<rootDir>/seeds'],
      testMatch: ['**/*.test.ts'],
      transform: ts,
      moduleNameMapper: domain,
      setupFiles: ['<rootDir>/backend/test/sqliteErrorsOfThisFile.ts'],
    },
    {
      displayName: 'storefront',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/storefront/src'],
      testMatch: ['**/*.test.ts?(x)'],
      transform: ts,
      moduleNameMapper: { ...domain, ...css },
      setupFilesAfterEnv: ['<rootDir>/jest.dom.setup.js'],
    },
    {
      displayName: 'admin',
      testEnvironment: 'jsdom',
      roots: ['<rootDir>/admin/src'],
      testMatch: ['**/*.test.ts?(x)'],
      transform: ts,
      moduleNameMapper: { ...domain, ...css, '^react-hotkeys-hook$': '<rootDir>/admin/src/test/hotkeysStub.js' },
      setupFilesAfterEnv: ['<rootDir>/jest.dom.setup.js'],
    },
  ],
};
