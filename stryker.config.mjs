// @ts-check
// Mutation testing of the answer path (issue 27 part 1): `pnpm mutate` → reports/mutation/.
// Each mutant of the folders below is run against the engine's tests (vitest.mutate.config.ts); a
// mutant that survives is a change of the code no test can see.
// `ROOTWEAVER_MUTATE=compaction,plan pnpm mutate` mutates only those folders of packages/innovations/src
// (reports/mutation/<folders>.json, .html); extraction can be named too.
const defaultFolders = ['compaction', 'plan', 'composition', 'grounding'];
// biome-ignore lint/suspicious/noUndeclaredEnvVars: read by `pnpm mutate` (stryker), no turbo task
const folders = (process.env.ROOTWEAVER_MUTATE ?? defaultFolders.join(','))
  .split(',')
  .map((folder) => folder.trim())
  .filter((folder) => /^[a-z-]+$/.test(folder));
const reportName = folders.join('-');

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'vitest',
  vitest: { configFile: 'vitest.mutate.config.ts', related: true },
  plugins: ['@stryker-mutator/vitest-runner'],
  mutate: [
    ...folders.map((folder) => `packages/innovations/src/${folder}/**/*.ts`),
    '!**/*.test.ts',
    '!**/*.bench.ts',
    '!**/index.ts',
    // Test data (hostile plan texts) lives beside the parser; mutating it measures nothing.
    '!**/fixtures/**',
  ],
  coverageAnalysis: 'perTest',
  reporters: ['clear-text', 'progress', 'html', 'json'],
  htmlReporter: { fileName: `reports/mutation/${reportName}.html` },
  jsonReporter: { fileName: `reports/mutation/${reportName}.json` },
  // A re-run tests only the mutants whose code or covering tests changed since the last run.
  incremental: true,
  incrementalFile: `reports/mutation/${reportName}.incremental.json`,
  tempDirName: '.stryker-tmp',
  ignorePatterns: ['reports', 'test-output', '.rootweaver', 'bench-results.json', '**/dist', '**/.turbo'],
  concurrency: 2,
  // Generous: on 2 shared cores a slow run must not pass for an endless loop (a time-out counts as killed).
  timeoutMS: 10_000,
  thresholds: { high: 90, low: 80, break: null },
};
