import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import type {
  DeleteOptions,
  Embedder,
  KnowledgeItem,
  KnowledgeItemKind,
  KnowledgeStore,
  ListItemsOptions,
  MetadataValue,
  SearchHit,
  SearchMode,
  SearchOptions,
  SearchResult,
  StoreFilter,
  StoreStats,
  UpsertOptions,
} from '@rootweaver/core';
import { cosineSimilarity, RootweaverError, throwIfAborted } from '@rootweaver/core';
import Database from 'better-sqlite3';
import { ftsExpression, indexTerms, searchTerms } from './lexical-query.js';
import { VectorIndex } from './vector-index.js';

/** The on-disk layout this code reads and writes; bump when it changes. */
export const embeddedStoreSchemaVersion = 1;

const rebuildHint = 'Delete the directory and rebuild the index with `rootweaver index build`.';

export interface EmbeddedStoreOptions {
  /** The store's directory: `store.sqlite` (payloads, FTS5, vectors) and `vectors.usearch` live here. */
  readonly directory: string;
  /** Computes vectors for items without one and for queries; enables dense and hybrid search. */
  readonly embedder?: Embedder;
  /** Open for reading only: upserts and deletes fail, nothing on disk changes. */
  readonly readonly?: boolean;
}

interface ItemRow {
  rowid: number;
  id: string;
  document_id: string;
  kind: KnowledgeItemKind;
  title: string;
  text: string;
  passage: string;
  question: string | null;
  answer: string | null;
  metadata: string | null;
}

interface Ranked {
  readonly rowid: number;
  readonly score: number;
}

const schemaStatements = `
CREATE TABLE meta (key TEXT PRIMARY KEY, value TEXT NOT NULL) WITHOUT ROWID;
CREATE TABLE items (
  rowid INTEGER PRIMARY KEY,
  id TEXT NOT NULL UNIQUE,
  document_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('qa', 'passage')),
  title TEXT NOT NULL,
  text TEXT NOT NULL,
  passage TEXT NOT NULL,
  question TEXT,
  answer TEXT,
  metadata TEXT,
  vector BLOB,
  terms TEXT NOT NULL,
  term_count INTEGER NOT NULL
);
CREATE INDEX items_document_id ON items (document_id);
CREATE VIRTUAL TABLE items_fts USING fts5 (
  terms, content = 'items', content_rowid = 'rowid', tokenize = 'unicode61 remove_diacritics 0'
);
CREATE VIRTUAL TABLE items_vocabulary USING fts5vocab (items_fts, 'row');
CREATE TRIGGER items_after_insert AFTER INSERT ON items BEGIN
  INSERT INTO items_fts (rowid, terms) VALUES (new.rowid, new.terms);
END;
CREATE TRIGGER items_after_delete AFTER DELETE ON items BEGIN
  INSERT INTO items_fts (items_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
END;
CREATE TRIGGER items_after_update AFTER UPDATE OF terms ON items BEGIN
  INSERT INTO items_fts (items_fts, rowid, terms) VALUES ('delete', old.rowid, old.terms);
  INSERT INTO items_fts (rowid, terms) VALUES (new.rowid, new.terms);
END;
`;

function corrupt(directory: string, what: string, cause?: unknown): RootweaverError {
  return new RootweaverError(
    'store-corrupt',
    `The store in ${directory} is unusable: ${what}. ${rebuildHint}`,
    {
      cause,
      details: { directory },
    },
  );
}

function vectorToBuffer(vector: Float32Array): Buffer {
  return Buffer.from(vector.buffer, vector.byteOffset, vector.byteLength);
}

function bufferToVector(buffer: Buffer): Float32Array {
  const copy = new Float32Array(buffer.byteLength / 4);
  new Uint8Array(copy.buffer).set(buffer);
  return copy;
}

function sha256OfFile(path: string): string {
  return createHash('sha256').update(readFileSync(path)).digest('hex');
}

function jsonPath(key: string): string {
  return `$."${key.replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`;
}

