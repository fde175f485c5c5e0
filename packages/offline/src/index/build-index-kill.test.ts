import { type ChildProcess, spawn } from 'node:child_process';
import { existsSync, readFileSync, realpathSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { EmbeddedStore } from '@rootweaver/providers';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { JsonlFileStore } from '../test/jsonl-file-store.js';
import { buildIndex } from './build-index.js';
import { readManifest } from './manifest.js';

const root = fileURLToPath(new URL('../../../../', import.meta.url));
const childEntry = fileURLToPath(new URL('../test/build-in-child.ts', import.meta.url));
// The child loads the TypeScript sources through vite's module runner (vitest's own vite).
const vitePath = createRequire(join(realpathSync(join(root, 'node_modules/vitest')), 'package.json')).resolve(
  'vite',
);

const childScript = `
import { pathToFileURL } from 'node:url';
const [vitePath, root, entry, corpus, directory, delayMs, store] = process.argv.slice(2);
const { runnerImport } = await import(pathToFileURL(vitePath).href);
const { module } = await runnerImport(entry, { root, configFile: root + '/vitest.config.ts', logLevel: 'silent' });
await module.runSlowBuild({ corpus, directory, delayMs: Number(delayMs), store });
`;

let workspace: string;
let corpus: string;
let script: string;

function lineCount(path: string): number {
  if (!existsSync(path)) return -1;
  return readFileSync(path, 'utf8')
    .split('\n')
    .filter((line) => line.trim() !== '').length;
}

function sortedItems(store: JsonlFileStore): string[] {
  return store
    .all()
    .map((item) => JSON.stringify(item))
    .sort();
}

beforeAll(async () => {
  workspace = await mkdtemp(join(tmpdir(), 'rootweaver-kill-'));
  corpus = join(workspace, 'corpus.jsonl');
  script = join(workspace, 'child.mjs');
  const lines = Array.from({ length: 48 }, (_, index) =>
    JSON.stringify({
      id: `person-${index}`,
      title: `Person Number${index}`,
      text: `Person Number${index} (born 1 January ${1900 + index}) is an American actor. He was born in Springfield${index}, Ohio. He married Jane Doe${index}.`,
    }),
  );
  await writeFile(corpus, lines.join('\n'));
  await writeFile(script, childScript);
});
afterAll(async () => {
  await rm(workspace, { recursive: true, force: true });
});

async function killMidway(
  directory: string,
  killWhen: (directory: string) => boolean,
  store: 'jsonl' | 'embedded' = 'jsonl',
): Promise<void> {
  const child: ChildProcess = spawn(
    process.execPath,
    [script, vitePath, root, childEntry, corpus, directory, '25', store],
    {
      stdio: ['ignore', 'ignore', 'pipe'],
    },
  );
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  try {
    const deadline = Date.now() + 45_000;
    while (!killWhen(directory)) {
      if (child.exitCode !== null) throw new Error(`the child build ended before it was killed: ${stderr}`);
      if (Date.now() > deadline) throw new Error(`the child build made no progress: ${stderr}`);
      await new Promise((resolve) => setTimeout(resolve, 5));
    }
    child.kill('SIGKILL');
    await exited;
  } finally {
    if (child.exitCode === null) child.kill('SIGKILL');
  }
}

describe('buildIndex after kill -9', () => {
  const cases: { name: string; killWhen: (directory: string) => boolean }[] = [
    {
      name: 'right after the first store write',
      killWhen: (directory) => lineCount(join(directory, 'store.jsonl')) >= 1,
    },
    {
      name: 'after 3 checkpointed batches',
      killWhen: (directory) => lineCount(join(directory, 'checkpoint.jsonl')) >= 12,
    },
    {
      name: 'late in the run',
      killWhen: (directory) => lineCount(join(directory, 'checkpoint.jsonl')) >= 36,
    },
  ];

  for (const { name, killWhen } of cases) {
    it(`ends with the same index as an uninterrupted build when killed ${name}`, async () => {
      const reference = join(workspace, `reference-${cases.findIndex((entry) => entry.name === name)}`);
      await mkdir(reference, { recursive: true });
      const referenceStore = new JsonlFileStore(join(reference, 'store.jsonl'));
      await buildIndex({
        corpus,
        generator: new RuleBasedGenerator(),
        store: referenceStore,
        checkpointDirectory: reference,
      });

      const directory = join(workspace, `killed-${cases.findIndex((entry) => entry.name === name)}`);
      await mkdir(directory, { recursive: true });
      await killMidway(directory, killWhen);
      expect(await readManifest(directory)).toBeUndefined();
      const checkpointed = Math.max(0, lineCount(join(directory, 'checkpoint.jsonl')));

      const resumedStore = new JsonlFileStore(join(directory, 'store.jsonl'));
      const summary = await buildIndex({
        corpus,
        generator: new RuleBasedGenerator(),
        store: resumedStore,
        checkpointDirectory: directory,
      });
      expect(summary.resumed).toBe(checkpointed);
      expect(summary.resumed + summary.added).toBe(48);

      expect(sortedItems(resumedStore)).toEqual(sortedItems(referenceStore));
      const ids = resumedStore.all().map((item) => item.id);
      expect(new Set(ids).size).toBe(ids.length);
      const resumedManifest = await readManifest(directory);
      const referenceManifest = await readManifest(reference);
      expect(resumedManifest?.documents).toEqual(referenceManifest?.documents);
      expect(resumedManifest?.counts).toEqual(referenceManifest?.counts);
      expect(resumedManifest?.corpus.hash).toBe(referenceManifest?.corpus.hash);
      expect(existsSync(join(directory, 'checkpoint.jsonl'))).toBe(false);
    }, 90_000);
  }
});

describe('buildIndex into the EmbeddedStore after kill -9', () => {
  it('loses and duplicates nothing: every item of an uninterrupted build is found, and no more', async () => {
    const reference = join(workspace, 'embedded-reference');
    const referenceStore = new JsonlFileStore(join(workspace, 'embedded-reference.jsonl'));
    await buildIndex({
      corpus,
      generator: new RuleBasedGenerator(),
      store: referenceStore,
      checkpointDirectory: reference,
    });

    const directory = join(workspace, 'embedded-killed');
    await mkdir(directory, { recursive: true });
    await killMidway(directory, (path) => lineCount(join(path, 'checkpoint.jsonl')) >= 16, 'embedded');
    expect(await readManifest(directory)).toBeUndefined();

    const store = await EmbeddedStore.open({ directory });
    try {
      const summary = await buildIndex({
        corpus,
        generator: new RuleBasedGenerator(),
        store,
        checkpointDirectory: directory,
      });
      expect(summary.resumed).toBeGreaterThanOrEqual(16);
      const expected = referenceStore.all();
      expect((await store.stats()).items).toBe(expected.length);
      for (const item of expected) {
        const { hits } = await store.search({
          query: item.text,
          topK: 50,
          mode: 'lexical',
          filter: { documentIds: [item.documentId] },
        });
        expect(hits.map((hit) => hit.id)).toContain(item.id);
      }
      expect((await readManifest(directory))?.documents).toEqual((await readManifest(reference))?.documents);
    } finally {
      await store.close();
    }
  }, 90_000);
});
