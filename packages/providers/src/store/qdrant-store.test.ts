import { createServer } from 'node:net';
import { RootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
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
