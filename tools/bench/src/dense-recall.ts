// Why dense recall@10 falls at 1M clustered vectors (issue 17 part 2): usearch alone, with the store's
// HNSW settings, on the vectors `pnpm bench:peers` uses. Prints recall@10 and latency against an exact
// scan when the search asks for more candidates (expansion 64 → 256, as `search(vector, ef)` does),
// how close the exact neighbours are (mean cosine at ranks 1, 10, 11, 100), and the recall of an exact
// scan over the vectors rounded to f16 (what the index stores). `--builds` lists the build-time
// settings to compare (connectivity M : expansion_add, comma-separated; each built in turn, the exact
// scan done once) and `--expansions` the query-time expansions; each build also reports its build time
// and file size (saved to a temporary file, then removed).
//
//   node --max-old-space-size=14000 tools/bench/dist/dense-recall.js [--size 1000000] [--queries 100]
//     [--builds 16:64,24:128] [--expansions 64,96,128,192,256]
import { mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { defaultHnswSettings, vectorEncoding } from '@rootweaver/providers';
import { clusteredUnitVectors } from '@rootweaver/providers/test';
import { dot, largest, percentile } from './bench-statistics.js';
import { addInBatches, usearch } from './usearch-direct.js';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    size: { type: 'string', default: '1000000' },
    queries: { type: 'string', default: '100' },
    dimension: { type: 'string', default: '384' },
    builds: {
      type: 'string',
      default: `${defaultHnswSettings.connectivity}:${defaultHnswSettings.expansionAdd}`,
    },
    expansions: { type: 'string', default: '64,96,128,192,256' },
  },
});
const builds = values.builds.split(',').map((entry) => {
  const [connectivity, expansionAdd] = entry.split(':').map(Number);
  return { connectivity: connectivity ?? 16, expansionAdd: expansionAdd ?? 64 };
});
const expansions = values.expansions.split(',').map(Number);
const size = Number(values.size);
const queryCount = Number(values.queries);
const dimension = Number(values.dimension);

/** Rounds to the nearest IEEE half-precision value (normal range; subnormals by their fixed step). */
function toHalf(value: number): number {
  if (value === 0) return 0;
  const exponent = Math.max(Math.floor(Math.log2(Math.abs(value))), -14);
  const step = 2 ** (exponent - 10);
  return Math.round(value / step) * step;
}

// The same vectors and queries as `pnpm bench:peers` (seed 5, 1,000 centres).
const generated = clusteredUnitVectors(size + 1000, dimension, { seed: 5 });
const vectors = generated.slice(0, size);
const queries = generated.slice(size, size + queryCount);

let started = performance.now();
// What the index stores: every component rounded to f16 (kept as f32 here), converted once.
const halves = vectors.map((vector) => Float32Array.from(vector, toHalf));
const ranks = [0, 9, 10, 99];
const closeness = ranks.map(() => 0);
let halfHits = 0;
const exact: Set<number>[] = [];
for (const query of queries) {
  const half = Float32Array.from(query, toHalf);
  const best = largest(100, size, (row) => dot(vectors[row] as Float32Array, query));
  ranks.forEach((rank, position) => {
    closeness[position] = (closeness[position] ?? 0) + (best[rank]?.score ?? 0);
  });
  const top = new Set(best.slice(0, 10).map((entry) => entry.row));
  exact.push(top);
  halfHits += largest(10, size, (row) => dot(halves[row] as Float32Array, half)).filter((entry) =>
    top.has(entry.row),
  ).length;
}
console.log(
  `exact scan of ${queryCount} queries in ${((performance.now() - started) / 1000).toFixed(1)} s; mean cosine at rank ${ranks
    .map((rank, position) => `${rank + 1} ${((closeness[position] ?? 0) / queryCount).toFixed(4)}`)
    .join(', ')}`,
);
console.log(`exact scan over f16-rounded vectors: recall@10 ${(halfHits / (queryCount * 10)).toFixed(3)}`);

const directory = mkdtempSync(join(tmpdir(), 'dense-recall-'));
for (const build of builds) {
  started = performance.now();
  const index = new usearch.Index({
    dimensions: dimension,
    ...vectorEncoding,
    connectivity: build.connectivity,
    expansion_add: build.expansionAdd,
  });
  addInBatches(index, vectors, dimension);
  const buildSeconds = (performance.now() - started) / 1000;
  const file = join(directory, 'index.usearch');
  index.save(file);
  const mebibytes = statSync(file).size / 2 ** 20;
  rmSync(file, { force: true });
  console.log(
    `M ${build.connectivity}, expansion_add ${build.expansionAdd}: ${size.toLocaleString('en')} × ${dimension} built in ${buildSeconds.toFixed(1)} s, file ${mebibytes.toFixed(0)} MiB`,
  );
  for (const expansion of expansions) {
    let hits = 0;
    const latencies: number[] = [];
    queries.forEach((query, position) => {
      const begin = performance.now();
      const found = index.search(query, Math.max(10, expansion), 1);
      latencies.push(performance.now() - begin);
      hits += [...found.keys].slice(0, 10).filter((key) => exact[position]?.has(Number(key))).length;
    });
    console.log(
      `  M ${build.connectivity}/${build.expansionAdd}, expansion ${expansion}: recall@10 ${(hits / (queryCount * 10)).toFixed(3)}, p50 ${percentile(latencies, 0.5).toFixed(3)} ms, p95 ${percentile(latencies, 0.95).toFixed(3)} ms`,
    );
  }
}
rmSync(directory, { recursive: true, force: true });
