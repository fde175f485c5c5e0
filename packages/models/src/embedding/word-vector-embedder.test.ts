import { cosineSimilarity, isRootweaverError } from '@rootweaver/core';
import { beforeAll, describe, expect, it } from 'vitest';
import { loadWordVectors } from '../word-vectors/load-word-vectors.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';
import { WordVectorEmbedder, zipfProbability } from './word-vector-embedder.js';

let table: WordVectorTable;
let embedder: WordVectorEmbedder;

beforeAll(async () => {
  table = await loadWordVectors();
  embedder = new WordVectorEmbedder({ vectors: table });
});

function norm(vector: Float32Array): number {
  return Math.sqrt(vector.reduce((sum, value) => sum + value * value, 0));
}

describe('WordVectorEmbedder (shipped table)', () => {
  it('makes unit vectors of the table dimension, one per text, in order', async () => {
    const result = await embedder.embed({ values: ['Who founded the company?', 'A river in a valley.'] });
    expect(result.dimension).toBe(100);
    expect(result.vectors).toHaveLength(2);
    for (const vector of result.vectors) {
      expect(vector).toHaveLength(100);
      expect(norm(vector)).toBeCloseTo(1, 4);
    }
    expect(result.modelId).toBe(embedder.modelId);
  });

  it('puts a paraphrase closer than an unrelated sentence', async () => {
    const [question, paraphrase, unrelated] = (
      await embedder.embed({
        values: [
          'When was the director of the film born?',
          "What is the birth date of the movie's director?",
          'Which river flows through the capital city?',
        ],
      })
    ).vectors as [Float32Array, Float32Array, Float32Array];
    expect(cosineSimilarity(question, paraphrase)).toBeGreaterThan(cosineSimilarity(question, unrelated));
  });

  it('weighs rare words above frequent ones', () => {
    // The answer-bearing content word dominates; a text of function words alone is near nothing.
    const content = embedder.embedText('the composer of the symphony');
    const withoutFunctionWords = embedder.embedText('composer symphony');
    const functionWords = embedder.embedText('the of the');
    expect(cosineSimilarity(content, withoutFunctionWords)).toBeGreaterThan(
      cosineSimilarity(content, functionWords),
    );
    expect(zipfProbability(0, table.count)).toBeGreaterThan(zipfProbability(1000, table.count));
  });

  it('embeds empty text and unknown words as the zero vector, and ignores unknown words among known ones', () => {
    for (const text of ['', '   ', 'zqxvbnw qqqpzz', '?!']) expect(norm(embedder.embedText(text))).toBe(0);
    const plain = embedder.embedText('the history of the city');
    const noisy = embedder.embedText('the history of the city zqxvbnw');
    expect(cosineSimilarity(plain, noisy)).toBeCloseTo(1, 5);
  });

  it('is deterministic and names its table and weighting in modelId', async () => {
    const again = new WordVectorEmbedder({ vectors: table });
    expect(again.modelId).toBe(embedder.modelId);
    expect(embedder.modelId).toContain(table.info.sourceSha256.slice(0, 12));
    expect([...again.embedText('a castle on the hill')]).toEqual([
      ...embedder.embedText('a castle on the hill'),
    ]);
    const plainMean = new WordVectorEmbedder({ vectors: table, removeCommonComponent: false });
    expect(plainMean.modelId).not.toBe(embedder.modelId);
    expect(new WordVectorEmbedder({ vectors: table, smoothing: 1e-4 }).modelId).not.toBe(embedder.modelId);
  });

  it('stops on an aborted signal', async () => {
    const controller = new AbortController();
    controller.abort();
    let caught: unknown;
    try {
      await embedder.embed({ values: ['one', 'two'], signal: controller.signal });
    } catch (error) {
      caught = error;
    }
    expect(isRootweaverError(caught, 'aborted')).toBe(true);
  });
});
