import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnowledgeItem } from '@rootweaver/core';
import { FakeEmbedder, InMemoryStore } from '@rootweaver/core/test';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Passage } from '../corpus/document.js';
import type { GenerateQaOptions, GenerateQaResult, QaGenerator } from '../generation/qa-generator.js';
import { RuleBasedGenerator } from '../generation/rule-based-generator.js';
import { type BuildProgress, buildIndex, updateIndex } from './build-index.js';
import { qaItemId } from './hashing.js';
import { readManifest } from './manifest.js';

const records = [
  {
    id: 'p1',
    title: 'Inception',
    text: 'Inception is a 2010 American film directed by Christopher Nolan. It stars Leonardo DiCaprio.',
  },
  {
    id: 'p2',
    title: 'Christopher Nolan',
    text: 'Christopher Nolan (born 30 July 1970) is a British film director. He was born in London.',
  },
  { id: 'p3', title: 'London', text: 'London is the capital of England. It lies on the River Thames.' },
  {
    id: 'p4',
    title: 'Leonardo DiCaprio',
    text: 'Leonardo DiCaprio (born November 11, 1974) is an American actor.',
  },
];

let directory: string;
let corpusFile: string;
beforeEach(async () => {
  directory = await mkdtemp(join(tmpdir(), 'rootweaver-build-'));
  corpusFile = join(directory, 'corpus.jsonl');
  await writeCorpus(records);
});
afterEach(async () => {
  await rm(directory, { recursive: true, force: true });
});

async function writeCorpus(lines: readonly (object | string)[]): Promise<void> {
  await writeFile(
    corpusFile,
    lines.map((line) => (typeof line === 'string' ? line : JSON.stringify(line))).join('\n'),
  );
}

function snapshot(store: InMemoryStore): string[] {
  return store
    .all()
    .map((item: KnowledgeItem) => `${item.documentId}|${item.id}|${item.text}`)
    .sort();
}

/** Fails for the passages named in `failing`; otherwise the rule-based generator. */
class FlakyGenerator implements QaGenerator {
  readonly id = 'rules@1';
  readonly annotationMode = 'fast' as const;
  readonly failing: Set<string>;
  readonly seen: string[] = [];
  private readonly rules = new RuleBasedGenerator();
  constructor(failing: readonly string[]) {
    this.failing = new Set(failing);
  }
  async generate(options: GenerateQaOptions): Promise<GenerateQaResult> {
    this.seen.push(options.passage.id);
    if (this.failing.has(options.passage.id)) throw new Error(`model down for ${options.passage.id}`);
    return this.rules.generate(options);
  }
}

