import type { Embedder, KnowledgeItem, KnowledgeStore, StoreFilter } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { FakeEmbedder } from '@rootweaver/core/test';
import { afterEach, describe, expect, it } from 'vitest';

export interface KnowledgeStoreFactoryOptions {
  readonly embedder?: Embedder;
}

export type KnowledgeStoreFactory = (options: KnowledgeStoreFactoryOptions) => Promise<KnowledgeStore>;

function qa(
  id: string,
  documentId: string,
  question: string,
  answer: string,
  metadata?: Record<string, string | number | boolean>,
): KnowledgeItem {
  return {
    id,
    documentId,
    kind: 'qa',
    text: `${question} ${answer}`,
    title: documentId,
    passage: `Passage of ${documentId}.`,
    question,
    answer,
    ...(metadata === undefined ? {} : { metadata }),
  };
}

/** The ids a lexical top-10 search with `filter` finds, sorted. */
async function filteredIds(store: KnowledgeStore, query: string, filter: StoreFilter): Promise<string[]> {
  const { hits } = await store.search({ query, topK: 10, mode: 'lexical', filter });
  return hits.map((hit) => hit.id).sort();
}

/** A small corpus of atomic QA pairs and passages that every adapter must rank the same way. */
export const contractItems: readonly KnowledgeItem[] = [
  qa('q1', 'inception', 'Who directed Inception?', 'Christopher Nolan', {
    lang: 'en',
    year: 2010,
    verified: true,
  }),
  qa('q2', 'inception', 'When was Inception released?', '2010', { lang: 'en', year: 2010, verified: false }),
  qa('q3', 'nolan', 'Which university did Christopher Nolan attend?', 'University College London', {
    lang: 'en',
    year: 1993,
    verified: true,
  }),
  qa('q4', 'ucl', 'In which city is University College London?', 'London', { lang: 'fr', year: 1826 }),
  qa('q5', 'amelie', 'Who directed Amelie?', 'Jean-Pierre Jeunet', { lang: 'fr', year: 2001 }),
  {
    id: 'p1',
    documentId: 'volcano',
    kind: 'passage',
    text: 'Mount Etna is an active stratovolcano on the east coast of Sicily.',
    title: 'Mount Etna',
    passage: 'Mount Etna is an active stratovolcano on the east coast of Sicily.',
  },
];

/**
 * The `KnowledgeStore` contract: every adapter (InMemoryStore, EmbeddedStore, QdrantStore) must
 * pass it. `factory` returns a fresh, empty store each time.
 */
