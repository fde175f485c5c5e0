export type KnowledgeItemKind = 'qa' | 'passage';

export type MetadataValue = string | number | boolean;

/**
 * One retrievable unit: an atomic QA pair (CompactRAG) or a passage.
 * For a QA pair, `text` is the `[q;a]` text that is indexed: `${question} ${answer}`.
 */
export interface KnowledgeItem {
  /** Deterministic id (hash of document id, question and answer for QA pairs). */
  readonly id: string;
  /** The source passage's id: deleting a document deletes all its items. */
  readonly documentId: string;
  readonly kind: KnowledgeItemKind;
  readonly text: string;
  readonly title: string;
  /** The source passage the item was derived from (the passage itself for `passage` items). */
  readonly passage: string;
  readonly question?: string;
  readonly answer?: string;
  readonly metadata?: Readonly<Record<string, MetadataValue>>;
  /** A precomputed dense vector; stores with an embedder compute it when absent. */
  readonly vector?: Float32Array;
}

/** What a search returns for each item: the item (without its vector), its score and 1-based rank. */
export interface SearchHit extends Omit<KnowledgeItem, 'vector'> {
  readonly score: number;
  readonly rank: number;
}

export type SearchMode = 'lexical' | 'dense' | 'hybrid';

/** A condition on one metadata key: equal to a value, or equal to one of several (`{ in: [...] }`). */
export type MetadataCondition = MetadataValue | { readonly in: readonly MetadataValue[] };

export interface StoreFilter {
  readonly documentIds?: readonly string[];
  readonly kind?: KnowledgeItemKind;
  /**
   * Conditions on metadata, all of which must hold: a value matches exactly (type included, so `2`
   * is not `'2'`), `{ in: [...] }` matches any of its values.
   */
  readonly metadata?: Readonly<Record<string, MetadataCondition>>;
  /**
   * Only items whose `source` metadata is this path or lies under it as a folder: `docs/api` keeps
   * `docs/api` and `docs/api/…`, not `docs/api-old.md`. A trailing `/` changes nothing.
   */
  readonly sourcePrefix?: string;
}

export interface SearchOptions {
  readonly query: string;
  readonly topK: number;
  /**
   * Defaults to `hybrid`. `hybrid` fuses lexical and dense rankings when the store has vectors and can
   * embed the query, and is a lexical search otherwise; `dense` without vectors is an error.
   * `SearchResult.mode` reports what ran.
   */
  readonly mode?: SearchMode;
  /** A precomputed query vector; stores with an embedder compute it when absent. */
  readonly vector?: Float32Array;
  readonly filter?: StoreFilter;
  readonly signal?: AbortSignal;
}

export interface SearchResult {
  readonly hits: SearchHit[];
  readonly mode: SearchMode;
  readonly latencyMs: number;
  /**
   * Where `latencyMs` went, for stores that can tell: ranking (the index searches and fusion) and
   * reading the hits' payloads (ids, texts, passages) from where they are stored.
   */
  readonly timings?: { readonly rankingMs: number; readonly payloadMs: number };
}

export interface UpsertOptions {
  readonly items: readonly KnowledgeItem[];
  readonly signal?: AbortSignal;
}

export interface DeleteOptions {
  readonly documentIds: readonly string[];
  readonly signal?: AbortSignal;
}

export interface ListItemsOptions {
  readonly kind?: KnowledgeItemKind;
  readonly signal?: AbortSignal;
}

export interface StoreStats {
  readonly items: number;
  readonly documents: number;
  readonly byKind: Readonly<Record<KnowledgeItemKind, number>>;
  readonly vectors: number;
  readonly dimension: number | undefined;
}

/** Where atomic QA pairs and passages live. Real adapters: `EmbeddedStore` (default), `QdrantStore`. */
export interface KnowledgeStore {
  upsert(options: UpsertOptions): Promise<{ readonly upserted: number }>;
  deleteByDocument(options: DeleteOptions): Promise<{ readonly deleted: number }>;
  search(options: SearchOptions): Promise<SearchResult>;
  stats(): Promise<StoreStats>;
  /**
   * Every stored item (without vectors), in id order. Optional: a caller that needs it says so when
   * a store cannot list its items.
   */
  listItems?(options?: ListItemsOptions): Promise<KnowledgeItem[]>;
  /**
   * The metadata keys at least one stored item has, sorted. Optional: the engine checks a filter's
   * keys against it (an unknown key is an error, not an empty answer) when a store can tell.
   */
  metadataKeys?(options?: { readonly signal?: AbortSignal }): Promise<readonly string[]>;
  close(): Promise<void>;
}
