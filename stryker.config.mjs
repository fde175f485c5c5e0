// @ts-check
// Mutation testing of the answer path (issue 27 part 1): `pnpm mutate` → reports/mutation/.
// Each mutant of the folders below is run against the engine's tests (vitest.mutate.config.ts); a
// mutant that survives is a change of the code no test can see. Add a folder to `mutate` to widen it.
/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    'packages/innovations/src/compaction/**/*.ts',
    'packages/innovations/src/plan/**/*.ts',
    'packages/innovations/src/composition/**/*.ts',
    '!**/*.test.ts',
    '!**/*.bench.ts',
    '!**/index.ts',
  ],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: 'reports/mutation/index.html' },
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['reports', 'test-output', '.rootweaver', 'bench-results.json', '**/dist', '**/.turbo'],
  concurrency: 2,
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
};
