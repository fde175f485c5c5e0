import { rmSync } from 'node:fs';
import { join } from 'node:path';
import type {
  DeleteOptions,
  Embedder,
  KnowledgeItem,
  KnowledgeStore,
  ListItemsOptions,
  SearchMode,
  SearchOptions,
  SearchResult,
  StoreStats,
  UpsertOptions,
} from '@rootweaver/core';
import { RootweaverError, throwIfAborted } from '@rootweaver/core';
import type Database from 'better-sqlite3';
import { DenseRanker, type VectorChange } from './embedded/dense-ranker.js';
import { embedMissing, embedQuery } from './embedded/embedding.js';
import { type Ranked, reciprocalRankFusion } from './embedded/fusion.js';
import type { HnswOptions, ResolvedHnswSettings } from './embedded/hnsw-options.js';
import { resolveHnswSettings } from './embedded/hnsw-settings.js';
import { ItemTable, validateItem } from './embedded/item-table.js';
import { LexicalRanker } from './embedded/lexical-ranker.js';
import { MetaTable, openStoreDatabase } from './embedded/store-schema.js';
import { validateHnswSettings } from './vector-index.js';

export { embeddedStoreSchemaVersion } from './embedded/schema-version.js';

export interface EmbeddedStoreOptions {
  /** The store's directory: `store.sqlite` (payloads, FTS5, 8-bit vectors) and `vectors.usearch` live here. */
  readonly directory: string;
  /** Computes vectors for items without one and for queries; enables dense and hybrid search. */
  readonly embedder?: Embedder;
  /** Open for reading only: upserts and deletes fail, nothing on disk changes. */
  readonly readonly?: boolean;
  /**
   * The dense index's HNSW settings. `connectivity` and `expansionAdd` shape the graph: taken when a
   * store without vectors is opened writable and recorded, so every later open uses them; asking a
   * store for others throws `invalid-config` (rebuild it to change them). `expansionSearch` holds for
   * this open only; without it a search's expansion grows with the index (`defaultExpansionSearch`).
   * Defaults and measurements: ADR-0002, revision 2026-12-02 (HNSW settings per store).
   */
  readonly hnsw?: HnswOptions;
}

/**
 * The default `KnowledgeStore`: one directory, no server. A facade over SQLite (better-sqlite3,
 * WAL, synchronous=NORMAL: `embedded/store-schema.ts`), the payload rows (`item-table.ts`), a BM25
 * ranker over a contentless FTS5 index (`lexical-ranker.ts`), an HNSW dense ranker whose vectors
 * SQLite also keeps as 8-bit copies (`dense-ranker.ts`), and reciprocal-rank fusion (`fusion.ts`).
 * ADR-0002 describes the layout.
 */
export class EmbeddedStore implements KnowledgeStore {
  readonly directory: string;
  readonly readonly: boolean;
  private readonly embedder: Embedder | undefined;
  private readonly database: Database.Database;
  private readonly meta: MetaTable;
  private readonly items: ItemTable;
  private readonly lexical: LexicalRanker;
  private readonly dense: DenseRanker;
  private dimension: number | undefined;
  private closed = false;
  /** `metadataKeys()` as last read; dropped by every write. */
  private knownMetadataKeys: readonly string[] | undefined;

  private constructor(
    directory: string,
    database: Database.Database,
    embedder: Embedder | undefined,
    readonly: boolean,
    hnsw: HnswOptions | undefined,
  ) {
    this.directory = directory;
    this.database = database;
    this.embedder = embedder;
    this.readonly = readonly;
    this.meta = new MetaTable(database, readonly);
    this.items = new ItemTable(database, readonly);
    this.lexical = new LexicalRanker(database, () => Number(this.meta.get('shortest_terms') ?? 0));
    const stored = this.meta.get('dimension');
    this.dimension = stored === undefined ? undefined : Number(stored);
    this.hnswSettings = this.database.transaction(() =>
      resolveHnswSettings({ meta: this.meta, directory, requested: hnsw, hasVectors: stored !== undefined }),
    )();
    this.dense = new DenseRanker({
      directory,
      database,
      meta: this.meta,
      readonly,
      settings: this.hnswSettings,
    });
  }

