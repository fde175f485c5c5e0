import { createRequire } from 'node:module';
import { RootweaverError } from '@rootweaver/core';

/** The subset of usearch's `Index` this package uses. */
interface UsearchIndex {
  add(keys: bigint | BigUint64Array, vectors: Float32Array, threads?: number): void;
  search(
    vector: Float32Array,
    k: number,
    threads?: number,
  ): { keys: BigUint64Array; distances: Float32Array };
  contains(keys: bigint): boolean;
  remove(keys: bigint | BigUint64Array): number | number[];
  size(): number;
  dimensions(): number;
  save(path: string): void;
  load(path: string): void;
  view(path: string): void;
}

interface UsearchModule {
  Index: new (config: {
    dimensions: number;
    metric: 'cos';
    quantization?: 'f32' | 'f16' | 'i8';
    connectivity?: number;
    expansion_add?: number;
    expansion_search?: number;
  }) => UsearchIndex;
}

// usearch's ESM entry cannot locate its native build under pnpm; its CommonJS entry can.
const requireModule = createRequire(import.meta.url);
let usearch: UsearchModule | undefined;

function loadUsearch(): UsearchModule {
  usearch ??= requireModule('usearch') as UsearchModule;
  return usearch;
}

/** The usearch settings of every `VectorIndex` (cosine, f16, M = 16, expansion 64/64); benchmarks reuse them. */
export const hnswSettings = {
  metric: 'cos',
  quantization: 'f16',
  connectivity: 16,
  expansion_add: 64,
  expansion_search: 64,
} as const;

export interface VectorMatch {
  readonly key: number;
  /** Cosine similarity, 1 = same direction. */
  readonly similarity: number;
}

/** An HNSW index of unit-free vectors under cosine distance, keyed by integer (SQLite rowid). */
export class VectorIndex {
  private readonly index: UsearchIndex;
  readonly dimension: number;
  /** Memory-mapped from its file (read-only): adding or removing vectors throws. */
  readonly mapped: boolean;

  constructor(dimension: number, mapped = false) {
    this.dimension = dimension;
    this.mapped = mapped;
    this.index = new (loadUsearch().Index)({ dimensions: dimension, ...hnswSettings });
  }

  /**
   * Opens a saved index; returns the dimension stored in the file. `mapped` memory-maps the file
   * (usearch's `view`) instead of copying it into memory: ~15× faster to open, the pages read on
   * demand from the OS cache, but the index cannot change. Throws on an unreadable file.
   */
  static load(
    path: string,
    dimension: number,
    options: { mapped?: boolean } = {},
  ): { index: VectorIndex; fileDimension: number } {
    const index = new VectorIndex(dimension, options.mapped === true);
    if (options.mapped === true) index.index.view(path);
    else index.index.load(path);
    return { index, fileDimension: index.index.dimensions() };
  }

  private assertMutable(): void {
    if (this.mapped) {
      throw new RootweaverError(
        'invalid-input',
        'This vector index is memory-mapped from its file and cannot change; open the store without `readonly` to write to it.',
      );
    }
  }

  get size(): number {
    return this.index.size();
  }

  /** Adds or replaces the vector for `key`. */
  set(key: number, vector: Float32Array): void {
    this.assertMutable();
    const bigKey = BigInt(key);
    if (this.index.contains(bigKey)) this.index.remove(bigKey);
    this.index.add(bigKey, vector);
  }

  /** Adds or replaces many vectors in one batch. */
  setMany(entries: readonly { key: number; vector: Float32Array }[]): void {
    this.assertMutable();
    if (entries.length === 0) return;
    const latest = new Map<number, Float32Array>();
    for (const entry of entries) latest.set(entry.key, entry.vector);
    const keys = [...latest.keys()];
    const matrix = new Float32Array(keys.length * this.dimension);
    keys.forEach((key, position) => {
      const bigKey = BigInt(key);
      if (this.index.contains(bigKey)) this.index.remove(bigKey);
      matrix.set(latest.get(key) ?? new Float32Array(this.dimension), position * this.dimension);
    });
    this.addMany(keys, matrix);
  }

  /** Adds many new vectors at once (keys must not be present yet); `vectors` is row-major. */
  addMany(keys: readonly number[], vectors: Float32Array): void {
    this.assertMutable();
    if (keys.length === 0) return;
    this.index.add(
      BigUint64Array.from(keys, (key) => BigInt(key)),
      vectors,
    );
  }

  delete(key: number): void {
    this.assertMutable();
    const bigKey = BigInt(key);
    if (this.index.contains(bigKey)) this.index.remove(bigKey);
  }

  search(vector: Float32Array, k: number): VectorMatch[] {
    const size = this.index.size();
    if (size === 0 || k <= 0) return [];
    // One query, one thread: usearch starts `threads` new threads per call (0 = one per core).
    const result = this.index.search(vector, Math.min(k, size), 1);
    const matches: VectorMatch[] = [];
    for (let position = 0; position < result.keys.length; position += 1) {
      const key = result.keys[position];
      const distance = result.distances[position];
      if (key === undefined || distance === undefined) continue;
      matches.push({ key: Number(key), similarity: 1 - distance });
    }
    return matches;
  }

  save(path: string): void {
    this.index.save(path);
  }
}
