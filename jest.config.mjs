// One jest run for the whole repository: backend component tests (node), web component tests (jsdom)
// and browser tests (e2e, real Chromium). ESM throughout (jose is ESM-only), transformed by swc.
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      target: 'es2022',
      // keeps `with { type: 'json' }` on static JSON imports (contracts/src/catalog.ts)
      experimental: { keepImportAttributes: true },
      transform: { react: { runtime: 'automatic' } },
    },
    module: { type: 'es6' },
  },
];
const common = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  extensionsToTreatAsEsm: ['.ts', '.tsx'],
  moduleFileExtensions: ['ts', 'tsx', 'js', 'mjs', 'json'],
};

export default {
  testTimeout: 60000,
  // a worker that kept more than this after a suite is replaced: each browser and stack suite leaves some heap
  // behind, and one worker running many of them ran out of memory on CI (pay-story, 4 GB)
  workerIdleMemoryLimit: '1500MB',
  // longest suites first, from measured durations: a clean CI checkout has no cache of the last run
  testSequencer: '<rootDir>/scripts/test-sequencer.mjs',
  projects: [
    {
      ...common,
      displayName: 'backend',
      testEnvironment: 'node',
      testMatch: [
        '<rootDir>/kit/**/*.test.ts',
        '<rootDir>/contracts/**/*.test.ts',
        '<rootDir>/gateway/**/*.test.ts',
        '<rootDir>/services/**/*.test.ts',
        '<rootDir>/sandboxes/**/*.test.ts',
        '<rootDir>/scripts/**/*.test.ts',
        '<rootDir>/tests/load/**/*.test.ts',
        '<rootDir>/tests/hardening/**/*.test.ts',
        '<rootDir>/deploy/**/*.test.ts',
      ],
    },
    {
      ...common,
      displayName: 'web',
      testEnvironment: 'jsdom',
      testMatch: ['<rootDir>/web/src/**/*.test.ts', '<rootDir>/web/src/**/*.test.tsx'],
      setupFilesAfterEnv: ['<rootDir>/web/test/setup.ts'],
      moduleNameMapper: { '\\.(css|svg|png|jpg)$': '<rootDir>/web/test/file-stub.ts' },
    },
    {
      ...common,
      displayName: 'e2e',
      testEnvironment: 'node',
      testMatch: ['<rootDir>/tests/e2e/**/*.test.ts'],
    },
  ],
};
