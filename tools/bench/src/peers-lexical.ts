// `pnpm bench:peers`, lexical section: EmbeddedStore against raw FTS5 (bm25() in the same SQLite),
// MiniSearch and FlexSearch — ingest rate, query latency (interleaved), the store's tail.
import { join } from 'node:path';
import { EmbeddedStore, ftsExpression, searchTerms } from '@rootweaver/providers';
import { syntheticQaPairs } from '@rootweaver/providers/test';
import Database from 'better-sqlite3';
import { Index as FlexIndex } from 'flexsearch';
import MiniSearch from 'minisearch';
import { tail } from './bench-statistics.js';
import { interleave, latencySection } from './peers-timing.js';

/** One lexical section's lines for docs/benchmarks.md; `peers` names the engines beside EmbeddedStore. */
export async function lexicalSection(options: {
  size: number;
  queryCount: number;
  root: string;
  peers: ReadonlySet<string>;
}): Promise<string[]> {
  const { size, queryCount, root } = options;
  const lexicalPeers = new Set(['EmbeddedStore', ...options.peers]);
  const only = <T>(engines: Record<string, T>): Record<string, T> =>
    Object.fromEntries(Object.entries(engines).filter(([name]) => lexicalPeers.has(name)));
  const lines: string[] = [];
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
  return lines;
}
