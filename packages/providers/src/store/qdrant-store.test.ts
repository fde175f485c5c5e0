import { createServer } from 'node:net';
import { RootweaverError } from '@rootweaver/core';
import { FakeEmbedder, qaItem } from '@rootweaver/core/test';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { QdrantStandIn } from '../contract/qdrant/qdrant-stand-in.js';
import { pointIdFor, QdrantStore, qdrantFilter, sourceFolders } from './qdrant-store.js';
import { documentSparseVector, querySparseVector, termIndex } from './sparse-vector.js';

async function closedPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const address = probe.address();
  const port = typeof address === 'object' && address !== null ? address.port : 0;
  await new Promise<void>((resolve) => probe.close(() => resolve()));
  return port;
}

describe('QdrantStore without a server', () => {
  it('derives deterministic UUID point ids from item ids', () => {
    const id = pointIdFor('qa:doc-1:abc');
    expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-5[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
    expect(pointIdFor('qa:doc-1:abc')).toBe(id);
    expect(pointIdFor('qa:doc-1:abd')).not.toBe(id);
  });

  it('builds sparse vectors of hashed terms with saturated term frequencies', () => {
    const vector = documentSparseVector('Paris paris PARIS is in France');
    const paris = vector.indices.indexOf(termIndex('pari'));
    expect(paris).toBeGreaterThanOrEqual(0);
    expect(vector.values[paris]).toBeCloseTo((3 * 2.2) / (3 + 1.2), 10);
    expect(vector.values[vector.indices.indexOf(termIndex('france'))]).toBeCloseTo(1, 10);
    expect([...vector.indices].sort((left, right) => left - right)).toEqual(vector.indices);
    const query = querySparseVector('What is the capital of "France"?');
    expect(query.indices.sort()).toEqual([termIndex('capital'), termIndex('france')].sort());
    expect(query.values).toEqual([1, 1]);
  });

  it('turns `in` and a source folder into payload conditions, a folder into its ancestors', () => {
    expect(sourceFolders('docs/api/client.md')).toEqual(['docs', 'docs/api', 'docs/api/client.md']);
    expect(qdrantFilter({ metadata: { lang: { in: ['en', 'de'] }, year: { in: [1, 2] } } })).toEqual({
      must: [
        { key: 'metadata.lang', match: { any: ['en', 'de'] } },
        { key: 'metadata.year', match: { any: [1, 2] } },
      ],
    });
    expect(qdrantFilter({ metadata: { mixed: { in: ['2', 2, true] } } })).toEqual({
      must: [
        {
          should: [
            { key: 'metadata.mixed', match: { value: '2' } },
            { key: 'metadata.mixed', match: { value: 2 } },
            { key: 'metadata.mixed', match: { value: true } },
          ],
        },
      ],
    });
    expect(qdrantFilter({ sourcePrefix: 'docs/api/' })).toEqual({
      must: [{ key: 'source_folders', match: { value: 'docs/api' } }],
    });
    expect(qdrantFilter({ sourcePrefix: '/' })).toBeUndefined();
  });

  it('is not configured without QDRANT_URL', () => {
    expect(() => new QdrantStore({ collection: 'c', env: {} })).toThrowError(/QDRANT_URL/);
  });

  it('reports store-unavailable naming the URL when nothing listens', async () => {
    const url = `http://127.0.0.1:${await closedPort()}`;
    const store = new QdrantStore({ url, collection: 'c', attempts: 2, env: {} });
    const error = await store.search({ query: 'x', topK: 1 }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(RootweaverError);
    expect((error as RootweaverError).code).toBe('store-unavailable');
    expect((error as RootweaverError).message).toContain(url);
  });
});

describe('QdrantStore against the Qdrant stand-in: the paths the contract does not reach', () => {
  const standIn = new QdrantStandIn({ apiKey: 'stand-in-key-0123456789' });
  let counter = 0;
  const stores: QdrantStore[] = [];
  const open = (options: Partial<ConstructorParameters<typeof QdrantStore>[0]> = {}) => {
    counter += 1;
    const store = new QdrantStore({
      url: standIn.url,
      apiKey: 'stand-in-key-0123456789',
      collection: `store-test-${counter}`,
      env: {},
      ...options,
    });
    stores.push(store);
    return store;
  };
  const items = (count: number, documentOf = (index: number) => `doc-${index % 7}`) =>
    Array.from({ length: count }, (_unused, index) =>
      qaItem({
        id: `q${index}`,
        documentId: documentOf(index),
        question: `Who keeps ledger ${index}?`,
        answer: `Keeper ${index}`,
      }),
    );
  beforeAll(() => standIn.start());
  afterEach(async () => {
    for (const store of stores.splice(0)) await store.drop();
  });
  afterAll(async () => {
    await standIn.close();
    expect(standIn.violations).toEqual([]);
  });

  it('sends its API key, and a wrong key is a clear error that is not retried', async () => {
    await open().upsert({ items: items(2) });
    const before = standIn.requests.length;
    const wrongKey = new QdrantStore({
      url: standIn.url,
      apiKey: 'wrong-key-0123456789',
      collection: 'c',
      env: {},
    });
    const error = await wrongKey.search({ query: 'ledger', topK: 1 }).catch((caught: unknown) => caught);
    expect(RootweaverError.isInstance(error) && error.code).toBe('invalid-config');
    expect((error as Error).message).toMatch(/HTTP 401.*QDRANT_API_KEY/);
    expect((error as Error).message).not.toContain('wrong-key-0123456789');
    expect(standIn.requests.length - before).toBe(1);
  });

  it('upserts in batches of batchSize, with wait=true, each batch one request', async () => {
    const store = open({ batchSize: 4 });
    const before = standIn.requests.length;
    expect(await store.upsert({ items: items(10) })).toEqual({ upserted: 10 });
    const upserts = standIn.requests
      .slice(before)
      .filter((request) => request.method === 'PUT' && request.path.endsWith('/points'));
    expect(upserts.map((request) => (request.body as { points: unknown[] }).points.length)).toEqual([
      4, 4, 2,
    ]);
    expect((await store.stats()).items).toBe(10);
  });

  it('retries 503 and 429 with backoff and then succeeds; gives up after `attempts` with store-unavailable', async () => {
    const store = open({ attempts: 3 });
    await store.upsert({ items: items(3) });
    standIn.failNext(503, 1);
    standIn.failNext(429, 1);
    expect((await store.search({ query: 'ledger 2', topK: 1, mode: 'lexical' })).hits[0]?.id).toBe('q2');
    standIn.failNext(503, 3);
    const error = await store
      .search({ query: 'ledger', topK: 1, mode: 'lexical' })
      .catch((caught: unknown) => caught);
    expect(RootweaverError.isInstance(error) && error.code).toBe('store-unavailable');
    expect((error as Error).message).toContain('after 3 attempts');
  });

  it('does not retry a 4xx: one request, invalid-input naming the operation', async () => {
    const store = open({ attempts: 4 });
    await store.upsert({ items: items(1) });
    standIn.failNext(400, 1);
    const before = standIn.requests.length;
    const error = await store
      .search({ query: 'ledger', topK: 1, mode: 'lexical' })
      .catch((caught: unknown) => caught);
    expect(RootweaverError.isInstance(error) && error.code).toBe('invalid-input');
    expect((error as Error).message).toMatch(/rejected a query \(HTTP 400\)/);
    expect(standIn.requests.length - before).toBe(1);
  });

  it('counts documents over scroll pages (1,000 points a page)', async () => {
    const store = open({ batchSize: 512 });
    await store.upsert({ items: items(1_203, (index) => `doc-${index % 401}`) });
    const before = standIn.requests.length;
    const stats = await store.stats();
    expect(stats).toMatchObject({ items: 1_203, documents: 401, byKind: { qa: 1_203, passage: 0 } });
    expect(standIn.requests.slice(before).filter((request) => request.path.endsWith('/scroll'))).toHaveLength(
      2,
    );
  });

  it('deletes by document ids through a filter, and a missing collection deletes nothing', async () => {
    expect(await open().deleteByDocument({ documentIds: ['doc-1'] })).toEqual({ deleted: 0 });
    const store = open();
    await store.upsert({ items: items(14) });
    expect(await store.deleteByDocument({ documentIds: ['doc-1', 'doc-2'] })).toEqual({ deleted: 4 });
    expect((await store.stats()).items).toBe(10);
  });

  it('hybrid search sends a dense and a sparse prefetch fused by RRF, with the filter in each', async () => {
    const store = open({ embedder: new FakeEmbedder({ dimension: 8 }) });
    await store.upsert({ items: items(7) });
    const before = standIn.requests.length;
    const result = await store.search({
      query: 'Who keeps ledger 3?',
      topK: 2,
      filter: { documentIds: ['doc-3'] },
    });
    expect(result.mode).toBe('hybrid');
    expect(result.hits.map((hit) => hit.id)).toEqual(['q3']);
    const [request] = standIn.requests.slice(before).filter((entry) => entry.path.endsWith('/points/query'));
    const body = request?.body as { prefetch: { using: string; filter: unknown }[]; query: unknown };
    expect(body.query).toEqual({ fusion: 'rrf' });
    expect(body.prefetch.map((prefetch) => prefetch.using)).toEqual(['dense', 'lexical']);
    for (const prefetch of body.prefetch)
      expect(prefetch.filter).toEqual({ must: [{ key: 'document_id', match: { any: ['doc-3'] } }] });
  });

  it('refuses vectors of another dimension than the collection holds, before sending them', async () => {
    const store = open({ embedder: new FakeEmbedder({ dimension: 8 }) });
    await store.upsert({ items: items(2) });
    const error = await store
      .upsert({
        items: [{ ...qaItem({ id: 'x', question: 'Q?', answer: 'A' }), vector: new Float32Array(5) }],
      })
      .catch((caught: unknown) => caught);
    expect(RootweaverError.isInstance(error) && error.code).toBe('dimension-mismatch');
    const query = await store
      .search({ query: 'ledger', vector: new Float32Array(3), topK: 1, mode: 'dense' })
      .catch((caught: unknown) => caught);
    expect(RootweaverError.isInstance(query) && query.code).toBe('dimension-mismatch');
  });
});
