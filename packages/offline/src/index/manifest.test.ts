import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { isRootweaverError } from '@rootweaver/core';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { emptyRejectionCounts } from '../validation/validate-pairs.js';
import { type IndexManifest, manifestSchemaVersion, readManifest, writeManifest } from './manifest.js';

let directory: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-manifest-'));
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

const manifest: IndexManifest = {
  schemaVersion: manifestSchemaVersion,
  generator: 'rules@1',
  corpus: { path: '/corpus.jsonl', hash: 'c0ffee' },
  counts: {
    passages: 2,
    pairs: 7,
    rejected: { ...emptyRejectionCounts(), duplicate: 1 },
    failed: 0,
    problems: 0,
  },
  lastRun: { added: 2, changed: 0, unchanged: 0, removed: 0, resumed: 0, failed: [] },
  timings: {
    startedAt: '2026-01-01T00:00:00.000Z',
    finishedAt: '2026-01-01T00:00:01.000Z',
    totalMs: 1000,
    annotateMs: 1,
    generateMs: 2,
    embedMs: 0,
    storeMs: 3,
  },
  documents: {
    'doc "one"': { hash: 'a'.repeat(32), pairs: 4 },
    'doc-2': { hash: 'b'.repeat(32), pairs: 3, rejected: { duplicate: 1 } },
  },
};

describe('manifest', () => {
  it('writes one compact line per document and reads back what it wrote', async () => {
    await writeManifest(directory, manifest);
    const text = await readFile(join(directory, 'manifest.json'), 'utf8');
    expect(text).toContain(`    "doc \\"one\\"": ["${'a'.repeat(32)}",4],\n`);
    expect(text).toContain(`    "doc-2": ["${'b'.repeat(32)}",3,{"duplicate":1}]\n`);
    expect(await readManifest(directory)).toEqual(manifest);
    await writeManifest(directory, { ...manifest, documents: {} });
    expect((await readManifest(directory))?.documents).toEqual({});
  });

  it('reads a version 1 manifest (documents as objects)', async () => {
    await writeFile(
      join(directory, 'manifest.json'),
      JSON.stringify({ ...manifest, schemaVersion: 1 }, null, 2),
    );
    expect(await readManifest(directory)).toEqual(manifest);
  });

  it('refuses another version or a malformed document entry, naming the rebuild', async () => {
    for (const content of [
      { ...manifest, schemaVersion: 9 },
      { ...manifest, documents: { bad: { hash: 'x', pairs: 1 } } },
    ]) {
      await writeFile(join(directory, 'manifest.json'), JSON.stringify(content));
      const error = await readManifest(directory).then(
        () => undefined,
        (reason: unknown) => reason,
      );
      expect(isRootweaverError(error, 'store-corrupt')).toBe(true);
      expect((error as Error).message).toMatch(/rootweaver index build/);
    }
  });
});
