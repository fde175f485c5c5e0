import { resolve } from 'node:path';
import { defaultAssetPath, findRootweaverCheckout } from '@rootweaver/capabilities';
import type { CliIo } from './command.js';

/**
 * The rootweaver checkout this CLI runs from (its root `package.json` is named `rootweaver`), or
 * `undefined` when the CLI is installed from npm. Never another project's workspace.
 */
export const cliCheckout: string | undefined = findRootweaverCheckout(import.meta.url);

/** The rootweaver checkout the CLI runs from, else `cwd` (kept for callers that need a folder). */
export function findRepoRoot(cwd: string): string {
  return cliCheckout ?? resolve(cwd);
}

/** The sample corpus: the checkout's `examples/sample-corpus`, else the copy the package ships. */
export const sampleCorpusPath: string = defaultAssetPath({
  packaged: new URL('../assets/sample-corpus', import.meta.url),
  checkoutPath: 'examples/sample-corpus',
});

/** The sample corpus's golden questions: the checkout's `examples/golden-set.json`, else the shipped copy. */
export const goldenSetPath: string = defaultAssetPath({
  packaged: new URL('../assets/golden-set.json', import.meta.url),
  checkoutPath: 'examples/golden-set.json',
});

/**
 * Where built indexes are cached: ROOTWEAVER_CACHE_DIR, else `.rootweaver/` in the checkout the CLI runs from
 * (gitignored), else `.rootweaver/` in the working directory.
 */
export function cacheDirectoryFor(io: Pick<CliIo, 'env' | 'cwd'>): string {
  const configured = io.env.ROOTWEAVER_CACHE_DIR?.trim();
  if (configured !== undefined && configured !== '') return resolve(io.cwd, configured);
  return resolve(cliCheckout ?? io.cwd, '.rootweaver');
}