describe('buildIndex', () => {
  it('stores validated QA items with deterministic ids and writes a manifest', async () => {
    const store = new InMemoryStore();
    const index = join(directory, 'index');
    const summary = await buildIndex({
      corpus: corpusFile,
      generator: new RuleBasedGenerator(),
      store,
      checkpointDirectory: index,
    });
    const items = store.all();
    expect(summary).toMatchObject({ passages: 4, added: 4, changed: 0, unchanged: 0, removed: 0 });
    expect(summary.pairs).toBe(items.length);
    expect(items.length).toBeGreaterThanOrEqual(8);
    for (const item of items) {
      expect(item.kind).toBe('qa');
      expect(item.text).toBe(`${item.title}: ${item.question} ${item.answer}`);
      expect(item.id).toBe(
        qaItemId({ documentId: item.documentId, question: item.question ?? '', answer: item.answer ?? '' }),
      );
      const record = records.find((candidate) => candidate.id === item.documentId);
      expect(item.passage).toBe(record?.text);
      expect(item.title).toBe(record?.title);
      expect(typeof item.metadata?.sentence).toBe('string');
    }
    expect(items.find((item) => item.question === 'Who directed Inception?')?.answer).toBe(
      'Christopher Nolan',
    );
    const sentencePair = items.find((item) => item.question === 'What is known about Christopher Nolan?');
    expect(sentencePair?.answer).toBe('Christopher Nolan (born 30 July 1970) is a British film director.');
    // The engine shows such a pair as its sentence alone (factLine): its answer is its source sentence.
    expect(sentencePair?.metadata?.sentence).toBe(sentencePair?.answer);
    expect(items.find((item) => item.question === 'Who directed Inception?')?.metadata?.sentence).not.toBe(
      'Christopher Nolan',
    );

    const manifest = await readManifest(index);
    expect(manifest).toMatchObject({
      schemaVersion: 2,
      generator: 'rules@4',
      counts: { passages: 4, pairs: items.length, failed: 0, problems: 0 },
      corpus: { path: corpusFile },
    });
    expect(manifest?.corpus.hash).toMatch(/^[0-9a-f]{32}$/);
    expect(Object.keys(manifest?.documents ?? {})).toEqual(['p1', 'p2', 'p3', 'p4']);
    expect(manifest?.timings.totalMs).toBeGreaterThan(0);
    // The checkpoint log is gone once the manifest is written.
    await expect(readFile(join(index, 'checkpoint.jsonl'), 'utf8')).rejects.toThrow();
  });

  it('loses no document: one named with a pronoun keeps its pairs, and prose no pair survives is indexed as itself', async () => {
    const store = new InMemoryStore();
    const passages: Passage[] = [
      {
        id: 'named',
        title: 'Hold It Back by His Door',
        text: 'Hold It Back by His Door is a 1961 novel by Ada Quill.',
        source: { file: 'memory', line: 1 },
      },
      { id: 'bare', title: 'Orlen', text: 'Quiet streets, old walls.', source: { file: 'memory', line: 2 } },
    ];
    // A generator that proposes only a question no pair of the second passage can pass.
    const generator: QaGenerator = {
      id: 'rules-or-nothing@1',
      annotationMode: 'fast',
      generate: async (options) =>
        options.passage.id === 'bare'
          ? { pairs: [{ question: 'What are they like?', answer: 'Quiet streets' }] }
          : new RuleBasedGenerator().generate(options),
    };
    const summary = await buildIndex({ corpus: passages, generator, store });
    const named = store.all().filter((item) => item.documentId === 'named');
    expect(named.length).toBeGreaterThan(0);
    expect(named.every((item) => item.kind === 'qa')).toBe(true);
    expect(named.some((item) => item.question?.includes('Hold It Back by His Door'))).toBe(true);
    const bare = store.all().filter((item) => item.documentId === 'bare');
    expect(bare).toEqual([
      expect.objectContaining({ kind: 'passage', passage: 'Quiet streets, old walls.', title: 'Orlen' }),
    ]);
    expect(summary.rejected['pronoun-in-question']).toBe(1);
    const hits = await store.search({ query: 'old walls', topK: 1, mode: 'lexical' });
    expect(hits.hits[0]?.documentId).toBe('bare');
  });

  it('is idempotent: a second run skips every passage and leaves the store as it was', async () => {
    const store = new InMemoryStore();
    const index = join(directory, 'index');
    await buildIndex({
      corpus: corpusFile,
      generator: new RuleBasedGenerator(),
      store,
      checkpointDirectory: index,
    });
    const before = snapshot(store);
    const again = await buildIndex({
      corpus: corpusFile,
      generator: new RuleBasedGenerator(),
      store,
      checkpointDirectory: index,
    });
    expect(again).toMatchObject({ unchanged: 4, added: 0, changed: 0, pairsWritten: 0 });
    expect(snapshot(store)).toEqual(before);
    // A fresh store built from scratch holds exactly the same items.
    const fresh = new InMemoryStore();
    await buildIndex({ corpus: corpusFile, generator: new RuleBasedGenerator(), store: fresh });
    expect(snapshot(fresh)).toEqual(before);
  });

  it('updates incrementally: changed passages replace their pairs, removed ones are deleted, unchanged ones are counted', async () => {
    const store = new InMemoryStore();
    const index = join(directory, 'index');
    await buildIndex({
      corpus: corpusFile,
      generator: new RuleBasedGenerator(),
      store,
      checkpointDirectory: index,
    });
    const [p1, p2, , p4] = records;
    await writeCorpus([
      p1 ?? {},
      {
        ...p2,
        text: 'Christopher Nolan (born 30 July 1970) is a British film director. He was born in Westminster.',
      },
      p4 ?? {},
      { id: 'p5', title: 'Tom Hardy', text: 'Tom Hardy (born 15 September 1977) is an English actor.' },
    ]);
    const summary = await updateIndex({
      corpus: corpusFile,
      generator: new RuleBasedGenerator(),
      store,
      checkpointDirectory: index,
    });
    expect(summary).toMatchObject({ added: 1, changed: 1, unchanged: 2, removed: 1, passages: 4 });
    const items = store.all();
    expect(items.some((item) => item.documentId === 'p3')).toBe(false);
    const changed = items.filter((item) => item.documentId === 'p2').map((item) => item.answer);
    expect(changed).toContain('He was born in Westminster.');
    expect(changed.some((answer) => answer?.includes('London'))).toBe(false);
    expect(items.some((item) => item.documentId === 'p5')).toBe(true);
    const manifest = await readManifest(index);
    expect(Object.keys(manifest?.documents ?? {})).toEqual(['p1', 'p2', 'p4', 'p5']);
    expect(manifest?.counts.pairs).toBe(items.length);
    expect(manifest?.lastRun).toMatchObject({ added: 1, changed: 1, unchanged: 2, removed: 1 });
    // Same content as a build from scratch of the new corpus.
    const fresh = new InMemoryStore();
    await buildIndex({ corpus: corpusFile, generator: new RuleBasedGenerator(), store: fresh });
    expect(snapshot(store)).toEqual(snapshot(fresh));
  });

  it('records a passage whose generation fails, goes on, and retries only it on the next run', async () => {
    const store = new InMemoryStore();
    const index = join(directory, 'index');
    const flaky = new FlakyGenerator(['p2']);
    const first = await buildIndex({
      corpus: corpusFile,
      generator: flaky,
      store,
      checkpointDirectory: index,
    });
    expect(first.failed).toEqual([{ id: 'p2', error: 'model down for p2' }]);
    expect(first.passages).toBe(3);
    expect(store.all().some((item) => item.documentId === 'p2')).toBe(false);
    expect((await readManifest(index))?.lastRun.failed).toEqual(['p2']);

    const healed = new FlakyGenerator([]);
    const second = await buildIndex({
      corpus: corpusFile,
      generator: healed,
      store,
      checkpointDirectory: index,
    });
    expect(healed.seen).toEqual(['p2']);
    expect(second).toMatchObject({ added: 1, unchanged: 3, failed: [], passages: 4 });
    expect(store.all().some((item) => item.documentId === 'p2')).toBe(true);
  });

  it('reports bad corpus lines with file and line and indexes the rest', async () => {
    await writeCorpus([
      records[0] ?? {},
      'this is not json',
      { id: 'x', title: 'No text' },
      { id: 'y', title: 'Empty', text: '' },
    ]);
    const store = new InMemoryStore();
    const summary = await buildIndex({ corpus: corpusFile, generator: new RuleBasedGenerator(), store });
    expect(summary.passages).toBe(1);
    expect(summary.problems.map((problem) => `${problem.file}:${problem.line}`)).toEqual([
      `${corpusFile}:2`,
      `${corpusFile}:3`,
      `${corpusFile}:4`,
    ]);
  });

  it('embeds items when given an embedder and records it in the manifest', async () => {
    const store = new InMemoryStore();
    const embedder = new FakeEmbedder({ dimension: 32 });
    const index = join(directory, 'index');
    await buildIndex({
      corpus: corpusFile,
      generator: new RuleBasedGenerator(),
      embedder,
      store,
      checkpointDirectory: index,
    });
    expect(store.all().every((item) => item.vector?.length === 32)).toBe(true);
    expect((await readManifest(index))?.embedder).toEqual({ modelId: 'fake-embedder-32', dimension: 32 });
    const [queryVector] = (await embedder.embed({ values: ['Who directed Inception?'] })).vectors;
    const hits = await store.search({
      query: 'Who directed Inception?',
      topK: 1,
      mode: 'dense',
      ...(queryVector === undefined ? {} : { vector: queryVector }),
    });
    expect(hits.hits[0]?.answer).toBe('Christopher Nolan');
  });

  it('reports progress, counts rejections, honours cancellation and refuses to update a missing index', async () => {
    const events: BuildProgress[] = [];
    const passages: Passage[] = records.map((record) => ({ ...record, source: { file: 'memory', line: 1 } }));
    const echo: QaGenerator = {
      id: 'echo@1',
      annotationMode: 'fast',
      generate: async ({ passage }) => ({
        pairs: [
          { question: `What is ${passage.title}?`, answer: passage.text.split(' ')[0] ?? '' },
          { question: `What is ${passage.title}?`, answer: passage.text.split(' ')[0] ?? '' },
          { question: 'Not a question', answer: 'x' },
          { question: 'Made up?', answer: 'Mars' },
        ],
      }),
    };
    const summary = await buildIndex({
      corpus: passages,
      generator: echo,
      store: new InMemoryStore(),
      batchSize: 2,
      onProgress: (event) => events.push(event),
    });
    expect(summary.rejected).toMatchObject({ duplicate: 4, 'not-a-question': 4, 'answer-not-in-passage': 4 });
    expect(summary.pairs).toBe(4);
    expect(events.map((event) => event.done)).toEqual([0, 2, 4, 4]);
    expect(events.at(-1)).toMatchObject({ phase: 'done', total: 4, pairs: 4 });

    const controller = new AbortController();
    controller.abort();
    await expect(
      buildIndex({
        corpus: passages,
        generator: echo,
        store: new InMemoryStore(),
        signal: controller.signal,
      }),
    ).rejects.toMatchObject({ code: 'aborted' });
    await expect(
      updateIndex({
        corpus: passages,
        generator: echo,
        store: new InMemoryStore(),
        checkpointDirectory: join(directory, 'none'),
      }),
    ).rejects.toMatchObject({ code: 'not-found' });
  });
});
