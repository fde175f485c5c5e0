// The SQL alone of an EmbeddedStore upsert, against raw FTS5 on the same texts (issue 17 part 1):
// what the store's ingest could reach if its JavaScript (validation, terms, hashes, grouping) cost
// nothing. Every variant runs the same statements the store runs, values computed beforehand, one
// transaction per 10,000 rows, in one process; the CPU time of the best of `--repeat` runs. Each
// "+" row adds one part of the store's schema to the row above it; `schema 3` is the store's own
// file (it adds `items_passage_rowid` and the partial `items_colliding_id` to the row above).
//   node tools/bench/dist/ingest-floor.js [--size 100000] [--repeat 3]
import { mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { EmbeddedStore, indexTerms } from '@rootweaver/providers';
import { seededRandom, syntheticQaPairs } from '@rootweaver/providers/test';
import Database from 'better-sqlite3';

const { values } = parseArgs({
  args: process.argv.slice(2).filter((argument, index) => index > 0 || argument !== '--'),
  options: { size: { type: 'string', default: '100000' }, repeat: { type: 'string', default: '3' } },
});
const size = Number(values.size);
const repeat = Number(values.repeat);
const random = seededRandom(3);
const rows = syntheticQaPairs(size).map((item) => ({
  ...item,
  terms: indexTerms(item.text).join(' '),
  // Random 53-bit integers, as the id and passage hashes are.
  idHash: Math.floor(random() * 2 ** 53),
  passageHash: Math.floor(random() * 2 ** 53),
}));

type Variant =
  | 'raw FTS5'
  | 'FTS5 terms'
  | 'items + FTS5 terms'
  | '+ unique id index'
  | '+ passages'
  | '+ passage indexes'
  | 'schema 3';
const variants: Variant[] = [
  'raw FTS5',
  'FTS5 terms',
  'items + FTS5 terms',
  '+ unique id index',
  '+ passages',
  '+ passage indexes',
  'schema 3',
];
const withPassages = new Set<Variant>(['+ passages', '+ passage indexes', 'schema 3']);
const bare = `CREATE TABLE passages (rowid INTEGER PRIMARY KEY, document_id TEXT NOT NULL,
  content_hash INTEGER NOT NULL, title TEXT NOT NULL, text TEXT NOT NULL);
CREATE TABLE items (rowid INTEGER PRIMARY KEY, id_hash INTEGER, passage_rowid INTEGER NOT NULL,
  kind TEXT NOT NULL, text_form INTEGER NOT NULL, id TEXT NOT NULL, question TEXT, answer TEXT, text TEXT, metadata TEXT);
CREATE VIRTUAL TABLE items_fts USING fts5 (terms, content = '', tokenize = 'unicode61 remove_diacritics 0');`;

const root = mkdtempSync(join(tmpdir(), 'rootweaver-ingest-floor-'));
const best = new Map<Variant, number>();
try {
  for (let run = 0; run < repeat; run += 1) {
    for (const variant of variants) {
      const directory = join(root, `${run}-${variants.indexOf(variant)}`);
      let database: Database.Database;
      if (variant === 'schema 3') {
        // The store's own file and schema; then its statements, bound directly.
        await (await EmbeddedStore.open({ directory })).close();
        database = new Database(join(directory, 'store.sqlite'));
        database.pragma('cache_size = -65536');
      } else {
        database = new Database(`${directory}.sqlite`);
        database.pragma('journal_mode = WAL');
        database.pragma('synchronous = NORMAL');
        if (variant === 'raw FTS5') {
          database.exec(
            "CREATE VIRTUAL TABLE t USING fts5 (text, tokenize = 'unicode61 remove_diacritics 2')",
          );
        } else {
          database.pragma('cache_size = -65536');
          database.exec(bare);
          if (variant !== 'items + FTS5 terms') {
            database.exec('CREATE UNIQUE INDEX items_id_hash ON items (id_hash)');
          }
          if (variant === '+ passage indexes') {
            database.exec(`CREATE INDEX passages_document_id ON passages (document_id);
              CREATE INDEX passages_content_hash ON passages (content_hash);`);
          }
        }
      }
      const raw = database.prepare(
        variant === 'raw FTS5' ? 'INSERT INTO t (rowid, text) VALUES (?, ?)' : 'SELECT 1',
      );
      const terms = database.prepare(
        variant === 'raw FTS5' ? 'SELECT 1' : 'INSERT INTO items_fts (rowid, terms) VALUES (?, ?)',
      );
      const withItems = variant !== 'raw FTS5' && variant !== 'FTS5 terms';
      const item = database.prepare(
        withItems
          ? `INSERT INTO items (id_hash, passage_rowid, kind, text_form, id, question, answer, text, metadata)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)${variant === 'items + FTS5 terms' ? '' : ' ON CONFLICT (id_hash) DO NOTHING'}`
          : 'SELECT 1',
      );
      const passage = database.prepare(
        withPassages.has(variant)
          ? 'INSERT INTO passages (document_id, content_hash, title, text) VALUES (?, ?, ?, ?)'
          : 'SELECT 1',
      );
      const started = process.cpuUsage();
      for (let offset = 0; offset < size; offset += 10_000) {
        database.transaction(() => {
          let passageRowid = 0;
          let lastPassage = '';
          for (let index = offset; index < Math.min(size, offset + 10_000); index += 1) {
            const row = rows[index] as (typeof rows)[number];
            if (variant === 'raw FTS5') {
              raw.run(index + 1, row.text);
              continue;
            }
            if (withPassages.has(variant) && row.passage !== lastPassage) {
              passageRowid = Number(
                passage.run(row.documentId, row.passageHash, row.title, row.passage).lastInsertRowid,
              );
              lastPassage = row.passage;
            }
            let rowid = index + 1;
            if (withItems) {
              rowid = Number(
                item.run(row.idHash, passageRowid, 'qa', 1, row.id, row.question, row.answer, null, null)
                  .lastInsertRowid,
              );
            }
            terms.run(rowid, row.terms);
          }
        })();
      }
      const used = process.cpuUsage(started);
      database.close();
      const milliseconds = (used.user + used.system) / 1000;
      best.set(variant, Math.min(best.get(variant) ?? Number.POSITIVE_INFINITY, milliseconds));
    }
  }
} finally {
  rmSync(root, { recursive: true, force: true });
}
const rawTime = best.get('raw FTS5') ?? Number.NaN;
console.log(
  `${size.toLocaleString('en')} synthetic pairs, batches of 10,000, CPU ms (best of ${repeat}); ${cpus().length} × ${cpus()[0]?.model ?? 'CPU'}, Node ${process.version}, load average ${loadavg()
    .map((value) => value.toFixed(2))
    .join(' / ')}`,
);
console.log('| SQL only | CPU ms | rate ÷ raw FTS5 |\n|---|---:|---:|');
for (const [variant, milliseconds] of best) {
  console.log(`| ${variant} | ${milliseconds.toFixed(0)} | ${(rawTime / milliseconds).toFixed(2)}× |`);
}
