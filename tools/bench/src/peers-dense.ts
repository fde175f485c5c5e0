// `pnpm bench:peers`, dense section: EmbeddedStore against usearch used directly and hnswlib-node,
// every engine with the store's own HNSW settings — latency (interleaved), recall@10 against an exact
// scan, build time, open time, bytes on disk, and where the store's search time goes.
import { statSync } from 'node:fs';
import { join } from 'node:path';
import type { KnowledgeItem } from '@rootweaver/core';
import { EmbeddedStore, vectorEncoding } from '@rootweaver/providers';
import { clusteredUnitVectors, syntheticQaPairs } from '@rootweaver/providers/test';
import Database from 'better-sqlite3';
import hnswlib from 'hnswlib-node';
import { directoryBytes, dot, largest, median, mib, ms, percentile } from './bench-statistics.js';
import { interleave, latencySection } from './peers-timing.js';
import { addInBatches, usearch } from './usearch-direct.js';

/** One dense section's lines for docs/benchmarks.md. */
export async function denseSection(options: {
  size: number;
  queryCount: number;
  dimension: number;
  root: string;
}): Promise<string[]> {
  const { size, queryCount, dimension, root } = options;
  const lines: string[] = [];
  const exactTopTen = (vectors: readonly Float32Array[], query: Float32Array): number[] =>
    largest(10, vectors.length, (row) => dot(vectors[row] as Float32Array, query)).map((entry) => entry.row);
  const generated = clusteredUnitVectors(size + queryCount, dimension, { seed: 5 });
  const vectors = generated.slice(0, size);
  const queries = generated.slice(size);
  const items: KnowledgeItem[] = syntheticQaPairs(size).map((item, index) => ({
    ...item,
    vector: vectors[index] as Float32Array,
  }));
  const directory = join(root, `dense-${size}`);
  const usearchPath = join(root, `usearch-${size}.usearch`);
  const build: Record<string, number> = {};
  let started = performance.now();
  let store = await EmbeddedStore.open({ directory });
  for (let offset = 0; offset < items.length; offset += 10_000) {
    await store.upsert({ items: items.slice(offset, offset + 10_000) });
  }
  await store.flush();
  build.EmbeddedStore = performance.now() - started;
  // The peers use the store's own settings: its graph's (recorded at creation) and the query-time
  // expansion it searches this many vectors with.
  const settings = {
    connectivity: store.hnswSettings.connectivity,
    expansionAdd: store.hnswSettings.expansionAdd,
    expansionSearch: store.expansionSearch,
  };
  const config = {
    dimensions: dimension,
    ...vectorEncoding,
    connectivity: settings.connectivity,
    expansion_add: settings.expansionAdd,
    expansion_search: settings.expansionSearch,
  };
  started = performance.now();
  const direct = new usearch.Index(config);
  addInBatches(direct, vectors, dimension, 1);
  direct.save(usearchPath);
  build.usearch = performance.now() - started;
  // hnswlib-node from JS arrays takes tens of minutes at 1M: compared at 10k and 100k only.
  started = performance.now();
  const hnsw = size < 1_000_000 ? new hnswlib.HierarchicalNSW('cosine', dimension) : undefined;
  hnsw?.initIndex(size, settings.connectivity, settings.expansionAdd, 100);
  hnsw?.setEf(settings.expansionSearch);
  if (hnsw !== undefined) {
    vectors.forEach((vector, index) => {
      hnsw.addPoint(Array.from(vector), index);
    });
    build['hnswlib-node'] = performance.now() - started;
  }

  // Open: the store from disk (what every `ask` does) against usearch's own load and view.
  await store.close();
  // Read-only is what `ask` and `serve` do (the HNSW file mapped); a writer loads it into memory.
  const opens: Record<string, number[]> = {
    EmbeddedStore: [],
    'EmbeddedStore writable': [],
    'usearch load': [],
    'usearch view': [],
  };
  for (let round = 0; round < 3; round += 1) {
    let begin = performance.now();
    const reopened = await EmbeddedStore.open({ directory, readonly: true });
    opens.EmbeddedStore?.push(performance.now() - begin);
    await reopened.close();
    begin = performance.now();
    const writable = await EmbeddedStore.open({ directory });
    opens['EmbeddedStore writable']?.push(performance.now() - begin);
    await writable.close();
    begin = performance.now();
    new usearch.Index(config).load(usearchPath);
    opens['usearch load']?.push(performance.now() - begin);
    begin = performance.now();
    new usearch.Index(config).view(usearchPath);
    opens['usearch view']?.push(performance.now() - begin);
  }
  store = await EmbeddedStore.open({ directory, readonly: true });

  // hnswlib-node takes plain arrays: converted before timing.
  const arrays = new Map(queries.map((vector) => [vector, Array.from(vector)]));
  const hnswlibEngine: Record<string, (vector: Float32Array) => unknown> =
    hnsw === undefined ? {} : { 'hnswlib-node': (vector) => hnsw.searchKnn(arrays.get(vector) ?? [], 10) };
  // The store's own split of each search: HNSW ranking, then the ten hits' payloads from SQLite.
  const split: { rankingMs: number; payloadMs: number }[] = [];
  const samples = await interleave<Float32Array>(
    {
      EmbeddedStore: async (vector) => {
        const result = await store.search({ query: '', vector, topK: 10, mode: 'dense' });
        if (result.timings !== undefined) split.push(result.timings);
      },
      usearch: (vector) => direct.search(vector, 10, 1),
      ...hnswlibEngine,
    },
    queries,
  );
  // Recall@10 against an exact scan, over 100 queries.
  const recallQueries = queries.slice(0, 100);
  const recall = { EmbeddedStore: 0, usearch: 0, 'hnswlib-node': 0 };
  for (const query of recallQueries) {
    const exact = new Set(exactTopTen(vectors, query));
    const ours = (await store.search({ query: '', vector: query, topK: 10, mode: 'dense' })).hits;
    recall.EmbeddedStore += ours.filter((hit) => exact.has(Number(hit.id.slice(3)))).length;
    recall.usearch += [...direct.search(query, 10, 1).keys].filter((key) =>
      exact.has(Number(key) - 1),
    ).length;
    recall['hnswlib-node'] += (hnsw?.searchKnn(Array.from(query), 10).neighbors ?? []).filter(
      (label: number) => exact.has(label),
    ).length;
  }
  await store.close();
  const database = new Database(join(directory, 'store.sqlite'), { readonly: true });
  const copies = (database
    .prepare("SELECT coalesce(sum(pgsize), 0) FROM dbstat WHERE name = 'vectors'")
    .pluck()
    .get() ?? 0) as number;
  database.close();
  const hnswPath = join(root, `hnswlib-${size}.bin`);
  hnsw?.writeIndexSync(hnswPath);
  const oursBytes = statSync(join(directory, 'vectors.usearch')).size + copies;
  const usearchBytes = statSync(usearchPath).size;
  const openOurs = median(opens.EmbeddedStore ?? []);
  const measured = split.slice(-queries.length);
  const usearchP50 = median(samples.wall.usearch ?? []);
  const rankingP50 = median(measured.map((entry) => entry.rankingMs));
  const payloads = measured.map((entry) => entry.payloadMs);
  lines.push(
    `### Dense, ${size.toLocaleString('en')} × ${dimension} (clustered), top-10, ${queries.length} queries`,
    '',
    `Every engine with the store's HNSW settings: M ${settings.connectivity}, expansion_add ${settings.expansionAdd}, expansion_search ${settings.expansionSearch} (cosine; usearch f16 as the store).`,
    '',
    ...latencySection(samples),
    '',
    '| engine | recall@10 vs exact (100 queries) | build s | open ms (median of 3) | dense bytes on disk |',
    '|---|---:|---:|---:|---:|',
    `| EmbeddedStore | ${(recall.EmbeddedStore / 1000).toFixed(3)} | ${((build.EmbeddedStore ?? 0) / 1000).toFixed(1)} | ${ms(openOurs)} | ${mib(oursBytes)} MiB (HNSW ${mib(oursBytes - copies)} + 8-bit copies ${mib(copies)}) |`,
    `| usearch | ${(recall.usearch / 1000).toFixed(3)} | ${((build.usearch ?? 0) / 1000).toFixed(1)} | load ${ms(median(opens['usearch load'] ?? []))}, view ${ms(median(opens['usearch view'] ?? []))} | ${mib(usearchBytes)} MiB |`,
    ...(hnsw === undefined
      ? []
      : [
          `| hnswlib-node | ${(recall['hnswlib-node'] / 1000).toFixed(3)} | ${((build['hnswlib-node'] ?? 0) / 1000).toFixed(1)} | — | ${mib(statSync(hnswPath).size)} MiB |`,
        ]),
    '',
    `Ratios to usearch: open ${(openOurs / median(opens['usearch load'] ?? [])).toFixed(2)}× its load, ${(openOurs / median(opens['usearch view'] ?? [])).toFixed(2)}× its view, read-only (target ≤ 1.5; ${(median(opens['EmbeddedStore writable'] ?? []) / median(opens['usearch load'] ?? [])).toFixed(2)}× when opened for writing, ${ms(median(opens['EmbeddedStore writable'] ?? []))} ms), on disk ${(oursBytes / usearchBytes).toFixed(2)}× (target ≤ 1.5), whole store directory ${mib(directoryBytes(directory))} MiB.`,
    '',
    `Where EmbeddedStore's dense search time goes (its own \`timings\`, the measured queries): ranking p50 ${ms(rankingP50)} ms (${(rankingP50 / usearchP50).toFixed(2)}× usearch's p50), reading the ten hits' payloads from SQLite p50 ${ms(median(payloads))} ms, p95 ${ms(percentile(payloads, 0.95))} ms. usearch returns keys only.`,
    '',
  );
  return lines;
}
