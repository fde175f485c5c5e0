// `pnpm bench:peers`: the embedded store side by side with the engines it competes with, in one
// process, on the same generated pairs (issue 17): lexical — EmbeddedStore, raw FTS5 (bm25() in
// the same SQLite), MiniSearch, FlexSearch; dense — EmbeddedStore, usearch used directly (same
// HNSW settings) and hnswlib-node. Queries are interleaved across engines so that load on a shared
// machine hits all of them alike. Writes the figures and ratios between the peers markers of
// docs/benchmarks.md.
//
//   node tools/bench/dist/peers.js [--sizes 10000,100000] [--million] [--queries 1000] [--no-dense] [--no-lexical]
//     [--lexical-peers 'raw FTS5,FlexSearch'] [--lexical-peers-at-million 'raw FTS5'] [--dense-at-million]
//   EmbeddedStore's lexical search alone at 1M: --sizes '' --million --no-dense --lexical-peers-at-million ''

import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { KnowledgeItem } from '@rootweaver/core';
import { EmbeddedStore, ftsExpression, hnswSettings, searchTerms } from '@rootweaver/providers';
import { clusteredUnitVectors, syntheticQaPairs } from '@rootweaver/providers/test';
import Database from 'better-sqlite3';
import { Index as FlexIndex } from 'flexsearch';
import hnswlib from 'hnswlib-node';
import MiniSearch from 'minisearch';
import { addInBatches, usearch } from './usearch-direct.js';

// `pnpm <script> -- --flag` passes the `--` through: read what follows it as options.
const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: {
    sizes: { type: 'string', default: '10000,100000' },
    million: { type: 'boolean', default: false },
    queries: { type: 'string', default: '1000' },
    dimension: { type: 'string', default: '384' },
    'no-dense': { type: 'boolean', default: false },
    'no-lexical': { type: 'boolean', default: false },
    out: { type: 'string', default: 'docs/benchmarks.md' },
    // Lexical peers to run (MiniSearch takes seconds per query at 1M): a comma-separated subset.
    'lexical-peers': { type: 'string', default: 'raw FTS5,MiniSearch,FlexSearch' },
    // At 1M: MiniSearch takes seconds per query, and an HNSW build of 1M × 384 takes tens of minutes.
    'lexical-peers-at-million': { type: 'string', default: 'raw FTS5,FlexSearch' },
    'dense-at-million': { type: 'boolean', default: false },
    // Internal: run one section (`lexical:10000`, `dense:1000000`) and write its lines to `section-out`.
    section: { type: 'string' },
    'section-out': { type: 'string' },
  },
});
// `--sizes ''` with `--million`: only the 1M run.
const sizes = values.sizes.split(',').filter(Boolean).map(Number);
if (values.million) sizes.push(1_000_000);
const queryCount = Number(values.queries);
let lexicalPeers = new Set<string>();
const choosePeers = (size: number): void => {
  const list = size >= 1_000_000 ? values['lexical-peers-at-million'] : values['lexical-peers'];
  lexicalPeers = new Set([
    'EmbeddedStore',
    ...list
      .split(',')
      .map((name) => name.trim())
      .filter(Boolean),
  ]);
};
const only = <T>(engines: Record<string, T>): Record<string, T> =>
  Object.fromEntries(Object.entries(engines).filter(([name]) => lexicalPeers.has(name)));
const dimension = Number(values.dimension);
const root = mkdtempSync(join(tmpdir(), 'rootweaver-peers-'));
const lines: string[] = [];
const say = (line: string): void => {
  console.log(line);
};

function percentile(samples: readonly number[], fraction: number): number {
  const sorted = [...samples].sort((left, right) => left - right);
  return sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * fraction))] ?? Number.NaN;
}

const median = (samples: readonly number[]): number => percentile(samples, 0.5);
const tail = (samples: readonly number[] = []): string =>
  (percentile(samples, 0.95) / median(samples)).toFixed(2);
const ms = (value: number): string => (value < 10 ? value.toFixed(3) : value.toFixed(1));
const mib = (bytes: number): string => (bytes / 1024 / 1024).toFixed(1);

function directoryBytes(path: string): number {
  return readdirSync(path).reduce((sum, name) => sum + statSync(join(path, name)).size, 0);
}

/**
 * Runs each engine's query in turn for every query, rotating who goes first; per-engine wall-clock
 * latencies, and CPU times (this process's user + system time around the call, which a preempted
 * call on a busy machine does not inflate).
 */
