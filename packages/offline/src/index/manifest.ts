import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import type { RejectionCounts } from '../validation/validate-pairs.js';

export const manifestSchemaVersion = 1;
export const manifestFileName = 'manifest.json';

/** What the index holds for one passage. */
export interface DocumentEntry {
  readonly hash: string;
  readonly pairs: number;
  readonly rejected?: Partial<RejectionCounts>;
}

/** Wall times in milliseconds. The per-stage figures add up per-passage times, which overlap when concurrency > 1. */
export interface IndexTimings {
  readonly startedAt: string;
  readonly finishedAt: string;
  readonly totalMs: number;
  readonly annotateMs: number;
  readonly generateMs: number;
  readonly embedMs: number;
  readonly storeMs: number;
}

/** `<index dir>/manifest.json`: what built the index and what it holds. */
export interface IndexManifest {
  readonly schemaVersion: number;
  /** `rules@1`, `llm:<model>@1` or `import` */
  readonly generator: string;
  readonly embedder?: { readonly modelId: string; readonly dimension: number };
  readonly corpus: { readonly path?: string; readonly hash: string };
  readonly counts: {
    readonly passages: number;
    readonly pairs: number;
    readonly rejected: RejectionCounts;
    /** Passages whose generation failed in the last run; they are retried by the next one. */
    readonly failed: number;
    /** Input problems (bad lines, missing fields, empty passages) in the last run. */
    readonly problems: number;
  };
  /** What the last run did. */
  readonly lastRun: {
    readonly added: number;
    readonly changed: number;
    readonly unchanged: number;
    readonly removed: number;
    readonly resumed: number;
    readonly failed: readonly string[];
  };
  readonly timings: IndexTimings;
  /** Per passage id: its content hash and pair count. */
  readonly documents: Readonly<Record<string, DocumentEntry>>;
}

/** Reads `<directory>/manifest.json`, or `undefined` when there is none. */
export async function readManifest(directory: string): Promise<IndexManifest | undefined> {
  const path = join(directory, manifestFileName);
  let content: string;
  try {
    content = await readFile(path, 'utf8');
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw new RootweaverError(
      'store-unavailable',
      `Cannot read ${path}: check the index folder's permissions.`,
      {
        cause: error,
      },
    );
  }
  let manifest: IndexManifest;
  try {
    manifest = JSON.parse(content) as IndexManifest;
  } catch (error) {
    throw new RootweaverError(
      'store-corrupt',
      `${path} is not valid JSON: rebuild the index with "rootweaver index build".`,
      {
        cause: error,
      },
    );
  }
  if (manifest.schemaVersion !== manifestSchemaVersion) {
    throw new RootweaverError(
      'store-corrupt',
      `${path} has schema version ${String(manifest.schemaVersion)}, this rootweaver reads ${manifestSchemaVersion}: rebuild the index.`,
    );
  }
  return manifest;
}

/** Writes the manifest atomically: a temporary file, then a rename. */
export async function writeManifest(directory: string, manifest: IndexManifest): Promise<void> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, manifestFileName);
  const temporary = `${path}.${process.pid}.tmp`;
  await writeFile(temporary, `${JSON.stringify(manifest, null, 2)}\n`, 'utf8');
  await rename(temporary, path);
}
