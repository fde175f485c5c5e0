import type { Embedder, KnowledgeItem } from '@rootweaver/core';
import { RootweaverError } from '@rootweaver/core';

/** Vectors for the items that have none (by item position), from the embedder when there is one. */
export async function embedMissing(
  embedder: Embedder | undefined,
  items: readonly KnowledgeItem[],
  signal: AbortSignal | undefined,
): Promise<(Float32Array | undefined)[]> {
  const computed: (Float32Array | undefined)[] = [];
  if (embedder === undefined) return computed;
  const missing = items.flatMap((item, index) => (item.vector === undefined ? [index] : []));
  if (embedder === undefined || missing.length === 0) return computed;
  const result = await embedder.embed({
    values: missing.map((index) => items[index]?.text ?? ''),
    ...(signal === undefined ? {} : { signal }),
  });
  if (result.vectors.length !== missing.length) {
    throw new RootweaverError(
      'embedding-failed',
      `The embedder ${embedder.modelId} returned ${result.vectors.length} vectors for ${missing.length} texts.`,
    );
  }
  missing.forEach((itemIndex, position) => {
    computed[itemIndex] = result.vectors[position];
  });
  return computed;
}

/** The query's vector from the embedder; `not-configured` without one. */
export async function embedQuery(
  embedder: Embedder | undefined,
  query: string,
  signal: AbortSignal | undefined,
): Promise<Float32Array> {
  if (embedder === undefined) throw new RootweaverError('not-configured', 'No embedder is configured.');
  const result = await embedder.embed({
    values: [query],
    // e5/bge-style encoders prefix a query differently from the passages it is matched against.
    purpose: 'query',
    ...(signal === undefined ? {} : { signal }),
  });
  const vector = result.vectors[0];
  if (vector === undefined) {
    throw new RootweaverError('embedding-failed', `The embedder ${embedder.modelId} returned no vector.`);
  }
  return vector;
}
