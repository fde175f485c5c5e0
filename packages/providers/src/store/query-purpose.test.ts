import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { QdrantClient } from '@qdrant/js-client-rest';
import type { KnowledgeItem } from '@rootweaver/core';
import { FakeEmbedder } from '@rootweaver/core/test';
import { afterAll, describe, expect, it } from 'vitest';
import { OnnxEmbedder } from '../onnx/onnx-embedder.js';
import { tinyTokenWord, writeTinyEncoder } from '../test/tiny-onnx-models.js';
import { EmbeddedStore } from './embedded-store.js';
import { QdrantStore } from './qdrant-store.js';

// The stores embed their query text as a query (e5/bge prefixes) and what they index as passages.

const root = mkdtempSync(join(tmpdir(), 'rootweaver-query-purpose-'));
afterAll(() => {
  rmSync(root, { recursive: true, force: true });
});

function item(id: string, text: string): KnowledgeItem {
  return { id, documentId: id, kind: 'qa', text, title: id, passage: text, question: text, answer: id };
}

describe('query purpose', () => {
  it('EmbeddedStore embeds items as passages and every dense or hybrid query as a query', async () => {
    const embedder = new FakeEmbedder({ dimension: 8 });
    const store = await EmbeddedStore.open({ directory: join(root, 'recording'), embedder });
    await store.upsert({ items: [item('a', 'harbour lights'), item('b', 'gull house press')] });
    expect(embedder.calls.map((call) => call.purpose ?? 'passage')).toEqual(['passage']);
    await store.search({ query: 'harbour', topK: 1, mode: 'dense' });
    await store.search({ query: 'gull press', topK: 1, mode: 'hybrid' });
    await store.search({ query: 'gull press', topK: 1, mode: 'lexical' });
    expect(embedder.calls.slice(1).map((call) => [call.values, call.purpose])).toEqual([
      [['harbour'], 'query'],
      [['gull press'], 'query'],
    ]);
    await store.close();
  });

  it("EmbeddedStore's dense ranking uses the encoder's query prefix (tiny ONNX encoder)", async () => {
    // Two-dimensional token rows: "alpha" and "beta" point apart, "gamma" leans to beta, the prefix
    // word "find" points at alpha. Special tokens are zero, so they do not move the mean.
    const rows: Record<string, number[]> = { alpha: [1, 0], beta: [0, 1], gamma: [0.1, 0.3], find: [1, 0] };
    const directory = join(root, 'prefixed-encoder');
    writeTinyEncoder({
      directory,
      pieces: Object.keys(rows),
      dimension: 2,
      vectorOf: (token) => rows[tinyTokenWord(token)] ?? [0, 0],
    });
    const plain = await OnnxEmbedder.load({ directory });
    const [bare] = (await plain.embed({ values: ['gamma'], purpose: 'query' })).vectors;
    await plain.close();
    writeFileSync(join(directory, 'rootweaver.json'), JSON.stringify({ queryPrefix: 'find ' }));
    const embedder = await OnnxEmbedder.load({ directory });
    const [prefixed] = (await embedder.embed({ values: ['gamma'], purpose: 'query' })).vectors;
    // Without the prefix "gamma" is nearer "beta"; with it, nearer "alpha".
    expect((bare?.[1] ?? 0) > (bare?.[0] ?? 0)).toBe(true);
    expect((prefixed?.[0] ?? 0) > (prefixed?.[1] ?? 0)).toBe(true);

    const store = await EmbeddedStore.open({ directory: join(root, 'prefixed-store'), embedder });
    await store.upsert({ items: [item('alpha-item', 'alpha'), item('beta-item', 'beta')] });
    const result = await store.search({ query: 'gamma', topK: 2, mode: 'dense' });
    expect(result.hits.map((hit) => hit.id)).toEqual(['alpha-item', 'beta-item']);
    await store.close();
    await embedder.close();
  });

  it('QdrantStore embeds its query as a query and sends that vector (recording client, no server)', async () => {
    const requests: unknown[] = [];
    const client = {
      collectionExists: async () => ({ exists: true }),
      getCollection: async () => ({ config: { params: { vectors: { dense: { size: 8 } } } } }),
      query: async (_collection: string, request: unknown) => {
        requests.push(request);
        return { points: [] };
      },
    } as unknown as QdrantClient;
    const embedder = new FakeEmbedder({ dimension: 8 });
    const store = new QdrantStore({ collection: 'query-purpose', client, embedder, env: {} });
    await store.search({ query: 'harbour lights', topK: 3, mode: 'dense' });
    expect(embedder.calls).toHaveLength(1);
    expect(embedder.calls[0]).toMatchObject({ values: ['harbour lights'], purpose: 'query' });
    const [vector] = (await embedder.embed({ values: ['harbour lights'], purpose: 'query' })).vectors;
    expect(requests[0]).toMatchObject({ query: Array.from(vector ?? []), using: 'dense' });
    await store.close();
  });
});
