import { existsSync, mkdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { RootweaverError } from '@rootweaver/core';
import Database from 'better-sqlite3';
import { embeddedStoreSchemaVersion } from './schema-version.js';

export { embeddedStoreSchemaVersion } from './schema-version.js';

export const rebuildHint = 'Delete the directory and rebuild the index with `rootweaver index build`.';

const schemaStatements = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE passages (
  rowid INTEGER PRIMARY KEY,
  document_id TEXT NOT NULL,
  content_hash INTEGER NOT NULL,
  title TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX passages_document_id ON passages (document_id);
CREATE INDEX passages_content_hash ON passages (content_hash);
CREATE TABLE items (
  rowid INTEGER PRIMARY KEY,
  id_hash INTEGER,
  passage_rowid INTEGER NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('qa', 'passage')),
  text_form INTEGER NOT NULL,
  id TEXT NOT NULL,
  question TEXT,
  answer TEXT,
  text TEXT,
  metadata TEXT
);
CREATE UNIQUE INDEX items_id_hash ON items (id_hash);
CREATE INDEX items_colliding_id ON items (id) WHERE id_hash IS NULL;
CREATE INDEX items_passage_rowid ON items (passage_rowid);
CREATE VIRTUAL TABLE items_fts USING fts5 (terms, content = '', tokenize = 'unicode61 remove_diacritics 0');
CREATE VIRTUAL TABLE items_vocabulary USING fts5vocab (items_fts, 'row');
CREATE TABLE vectors (rowid INTEGER PRIMARY KEY, vector BLOB NOT NULL);
`;

export function corrupt(directory: string, what: string, cause?: unknown): RootweaverError {
  return new RootweaverError(
    'store-corrupt',
    `The store in ${directory} is unusable: ${what}. ${rebuildHint}`,
    {
      cause,
      details: { directory },
    },
  );
}

/** Opens (creating when writable and absent) `store.sqlite` in `directory` and checks its schema. */
export function openStoreDatabase(directory: string, readonly: boolean): Database.Database {
  if (existsSync(directory)) {
    if (!statSync(directory).isDirectory())
      throw corrupt(directory, 'the path is a file, not a store directory');
  } else if (readonly) {
    throw new RootweaverError(
      'not-found',
      `No store at ${directory}. Build one with \`rootweaver index build\`, or check the index path.`,
    );
  } else {
    mkdirSync(directory, { recursive: true });
  }
  const databasePath = join(directory, 'store.sqlite');
  if (readonly && !existsSync(databasePath)) {
    throw new RootweaverError(
      'not-found',
      `No store.sqlite in ${directory}. Build the index with \`rootweaver index build\`.`,
    );
  }
  let database: Database.Database;
  try {
    database = new Database(databasePath, { readonly, fileMustExist: readonly });
  } catch (error) {
    throw corrupt(directory, `store.sqlite cannot be opened (${(error as Error).message})`, error);
  }
  try {
    if (!readonly) {
      database.pragma('journal_mode = WAL');
      database.pragma('synchronous = NORMAL');
    }
    database.pragma('busy_timeout = 5000');
    // 64 MiB of page cache: id lookups and FTS5 merges touch pages all over a large index.
    database.pragma('cache_size = -65536');
    // A reader (every `ask`, `serve`) maps the file instead of copying each page it reads: a dense
    // search's ten payload rows read cold cost ~20 % less at the median, ~35 % less at p95 (100k
    // pairs, 2 cores). Writers keep plain reads: nothing they do truncates a file a reader maps.
    if (readonly) database.pragma('mmap_size = 1073741824');
    prepareSchema(database, directory, readonly);
  } catch (error) {
    database.close();
    if (error instanceof RootweaverError) throw error;
    throw corrupt(directory, `store.sqlite is not a rootweaver store (${(error as Error).message})`, error);
  }
  return database;
}

function prepareSchema(database: Database.Database, directory: string, readonly: boolean): void {
  const tables = database
    .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
    .pluck()
    .all() as string[];
  if (tables.length === 0) {
    if (readonly) throw corrupt(directory, 'store.sqlite is empty');
    database.transaction(() => {
      database.exec(schemaStatements);
      const set = database.prepare('INSERT INTO meta (key, value) VALUES (?, ?)');
      set.run('schema_version', String(embeddedStoreSchemaVersion));
      set.run('vector_generation', '0');
    })();
    return;
  }
  if (!tables.includes('meta') || !tables.includes('items') || !tables.includes('items_fts')) {
    throw corrupt(directory, 'store.sqlite has no rootweaver tables');
  }
  const version = database.prepare("SELECT value FROM meta WHERE key = 'schema_version'").pluck().get() as
    | string
    | undefined;
  if (version !== String(embeddedStoreSchemaVersion)) {
    throw corrupt(
      directory,
      `it was written with schema version ${version ?? 'unknown'}, and this rootweaver reads version ${embeddedStoreSchemaVersion}`,
    );
  }
}

/** The `meta` table: one row per schema fact (version, dimension, embedder, generations). */
export class MetaTable {
  private readonly select: Database.Statement;
  private readonly upsert: Database.Statement | undefined;

  constructor(database: Database.Database, readonly: boolean) {
    this.select = database.prepare('SELECT value FROM meta WHERE key = ?').pluck();
    this.upsert = readonly
      ? undefined
      : database.prepare(
          'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
        );
  }

  get(key: string): string | undefined {
    return this.select.get(key) as string | undefined;
  }

  set(key: string, value: string): void {
    this.upsert?.run(key, value);
  }
}
