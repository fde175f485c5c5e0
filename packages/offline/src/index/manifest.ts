import { mkdir, readFile, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import type { RejectionCounts } from '../validation/validate-pairs.js';

/**
 * Version 2 writes each document as one compact line, `"id": [hash, pairs]` (or `[hash, pairs,
 * rejected]`), instead of an indented object: a third of the size. Version 1 files are still read.
 */
export const manifestSchemaVersion = 2;
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
  /** `rules@4`, `llm:<model>@1` or `import` */
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
  if (manifest.schemaVersion === 1) return { ...manifest, schemaVersion: manifestSchemaVersion };
  if (manifest.schemaVersion !== manifestSchemaVersion) {
    throw new RootweaverError(
      'store-corrupt',
      `${path} has schema version ${String(manifest.schemaVersion)}, this rootweaver reads 1 and ${manifestSchemaVersion}: rebuild the index with "rootweaver index build".`,
    );
  }
  const documents: Record<string, DocumentEntry> = {};
  for (const [id, entry] of Object.entries(manifest.documents as unknown as Record<string, CompactEntry>)) {
    if (!Array.isArray(entry) || typeof entry[0] !== 'string' || typeof entry[1] !== 'number') {
      throw new RootweaverError(
        'store-corrupt',
        `${path} has a malformed entry for document ${id}: rebuild the index with "rootweaver index build".`,
      );
    }
    documents[id] = {
      hash: entry[0],
      pairs: entry[1],
      ...(entry[2] === undefined ? {} : { rejected: entry[2] }),
    };
  }
  return { ...manifest, documents };
}

/** A document as version 2 writes it. */
type CompactEntry = [hash: string, pairs: number, rejected?: Partial<RejectionCounts>];

/** Writes the manifest atomically: a temporary file, then a rename. */
export async function writeManifest(directory: string, manifest: IndexManifest): Promise<void> {
  await mkdir(directory, { recursive: true });
  const path = join(directory, manifestFileName);
  const temporary = `${path}.${process.pid}.tmp`;
  const { documents, ...header } = manifest;
  const lines = Object.entries(documents).map(([id, entry]) => {
    const compact: CompactEntry =
      entry.rejected === undefined ? [entry.hash, entry.pairs] : [entry.hash, entry.pairs, entry.rejected];
    return `    ${JSON.stringify(id)}: ${JSON.stringify(compact)}`;
  });
  const body = JSON.stringify({ ...header, schemaVersion: manifestSchemaVersion }, null, 2).replace(
    /\n}$/,
    '',
  );
  const text = `${body},\n  "documents": {${lines.length === 0 ? '' : `\n${lines.join(',\n')}\n  `}}\n}\n`;
  await writeFile(temporary, text, 'utf8');
  await rename(temporary, path);
}
