import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** One id per `vitest run` (tools/scripts/vitest-run-id.mjs). */
    testRunId: string;
  }
}

/** The CLI the spawned-CLI tests run: `tools/cli/dist/main.js`, built from the sources by `buildCli`. */
export const builtCliPath: string = fileURLToPath(new URL('../../dist/main.js', import.meta.url));

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
const stateDirectory = join(repositoryRoot, 'node_modules', '.cache', 'rootweaver-tests');
const lockDirectory = join(stateDirectory, 'cli-build.lock');
const staleLockMs = 15 * 60_000;

/** How long `beforeAll(buildCli)` may take: a fresh clone builds every package the CLI imports. */
export const buildCliTimeoutMs = 600_000;

let builtInThisProcess: Promise<string> | undefined;

/**
 * Builds the CLI and the packages it imports from their sources (`turbo run build --filter=@rootweaver/cli...`:
 * cached packages are restored, changed ones rebuilt), once per `vitest run` across its worker
 * processes, and returns `builtCliPath`. So a spawned-CLI test never runs a `dist/` older than the
 * sources, and never skips on a fresh clone. A failed build throws with turbo's output.
 */
export function buildCli(): Promise<string> {
  builtInThisProcess ??= buildOncePerRun();
  return builtInThisProcess;
}

async function buildOncePerRun(): Promise<string> {
  const runId = inject('testRunId');
  if (typeof runId !== 'string' || runId.length === 0)
    throw new Error('buildCli needs the globalSetup tools/scripts/vitest-run-id.mjs (vitest.config.ts).');
  mkdirSync(stateDirectory, { recursive: true });
  const stamp = join(stateDirectory, `cli-built.${runId}`);
  await acquireLock();
  try {
    if (existsSync(stamp) && existsSync(builtCliPath)) return builtCliPath;
    const turbo = join(repositoryRoot, 'node_modules', '.bin', 'turbo');
    const result = spawnSync(
      turbo,
      ['run', 'build', '--filter=@rootweaver/cli...', '--output-logs=errors-only'],
      {
        cwd: repositoryRoot,
        encoding: 'utf8',
        env: { ...process.env, TURBO_TELEMETRY_DISABLED: '1' },
        timeout: buildCliTimeoutMs - 10_000,
      },
    );
    if (result.status !== 0 || !existsSync(builtCliPath))
      throw new Error(
        `building the CLI for the spawned-CLI tests failed (${result.error?.message ?? `exit ${result.status}`}):\n${`${result.stdout}\n${result.stderr}`.slice(-4_000)}`,
      );
    for (const name of readdirSync(stateDirectory))
      if (name.startsWith('cli-built.')) rmSync(join(stateDirectory, name), { force: true });
    writeFileSync(stamp, new Date().toISOString());
    return builtCliPath;
  } finally {
    rmSync(lockDirectory, { recursive: true, force: true });
  }
}

/** One builder at a time across the run's worker processes: mkdir is atomic; a lock left by a killed run expires. */
async function acquireLock(): Promise<void> {
  for (;;) {
    try {
      mkdirSync(lockDirectory);
      return;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      try {
        if (Date.now() - statSync(lockDirectory).mtimeMs > staleLockMs)
          rmSync(lockDirectory, { recursive: true, force: true });
      } catch {
        // removed by its holder meanwhile
      }
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}