async function interleave<Q>(
  engines: Record<string, (query: Q) => unknown>,
  queries: readonly Q[],
): Promise<{ wall: Record<string, number[]>; cpu: Record<string, number[]> }> {
  const names = Object.keys(engines);
  const wall: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  const cpu: Record<string, number[]> = Object.fromEntries(names.map((name) => [name, []]));
  for (const query of queries.slice(0, Math.min(50, queries.length))) {
    for (const name of names) await engines[name]?.(query); // warm-up
  }
  for (let index = 0; index < queries.length; index += 1) {
    const query = queries[index] as Q;
    for (let turn = 0; turn < names.length; turn += 1) {
      const name = names[(index + turn) % names.length] as string;
      const cpuStarted = process.cpuUsage();
      const started = performance.now();
      await engines[name]?.(query);
      wall[name]?.push(performance.now() - started);
      const used = process.cpuUsage(cpuStarted);
      cpu[name]?.push((used.user + used.system) / 1000);
    }
  }
  return { wall, cpu };
}

/** Wall-clock and CPU-time tables, EmbeddedStore against each engine. */
function latencySection(samples: {
  wall: Record<string, number[]>;
  cpu: Record<string, number[]>;
}): string[] {
  return [
    ...latencyTable(samples.wall, 'EmbeddedStore'),
    '',
    'CPU time per query (ms; not inflated by preemption on a busy machine):',
    '',
    ...latencyTable(samples.cpu, 'EmbeddedStore'),
  ];
}

function latencyTable(samples: Record<string, number[]>, ours: string): string[] {
  const oursP50 = median(samples[ours] ?? []);
  const oursP95 = percentile(samples[ours] ?? [], 0.95);
  const rows = Object.entries(samples).map(([name, values]) => {
    const p50 = median(values);
    const p95 = percentile(values, 0.95);
    return `| ${name} | ${ms(p50)} | ${ms(p95)} | ${(oursP50 / p50).toFixed(2)}× | ${(oursP95 / p95).toFixed(2)}× |`;
  });
  return [
    '| engine | p50 ms | p95 ms | EmbeddedStore p50 ÷ this | EmbeddedStore p95 ÷ this |',
    '|---|---:|---:|---:|---:|',
    ...rows,
  ];
}

async function lexical(size: number): Promise<void> {
  const items = syntheticQaPairs(size);
  // Questions of stored pairs, reworded a little, as a user would ask them.
  const queries = Array.from({ length: queryCount }, (_value, index) => {
    const item = items[Math.floor((index * items.length) / queryCount)];
    return (item?.question ?? '').replace(/\?$/, '').replace(/^Who is/, 'Tell me who is');
  });
  const store = await EmbeddedStore.open({ directory: join(root, `lexical-${size}`) });
  const fts = new Database(join(root, `fts-${size}.sqlite`));
  fts.pragma('journal_mode = WAL');
  fts.pragma('synchronous = NORMAL');
  fts.exec("CREATE VIRTUAL TABLE t USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2')");
  const ftsInsert = fts.prepare('INSERT INTO t (rowid, text) VALUES (?, ?)');
  const ftsSearch = fts.prepare(
    'SELECT rowid, bm25(t) AS score FROM t WHERE t MATCH ? ORDER BY score LIMIT 10',
  );
  const mini = new MiniSearch<{ id: number; text: string }>({ fields: ['text'] });
  const flex = new FlexIndex({ tokenize: 'strict' });
  const ingest: Record<string, number> = only({
    EmbeddedStore: 0,
    'raw FTS5': 0,
    MiniSearch: 0,
    FlexSearch: 0,
  });
  const batch = 10_000;
  for (let offset = 0, round = 0; offset < items.length; offset += batch, round += 1) {
    const slice = items.slice(offset, offset + batch);
    const steps = (
      [
        ['EmbeddedStore', async () => void (await store.upsert({ items: slice }))],
        [
          'raw FTS5',
          () =>
            fts.transaction(() => {
              slice.forEach((item, index) => {
                ftsInsert.run(offset + index + 1, item.text);
              });
            })(),
        ],
        [
          'MiniSearch',
          () => mini.addAll(slice.map((item, index) => ({ id: offset + index, text: item.text }))),
        ],
        [
          'FlexSearch',
          () =>
            slice.forEach((item, index) => {
              flex.add(offset + index, item.text);
            }),
        ],
      ] as [string, () => Promise<void> | void][]
    ).filter(([name]) => lexicalPeers.has(name));
    for (let turn = 0; turn < steps.length; turn += 1) {
      const [name, step] = steps[(round + turn) % steps.length] as [string, () => Promise<void> | void];
      const started = performance.now();
      await step();
      ingest[name] = (ingest[name] ?? 0) + performance.now() - started;
    }
  }
  const samples = await interleave<string>(
    only({
      EmbeddedStore: (query) => store.search({ query, topK: 10, mode: 'lexical' }),
      'raw FTS5': (query) => {
        const terms = searchTerms(query);
        return terms.length === 0 ? [] : ftsSearch.all(ftsExpression(terms));
      },
      MiniSearch: (query) => mini.search(query, { combineWith: 'OR' }).slice(0, 10),
      FlexSearch: (query) => flex.search(query, { limit: 10, suggest: true }),
    }),
    queries,
  );
  const rate = (name: string): number => size / ((ingest[name] ?? Number.NaN) / 1000);
  lines.push(
    `### Lexical, ${size.toLocaleString('en')} pairs, top-10, ${queries.length} queries`,
    '',
    '| engine | ingest docs/s | EmbeddedStore ingest ÷ this |',
    '|---|---:|---:|',
    ...Object.keys(ingest).map(
      (name) =>
        `| ${name} | ${Math.round(rate(name)).toLocaleString('en')} | ${(rate('EmbeddedStore') / rate(name)).toFixed(2)}× |`,
    ),
    '',
    ...latencySection(samples),
    '',
    `EmbeddedStore lexical p95 ÷ p50: ${tail(samples.wall.EmbeddedStore)} wall-clock, ${tail(samples.cpu.EmbeddedStore)} CPU time (target ≤ 5).`,
    '',
  );
  await store.close();
  fts.close();
}

