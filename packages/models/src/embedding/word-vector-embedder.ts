import type { Embedder, EmbedOptions, EmbedResult } from '@rootweaver/core';
import { abortError } from '@rootweaver/core';
import { tokenizeWords } from '@rootweaver/language-en';
import { dotAt } from '../span-ranker/analysed-text.js';
import type { WordVectorTable } from '../word-vectors/word-vector-table.js';

/**
 * SIF's smoothing constant `a` (Arora, Liang & Ma 2017, "A simple but tough-to-beat baseline for
 * sentence embeddings"): a word weighs a / (a + p(w)). The paper finds 1e-3…1e-4 work alike; 1e-3 is
 * its recommended default.
 */
export const defaultSifSmoothing = 1e-3;

/**
 * How many of the most frequent words estimate the common component (the first principal direction
 * of the frequency-weighted word vectors, which SIF removes from every text's vector). Fixed, so the
 * component is a function of the table alone and every index built with it is reproducible.
 */
export const commonComponentSample = 20_000;

/** A token with a letter or a digit: punctuation tokens (which the table also holds) add nothing. */
const wordLike = /[\p{L}\p{N}]/u;

/** Power-iteration steps for the common component (it converges in far fewer on GloVe). */
const powerIterations = 60;

export interface WordVectorEmbedderOptions {
  readonly vectors: WordVectorTable;
  /** SIF's `a`; default `defaultSifSmoothing`. */
  readonly smoothing?: number;
  /** Remove the common component (SIF's second step); default true. */
  readonly removeCommonComponent?: boolean;
}

/**
 * The unigram probability of the word at frequency rank `row` (0 the most frequent) under Zipf's law,
 * p(r) = 1 / ((r + 1) · H_N), H_N the N-th harmonic number ≈ ln N + γ. The table stores ranks, not
 * counts (its rows are in the source's frequency order), so the probability is read off the rank.
 */
export function zipfProbability(row: number, count: number): number {
  const harmonic = Math.log(Math.max(count, 1)) + 0.5772156649;
  return 1 / ((row + 1) * harmonic);
}

/**
 * A sentence embedder over the shipped pretrained word vectors, no model to run: SIF — the mean of
 * the text's known words' vectors, each weighted a / (a + p(w)) (frequent words count little), minus
 * its projection on the table's common component, L2-normalised. Texts are tokenised with
 * `tokenizeWords`; punctuation and the words the table does not know (rare names) add nothing. A text with no
 * known word embeds as the zero vector (similar to nothing).
 *
 * Deterministic: the same table and options give the same vectors, and `modelId` names the table's
 * source hash and the options, so an index built with this embedder is recognised — and one built with
 * another table or weighting is refused — by the store.
 */
export class WordVectorEmbedder implements Embedder {
  readonly modelId: string;
  readonly dimension: number;
  readonly #vectors: WordVectorTable;
  readonly #smoothing: number;
  readonly #component: Float32Array | undefined;

  constructor(options: WordVectorEmbedderOptions) {
    const { vectors } = options;
    this.#vectors = vectors;
    this.dimension = vectors.dimension;
    this.#smoothing = options.smoothing ?? defaultSifSmoothing;
    const removeComponent = options.removeCommonComponent ?? true;
    this.#component = removeComponent ? commonComponent(vectors) : undefined;
    const table =
      vectors.info.sourceSha256 === '' ? vectors.info.source : vectors.info.sourceSha256.slice(0, 12);
    this.modelId = `wordvectors-sif:${table}:${vectors.count}x${vectors.dimension}:a=${this.#smoothing}${removeComponent ? ':pc1' : ''}`;
  }

  /** One text's vector (see the class comment). */
  embedText(text: string): Float32Array {
    const vectors = this.#vectors;
    const vector = new Float32Array(this.dimension);
    let weights = 0;
    for (const token of tokenizeWords(text)) {
      if (!wordLike.test(token.text)) continue;
      const row = vectors.rowOf(token.text);
      if (row < 0) continue;
      const weight = this.#smoothing / (this.#smoothing + zipfProbability(row, vectors.count));
      vectors.addRow(row, vector, 0, weight);
      weights += weight;
    }
    if (weights === 0) return vector;
    const component = this.#component;
    if (component !== undefined) {
      const projection = dot(vector, component);
      for (let index = 0; index < vector.length; index += 1)
        vector[index] = (vector[index] as number) - projection * (component[index] as number);
    }
    const norm = Math.sqrt(dot(vector, vector));
    if (norm === 0) return vector;
    for (let index = 0; index < vector.length; index += 1) vector[index] = (vector[index] as number) / norm;
    return vector;
  }

  async embed(options: EmbedOptions): Promise<EmbedResult> {
    const started = performance.now();
    const { signal } = options;
    const result: Float32Array[] = [];
    for (const value of options.values) {
      if (signal?.aborted === true) throw abortError(signal);
      result.push(this.embedText(value));
    }
    return {
      vectors: result,
      modelId: this.modelId,
      dimension: this.dimension,
      latencyMs: performance.now() - started,
    };
  }
}

function dot(left: Float32Array, right: Float32Array): number {
  return dotAt(left, 0, right, 0, left.length);
}

/**
 * The first principal direction (uncentred, as SIF's) of the `commonComponentSample` most frequent
 * words' vectors, each weighted by its Zipf probability — an estimate, from the table alone, of the
 * direction every text's mean shares. Power iteration from the all-ones vector; unit length.
 */
function commonComponent(vectors: WordVectorTable): Float32Array | undefined {
  const { dimension } = vectors;
  const rows = Math.min(commonComponentSample, vectors.count);
  if (rows === 0 || dimension === 0) return undefined;
  const sample = new Float32Array(rows * dimension);
  const weights = new Float32Array(rows);
  for (let row = 0; row < rows; row += 1) {
    vectors.addRow(row, sample, row * dimension);
    weights[row] = zipfProbability(row, vectors.count);
  }
  let direction = new Float32Array(dimension).fill(1 / Math.sqrt(dimension));
  for (let step = 0; step < powerIterations; step += 1) {
    const next = new Float32Array(dimension);
    for (let row = 0; row < rows; row += 1) {
      const base = row * dimension;
      let projection = 0;
      for (let index = 0; index < dimension; index += 1)
        projection += (sample[base + index] as number) * (direction[index] as number);
      const scale = projection * (weights[row] as number);
      for (let index = 0; index < dimension; index += 1)
        next[index] = (next[index] as number) + scale * (sample[base + index] as number);
    }
    const norm = Math.sqrt(dot(next, next));
    if (norm === 0) return undefined;
    for (let index = 0; index < dimension; index += 1) next[index] = (next[index] as number) / norm;
    direction = next;
  }
  return direction;
}