  /** The dense index's settings: the graph's, as recorded, and this open's query-time expansion. */
  readonly hnswSettings: ResolvedHnswSettings;

  /** The expansion a dense search uses now (set at open, else grown with the index size). */
  get expansionSearch(): number {
    return this.dense.expansionSearch;
  }

  /** Opens (or creates) the store in `directory`. Throws `store-corrupt` / `dimension-mismatch` with the fix. */
  static async open(options: EmbeddedStoreOptions): Promise<EmbeddedStore> {
    const readonly = options.readonly === true;
    validateHnswSettings(options.hnsw ?? {});
    const database = openStoreDatabase(options.directory, readonly);
    try {
      const store = new EmbeddedStore(options.directory, database, options.embedder, readonly, options.hnsw);
      store.checkEmbedder();
      store.dense.open(store.dimension);
      return store;
    } catch (error) {
      database.close();
      throw error;
    }
  }

  private checkEmbedder(): void {
    const embedder = this.embedder;
    if (embedder === undefined) return;
    const storedModel = this.meta.get('embedder_model');
    if (
      this.dimension !== undefined &&
      embedder.dimension !== undefined &&
      embedder.dimension !== this.dimension
    ) {
      throw new RootweaverError(
        'dimension-mismatch',
        `The store in ${this.directory} holds vectors of dimension ${this.dimension}${storedModel === undefined ? '' : ` (embedder ${storedModel})`}, but the embedder ${embedder.modelId} makes vectors of dimension ${embedder.dimension}. Use the embedder the index was built with, or rebuild the index with \`rootweaver index build\`.`,
        { details: { expected: this.dimension, actual: embedder.dimension } },
      );
    }
    if (storedModel !== undefined && storedModel !== embedder.modelId) {
      throw new RootweaverError(
        'invalid-config',
        `The store in ${this.directory} was built with the embedder ${storedModel}, but ${embedder.modelId} is configured; their vectors are not comparable. Configure ${storedModel}, or rebuild the index with \`rootweaver index build\`.`,
      );
    }
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
    const computed = await embedMissing(this.embedder, items, options.signal);
    throwIfAborted(options.signal);
    const vectors = items.map((item, index) => item.vector ?? computed[index]);
    let dimension = this.dimension;
    vectors.forEach((vector, index) => {
      if (vector === undefined) return;
      dimension ??= vector.length;
      if (vector.length !== dimension) {
        throw new RootweaverError(
          'dimension-mismatch',
          `Item ${items[index]?.id} has a vector of dimension ${vector.length}, but the store in ${this.directory} holds dimension ${dimension}. Use one embedder for the whole index, or rebuild it with \`rootweaver index build\`.`,
          { details: { expected: dimension, actual: vector.length } },
        );
      }
    });
    const changes: VectorChange[] = [];
    this.knownMetadataKeys = undefined;
    this.lexical.forget();
    this.database.transaction(() => {
      let shortest = Number(this.meta.get('shortest_terms') ?? Number.POSITIVE_INFINITY);
      this.items.write(items).forEach((written, index) => {
        if (written.previousTerms !== undefined) this.lexical.remove(written.rowid, written.previousTerms);
        this.lexical.add(written.rowid, written.terms);
        shortest = Math.min(shortest, written.termCount);
        if (dimension !== undefined) changes.push({ rowid: written.rowid, vector: vectors[index] });
      });
      this.meta.set('shortest_terms', String(shortest));
      if (dimension !== undefined && this.dimension === undefined) {
        this.meta.set('dimension', String(dimension));
        if (this.embedder !== undefined) this.meta.set('embedder_model', this.embedder.modelId);
      }
      this.dense.persist(changes);
    })();
    if (dimension !== undefined) {
      this.dimension = dimension;
      this.dense.apply(dimension, changes);
    }
    return { upserted: items.length };
  }

