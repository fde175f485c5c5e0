import type { Embedder } from '@rootweaver/core';
import { isRootweaverError } from '@rootweaver/core';
import { describe, expect, it } from 'vitest';

export type EmbedderFactory = () => Promise<Embedder>;

function cosine(left: Float32Array | undefined, right: Float32Array | undefined): number {
  let dot = 0;
  let leftNorm = 0;
  let rightNorm = 0;
  for (let index = 0; index < (left?.length ?? 0); index += 1) {
    const a = left?.[index] ?? 0;
    const b = right?.[index] ?? 0;
    dot += a * b;
    leftNorm += a * a;
    rightNorm += b * b;
  }
  return dot / Math.sqrt(leftNorm * rightNorm);
}

/** The `Embedder` contract, run on FakeEmbedder, OpenAIEmbedder (test server) and OnnxEmbedder (tiny model). */
export function describeEmbedderContract(name: string, factory: EmbedderFactory): void {
  describe(`Embedder contract: ${name}`, () => {
    const texts = [
      'the river flows through the city',
      'the river flows through the old city',
      'christopher nolan directed inception',
    ];

    it('returns one vector per value, in order, all of the reported dimension', async () => {
      const embedder = await factory();
      const result = await embedder.embed({ values: texts });
      expect(result.vectors).toHaveLength(3);
      expect(result.dimension).toBeGreaterThan(0);
      for (const vector of result.vectors) expect(vector).toHaveLength(result.dimension);
      expect(embedder.dimension).toBe(result.dimension);
      expect(result.modelId).toBe(embedder.modelId);
      const single = await embedder.embed({ values: [texts[2] ?? ''] });
      expect(Array.from(single.vectors[0] ?? [])).toEqual(Array.from(result.vectors[2] ?? []));
    });

    it('puts texts that share words closer than texts that do not', async () => {
      const embedder = await factory();
      const [a, b, c] = (await embedder.embed({ values: texts })).vectors;
      expect(cosine(a, b)).toBeGreaterThan(cosine(a, c));
    });

    it('embeds nothing for no values', async () => {
      const embedder = await factory();
      expect((await embedder.embed({ values: [] })).vectors).toEqual([]);
    });

    it('refuses to run on an aborted signal', async () => {
      const embedder = await factory();
      const controller = new AbortController();
      controller.abort();
      await expect(embedder.embed({ values: ['x'], signal: controller.signal })).rejects.toSatisfy((error) =>
        isRootweaverError(error, 'aborted'),
      );
    });
  });
}
