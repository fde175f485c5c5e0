// usearch used directly (no store around it), for the benchmarks that compare the store with it.
import { createRequire } from 'node:module';

/** The subset of usearch's `Index` the benchmarks call. */
export interface UsearchIndex {
  add(keys: BigUint64Array, vectors: Float32Array): void;
  search(vector: Float32Array, k: number, threads?: number): { keys: BigUint64Array };
  save(path: string): void;
  load(path: string): void;
  view(path: string): void;
  size(): number;
}

// usearch's ESM entry cannot locate its native build under pnpm; its CommonJS entry can.
export const usearch = createRequire(import.meta.url)('usearch') as {
  Index: new (config: Record<string, unknown>) => UsearchIndex;
};

/** Adds `vectors` to a usearch index 10,000 at a time (row-major batches), keyed `firstKey`, `firstKey + 1`, …. */
export function addInBatches(
  index: { add(keys: BigUint64Array, vectors: Float32Array): void },
  vectors: readonly Float32Array[],
  dimension: number,
  firstKey = 0,
): void {
  for (let offset = 0; offset < vectors.length; offset += 10_000) {
    const count = Math.min(10_000, vectors.length - offset);
    const matrix = new Float32Array(count * dimension);
    for (let row = 0; row < count; row += 1)
      matrix.set(vectors[offset + row] as Float32Array, row * dimension);
    index.add(
      BigUint64Array.from({ length: count }, (_value, row) => BigInt(firstKey + offset + row)),
      matrix,
    );
  }
}
