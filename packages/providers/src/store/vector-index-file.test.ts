import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { defaultHnswSettings, VectorIndex } from './vector-index.js';

// usearch is pinned to the newest release that supports Node 20 (2.21.4; 2.26 wants Node ≥ 22). The
// fixture was written by usearch 2.26.2 with the settings stores record (cos, f16, M 24, expansion add
// 128): 200 vectors of 8 dimensions, key i + 1 for the i-th, from the generator below. An index built
// by the newer release must still open, copied and memory-mapped, and find the same neighbours.
const fixture = fileURLToPath(new URL('./test-fixtures/usearch-2.26.2.usearch', import.meta.url));

function fixtureVectors(): Float32Array[] {
  let seed = 11;
  const random = (): number => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31;
    return seed / 2 ** 31 - 0.5;
  };
  const matrix = new Float32Array(200 * 8).map(random);
  return Array.from({ length: 200 }, (_, row) => matrix.slice(row * 8, row * 8 + 8));
}

describe('an HNSW file written by usearch 2.26.2', () => {
  it.each([false, true])(
    'opens with the pinned usearch (mapped: %s) and finds each vector first',
    (mapped) => {
      const { index, fileDimension, fileConnectivity } = VectorIndex.load(fixture, 8, {
        mapped,
        settings: defaultHnswSettings,
      });
      expect({ size: index.size, fileDimension, fileConnectivity }).toEqual({
        size: 200,
        fileDimension: 8,
        fileConnectivity: defaultHnswSettings.connectivity,
      });
      const vectors = fixtureVectors();
      const firstHits = vectors.map((vector) => index.search(vector, 1)[0]?.key);
      const found = firstHits.filter((key, row) => key === row + 1).length;
      // f16 storage and an approximate graph: nearly every vector is its own nearest neighbour.
      expect(found).toBeGreaterThanOrEqual(198);
    },
  );
});