/** SQL conditions on alias `i` for a filter, with their parameters. */
function filterSql(filter: StoreFilter | undefined): { sql: string; parameters: unknown[] } {
  const conditions: string[] = [];
  const parameters: unknown[] = [];
  if (filter?.kind !== undefined) {
    conditions.push('i.kind = ?');
    parameters.push(filter.kind);
  }
  if (filter?.documentIds !== undefined) {
    conditions.push('i.document_id IN (SELECT value FROM json_each(?))');
    parameters.push(JSON.stringify(filter.documentIds));
  }
  for (const [key, value] of Object.entries(filter?.metadata ?? {})) {
    const path = jsonPath(key);
    if (typeof value === 'boolean') {
      conditions.push('json_type(i.metadata, ?) = ?');
      parameters.push(path, value ? 'true' : 'false');
    } else if (typeof value === 'number') {
      conditions.push("json_type(i.metadata, ?) IN ('integer', 'real') AND json_extract(i.metadata, ?) = ?");
      parameters.push(path, path, value);
    } else {
      conditions.push("json_type(i.metadata, ?) = 'text' AND json_extract(i.metadata, ?) = ?");
      parameters.push(path, path, value);
    }
  }
  return { sql: conditions.length === 0 ? '' : conditions.join(' AND '), parameters };
}

function isFilterEmpty(filter: StoreFilter | undefined): boolean {
  return (
    filter === undefined ||
    (filter.kind === undefined &&
      filter.documentIds === undefined &&
      Object.keys(filter.metadata ?? {}).length === 0)
  );
}

function fuse(rankings: readonly (readonly Ranked[])[], k = 60): Ranked[] {
  const scores = new Map<number, number>();
  for (const ranking of rankings) {
    ranking.forEach((entry, index) => {
      scores.set(entry.rowid, (scores.get(entry.rowid) ?? 0) + 1 / (k + index + 1));
    });
  }
  return [...scores.entries()]
    .map(([rowid, score]) => ({ rowid, score }))
    .sort((left, right) => right.score - left.score || left.rowid - right.rowid);
}

function validateItem(item: KnowledgeItem): void {
  if (typeof item.id !== 'string' || item.id === '') {
    throw new RootweaverError('invalid-input', 'Every knowledge item needs a non-empty id.');
  }
  if (item.kind !== 'qa' && item.kind !== 'passage') {
    throw new RootweaverError(
      'invalid-input',
      `Item ${item.id} has kind '${String(item.kind)}'; use 'qa' or 'passage'.`,
    );
  }
  for (const [key, value] of Object.entries(item.metadata ?? {})) {
    const type = typeof value;
    if (type !== 'string' && type !== 'number' && type !== 'boolean') {
      throw new RootweaverError(
        'invalid-input',
        `Item ${item.id} has metadata '${key}' of type ${type}; metadata values must be strings, numbers or booleans.`,
      );
    }
  }
}

/**
 * The default `KnowledgeStore`: one directory, no server. SQLite (better-sqlite3, WAL,
 * synchronous=NORMAL) holds payloads, vectors and an FTS5 BM25 index; usearch holds an HNSW index
 * of the vectors (`vectors.usearch`, saved on flush/close and rebuilt from SQLite whenever it is
 * missing or stale, so a crash loses nothing committed). Hybrid search fuses BM25 and dense
 * rankings by reciprocal rank (k = 60).
 */
export class EmbeddedStore implements KnowledgeStore {
  readonly directory: string;
  readonly readonly: boolean;
  private readonly embedder: Embedder | undefined;
  private readonly database: Database.Database;
  private vectors: VectorIndex | undefined;
  private dimension: number | undefined;
  private vectorsDirty = false;
  private closed = false;
  /** BM25 statistics, cached between writes. */
  private corpus: { items: number; averageLength: number; shortestLength: number } | undefined;
  private readonly documentFrequencies = new Map<string, { documents: number; occurrences: number }>();
  private readonly statements: {
    upsert: Database.Statement;
    clearVector: Database.Statement;
    setMeta: Database.Statement;
    rowsByRowid: Database.Statement;
    vectorsByRowid: Database.Statement;
    deleteByDocument: Database.Statement;
    lexical: Database.Statement;
    candidates: Database.Statement;
    documentFrequency: Database.Statement;
    corpus: Database.Statement;
    stats: Database.Statement;
  };

