import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const here = (path: string): string => fileURLToPath(new URL(path, import.meta.url));

// Tests run against the sources of sibling packages, not their build output:
// `@rootweaver/<name>` resolves to `src/index.ts`, a subpath `@rootweaver/<name>/<sub>` (`/test`,
// `/selection`) to `src/<sub>/index.ts`.
const workspacePackages: Record<string, string> = {
  core: 'packages/core',
  'language-en': 'packages/language-en',
  innovations: 'packages/innovations',
  providers: 'packages/providers',
  offline: 'packages/offline',
  capabilities: 'packages/capabilities',
  'ai-sdk': 'packages/ai-sdk',
  langchain: 'packages/langchain',
  llamaindex: 'packages/llamaindex',
  'sample-engine': 'tools/sample-engine',
  eval: 'tools/eval',
  cli: 'tools/cli',
  fuzz: 'tools/fuzz',
  models: 'packages/models',
  train: 'tools/train',
};

export default defineConfig({
  resolve: {
    alias: Object.entries(workspacePackages).flatMap(([name, directory]) => [
      {
        find: new RegExp(`^@rootweaver/${name}/([a-z-]+)$`),
        replacement: here(`${directory}/src/$1/index.ts`),
      },
      { find: new RegExp(`^@rootweaver/${name}$`), replacement: here(`${directory}/src/index.ts`) },
    ]),
  },
  test: {
    include: ['packages/*/src/**/*.test.ts', 'tools/*/src/**/*.test.ts', 'tools/scripts/*.test.mjs'],
    // One id per run, for the spawned-CLI tests' build-once (tools/cli/src/test/built-cli.ts).
    globalSetup: ['tools/scripts/vitest-run-id.mjs'],
    testTimeout: 30_000,
    hookTimeout: 120_000,
    pool: 'forks',
    benchmark: { include: ['packages/*/src/**/*.bench.ts', 'tools/*/src/**/*.bench.ts'] },
  },
});