  async deleteByDocument(options: DeleteOptions): Promise<{ deleted: number }> {
    throwIfAborted(options.signal);
    this.assertWritable();
    if (options.documentIds.length === 0) return { deleted: 0 };
    let removed: { rowid: number; terms: string }[] = [];
    let hadVectors: number[] = [];
    this.knownMetadataKeys = undefined;
    this.lexical.forget();
    this.database.transaction(() => {
      removed = this.items.deleteDocuments(options.documentIds);
      for (const entry of removed) this.lexical.remove(entry.rowid, entry.terms);
      if (this.dimension !== undefined) hadVectors = this.dense.forget(removed.map((entry) => entry.rowid));
    })();
    if (this.dimension !== undefined) this.dense.apply(this.dimension, [], hadVectors);
    return { deleted: removed.length };
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    throwIfAborted(options.signal);
    this.assertOpen();
    const started = performance.now();
    const canEmbed = options.vector !== undefined || this.embedder !== undefined;
    // `hybrid` means "the best this store can do": without vectors it is a lexical search.
    const mode: SearchMode =
      options.mode === 'lexical' || options.mode === 'dense'
        ? options.mode
        : this.dense.hasVectors && canEmbed
          ? 'hybrid'
          : 'lexical';
    const topK = Math.max(0, Math.floor(options.topK));
    if (topK === 0) return { hits: [], mode, latencyMs: performance.now() - started };
    let ranking: Ranked[];
    if (mode === 'lexical') {
      ranking = this.lexical.rank(options.query, topK, options.filter);
    } else {
      if (!canEmbed) {
        throw new RootweaverError(
          'not-configured',
          `A ${mode} search needs a query vector or an embedder; open the store with an embedder, or search with mode 'lexical'.`,
        );
      }
      const queryVector = options.vector ?? (await embedQuery(this.embedder, options.query, options.signal));
      throwIfAborted(options.signal);
      if (mode === 'dense') {
        ranking = this.dense.rank(queryVector, topK, options.filter);
      } else {
        const depth = Math.max(topK * 4, 40);
        ranking = reciprocalRankFusion([
          this.lexical.rank(options.query, depth, options.filter),
          this.dense.rank(queryVector, depth, options.filter),
        ]);
      }
    }
    const ranked = performance.now();
    const hits = this.items.hits(ranking.slice(0, topK));
    const finished = performance.now();
    return {
      hits,
      mode,
      latencyMs: finished - started,
      timings: { rankingMs: ranked - started, payloadMs: finished - ranked },
    };
  }

  async listItems(options: ListItemsOptions = {}): Promise<KnowledgeItem[]> {
    this.assertOpen();
    throwIfAborted(options.signal);
    return this.items.list(options.kind);
  }

  /** The metadata keys some item has, sorted; read once (one pass over the items) until the next write. */
  async metadataKeys(options: { readonly signal?: AbortSignal } = {}): Promise<readonly string[]> {
    this.assertOpen();
    throwIfAborted(options.signal);
    this.knownMetadataKeys ??= this.items.metadataKeys();
    return this.knownMetadataKeys;
  }

  async stats(): Promise<StoreStats> {
    this.assertOpen();
    const counts = this.items.counts();
    return {
      items: counts.items,
      documents: counts.documents,
      byKind: { qa: counts.qa, passage: counts.passage },
      vectors: this.dense.size,
      dimension: this.dimension,
    };
  }

  /** The embedder model the store's vectors were made with, when one made them. */
  get embedderModelId(): string | undefined {
    this.assertOpen();
    return this.meta.get('embedder_model');
  }

  /** Saves the vector index next to the database (also done by `close`). */
  async flush(): Promise<void> {
    this.assertOpen();
    this.dense.flush();
  }

  async close(): Promise<void> {
    if (this.closed) return;
    try {
      this.dense.flush();
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