function exactTopTen(vectors: readonly Float32Array[], query: Float32Array): number[] {
  const best: { index: number; dot: number }[] = [];
  vectors.forEach((vector, index) => {
    let dot = 0;
    for (let position = 0; position < dimension; position += 1)
      dot += (vector[position] ?? 0) * (query[position] ?? 0);
    if (best.length < 10 || dot > (best[best.length - 1]?.dot ?? -Infinity)) {
      best.push({ index, dot });
      best.sort((left, right) => right.dot - left.dot);
      if (best.length > 10) best.pop();
    }
  });
  return best.map((entry) => entry.index);
}

async function dense(size: number): Promise<void> {
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
    ...hnswSettings,
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
}

const here = dirname(fileURLToPath(import.meta.url));
const repositoryRoot = resolve(here, '..', '..', '..');
if (values.section !== undefined) {
  // A child: one section, its lines to the file the parent named.
  const [kind, sizeText] = values.section.split(':');
  const size = Number(sizeText);
  choosePeers(size);
  try {
    await (kind === 'dense' ? dense(size) : lexical(size));
  } finally {
    rmSync(root, { recursive: true, force: true });
  }
  writeFileSync(values['section-out'] ?? join(root, 'section.md'), lines.join('\n'));
  process.exit(0);
}
// Each section runs in a process of its own (same Node flags): a section then pays for nothing the
// ones before it left behind — a 1M-pair FlexSearch heap, 1M items and their vectors, pages of
// files it no longer reads. In one shared process the 1M dense payload read measured p50 0.171 ms
// after the 1M lexical section, 0.114 ms alone (same code, 2026-12-02).
const sections: string[] = [];
for (const size of sizes) {
  if (!values['no-lexical']) sections.push(`lexical:${size}`);
  if (!values['no-dense'] && (size < 1_000_000 || values['dense-at-million'])) sections.push(`dense:${size}`);
}
try {
  for (const section of sections) {
    say(`${section.replace(':', ' ')} …`);
    const out = join(root, `${section.replace(':', '-')}.md`);
    const child = spawnSync(
      process.execPath,
      [
        ...process.execArgv,
        fileURLToPath(import.meta.url),
        ...process.argv.slice(2),
        '--section',
        section,
        '--section-out',
        out,
      ],
      { stdio: 'inherit' },
    );
    if (child.status !== 0)
      throw new Error(`bench:peers section ${section} failed (exit ${child.status ?? child.signal})`);
    lines.push(readFileSync(out, 'utf8'));
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const load = loadavg()
  .map((value) => value.toFixed(2))
  .join(' / ');
const section = [
  '<!-- peers:begin -->',
  '## Side by side with peers (`pnpm bench:peers`)',
  '',
  `Written by \`tools/bench/src/peers.ts\` on ${new Date().toISOString().slice(0, 19)}Z: \`node tools/bench/dist/peers.js ${process.argv.slice(2).join(' ')}\`; ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, load average at the end ${load}. Each section in a process of its own; the same synthetic pairs (\`syntheticQaPairs\`) and clustered unit vectors (\`clusteredUnitVectors\`, 1,000 centres) for every engine; queries interleaved across engines, the first 50 as warm-up. HNSW settings alike: the store's, given with each dense table (usearch f16 as the store uses it).`,
  '',
  ...lines,
  '<!-- peers:end -->',
].join('\n');
const outPath = resolve(repositoryRoot, values.out);
let page = '';
try {
  page = readFileSync(outPath, 'utf8');
} catch {
  page = '# Benchmarks\n';
}
const pattern = /<!-- peers:begin -->[\s\S]*<!-- peers:end -->/;
writeFileSync(
  outPath,
  pattern.test(page) ? page.replace(pattern, section) : `${page.trimEnd()}\n\n${section}\n`,
);
say(section);