  private constructor(
    directory: string,
    database: Database.Database,
    embedder: Embedder | undefined,
    readonly: boolean,
  ) {
    this.directory = directory;
    this.database = database;
    this.embedder = embedder;
    this.readonly = readonly;
    const prepare = (sql: string): Database.Statement => database.prepare(sql);
    this.statements = {
      upsert: readonly
        ? prepare('SELECT 1')
        : prepare(`INSERT INTO items (id, document_id, kind, title, text, passage, question, answer, metadata, vector, terms, term_count)
          VALUES (@id, @documentId, @kind, @title, @text, @passage, @question, @answer, @metadata, @vector, @terms, @termCount)
          ON CONFLICT (id) DO UPDATE SET document_id = excluded.document_id, kind = excluded.kind,
            title = excluded.title, text = excluded.text, passage = excluded.passage, question = excluded.question,
            answer = excluded.answer, metadata = excluded.metadata, vector = excluded.vector,
            terms = excluded.terms, term_count = excluded.term_count
          RETURNING rowid`),
      clearVector: readonly ? prepare('SELECT 1') : prepare('UPDATE items SET vector = NULL WHERE rowid = ?'),
      setMeta: readonly
        ? prepare('SELECT 1')
        : prepare(
            'INSERT INTO meta (key, value) VALUES (?, ?) ON CONFLICT (key) DO UPDATE SET value = excluded.value',
          ),
      rowsByRowid: prepare(
        'SELECT rowid, id, document_id, kind, title, text, passage, question, answer, metadata FROM items WHERE rowid IN (SELECT value FROM json_each(?))',
      ),
      vectorsByRowid: prepare(
        'SELECT rowid, vector FROM items WHERE vector IS NOT NULL AND rowid IN (SELECT value FROM json_each(?))',
      ),
      deleteByDocument: readonly
        ? prepare('SELECT 1')
        : prepare(
            'DELETE FROM items WHERE document_id IN (SELECT value FROM json_each(?)) RETURNING rowid, vector IS NOT NULL AS had_vector',
          ),
      lexical: prepare(
        'SELECT rowid, bm25(items_fts) AS score FROM items_fts WHERE items_fts MATCH ? ORDER BY score LIMIT ?',
      ),
      candidates: prepare(
        'SELECT i.rowid AS rowid, i.terms AS terms, i.term_count AS term_count FROM items_fts JOIN items i ON i.rowid = items_fts.rowid WHERE items_fts MATCH ?',
      ),
      documentFrequency: prepare(
        'SELECT doc AS documents, cnt AS occurrences FROM items_vocabulary WHERE term = ?',
      ),
      corpus: prepare(
        'SELECT count(*) AS items, coalesce(avg(term_count), 0) AS averageLength, coalesce(min(term_count), 0) AS shortestLength FROM items',
      ),
      stats: prepare(`SELECT count(*) AS items, count(DISTINCT document_id) AS documents,
        coalesce(sum(kind = 'qa'), 0) AS qa, coalesce(sum(kind = 'passage'), 0) AS passage,
        coalesce(sum(vector IS NOT NULL), 0) AS vectors FROM items`),
    };
  }