export function describeKnowledgeStoreContract(name: string, factory: KnowledgeStoreFactory): void {
  describe(`KnowledgeStore contract: ${name}`, () => {
    const opened: KnowledgeStore[] = [];
    const open = async (options: KnowledgeStoreFactoryOptions = {}): Promise<KnowledgeStore> => {
      const store = await factory(options);
      opened.push(store);
      return store;
    };
    const filled = async (options: KnowledgeStoreFactoryOptions = {}): Promise<KnowledgeStore> => {
      const store = await open(options);
      await store.upsert({ items: contractItems });
      return store;
    };

    afterEach(async () => {
      for (const store of opened.splice(0)) await store.close();
    });

    it('upserts items and reports their count', async () => {
      const store = await open();
      const result = await store.upsert({ items: contractItems });
      expect(result.upserted).toBe(contractItems.length);
      const stats = await store.stats();
      expect(stats.items).toBe(6);
      expect(stats.documents).toBe(5);
      expect(stats.byKind).toEqual({ qa: 5, passage: 1 });
      expect(stats.vectors).toBe(0);
    });

    it('finds the matching pair first by lexical search, with every payload field intact', async () => {
      const store = await filled();
      const result = await store.search({
        query: 'Which university did Nolan attend?',
        topK: 3,
        mode: 'lexical',
      });
      expect(result.mode).toBe('lexical');
      const [first] = result.hits;
      expect(first).toMatchObject({
        id: 'q3',
        documentId: 'nolan',
        kind: 'qa',
        title: 'nolan',
        question: 'Which university did Christopher Nolan attend?',
        answer: 'University College London',
        passage: 'Passage of nolan.',
        metadata: { lang: 'en', year: 1993, verified: true },
        rank: 1,
      });
      expect(first).not.toHaveProperty('vector');
      expect(result.hits.map((hit) => hit.rank)).toEqual(result.hits.map((_hit, index) => index + 1));
      const scores = result.hits.map((hit) => hit.score);
      expect([...scores].sort((left, right) => right - left)).toEqual(scores);
    });

    it('returns at most topK hits and nothing for a query with no known words', async () => {
      const store = await filled();
      expect(
        (await store.search({ query: 'directed Nolan London Etna', topK: 2, mode: 'lexical' })).hits,
      ).toHaveLength(2);
      expect((await store.search({ query: 'zzzyx qqqwv', topK: 5, mode: 'lexical' })).hits).toEqual([]);
      expect((await store.search({ query: '', topK: 5, mode: 'lexical' })).hits).toEqual([]);
    });

    it('treats query syntax characters as plain text', async () => {
      const store = await filled();
      for (const query of [
        '"Inception',
        'Inception*',
        'NEAR(Inception',
        'AND OR NOT',
        "Nolan's (film) -",
        'a:b ^c',
      ]) {
        const result = await store.search({ query, topK: 3, mode: 'lexical' });
        expect(Array.isArray(result.hits)).toBe(true);
      }
      const quoted = await store.search({ query: '"Inception" AND (directed)', topK: 1, mode: 'lexical' });
      expect(quoted.hits[0]?.id).toBe('q1');
    });

    it('replaces an item upserted again under the same id', async () => {
      const store = await filled();
      await store.upsert({
        items: [qa('q5', 'amelie', 'Who composed the Amelie soundtrack?', 'Yann Tiersen')],
      });
      expect((await store.stats()).items).toBe(6);
      const hits = (await store.search({ query: 'Tiersen soundtrack', topK: 3, mode: 'lexical' })).hits;
      expect(hits[0]?.id).toBe('q5');
      expect(hits[0]?.answer).toBe('Yann Tiersen');
      expect(hits[0]?.metadata).toBeUndefined();
      const old = (await store.search({ query: 'Jeunet', topK: 3, mode: 'lexical' })).hits;
      expect(old.map((hit) => hit.id)).not.toContain('q5');
    });

    it('deletes every item of a document', async () => {
      const store = await filled();
      const result = await store.deleteByDocument({ documentIds: ['inception', 'missing-document'] });
      expect(result.deleted).toBe(2);
      const stats = await store.stats();
      expect(stats.items).toBe(4);
      expect(stats.documents).toBe(4);
      const hits = (await store.search({ query: 'Inception', topK: 5, mode: 'lexical' })).hits;
      expect(hits.map((hit) => hit.documentId)).not.toContain('inception');
    });

    it('filters by kind, document ids and exact metadata', async () => {
      const store = await filled();
      const search = (filter: StoreFilter) =>
        filteredIds(store, 'directed Inception Amelie Nolan London Etna university', filter);
      expect(await search({ kind: 'passage' })).toEqual(['p1']);
      expect(await search({ documentIds: ['inception', 'amelie'] })).toEqual(['q1', 'q2', 'q5']);
      expect(await search({ metadata: { lang: 'fr' } })).toEqual(['q4', 'q5']);
      expect(await search({ metadata: { year: 2010 } })).toEqual(['q1', 'q2']);
      expect(await search({ metadata: { verified: true } })).toEqual(['q1', 'q3']);
      expect(await search({ metadata: { lang: 'en', verified: false } })).toEqual(['q2']);
      expect(await search({ kind: 'qa', documentIds: ['volcano'] })).toEqual([]);
      expect(await search({ metadata: { year: '2010' } })).toEqual([]);
    });

    it('filters by any of several values and by a source folder, and lists its metadata keys', async () => {
      const store = await open();
      const doc = (id: string, source: string, version: string | number): KnowledgeItem =>
        qa(id, id, `What does the ${id} guide configure?`, 'the port', { source, version });
      await store.upsert({
        items: [
          doc('g1', 'docs/api/client.md', '2'),
          doc('g2', 'docs/api-old.md', 2),
          doc('g3', 'docs/api', '3'),
          doc('g4', 'guides/api/client.md', '2'),
        ],
      });
      const search = (filter: StoreFilter) => filteredIds(store, 'guide configure port', filter);
      expect(await search({ metadata: { version: { in: ['2', '3'] } } })).toEqual(['g1', 'g3', 'g4']);
      expect(await search({ metadata: { version: { in: [2] } } })).toEqual(['g2']);
      expect(await search({ sourcePrefix: 'docs/api' })).toEqual(['g1', 'g3']);
      expect(await search({ sourcePrefix: 'docs/api/' })).toEqual(['g1', 'g3']);
      expect(await search({ sourcePrefix: 'docs', metadata: { version: '2' } })).toEqual(['g1']);
      expect(await search({ sourcePrefix: 'nowhere' })).toEqual([]);
      if (store.metadataKeys !== undefined) {
        expect(await store.metadataKeys()).toEqual(['source', 'version']);
        await store.upsert({ items: [qa('g5', 'g5', 'Which language?', 'English', { lang: 'en' })] });
        expect(await store.metadataKeys()).toEqual(['lang', 'source', 'version']);
        await store.deleteByDocument({ documentIds: ['g5'] });
        expect(await store.metadataKeys()).toEqual(['source', 'version']);
      }
    });

    it('ranks by dense similarity with an embedder, and defaults to hybrid', async () => {
      const embedder = new FakeEmbedder({ dimension: 64 });
      const store = await filled({ embedder });
      const stats = await store.stats();
      expect(stats.vectors).toBe(6);
      expect(stats.dimension).toBe(64);
      const dense = await store.search({ query: 'stratovolcano Sicily coast', topK: 2, mode: 'dense' });
      expect(dense.mode).toBe('dense');
      expect(dense.hits[0]?.id).toBe('p1');
      const hybrid = await store.search({ query: 'Who directed Amelie?', topK: 3 });
      expect(hybrid.mode).toBe('hybrid');
      expect(hybrid.hits[0]?.id).toBe('q5');
    });

    it('runs a hybrid search as lexical when the store has no vectors, and refuses dense', async () => {
      const store = await filled();
      const hybrid = await store.search({ query: 'Who directed Amelie?', topK: 3, mode: 'hybrid' });
      expect(hybrid.mode).toBe('lexical');
      const lexical = await store.search({ query: 'Who directed Amelie?', topK: 3, mode: 'lexical' });
      expect(hybrid.hits.map((hit) => hit.id)).toEqual(lexical.hits.map((hit) => hit.id));
      expect(hybrid.hits[0]?.id).toBe('q5');
      await expect(store.search({ query: 'Who directed Amelie?', topK: 3, mode: 'dense' })).rejects.toSatisfy(
        (error) => isRootweaverError(error, 'not-configured'),
      );
    });

    it('searches with a precomputed query vector', async () => {
      const embedder = new FakeEmbedder({ dimension: 32 });
      const vectors = (await embedder.embed({ values: contractItems.map((item) => item.text) })).vectors;
      const store = await open();
      await store.upsert({
        items: contractItems.map((item, index) => ({
          ...item,
          vector: vectors[index] ?? new Float32Array(32),
        })),
      });
      const [query = new Float32Array(32)] = (
        await embedder.embed({ values: ['Which city is University College London in?'] })
      ).vectors;
      const result = await store.search({ query: '', vector: query, topK: 1, mode: 'dense' });
      expect(result.hits[0]?.id).toBe('q4');
    });

    it('applies filters to dense search too', async () => {
      const store = await filled({ embedder: new FakeEmbedder({ dimension: 64 }) });
      const result = await store.search({
        query: 'Who directed Inception?',
        topK: 5,
        mode: 'dense',
        filter: { metadata: { lang: 'fr' } },
      });
      expect(result.hits.map((hit) => hit.id).sort()).toEqual(['q4', 'q5']);
    });

    it('drops deleted items from dense search', async () => {
      const store = await filled({ embedder: new FakeEmbedder({ dimension: 64 }) });
      await store.deleteByDocument({ documentIds: ['volcano'] });
      const result = await store.search({ query: 'stratovolcano Sicily', topK: 6, mode: 'dense' });
      expect(result.hits.map((hit) => hit.id)).not.toContain('p1');
      expect((await store.stats()).vectors).toBe(5);
    });

    it('stops on an aborted signal', async () => {
      const store = await filled();
      const controller = new AbortController();
      controller.abort();
      await expect(
        store.search({ query: 'Nolan', topK: 1, mode: 'lexical', signal: controller.signal }),
      ).rejects.toSatisfy((error) => isRootweaverError(error, 'aborted'));
      await expect(store.upsert({ items: contractItems, signal: controller.signal })).rejects.toSatisfy(
        (error) => isRootweaverError(error, 'aborted'),
      );
    });
  });
}
