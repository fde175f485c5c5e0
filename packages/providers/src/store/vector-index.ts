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
  connectivity(): number;
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

/**
 * An HNSW index's settings. `connectivity` (M, links per node) and `expansionAdd` (candidates kept
 * while linking a new vector) shape the graph: fixed when a store's index is created and recorded in
 * its meta. `expansionSearch` (candidates kept while searching, at least the `k` asked for) is a
 * query-time setting: any value works with any graph, higher finds more of the true neighbours, slower.
 */
export interface HnswSettings {
  readonly connectivity: number;
  readonly expansionAdd: number;
  readonly expansionSearch: number;
}

/** The settings every store written before they were recorded was built with (M 16, expansion 64/64). */
export const legacyHnswSettings: HnswSettings = { connectivity: 16, expansionAdd: 64, expansionSearch: 64 };

/** The settings a new store's index is created with (ADR-0002, revision 2026-12-02: HNSW settings, with the figures). */
export const defaultHnswSettings: HnswSettings = { connectivity: 24, expansionAdd: 128, expansionSearch: 64 };

/** How every `VectorIndex` compares and stores vectors (cosine distance, f16), whatever its graph settings. */
export const vectorEncoding = { metric: 'cos', quantization: 'f16' } as const;

/** Bounds of each setting: beyond them an index is no better, only slower or larger. */
export const hnswSettingLimits = {
  connectivity: { least: 2, most: 128 },
  expansionAdd: { least: 1, most: 4096 },
  expansionSearch: { least: 1, most: 4096 },
} as const satisfies Record<keyof HnswSettings, { least: number; most: number }>;

/** Checks each given setting is an integer within `hnswSettingLimits`; throws `invalid-config` with the range. */
export function validateHnswSettings(settings: Partial<HnswSettings>): void {
  for (const name of Object.keys(hnswSettingLimits) as (keyof HnswSettings)[]) {
    const value = settings[name];
    if (value === undefined) continue;
    const { least, most } = hnswSettingLimits[name];
    if (!Number.isInteger(value) || value < least || value > most) {
      throw new RootweaverError(
        'invalid-config',
        `The HNSW setting \`${name}\` is ${String(value)}; it must be a whole number from ${least} to ${most}. Leave it out to use the default (${defaultHnswSettings[name]}).`,
        { details: { setting: name, value: String(value), least, most } },
      );
    }
  }
}

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

  readonly settings: HnswSettings;

  constructor(dimension: number, settings: HnswSettings = defaultHnswSettings, mapped = false) {
    this.dimension = dimension;
    this.mapped = mapped;
    this.settings = settings;
    this.index = new (loadUsearch().Index)({
      dimensions: dimension,
      ...vectorEncoding,
      connectivity: settings.connectivity,
      expansion_add: settings.expansionAdd,
      expansion_search: settings.expansionSearch,
    });
  }

  /**
   * Opens a saved index; returns the dimension and connectivity stored in the file (usearch links
   * the graph by the file's connectivity whatever the index was constructed with; `settings` gives
   * the expansions, which the file does not hold). `mapped` memory-maps the file (usearch's `view`)
   * instead of copying it into memory: ~15× faster to open, the pages read on demand from the OS
   * cache, but the index cannot change. Throws on an unreadable file.
   */
  static load(
    path: string,
    dimension: number,
    options: { mapped?: boolean; settings?: HnswSettings } = {},
  ): { index: VectorIndex; fileDimension: number; fileConnectivity: number } {
    const index = new VectorIndex(dimension, options.settings, options.mapped === true);
    if (options.mapped === true) index.index.view(path);
    else index.index.load(path);
    return {
      index,
      fileDimension: index.index.dimensions(),
      fileConnectivity: index.index.connectivity(),
    };
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

  /**
   * The `k` nearest vectors. `expansion` overrides the index's `expansionSearch` for this query:
   * usearch keeps max(k, its expansion) candidates, so asking for that many and keeping `k` is the
   * same search with a wider beam.
   */
  search(vector: Float32Array, k: number, expansion = this.settings.expansionSearch): VectorMatch[] {
    const size = this.index.size();
    if (size === 0 || k <= 0) return [];
    const wanted = Math.min(k, size);
    // One query, one thread: usearch starts `threads` new threads per call (0 = one per core).
    const result = this.index.search(vector, Math.min(Math.max(wanted, expansion), size), 1);
    const matches: VectorMatch[] = [];
    const count = Math.min(wanted, result.keys.length);
    for (let position = 0; position < count; position += 1) {
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
