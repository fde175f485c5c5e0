import { realpathSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { isRootweaverError } from '@rootweaver/core';
import { InMemoryStore } from '@rootweaver/core/test';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Passage } from '../corpus/document.js';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { buildIndex } from './build-index.js';
import { readManifest } from './manifest.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const workerModule = fileURLToPath(new URL('./passage-worker.ts', import.meta.url));
const vitePath = createRequire(join(realpathSync(join(root, 'node_modules/vitest')), 'package.json')).resolve(
  'vite',
);
// The worker threads load the TypeScript sources through vite's module runner, as the kill test's child does.
const bootstrap = `
import { workerData } from 'node:worker_threads';
import { pathToFileURL } from 'node:url';
const { runnerImport } = await import(pathToFileURL(workerData.vitePath).href);
if (workerData.crash) process.exit(3);
await runnerImport(workerData.workerModule, { root: workerData.root, configFile: workerData.root + '/vitest.config.ts', logLevel: 'silent' });
`;

let workspace: string;
let entry: URL;
const passages: Passage[] = Array.from({ length: 60 }, (_value, index) => ({
  id: `person-${index}`,
  title: `Velmar Quorin${index}`,
  text: `Velmar Quorin${index} (born 2 March ${1900 + index}) is a Zandrian painter. She was born in Osk${index}, Lurenia. She married Tomas Brell${index}. Her brother Ivo founded the Brell${index} Company.`,
  source: { file: 'generated', line: index + 1 },
}));

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'rootweaver-workers-'));
  const path = join(workspace, 'worker.mjs');
  await writeFile(path, bootstrap);
  entry = pathToFileURL(path);
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

function contents(store: InMemoryStore): string[] {
  return store
    .all()
    .map((item) => JSON.stringify(item))
    .sort();
}

describe('buildIndex with worker threads', () => {
  it('builds the same index and manifest as one thread, in batch order', async () => {
    const single = new InMemoryStore();
    const singleDirectory = join(workspace, 'single');
    await buildIndex({
      corpus: passages,
      generator: new RuleBasedGenerator(),
      store: single,
      checkpointDirectory: singleDirectory,
      workers: 0,
      batchSize: 8,
    });
    const threaded = new InMemoryStore();
    const threadedDirectory = join(workspace, 'threaded');
    const progress: number[] = [];
    const summary = await buildIndex({
      corpus: passages,
      generator: new RuleBasedGenerator(),
      store: threaded,
      checkpointDirectory: threadedDirectory,
      workers: 2,
      workerEntry: entry,
      workerData: { vitePath, root, workerModule },
      batchSize: 8,
      onProgress: (step) => progress.push(step.done),
    });
    expect(summary.pairs).toBeGreaterThan(passages.length);
    expect(contents(threaded)).toEqual(contents(single));
    expect((await readManifest(threadedDirectory))?.documents).toEqual(
      (await readManifest(singleDirectory))?.documents,
    );
    expect(progress).toEqual([...progress].sort((left, right) => left - right));
    expect(summary.timings.generateMs).toBeGreaterThan(0);
  }, 60_000);

  it('fails with the fix named when a worker dies', async () => {
    const error = await buildIndex({
      corpus: passages,
      generator: new RuleBasedGenerator(),
      store: new InMemoryStore(),
      workers: 1,
      workerEntry: entry,
      workerData: { vitePath, root, workerModule, crash: true },
    }).then(
      () => undefined,
      (reason: unknown) => reason,
    );
    expect(isRootweaverError(error, 'index-build-failed')).toBe(true);
    expect((error as Error).message).toMatch(/--workers 0/);
  }, 60_000);
});
