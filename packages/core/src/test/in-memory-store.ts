import { RootweaverError, throwIfAborted } from '../errors.js';
import type { Embedder } from '../spec/embedder.js';
import type {
  DeleteOptions,
  KnowledgeItem,
  KnowledgeStore,
  ListItemsOptions,
  SearchHit,
  SearchMode,
  SearchOptions,
  SearchResult,
  StoreFilter,
  StoreStats,
  UpsertOptions,
} from '../spec/knowledge-store.js';
import { cosineSimilarity } from '../vectors/cosine-similarity.js';
import { isUnderSource, meetsCondition, sourceMetadataKey } from '../vocabulary/retrieval-filter.js';

export interface InMemoryStoreOptions {
  readonly items?: readonly KnowledgeItem[];
  readonly embedder?: Embedder;
}

function tokenize(text: string): string[] {
  return text.toLowerCase().match(/[\p{L}\p{N}]+/gu) ?? [];
}

function passesFilter(item: KnowledgeItem, filter: StoreFilter | undefined): boolean {
  if (filter === undefined) return true;
  if (filter.kind !== undefined && item.kind !== filter.kind) return false;
  if (filter.documentIds !== undefined && !filter.documentIds.includes(item.documentId)) return false;
  for (const [key, condition] of Object.entries(filter.metadata ?? {})) {
    if (!meetsCondition(item.metadata?.[key], condition)) return false;
  }
  return (
    filter.sourcePrefix === undefined ||
    isUnderSource(item.metadata?.[sourceMetadataKey], filter.sourcePrefix)
  );
}

function withoutVector(item: KnowledgeItem): Omit<KnowledgeItem, 'vector'> {
  const { vector: _vector, ...rest } = item;
  return rest;
}

/**
 * A `KnowledgeStore` in memory: BM25 lexical scoring, cosine dense scoring, RRF hybrid.
 * For tests and examples; `EmbeddedStore` in `@rootweaver/providers` is the real one.
 */
export class InMemoryStore implements KnowledgeStore {
  readonly searches: SearchOptions[] = [];
  private readonly items = new Map<string, KnowledgeItem>();
  private readonly embedder: Embedder | undefined;

  constructor(options: InMemoryStoreOptions = {}) {
    this.embedder = options.embedder;
    for (const item of options.items ?? []) this.items.set(item.id, item);
  }

  async upsert(options: UpsertOptions): Promise<{ upserted: number }> {
    throwIfAborted(options.signal);
    const missing = options.items.filter((item) => item.vector === undefined);
    let vectors: Float32Array[] = [];
    if (this.embedder !== undefined && missing.length > 0) {
      const embedOptions = options.signal === undefined ? {} : { signal: options.signal };
      vectors = (await this.embedder.embed({ values: missing.map((item) => item.text), ...embedOptions }))
        .vectors;
    }
    let next = 0;
    for (const item of options.items) {
      const vector = item.vector ?? vectors[next++];
      this.items.set(item.id, vector === undefined ? item : { ...item, vector });
    }
    return { upserted: options.items.length };
  }

  async deleteByDocument(options: DeleteOptions): Promise<{ deleted: number }> {
    throwIfAborted(options.signal);
    const documents = new Set(options.documentIds);
    let deleted = 0;
    for (const [id, item] of this.items) {
      if (documents.has(item.documentId)) {
        this.items.delete(id);
        deleted += 1;
      }
    }
    return { deleted };
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    throwIfAborted(options.signal);
    this.searches.push(options);
    const started = performance.now();
    const candidates = [...this.items.values()].filter((item) => passesFilter(item, options.filter));
    const hasVectors = candidates.some((item) => item.vector !== undefined);
    // `hybrid` means "the best this store can do": without vectors it is a lexical search.
    const mode: SearchMode =
      options.mode === 'lexical' || options.mode === 'dense'
        ? options.mode
        : hasVectors
          ? 'hybrid'
          : 'lexical';
    if (mode === 'dense' && !hasVectors && candidates.length > 0) {
      throw new RootweaverError(
        'not-configured',
        "InMemoryStore cannot run a dense search: no item has a vector. Pass an embedder or use mode 'lexical'.",
      );
    }
    let ranked: { item: KnowledgeItem; score: number }[];
    if (mode === 'lexical') ranked = this.lexical(candidates, options.query);
    else {
      const queryVector = options.vector ?? (await this.embedQuery(options));
      const dense = candidates
        .filter((item) => item.vector !== undefined)
        .map((item) => ({ item, score: cosineSimilarity(queryVector, item.vector as Float32Array) }))
        .sort((left, right) => right.score - left.score);
      ranked =
        mode === 'dense' ? dense : fuseByReciprocalRank([this.lexical(candidates, options.query), dense]);
    }
    const hits: SearchHit[] = ranked
      .slice(0, options.topK)
      .map(({ item, score }, index) => ({ ...withoutVector(item), score, rank: index + 1 }));
    return { hits, mode, latencyMs: performance.now() - started };
  }

