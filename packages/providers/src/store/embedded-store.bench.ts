import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, tmpdir } from 'node:os';
import { join } from 'node:path';
import type { KnowledgeItem } from '@rootweaver/core';
import { bench, describe } from 'vitest';
import { EmbeddedStore } from './embedded-store.js';
import { clusteredUnitVectors, syntheticQaPairs } from './synthetic-qa.js';

// Targets (issue 4): lexical p50 ≤ 2 ms at 100k QA pairs; dense p50 ≤ 1 ms at 100k × 384;
// lexical-only upserts ≥ 20,000 pairs/s. The stores are built once, in a temporary directory.

const root = mkdtempSync(join(tmpdir(), 'rootweaver-bench-'));
const machine = `${cpus().length} × ${cpus()[0]?.model ?? 'unknown CPU'}, Node ${process.version}`;

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

function report(label: string, samples: readonly number[]): void {
  if (samples.length === 0) return;
  console.log(
    `[bench] ${label}: p50 ${percentile(samples, 0.5).toFixed(3)} ms, p95 ${percentile(samples, 0.95).toFixed(3)} ms over ${samples.length} queries (${machine})`,
  );
}

async function buildStore(directory: string, items: readonly KnowledgeItem[]): Promise<EmbeddedStore> {
  const store = await EmbeddedStore.open({ directory });
  for (let offset = 0; offset < items.length; offset += 10_000) {
    await store.upsert({ items: items.slice(offset, offset + 10_000) });
  }
  await store.flush();
  return store;
}

for (const size of [10_000, 100_000]) {
  describe(`EmbeddedStore lexical query, ${size.toLocaleString('en')} QA pairs`, () => {
    let store: EmbeddedStore | undefined;
    let queries: string[] = [];
    const samples: number[] = [];
    let next = 0;

    const setup = async (): Promise<void> => {
      if (store !== undefined) return;
      const items = syntheticQaPairs(size);
      // Questions of stored pairs, reworded a little, as a user would ask them.
      queries = items
        .filter((_item, index) => index % Math.max(1, Math.floor(size / 1000)) === 0)
        .map((item) => (item.question ?? '').replace(/\?$/, '').replace(/^Who is/, 'Tell me who is'));
      const started = performance.now();
      store = await buildStore(join(root, `lexical-${size}`), items);
      console.log(
        `[bench] built the ${size.toLocaleString('en')}-pair lexical store in ${((performance.now() - started) / 1000).toFixed(1)} s`,
      );
    };

    bench(
      `lexical search topK=10 (${size.toLocaleString('en')})`,
      async () => {
        const query = queries[next++ % queries.length] ?? '';
        const started = performance.now();
        await store?.search({ query, topK: 10, mode: 'lexical' });
        samples.push(performance.now() - started);
      },
      {
        time: 2_000,
        warmupTime: 200,
        setup,
        teardown: async (_task, mode) => {
          if (mode !== 'run') return;
          report(`lexical topK=10 at ${size.toLocaleString('en')} pairs`, samples);
          await store?.close();
        },
      },
    );
  });
}

describe('EmbeddedStore dense query, 100,000 × 384', () => {
  let store: EmbeddedStore | undefined;
  let queries: Float32Array[] = [];
  const samples: number[] = [];
  let next = 0;

  let recall = Number.NaN;

  const setup = async (): Promise<void> => {
    if (store !== undefined) return;
    const count = 100_000;
    // Stored vectors and queries around the same 1,000 topic centres; the queries are not stored.
    const generated = clusteredUnitVectors(count + 500, 384, { seed: 5 });
    const vectors = generated.slice(0, count);
    queries = generated.slice(count);
    const items = syntheticQaPairs(count).map((item, index) => ({ ...item, vector: vectors[index] }));
    const started = performance.now();
    store = await buildStore(join(root, 'dense-100k'), items as KnowledgeItem[]);
    console.log(
      `[bench] built the 100k × 384 store (SQLite + HNSW) in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
    // Recall@10 of the HNSW search against an exact scan, over 20 queries.
    let found = 0;
    for (const query of queries.slice(0, 20)) {
      const exact = vectors
        .map((vector, index) => {
          let dot = 0;
          for (let position = 0; position < 384; position += 1)
            dot += (vector[position] ?? 0) * (query[position] ?? 0);
          return { id: `qa-${index}`, dot };
        })
        .sort((left, right) => right.dot - left.dot)
        .slice(0, 10)
        .map((entry) => entry.id);
      const result = await store.search({ query: '', vector: query, topK: 10, mode: 'dense' });
      found += result.hits.filter((hit) => exact.includes(hit.id)).length;
    }
    recall = found / 200;
  };

  bench(
    'dense search topK=10 (100k × 384)',
    async () => {
      const vector = queries[next++ % queries.length] ?? new Float32Array(384);
      const started = performance.now();
      await store?.search({ query: '', vector, topK: 10, mode: 'dense' });
      samples.push(performance.now() - started);
    },
    {
      time: 2_000,
      warmupTime: 200,
      setup,
      teardown: async (_task, mode) => {
        if (mode !== 'run') return;
        report(`dense topK=10 at 100,000 × 384 (recall@10 vs exact ${recall.toFixed(3)})`, samples);
        await store?.close();
      },
    },
  );
});

describe('EmbeddedStore upsert throughput, lexical only', () => {
  let store: EmbeddedStore | undefined;
  const batch = 5_000;
  const pool = syntheticQaPairs(batch, 3);
  let round = 0;
  const rates: number[] = [];

  bench(
    `upsert ${batch} new QA pairs in one call`,
    async () => {
      round += 1;
      const items = pool.map((item) => ({
        ...item,
        id: `${item.id}-r${round}`,
        documentId: `${item.documentId}-r${round}`,
      }));
      const started = performance.now();
      await store?.upsert({ items });
      rates.push(batch / ((performance.now() - started) / 1000));
    },
    {
      time: 3_000,
      iterations: 5,
      warmupIterations: 1,
      setup: async () => {
        store ??= await EmbeddedStore.open({ directory: join(root, 'upsert') });
      },
      teardown: async (_task, mode) => {
        if (mode !== 'run') return;
        console.log(
          `[bench] lexical upsert: median ${Math.round(percentile(rates, 0.5)).toLocaleString('en')} pairs/s in batches of ${batch} over ${rates.length} batches (${machine})`,
        );
        await store?.close();
        rmSync(root, { recursive: true, force: true });
      },
    },
  );
});
