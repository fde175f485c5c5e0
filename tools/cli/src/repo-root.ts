import { existsSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

function findUp(start: string): string | undefined {
  let directory = resolve(start);
  for (;;) {
    if (existsSync(join(directory, 'pnpm-workspace.yaml'))) return directory;
    const parent = dirname(directory);
    if (parent === directory) return undefined;
    directory = parent;
  }
}

/**
 * The rootweaver checkout: the nearest folder with `pnpm-workspace.yaml` above the working directory,
 * else above this file (the CLI runs from its `dist/` inside the checkout).
 */
export function findRepoRoot(cwd: string): string {
  return findUp(cwd) ?? findUp(dirname(fileURLToPath(import.meta.url))) ?? resolve(cwd);
}
