import { defineConfig } from 'vitest/config';
import base from './vitest.config';

// The suite `pnpm mutate` (StrykerJS, stryker.config.mjs) runs against each mutant: the engine's own
// tests, which are the behaviour a user of @rootweaver/innovations can observe. Tests of other packages
// reach the mutated folders only through the engine and add minutes per mutant without adding a kill.
// (Not mergeConfig: it would append to the base's `include` rather than replace it.)
export default defineConfig({
  ...base,
  test: { ...base.test, include: ['packages/innovations/src/**/*.test.ts'] },
});
