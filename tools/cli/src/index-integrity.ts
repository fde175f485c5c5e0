import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { type KnowledgeStore, RootweaverError } from '@rootweaver/core';

// The offline package's file names (`manifestFileName`, `checkpointFileName`, `indexLockFileName`),
// repeated here so `ask` and `serve` need not load the offline package (and its NLP library) to open
// an index; index-integrity.test.ts checks they stay equal.
export const indexFileNames = {
  manifest: 'manifest.json',
  checkpoint: 'checkpoint.jsonl',
  lock: 'build.lock',
  store: 'store.sqlite',
} as const;

/**
 * Refuses an index that a build has not finished: no manifest (a first build killed or running), a
 * checkpoint log (a build or update killed, or still running), or an unreadable manifest. The error
 * names the command that finishes or repairs it; `serve` and `ask` never load such an index.
 */
export function assertIndexComplete(directory: string): void {
  const resume = `run 'rootweaver index build --corpus … --out ${directory}' (or 'index update') again to finish it`;
  const building = existsSync(join(directory, indexFileNames.lock))
    ? ` (or wait, if the build holding ${indexFileNames.lock} still runs)`
    : '';
  if (existsSync(join(directory, indexFileNames.checkpoint))) {
    throw new RootweaverError(
      'store-corrupt',
      `The index in ${directory} is half-built: a build or update was interrupted or is running (${indexFileNames.checkpoint} is there); ${resume}${building}.`,
    );
  }
  const manifestPath = join(directory, indexFileNames.manifest);
  if (!existsSync(manifestPath) && !existsSync(join(directory, indexFileNames.store))) {
    // Not a half-built index: no index at all (a docs folder, a mistyped path).
    throw new RootweaverError(
      'not-found',
      `${directory} holds no rootweaver index (no ${indexFileNames.manifest}): check the path, or build one with 'rootweaver index build --corpus DOCS --out ${directory}'.`,
    );
  }
  if (!existsSync(manifestPath)) {
    throw new RootweaverError(
      'store-corrupt',
      `The index in ${directory} has no ${indexFileNames.manifest}: its build never finished; ${resume}${building}.`,
    );
  }
  let manifest: unknown;
  try {
    manifest = JSON.parse(readFileSync(manifestPath, 'utf8'));
  } catch {
    manifest = undefined;
  }
  const documents = (manifest as { documents?: unknown } | undefined)?.documents;
  if (typeof documents !== 'object' || documents === null) {
    throw new RootweaverError(
      'store-corrupt',
      `${manifestPath} is damaged (not a rootweaver manifest); rebuild the index with 'rootweaver index build --corpus … --out ${directory}'.`,
    );
  }
}

/**
 * Reads the whole item table once (`stats`): a store file cut short or overwritten fails here, when
 * the index is opened, not at the first question.
 */
export async function assertStoreReadable(store: KnowledgeStore, directory: string): Promise<void> {
  try {
    await store.stats();
  } catch (error) {
    if (error instanceof RootweaverError && error.code === 'store-corrupt') throw error;
    throw new RootweaverError(
      'store-corrupt',
      `The store in ${directory} cannot be read (${error instanceof Error ? error.message.slice(0, 160) : String(error)}); rebuild the index with 'rootweaver index build --corpus … --out ${directory}'.`,
      { cause: error },
    );
  }
}
