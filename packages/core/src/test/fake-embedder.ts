import { throwIfAborted } from '../errors.js';
import type { Embedder, EmbedOptions, EmbedResult } from '../spec/embedder.js';

/**
 * A deterministic bag-of-words embedder: each lower-cased word is hashed into one of `dimension`
 * buckets, then the vector is L2-normalised. Texts sharing words get similar vectors.
 */
export class FakeEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly calls: EmbedOptions[] = [];

  constructor(options: { dimension?: number; modelId?: string } = {}) {
    this.dimension = options.dimension ?? 64;
    this.modelId = options.modelId ?? `fake-embedder-${this.dimension}`;
  }

  async embed(options: EmbedOptions): Promise<EmbedResult> {
    this.calls.push(options);
    throwIfAborted(options.signal);
    const vectors = options.values.map((value) => this.vectorOf(value));
    return { vectors, modelId: this.modelId, dimension: this.dimension, latencyMs: 0 };
  }

  private vectorOf(text: string): Float32Array {
    const vector = new Float32Array(this.dimension);
    for (const word of text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? []) {
      let hash = 2166136261;
      for (let index = 0; index < word.length; index += 1) {
        hash = Math.imul(hash ^ word.charCodeAt(index), 16777619);
      }
      const bucket = (hash >>> 0) % this.dimension;
      vector[bucket] = (vector[bucket] ?? 0) + 1;
    }
    const norm = Math.hypot(...vector);
    if (norm > 0)
      for (let index = 0; index < vector.length; index += 1) vector[index] = (vector[index] ?? 0) / norm;
    return vector;
  }
}