  /** Opens (or creates) the store in `directory`. Throws `store-corrupt` / `dimension-mismatch` with the fix. */
  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const { directory } = options;
    const readonly = options.readonly === true;
    if (existsSync(directory)) {
      if (!statSync(directory).isDirectory()) {
        throw corrupt(directory, 'the path is a file, not a store directory');
      }
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
      EmbeddedStore.prepareSchema(database, directory, readonly);
    } catch (error) {
      database.close();
      if (error instanceof RootweaverError) throw error;
      throw corrupt(directory, `store.sqlite is not a rootweaver store (${(error as Error).message})`, error);
    }
    const store = new EmbeddedStore(directory, database, options.embedder, readonly);
    try {
      store.checkEmbedder();
      store.loadVectors();
    } catch (error) {
      database.close();
      throw error;
    }
    return store;
  }

  private static prepareSchema(database: Database.Database, directory: string, readonly: boolean): void {
    const tables = database
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table'")
      .all()
      .map((row) => (row as { name: string }).name);
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
    const version = (
      database.prepare("SELECT value FROM meta WHERE key = 'schema_version'").get() as
        | { value: string }
        | undefined
    )?.value;
    if (version !== String(embeddedStoreSchemaVersion)) {
      throw corrupt(
        directory,
        `it was written with schema version ${version ?? 'unknown'}, and this rootweaver reads version ${embeddedStoreSchemaVersion}`,
      );
    }
  }

  private meta(key: string): string | undefined {
    const row = this.database.prepare('SELECT value FROM meta WHERE key = ?').get(key) as
      | { value: string }
      | undefined;
    return row?.value;
  }

  private checkEmbedder(): void {
    const stored = this.meta('dimension');
    this.dimension = stored === undefined ? undefined : Number(stored);
    const embedder = this.embedder;
    if (embedder === undefined) return;
    if (
      this.dimension !== undefined &&
      embedder.dimension !== undefined &&
      embedder.dimension !== this.dimension
    ) {
      throw new RootweaverError(
        'dimension-mismatch',
        `The store in ${this.directory} holds vectors of dimension ${this.dimension}${this.embedderNote()}, but the embedder ${embedder.modelId} makes vectors of dimension ${embedder.dimension}. Use the embedder the index was built with, or rebuild the index with \`rootweaver index build\`.`,
        { details: { expected: this.dimension, actual: embedder.dimension } },
      );
    }
    const storedModel = this.meta('embedder_model');
    if (storedModel !== undefined && storedModel !== embedder.modelId) {
      throw new RootweaverError(
        'invalid-config',
        `The store in ${this.directory} was built with the embedder ${storedModel}, but ${embedder.modelId} is configured; their vectors are not comparable. Configure ${storedModel}, or rebuild the index with \`rootweaver index build\`.`,
      );
    }
  }

  private embedderNote(): string {
    const model = this.meta('embedder_model');
    return model === undefined ? '' : ` (embedder ${model})`;
  }

  private vectorsPath(): string {
    return join(this.directory, 'vectors.usearch');
  }

  /** Loads `vectors.usearch` when it is the one saved for the current data; else rebuilds it from SQLite. */
  private loadVectors(): void {
    const dimension = this.dimension;
    if (dimension === undefined) return;
    const count = (
      this.database.prepare('SELECT count(*) AS count FROM items WHERE vector IS NOT NULL').get() as {
        count: number;
      }
    ).count;
    const path = this.vectorsPath();
    const current =
      existsSync(path) &&
      this.meta('vectors_file_generation') === this.meta('vector_generation') &&
      this.meta('vectors_file_sha256') === sha256OfFile(path);
    if (current) {
      // The checksum guards usearch's loader, which aborts the process on a damaged file.
      const { index, fileDimension } = VectorIndex.load(path, dimension);
      if (fileDimension !== dimension) {
        throw new RootweaverError(
          'dimension-mismatch',
          `The vectors file in ${this.directory} holds vectors of dimension ${fileDimension}, but the store records ${dimension}. ${rebuildHint}`,
          { details: { expected: dimension, actual: fileDimension } },
        );
      }
      if (index.size === count) {
        this.vectors = index;
        return;
      }
    }
    this.rebuildVectors(dimension);
  }

  private rebuildVectors(dimension: number): void {
    const index = new VectorIndex(dimension);
    const keys: number[] = [];
    const chunk = 4096;
    let buffer = new Float32Array(chunk * dimension);
    for (const row of this.database
      .prepare('SELECT rowid, vector FROM items WHERE vector IS NOT NULL')
      .iterate()) {
      const { rowid, vector } = row as { rowid: number; vector: Buffer };
      if (vector.byteLength !== dimension * 4) {
        throw corrupt(
          this.directory,
          `item row ${rowid} has a vector of dimension ${vector.byteLength / 4} where ${dimension} is recorded`,
        );
      }
      buffer.set(bufferToVector(vector), keys.length * dimension);
      keys.push(rowid);
      if (keys.length === chunk) {
        index.addMany(keys, buffer);
        keys.length = 0;
        buffer = new Float32Array(chunk * dimension);
      }
    }
    index.addMany(keys, buffer.subarray(0, keys.length * dimension));
    this.vectors = index;
    this.vectorsDirty = !this.readonly;
  }

  private assertOpen(): void {
    if (this.closed) {
      throw new RootweaverError(
        'store-unavailable',
        `The store in ${this.directory} is closed; open it again.`,
      );
    }
  }

  private assertWritable(): void {
    this.assertOpen();
    if (this.readonly) {
      throw new RootweaverError(
        'invalid-input',
        `The store in ${this.directory} was opened read-only; open it without \`readonly\` to change it.`,
      );
    }
  }

  async upsert(options: UpsertOptions): Promise<{ upserted: number }> {
    throwIfAborted(options.signal);
    this.assertWritable();
    const items = options.items;
    if (items.length === 0) return { upserted: 0 };
    for (const item of items) validateItem(item);
    const computed = await this.embedMissing(items, options.signal);
    throwIfAborted(options.signal);
    const vectorOf = (index: number): Float32Array | undefined => items[index]?.vector ?? computed.get(index);
    let dimension = this.dimension;
    for (let index = 0; index < items.length; index += 1) {
      const vector = vectorOf(index);
      if (vector === undefined) continue;
      dimension ??= vector.length;
      if (vector.length !== dimension) {
        throw new RootweaverError(
          'dimension-mismatch',
          `Item ${items[index]?.id} has a vector of dimension ${vector.length}, but the store in ${this.directory} holds dimension ${dimension}. Use one embedder for the whole index, or rebuild it with \`rootweaver index build\`.`,
          { details: { expected: dimension, actual: vector.length } },
        );
      }
    }
    const vectorChanges: { rowid: number; vector: Float32Array | undefined }[] = [];
    this.forgetCorpusStatistics();
    const hasVectors = dimension !== undefined;
    this.database.transaction(() => {
      items.forEach((item, index) => {
        const vector = vectorOf(index);
        const terms = indexTerms(item.text);
        const row = this.statements.upsert.get({
          terms: terms.join(' '),
          termCount: terms.length,
          id: item.id,
          documentId: item.documentId,
          kind: item.kind,
          title: item.title,
          text: item.text,
          passage: item.passage,
          question: item.question ?? null,
          answer: item.answer ?? null,
          metadata: item.metadata === undefined ? null : JSON.stringify(item.metadata),
          vector: vector === undefined ? null : vectorToBuffer(vector),
        }) as { rowid: number };
        if (hasVectors) vectorChanges.push({ rowid: row.rowid, vector });
      });
      if (dimension !== undefined && this.dimension === undefined) {
        this.statements.setMeta.run('dimension', String(dimension));
        if (this.embedder !== undefined) {
          this.statements.setMeta.run('embedder_model', this.embedder.modelId);
        }
      }
      if (hasVectors) this.bumpVectorGeneration();
    })();
    if (dimension !== undefined) {
      this.dimension = dimension;
      this.vectors ??= new VectorIndex(dimension);
      const additions: { key: number; vector: Float32Array }[] = [];
      for (const change of vectorChanges) {
        if (change.vector === undefined) this.vectors.delete(change.rowid);
        else additions.push({ key: change.rowid, vector: change.vector });
      }
      this.vectors.setMany(additions);
      this.vectorsDirty = true;
    }
    return { upserted: items.length };
  }

  private bumpVectorGeneration(): void {
    this.database
      .prepare(
        "UPDATE meta SET value = CAST(CAST(value AS INTEGER) + 1 AS TEXT) WHERE key = 'vector_generation'",
      )
      .run();
  }

  private async embedMissing(
    items: readonly KnowledgeItem[],
    signal: AbortSignal | undefined,
  ): Promise<Map<number, Float32Array>> {
    const computed = new Map<number, Float32Array>();
    if (this.embedder === undefined) return computed;
    const missing = items.flatMap((item, index) => (item.vector === undefined ? [index] : []));
    if (missing.length === 0) return computed;
    const result = await this.embedder.embed({
      values: missing.map((index) => items[index]?.text ?? ''),
      ...(signal === undefined ? {} : { signal }),
    });
    if (result.vectors.length !== missing.length) {
      throw new RootweaverError(
        'embedding-failed',
        `The embedder ${this.embedder.modelId} returned ${result.vectors.length} vectors for ${missing.length} texts.`,
      );
    }
    missing.forEach((itemIndex, position) => {
      const vector = result.vectors[position];
      if (vector !== undefined) computed.set(itemIndex, vector);
    });
    return computed;
  }

  async deleteByDocument(options: DeleteOptions): Promise<{ deleted: number }> {
    throwIfAborted(options.signal);
    this.assertWritable();
    if (options.documentIds.length === 0) return { deleted: 0 };
    let removed: { rowid: number; had_vector: number }[] = [];
    this.forgetCorpusStatistics();
    this.database.transaction(() => {
      removed = this.statements.deleteByDocument.all(JSON.stringify(options.documentIds)) as typeof removed;
      if (removed.some((row) => row.had_vector === 1)) this.bumpVectorGeneration();
    })();
    for (const row of removed) {
      if (row.had_vector === 1) {
        this.vectors?.delete(row.rowid);
        this.vectorsDirty = true;
      }
    }
    return { deleted: removed.length };
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    throwIfAborted(options.signal);
    this.assertOpen();
    const started = performance.now();
    const hasVectors = (this.vectors?.size ?? 0) > 0;
    const canEmbed = options.vector !== undefined || this.embedder !== undefined;
    // `hybrid` means "the best this store can do": without vectors it is a lexical search.
    const mode: SearchMode =
      options.mode === 'lexical' || options.mode === 'dense'
        ? options.mode
        : hasVectors && canEmbed
          ? 'hybrid'
          : 'lexical';
    const topK = Math.max(0, Math.floor(options.topK));
    if (topK === 0) return { hits: [], mode, latencyMs: performance.now() - started };
    let ranking: Ranked[];
    if (mode === 'lexical') {
      ranking = this.lexicalRanking(options.query, topK, options.filter);
    } else {
      if (!canEmbed) {
        throw new RootweaverError(
          'not-configured',
          `A ${mode} search needs a query vector or an embedder; open the store with an embedder, or search with mode 'lexical'.`,
        );
      }
      const queryVector = options.vector ?? (await this.embedQuery(options.query, options.signal));
      throwIfAborted(options.signal);
      if (mode === 'dense') {
        ranking = this.denseRanking(queryVector, topK, options.filter);
      } else {
        const depth = Math.max(topK * 4, 40);
        ranking = fuse([
          this.lexicalRanking(options.query, depth, options.filter),
          this.denseRanking(queryVector, depth, options.filter),
        ]).slice(0, topK);
      }
    }
    const hits = this.hitsFor(ranking.slice(0, topK));
    return { hits, mode, latencyMs: performance.now() - started };
  }

  private async embedQuery(query: string, signal: AbortSignal | undefined): Promise<Float32Array> {
    const embedder = this.embedder;
    if (embedder === undefined) throw new RootweaverError('not-configured', 'No embedder is configured.');
    const result = await embedder.embed({
      values: [query],
      // e5/bge-style encoders prefix a query differently from the passages it is matched against.
      purpose: 'query',
      ...(signal === undefined ? {} : { signal }),
    });
    const vector = result.vectors[0];
    if (vector === undefined) {
      throw new RootweaverError('embedding-failed', `The embedder ${embedder.modelId} returned no vector.`);
    }
    return vector;
  }

  private forgetCorpusStatistics(): void {
    this.corpus = undefined;
    this.documentFrequencies.clear();
  }

  private documentFrequency(term: string): { documents: number; occurrences: number } {
    let frequency = this.documentFrequencies.get(term);
    if (frequency === undefined) {
      frequency = (this.statements.documentFrequency.get(term) as
        | { documents: number; occurrences: number }
        | undefined) ?? { documents: 0, occurrences: 0 };
      this.documentFrequencies.set(term, frequency);
    }
    return frequency;
  }

  /**
   * BM25 (k1 = 1.2, b = 0.75) over the FTS5 index. Fast path: candidates are the items holding the
   * query's most selective terms (at most 300, then 3,000 postings), scored with every query term.
   * The result is exact whenever the k-th candidate outscores the best any item holding only the
   * remaining common terms could reach (each at its largest possible count in the shortest item);
   * otherwise, or when too few candidates pass the filter, FTS5 ranks every match with its bm25().
   */
  private lexicalRanking(query: string, limit: number, filter: StoreFilter | undefined): Ranked[] {
    const terms = searchTerms(query);
    if (terms.length === 0) return [];
    this.corpus ??= this.statements.corpus.get() as {
      items: number;
      averageLength: number;
      shortestLength: number;
    };
    const { items, averageLength, shortestLength } = this.corpus;
    if (items === 0) return [];
    const frequencies = terms
      .map((term) => {
        const { documents, occurrences } = this.documentFrequency(term);
        return { term, frequency: documents, occurrences };
      })
      .filter((entry) => entry.frequency > 0)
      .sort((left, right) => left.frequency - right.frequency);
    if (frequencies.length === 0) return [];
    const idf = new Map(
      frequencies.map(({ term, frequency }) => [
        term,
        // FTS5's own bm25() idf, so both paths rank alike: terms in over half the items weigh ~0.
        Math.max(1e-6, Math.log((items - frequency + 0.5) / (frequency + 0.5))),
      ]),
    );
    // The most a term can add to any item's score: its largest possible term frequency (every
    // other holder has at least one occurrence) in the shortest item.
    const shortestNorm = 1.2 * (0.25 + (0.75 * shortestLength) / Math.max(averageLength, 1e-9));
    const ceilingOf = (entry: (typeof frequencies)[number]): number => {
      const largestCount = entry.occurrences - entry.frequency + 1;
      return ((idf.get(entry.term) ?? 0) * largestCount * 2.2) / (largestCount + shortestNorm);
    };
    let previous = 0;
    for (const candidateBudget of [300, 3_000]) {
      const selective: string[] = [];
      let postings = 0;
      for (const { term, frequency } of frequencies) {
        if (selective.length > 0 && postings + frequency > candidateBudget) break;
        selective.push(term);
        postings += frequency;
      }
      // Even the rarest term is too common for this budget: try the next one, else let FTS5 rank.
      if (postings > candidateBudget * 2) continue;
      // Nothing new to look at since the smaller budget.
      if (selective.length === previous) break;
      previous = selective.length;
      const common = frequencies.slice(selective.length);
      const ceiling = common.reduce((sum, entry) => sum + ceilingOf(entry), 0);
      const scored = this.scoreCandidates(selective, idf, averageLength, filter).slice(0, limit);
      const kth = scored[limit - 1]?.score;
      if (common.length === 0 || (kth !== undefined && kth >= ceiling)) return scored;
    }
    return this.lexicalRankingByFts(ftsExpression(frequencies.map((entry) => entry.term)), limit, filter);
  }

  /** BM25 of every item holding one of `selective`, over all query terms in `idf`, best first. */
  private scoreCandidates(
    selective: readonly string[],
    idf: ReadonlyMap<string, number>,
    averageLength: number,
    filter: StoreFilter | undefined,
  ): Ranked[] {
    type Row = { rowid: number; terms: string; term_count: number };
    let rows: Row[];
    if (isFilterEmpty(filter)) {
      rows = this.statements.candidates.all(ftsExpression(selective)) as Row[];
    } else {
      const conditions = filterSql(filter);
      rows = this.database
        .prepare(
          `SELECT i.rowid AS rowid, i.terms AS terms, i.term_count AS term_count FROM items_fts
           JOIN items i ON i.rowid = items_fts.rowid WHERE items_fts MATCH ? AND ${conditions.sql}`,
        )
        .all(ftsExpression(selective), ...conditions.parameters) as Row[];
    }
    return rows
      .map((row) => {
        const counts = new Map<string, number>();
        for (const term of row.terms.split(' '))
          if (idf.has(term)) counts.set(term, (counts.get(term) ?? 0) + 1);
        const norm = 1.2 * (0.25 + (0.75 * row.term_count) / Math.max(averageLength, 1e-9));
        let score = 0;
        for (const [term, count] of counts) score += ((idf.get(term) ?? 0) * count * 2.2) / (count + norm);
        return { rowid: row.rowid, score };
      })
      .sort((left, right) => right.score - left.score || left.rowid - right.rowid);
  }

  private lexicalRankingByFts(match: string, limit: number, filter: StoreFilter | undefined): Ranked[] {
    let rows: { rowid: number; score: number }[];
    if (isFilterEmpty(filter)) {
      rows = this.statements.lexical.all(match, limit) as typeof rows;
    } else {
      const conditions = filterSql(filter);
      rows = this.database
        .prepare(
          `SELECT items_fts.rowid AS rowid, bm25(items_fts) AS score FROM items_fts
           JOIN items i ON i.rowid = items_fts.rowid
           WHERE items_fts MATCH ? AND ${conditions.sql} ORDER BY score LIMIT ?`,
        )
        .all(match, ...conditions.parameters, limit) as typeof rows;
    }
    // FTS5's bm25() is lower-is-better; hits carry higher-is-better scores.
    return rows.map((row) => ({ rowid: row.rowid, score: -row.score }));
  }

  private denseRanking(vector: Float32Array, limit: number, filter: StoreFilter | undefined): Ranked[] {
    const index = this.vectors;
    if (index === undefined || index.size === 0) return [];
    if (vector.length !== index.dimension) {
      throw new RootweaverError(
        'dimension-mismatch',
        `The query vector has dimension ${vector.length}, but the store in ${this.directory} holds dimension ${index.dimension}. Embed queries with the embedder the index was built with.`,
        { details: { expected: index.dimension, actual: vector.length } },
      );
    }
    if (isFilterEmpty(filter)) {
      return index.search(vector, limit).map((match) => ({ rowid: match.key, score: match.similarity }));
    }
    const conditions = filterSql(filter);
    const allowed = this.database
      .prepare(`SELECT i.rowid AS rowid FROM items i WHERE i.vector IS NOT NULL AND ${conditions.sql}`)
      .pluck()
      .all(...conditions.parameters) as number[];
    if (allowed.length <= 4096) {
      // Few candidates: score them exactly.
      const rows = this.statements.vectorsByRowid.all(JSON.stringify(allowed)) as {
        rowid: number;
        vector: Buffer;
      }[];
      return rows
        .map((row) => ({ rowid: row.rowid, score: cosineSimilarity(vector, bufferToVector(row.vector)) }))
        .sort((left, right) => right.score - left.score || left.rowid - right.rowid)
        .slice(0, limit);
    }
    const allowedSet = new Set(allowed);
    for (let depth = limit * 8; ; depth *= 4) {
      const matches = index.search(vector, depth).filter((match) => allowedSet.has(match.key));
      if (matches.length >= limit || depth >= index.size) {
        return matches.slice(0, limit).map((match) => ({ rowid: match.key, score: match.similarity }));
      }
    }
  }

  private hitsFor(ranking: readonly Ranked[]): SearchHit[] {
    if (ranking.length === 0) return [];
    const rows = this.statements.rowsByRowid.all(
      JSON.stringify(ranking.map((entry) => entry.rowid)),
    ) as ItemRow[];
    const byRowid = new Map(rows.map((row) => [row.rowid, row]));
    const hits: SearchHit[] = [];
    for (const entry of ranking) {
      const row = byRowid.get(entry.rowid);
      if (row === undefined) continue;
      hits.push({
        id: row.id,
        documentId: row.document_id,
        kind: row.kind,
        title: row.title,
        text: row.text,
        passage: row.passage,
        ...(row.question === null ? {} : { question: row.question }),
        ...(row.answer === null ? {} : { answer: row.answer }),
        ...(row.metadata === null
          ? {}
          : { metadata: JSON.parse(row.metadata) as Record<string, MetadataValue> }),
        score: entry.score,
        rank: hits.length + 1,
      });
    }
    return hits;
  }

  async listItems(options: ListItemsOptions = {}): Promise<KnowledgeItem[]> {
    this.assertOpen();
    throwIfAborted(options.signal);
    const rows = this.database
      .prepare(
        'SELECT rowid, id, document_id, kind, title, text, passage, question, answer, metadata FROM items WHERE (? IS NULL OR kind = ?) ORDER BY id',
      )
      .all(options.kind ?? null, options.kind ?? null) as ItemRow[];
    return this.hitsFor(rows.map((row) => ({ rowid: row.rowid, score: 0 }))).map(
      ({ score: _score, rank: _rank, ...item }) => item,
    );
  }

  async stats(): Promise<StoreStats> {
    this.assertOpen();
    const row = this.statements.stats.get() as {
      items: number;
      documents: number;
      qa: number;
      passage: number;
      vectors: number;
    };
    return {
      items: row.items,
      documents: row.documents,
      byKind: { qa: row.qa, passage: row.passage },
      vectors: row.vectors,
      dimension: this.dimension,
    };
  }

  /** The embedder model the store's vectors were made with, when one made them. */
  get embedderModelId(): string | undefined {
    this.assertOpen();
    return this.meta('embedder_model');
  }

  /** Saves the vector index next to the database (also done by `close`). */
  async flush(): Promise<void> {
    this.assertOpen();
    if (this.readonly || !this.vectorsDirty || this.vectors === undefined) return;
    const path = this.vectorsPath();
    const temporary = `${path}.tmp`;
    this.vectors.save(temporary);
    const sha = sha256OfFile(temporary);
    renameSync(temporary, path);
    const generation = this.meta('vector_generation') ?? '0';
    this.database.transaction(() => {
      this.statements.setMeta.run('vectors_file_generation', generation);
      this.statements.setMeta.run('vectors_file_sha256', sha);
    })();
    this.vectorsDirty = false;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      await this.flush();
    } finally {
      this.closed = true;
      this.database.close();
    }
  }

  /** Removes a store directory's files (for `index build --force`). */
  static destroy(directory: string): void {
    for (const name of [
      'store.sqlite',
      'store.sqlite-wal',
      'store.sqlite-shm',
      'vectors.usearch',
      'vectors.usearch.tmp',
    ]) {
      rmSync(join(directory, name), { force: true });
    }
  }
}
