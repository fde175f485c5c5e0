import { spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { type KnowledgeItem, RootweaverError } from '@rootweaver/core';
import { FakeEmbedder } from '@rootweaver/core/test';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { EmbeddedStore } from './embedded-store.js';
import { indexTerms, searchTerms } from './lexical-query.js';
import { syntheticQaPairs } from './synthetic-qa.js';

const root = mkdtempSync(join(tmpdir(), 'rootweaver-embedded-store-'));
let counter = 0;
const freshDirectory = (): string => {
  counter += 1;
  return join(root, `store-${counter}`);
};

afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function item(id: string, documentId: string, text: string, vector?: Float32Array): KnowledgeItem {
  return {
    id,
    documentId,
    kind: 'qa',
    text,
    title: documentId,
    passage: text,
    question: text,
    answer: id,
    ...(vector === undefined ? {} : { vector }),
  };
}

async function failure(promise: Promise<unknown>): Promise<RootweaverError> {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RootweaverError) return error;
    throw error;
  }
  throw new Error('expected a failure');
}

describe('EmbeddedStore', () => {
  it('keeps items, vectors and the embedder id across close and reopen', async () => {
    const directory = freshDirectory();
    const embedder = new FakeEmbedder({ dimension: 16 });
    const store = await EmbeddedStore.open({ directory, embedder });
    await store.upsert({
      items: [
        item('a', 'd1', 'volcanoes of Sicily'),
        item('b', 'd2', 'rivers of France'),
        item('c', 'd2', 'castles'),
      ],
    });
    await store.close();
    expect(statSync(join(directory, 'vectors.usearch')).size).toBeGreaterThan(0);

    const reopened = await EmbeddedStore.open({ directory, embedder });
    expect(await reopened.stats()).toEqual({
      items: 3,
      documents: 2,
      byKind: { qa: 3, passage: 0 },
      vectors: 3,
      dimension: 16,
    });
    expect(reopened.embedderModelId).toBe('fake-embedder-16');
    const dense = await reopened.search({ query: 'rivers France', topK: 1, mode: 'dense' });
    expect(dense.hits[0]?.id).toBe('b');
    await reopened.close();
  });

  it('uses the WAL journal and one meta row per schema fact', async () => {
    const directory = freshDirectory();
    const store = await EmbeddedStore.open({ directory });
    await store.upsert({ items: [item('a', 'd', 'text')] });
    await store.close();
    const database = new Database(join(directory, 'store.sqlite'), { readonly: true });
    expect(database.pragma('journal_mode', { simple: true })).toBe('wal');
    const meta = Object.fromEntries(
      (database.prepare('SELECT key, value FROM meta').all() as { key: string; value: string }[]).map(
        (row) => [row.key, row.value],
      ),
    );
    database.close();
    expect(meta.schema_version).toBe('3');
  });

  it('keeps the later of two items with one id in one upsert, indexed once', async () => {
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    await store.upsert({
      items: [
        item('a', 'd', 'quorvath lantern'),
        item('b', 'd', 'other words'),
        item('a', 'd', 'zelmira harbour'),
      ],
    });
    expect((await store.stats()).items).toBe(2);
    expect((await store.search({ query: 'quorvath', topK: 5, mode: 'lexical' })).hits).toEqual([]);
    const hits = (await store.search({ query: 'zelmira harbour', topK: 5, mode: 'lexical' })).hits;
    expect(hits.map((hit) => hit.id)).toEqual(['a']);
    await store.upsert({ items: [item('a', 'd', 'quorvath lantern')] });
    expect((await store.search({ query: 'zelmira', topK: 5, mode: 'lexical' })).hits).toEqual([]);
    expect((await store.search({ query: 'quorvath', topK: 5, mode: 'lexical' })).hits[0]?.id).toBe('a');
    await store.close();
  });

  it('folds English plurals in lexical search', async () => {
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    await store.upsert({
      items: [item('a', 'd', 'She directed three films'), item('b', 'd', 'Rivers and lakes')],
    });
    const result = await store.search({ query: 'which film did she direct', topK: 2 });
    expect(result.mode).toBe('lexical');
    expect(result.hits[0]?.id).toBe('a');
    expect(result.hits).toHaveLength(1);
    await store.close();
  });

  it('ranks exactly like FTS5 bm25 ordering when common terms dominate, with and without filters', async () => {
    // Many items share "born"; few share the rare name. The fast path must agree with a full scan.
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    const items: KnowledgeItem[] = [];
    for (let index = 0; index < 6000; index += 1) {
      const name = index % 1000 === 0 ? 'Zorvath Quillen' : `Person${index % 1500} Name${index % 7}`;
      const relation = index % 3 === 0 ? 'When was %s born?' : 'Who directed the film about %s?';
      items.push({
        ...item(`i${index}`, `doc${index % 5}`, relation.replace('%s', name)),
        metadata: { shard: index % 5 },
      });
    }
    await store.upsert({ items });
    const fast = await store.search({ query: 'When was Zorvath Quillen born?', topK: 5, mode: 'lexical' });
    expect(fast.hits.map((hit) => hit.text)).toEqual([
      ...new Array(2).fill('When was Zorvath Quillen born?'),
      ...new Array(3).fill('Who directed the film about Zorvath Quillen?'),
    ]);
    // Common terms beyond the candidate budget ("directed", "film", "about" in 4000 items each).
    const directed = await store.search({ query: 'Who directed the film about Zorvath Quillen?', topK: 6 });
    expect(directed.hits.every((hit) => hit.text.includes('Zorvath Quillen'))).toBe(true);
    expect(new Set(directed.hits.map((hit) => hit.id)).size).toBe(6);
    // Only common terms: the full FTS5 ranking runs; hits hold both words.
    const onlyCommon = await store.search({ query: 'directed film', topK: 5, mode: 'lexical' });
    expect(onlyCommon.hits).toHaveLength(5);
    expect(onlyCommon.hits.every((hit) => hit.text.includes('directed the film'))).toBe(true);
    // Only common terms: every "born" item ties; the top 5 all hold "born".
    const common = await store.search({ query: 'born', topK: 5, mode: 'lexical' });
    expect(common.hits).toHaveLength(5);
    expect(common.hits.every((hit) => hit.text.includes('born'))).toBe(true);
    const filtered = await store.search({
      query: 'Zorvath Quillen born',
      topK: 3,
      mode: 'lexical',
      filter: { metadata: { shard: 0 } },
    });
    expect(filtered.hits.length).toBeGreaterThan(0);
    expect(filtered.hits.every((hit) => hit.metadata?.shard === 0)).toBe(true);
    expect(filtered.hits[0]?.text).toBe('When was Zorvath Quillen born?');
    await store.close();
  });

  it('returns the exact BM25 top 10 (as FTS5 defines it) on both the fast and the fallback path', async () => {
    // The synthetic pairs plus 13,000 short items, 6,100 of them holding "gamma": a query for
    // "gamma" has no selective term and must take the FTS5 path.
    const filler = Array.from({ length: 13_000 }, (_value, index) =>
      item(
        `f${index}`,
        `filler${index % 100}`,
        index < 6_100 ? `gamma token${index % 40}` : `delta token${index % 40}`,
      ),
    );
    const items = [...syntheticQaPairs(3000, 21), ...filler];
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    await store.upsert({ items });
    const documents = items.map((entry) => indexTerms(entry.text));
    const averageLength = documents.reduce((sum, terms) => sum + terms.length, 0) / documents.length;
    const documentFrequency = new Map<string, number>();
    for (const terms of documents) {
      for (const term of new Set(terms)) documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    const bruteForce = (query: string): number[] => {
      const terms = searchTerms(query).filter((term) => documentFrequency.has(term));
      return documents
        .map((document) => {
          let score = 0;
          for (const term of terms) {
            const count = document.filter((candidate) => candidate === term).length;
            if (count === 0) continue;
            const frequency = documentFrequency.get(term) ?? 0;
            const idf = Math.max(1e-6, Math.log((documents.length - frequency + 0.5) / (frequency + 0.5)));
            score += (idf * count * 2.2) / (count + 1.2 * (0.25 + (0.75 * document.length) / averageLength));
          }
          return score;
        })
        .filter((score) => score > 0)
        .sort((left, right) => right - left)
        .slice(0, 10);
    };
    const queries = [
      ...items.slice(0, 60).map((entry) => entry.question ?? ''),
      'born university film',
      'Who directed the film released in 1950?',
      'award prize win',
      'gamma',
      'gamma token7',
    ];
    for (const query of queries) {
      const hits = (await store.search({ query, topK: 10, mode: 'lexical' })).hits.map((hit) => hit.score);
      const expected = bruteForce(query);
      expect(hits.length, query).toBe(expected.length);
      for (const [index, score] of hits.entries()) {
        expect(score, query).toBeCloseTo(expected[index] ?? Number.NaN, 6);
      }
    }
    await store.close();
  });

  it('rebuilds a stale or damaged vectors file from SQLite instead of loading it', async () => {
    const directory = freshDirectory();
    const embedder = new FakeEmbedder({ dimension: 8 });
    const store = await EmbeddedStore.open({ directory, embedder });
    await store.upsert({ items: [item('a', 'd1', 'alpha beta'), item('b', 'd2', 'gamma delta')] });
    await store.close();
    // usearch's own loader aborts the whole process on such a file; the checksum keeps it away.
    writeFileSync(join(directory, 'vectors.usearch'), 'garbage that is not an index');
    const reopened = await EmbeddedStore.open({ directory, embedder });
    expect((await reopened.stats()).vectors).toBe(2);
    const hit = (await reopened.search({ query: 'gamma delta', topK: 1, mode: 'dense' })).hits[0];
    expect(hit?.id).toBe('b');
    await reopened.close();
    const again = await EmbeddedStore.open({ directory, embedder });
    expect((await again.search({ query: 'alpha', topK: 1, mode: 'dense' })).hits[0]?.id).toBe('a');
    await again.close();
  });

  it('refuses a path that is a file', async () => {
    const path = join(root, 'a-file');
    writeFileSync(path, 'not a directory');
    const error = await failure(EmbeddedStore.open({ directory: path }));
    expect(error.code).toBe('store-corrupt');
    expect(error.message).toContain(path);
    expect(error.message).toMatch(/rootweaver index build/);
  });

  it('refuses a garbage store.sqlite with store-corrupt naming the fix', async () => {
    const directory = freshDirectory();
    mkdirSync(directory);
    writeFileSync(join(directory, 'store.sqlite'), 'this is not a database, just some bytes '.repeat(200));
    const error = await failure(EmbeddedStore.open({ directory }));
    expect(error.code).toBe('store-corrupt');
    expect(error.message).toMatch(/rootweaver index build/);
  });

  it('refuses a SQLite file of another application', async () => {
    const directory = freshDirectory();
    mkdirSync(directory);
    const database = new Database(join(directory, 'store.sqlite'));
    database.exec('CREATE TABLE something_else (x)');
    database.close();
    const error = await failure(EmbeddedStore.open({ directory }));
    expect(error.code).toBe('store-corrupt');
  });

  it('refuses another schema version', async () => {
    const directory = freshDirectory();
    await (await EmbeddedStore.open({ directory })).close();
    const database = new Database(join(directory, 'store.sqlite'));
    database.prepare("UPDATE meta SET value = '99' WHERE key = 'schema_version'").run();
    database.close();
    const error = await failure(EmbeddedStore.open({ directory }));
    expect(error.code).toBe('store-corrupt');
    expect(error.message).toMatch(/schema version 99/);
  });

  it('refuses an embedder of another dimension, and item vectors of another dimension', async () => {
    const directory = freshDirectory();
    const store = await EmbeddedStore.open({ directory, embedder: new FakeEmbedder({ dimension: 8 }) });
    await store.upsert({ items: [item('a', 'd', 'x')] });
    const wrongItem = await failure(store.upsert({ items: [item('b', 'd', 'y', new Float32Array(4))] }));
    expect(wrongItem.code).toBe('dimension-mismatch');
    const wrongQuery = await failure(
      store.search({ query: '', vector: new Float32Array(3), topK: 1, mode: 'dense' }),
    );
    expect(wrongQuery.code).toBe('dimension-mismatch');
    await store.close();
    const error = await failure(
      EmbeddedStore.open({
        directory,
        embedder: new FakeEmbedder({ dimension: 12, modelId: 'fake-embedder-8' }),
      }),
    );
    expect(error.code).toBe('dimension-mismatch');
    expect(error.message).toMatch(/rootweaver index build/);
    const otherModel = await failure(
      EmbeddedStore.open({
        directory,
        embedder: new FakeEmbedder({ dimension: 8, modelId: 'another-model' }),
      }),
    );
    expect(otherModel.code).toBe('invalid-config');
  });

  it('refuses stored vectors whose dimension differs from the recorded one', async () => {
    const directory = freshDirectory();
    const store = await EmbeddedStore.open({ directory });
    await store.upsert({ items: [item('a', 'd', 'x', new Float32Array([1, 0, 0, 0]))] });
    await store.close();
    const database = new Database(join(directory, 'store.sqlite'));
    database.prepare("UPDATE meta SET value = '6' WHERE key = 'dimension'").run();
    database.close();
    const error = await failure(EmbeddedStore.open({ directory }));
    expect(['store-corrupt', 'dimension-mismatch']).toContain(error.code);
    expect(error.message).toMatch(/rootweaver index build/);
  });

  it('opens read-only without writing, and refuses changes', async () => {
    const directory = freshDirectory();
    const writer = await EmbeddedStore.open({ directory });
    await writer.upsert({ items: [item('a', 'd', 'hello world')] });
    await writer.close();
    const reader = await EmbeddedStore.open({ directory, readonly: true });
    const result = await reader.search({ query: 'hello', topK: 1 });
    expect(result.hits[0]?.id).toBe('a');
    // The latency splits into ranking and reading the payloads, and nothing else.
    const { rankingMs = -1, payloadMs = -1 } = result.timings ?? {};
    expect(rankingMs).toBeGreaterThanOrEqual(0);
    expect(payloadMs).toBeGreaterThanOrEqual(0);
    expect(rankingMs + payloadMs).toBeCloseTo(result.latencyMs, 6);
    const error = await failure(reader.upsert({ items: [item('b', 'd', 'x')] }));
    expect(error.code).toBe('invalid-input');
    await reader.close();
    const missing = await failure(
      EmbeddedStore.open({ directory: join(root, 'nothing-here'), readonly: true }),
    );
    expect(missing.code).toBe('not-found');
  });

  it('refuses use after close', async () => {
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    await store.close();
    await store.close();
    const error = await failure(store.search({ query: 'x', topK: 1 }));
    expect(error.code).toBe('store-unavailable');
  });

  it('rejects items with a bad kind or metadata', async () => {
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    const badKind = { ...item('a', 'd', 'x'), kind: 'note' } as unknown as KnowledgeItem;
    expect((await failure(store.upsert({ items: [badKind] }))).code).toBe('invalid-input');
    const badMetadata = { ...item('a', 'd', 'x'), metadata: { nested: {} } } as unknown as KnowledgeItem;
    expect((await failure(store.upsert({ items: [badMetadata] }))).code).toBe('invalid-input');
    expect((await store.stats()).items).toBe(0);
    await store.close();
  });

  it('filters dense search over many candidates through the HNSW index', async () => {
    const store = await EmbeddedStore.open({ directory: freshDirectory() });
    const dimension = 8;
    const items: KnowledgeItem[] = [];
    for (let index = 0; index < 10_000; index += 1) {
      const vector = new Float32Array(dimension);
      vector[index % dimension] = 1;
      vector[(index + 1) % dimension] = (index % 97) / 97;
      items.push({
        ...item(`i${index}`, `doc${index % 2}`, `item ${index}`, vector),
        metadata: { parity: index % 2 },
      });
    }
    await store.upsert({ items });
    const query = new Float32Array(dimension);
    query[3] = 1;
    const result = await store.search({
      query: '',
      vector: query,
      topK: 10,
      mode: 'dense',
      filter: { metadata: { parity: 1 } },
    });
    expect(result.hits).toHaveLength(10);
    expect(result.hits.every((hit) => hit.metadata?.parity === 1)).toBe(true);
    expect(result.hits[0]?.score).toBeGreaterThan(0.9);
    await store.close();
  });

  it('loses nothing committed when the writing process is killed with SIGKILL', async () => {
    const directory = freshDirectory();
    const here = dirname(fileURLToPath(import.meta.url));
    const requireHere = createRequire(import.meta.url);
    const vitestPackage = requireHere.resolve('vitest/package.json');
    const vitePath = createRequire(vitestPackage).resolve('vite');
    const script = join(root, 'crash-writer.mjs');
    writeFileSync(
      script,
      `const [vitePath, storePath, corePath, directory] = process.argv.slice(2);
const { runnerImport } = await import(vitePath);
const { module } = await runnerImport(storePath, {
  configFile: false, logLevel: 'silent',
  resolve: { alias: { '@rootweaver/core': corePath } },
});
const store = await module.EmbeddedStore.open({ directory });
for (let batch = 0; ; batch += 1) {
  const items = [];
  for (let index = 0; index < 200; index += 1) {
    const vector = new Float32Array(4);
    vector[index % 4] = 1;
    vector[(index + batch) % 4] += 0.5;
    items.push({ id: batch + '-' + index, documentId: 'doc' + batch, kind: 'qa', text: 'batch' + batch + ' item ' + index,
      title: 't', passage: 'p', vector });
  }
  await store.upsert({ items });
  process.stdout.write('committed ' + batch + '\\n');
}
`,
    );
    const child = spawn(
      process.execPath,
      [
        script,
        pathToFileUrl(vitePath),
        join(here, 'embedded-store.ts'),
        join(here, '../../../core/src/index.ts'),
        directory,
      ],
      { stdio: ['ignore', 'pipe', 'pipe'] },
    );
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const lastCommitted = await new Promise<number>((resolve, reject) => {
      let output = '';
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        const batches = [...output.matchAll(/committed (\d+)\n/g)].map((match) => Number(match[1]));
        const last = batches.at(-1);
        if (last !== undefined && last >= 5) {
          child.kill('SIGKILL');
          resolve(last);
        }
      });
      child.on('exit', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`writer exited early (${code}): ${stderr}`));
      });
    });
    await new Promise((resolve) => child.once('close', resolve));
    expect(child.signalCode).toBe('SIGKILL');

    const store = await EmbeddedStore.open({ directory });
    const stats = await store.stats();
    expect(stats.items).toBeGreaterThanOrEqual((lastCommitted + 1) * 200);
    expect(stats.items % 200).toBe(0);
    expect(stats.vectors).toBe(stats.items);
    for (let batch = 0; batch <= lastCommitted; batch += 1) {
      const hits = await store.search({ query: `batch${batch}`, topK: 300, mode: 'lexical' });
      expect(hits.hits).toHaveLength(200);
    }
    const dense = await store.search({
      query: '',
      vector: new Float32Array([1, 0, 0, 0]),
      topK: 5,
      mode: 'dense',
    });
    expect(dense.hits).toHaveLength(5);
    await store.close();
  }, 60_000);
});

function pathToFileUrl(path: string): string {
  return new URL(`file://${path}`).href;
}