  async listItems(options: ListItemsOptions = {}): Promise<KnowledgeItem[]> {
    throwIfAborted(options.signal);
    return [...this.items.values()]
      .filter((item) => options.kind === undefined || item.kind === options.kind)
      .sort((left, right) => (left.id < right.id ? -1 : left.id > right.id ? 1 : 0))
      .map((item) => withoutVector(item) as KnowledgeItem);
  }

  async metadataKeys(options: { readonly signal?: AbortSignal } = {}): Promise<readonly string[]> {
    throwIfAborted(options.signal);
    const keys = new Set<string>();
    for (const item of this.items.values()) for (const key of Object.keys(item.metadata ?? {})) keys.add(key);
    return [...keys].sort();
  }

  async stats(): Promise<StoreStats> {
    const items = [...this.items.values()];
    const firstVector = items.find((item) => item.vector !== undefined)?.vector;
    return {
      items: items.length,
      documents: new Set(items.map((item) => item.documentId)).size,
      byKind: {
        qa: items.filter((item) => item.kind === 'qa').length,
        passage: items.filter((item) => item.kind === 'passage').length,
      },
      vectors: items.filter((item) => item.vector !== undefined).length,
      dimension: firstVector?.length,
    };
  }

  async close(): Promise<void> {}

  /** Every stored item, in insertion order. */
  all(): KnowledgeItem[] {
    return [...this.items.values()];
  }

  private async embedQuery(options: SearchOptions): Promise<Float32Array> {
    if (this.embedder === undefined) {
      throw new RootweaverError(
        'not-configured',
        'InMemoryStore needs an embedder or a query vector for dense search.',
      );
    }
    const embedOptions = options.signal === undefined ? {} : { signal: options.signal };
    const [vector] = (await this.embedder.embed({ values: [options.query], ...embedOptions })).vectors;
    if (vector === undefined)
      throw new RootweaverError('embedding-failed', 'The embedder returned no vector.');
    return vector;
  }

  private lexical(
    candidates: readonly KnowledgeItem[],
    query: string,
  ): { item: KnowledgeItem; score: number }[] {
    const queryTerms = [...new Set(tokenize(query))];
    const documents = candidates.map((item) => ({ item, terms: tokenize(item.text) }));
    const averageLength =
      documents.reduce((sum, doc) => sum + doc.terms.length, 0) / Math.max(1, documents.length);
    const documentFrequency = new Map<string, number>();
    for (const doc of documents) {
      for (const term of new Set(doc.terms))
        documentFrequency.set(term, (documentFrequency.get(term) ?? 0) + 1);
    }
    const scored: { item: KnowledgeItem; score: number }[] = [];
    for (const doc of documents) {
      let score = 0;
      for (const term of queryTerms) {
        const frequency = doc.terms.filter((candidate) => candidate === term).length;
        if (frequency === 0) continue;
        const df = documentFrequency.get(term) ?? 0;
        const idf = Math.log(1 + (documents.length - df + 0.5) / (df + 0.5));
        score +=
          (idf * frequency * 2.2) / (frequency + 1.2 * (0.25 + (0.75 * doc.terms.length) / averageLength));
      }
      if (score > 0) scored.push({ item: doc.item, score });
    }
    return scored.sort((left, right) => right.score - left.score);
  }
}

/** Reciprocal-rank fusion (k = 60) of several rankings of the same items. */
export function fuseByReciprocalRank<T extends { item: KnowledgeItem }>(
  rankings: readonly (readonly T[])[],
  k = 60,
): { item: KnowledgeItem; score: number }[] {
  const fused = new Map<string, { item: KnowledgeItem; score: number }>();
  for (const ranking of rankings) {
    ranking.forEach((entry, index) => {
      const current = fused.get(entry.item.id) ?? { item: entry.item, score: 0 };
      current.score += 1 / (k + index + 1);
      fused.set(entry.item.id, current);
    });
  }
  return [...fused.values()].sort((left, right) => right.score - left.score);
}
