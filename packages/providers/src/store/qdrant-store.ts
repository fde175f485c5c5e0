import { createHash } from 'node:crypto';
import type { QdrantClient, Schemas } from '@qdrant/js-client-rest';
import type {
  DeleteOptions,
  Embedder,
  KnowledgeItem,
  KnowledgeItemKind,
  KnowledgeStore,
  MetadataValue,
  SearchHit,
  SearchMode,
  SearchOptions,
  SearchResult,
  StoreFilter,
  StoreStats,
  UpsertOptions,
} from '@rootweaver/core';
import { normaliseSourcePrefix, RootweaverError, sourceMetadataKey, throwIfAborted } from '@rootweaver/core';
import { requireOptionalDependency } from '../optional-dependency.js';
import { documentSparseVector, querySparseVector } from './sparse-vector.js';

const denseName = 'dense';
const lexicalName = 'lexical';

export interface QdrantStoreOptions {
  /** Qdrant URL, e.g. http://127.0.0.1:6333. Default: `QDRANT_URL`. */
  readonly url?: string;
  /** Default: `QDRANT_API_KEY`. */
  readonly apiKey?: string;
  /** The collection to use; created on first write when missing. */
  readonly collection: string;
  /** Computes vectors for items without one and for queries. */
  readonly embedder?: Embedder;
  /** Points per upsert request. Default 256. */
  readonly batchSize?: number;
  /** Attempts per request on network errors, 429 and 5xx. Default 4. */
  readonly attempts?: number;
  /** An existing client (url and key are then its own). */
  readonly client?: QdrantClient;
  readonly env?: Readonly<Record<string, string | undefined>>;
}

/** A deterministic point id: a UUID made from the SHA-256 of the item id. */
export function pointIdFor(itemId: string): string {
  const hex = createHash('sha256').update(itemId).digest('hex');
  const variant = ((Number.parseInt(hex.slice(16, 17), 16) & 0x3) | 0x8).toString(16);
  return `${hex.slice(0, 8)}-${hex.slice(8, 12)}-5${hex.slice(13, 16)}-${variant}${hex.slice(17, 20)}-${hex.slice(20, 32)}`;
}

/** One metadata value as a Qdrant condition: floats by range (Qdrant matches keywords, integers, booleans). */
function valueCondition(key: string, value: MetadataValue): Schemas['Condition'] {
  return typeof value === 'number' && !Number.isInteger(value)
    ? { key, range: { gte: value, lte: value } }
    : { key, match: { value } };
}

/** Payload field holding an item's `source` and each folder above it, so a source prefix is one match. */
const sourceFoldersField = 'source_folders';

/** `docs/api/a.md` → `docs`, `docs/api`, `docs/api/a.md`. */
export function sourceFolders(source: string): string[] {
  const parts = source.split('/').filter((part) => part !== '');
  return parts.map((_, index) => parts.slice(0, index + 1).join('/'));
}

export function qdrantFilter(filter: StoreFilter | undefined): Schemas['Filter'] | undefined {
  const must: Schemas['Condition'][] = [];
  if (filter?.kind !== undefined) must.push({ key: 'kind', match: { value: filter.kind } });
  if (filter?.documentIds !== undefined) {
    must.push({ key: 'document_id', match: { any: [...filter.documentIds] } });
  }
  for (const [name, condition] of Object.entries(filter?.metadata ?? {})) {
    const key = `metadata.${name}`;
    if (typeof condition !== 'object') {
      must.push(valueCondition(key, condition));
      continue;
    }
    const values = condition.in;
    if (values.every((value) => typeof value === 'string')) {
      must.push({ key, match: { any: values as string[] } });
    } else if (values.every((value) => typeof value === 'number' && Number.isInteger(value))) {
      must.push({ key, match: { any: values as number[] } });
    } else {
      must.push({ should: values.map((value) => valueCondition(key, value)) });
    }
  }
  const folder = filter?.sourcePrefix === undefined ? '' : normaliseSourcePrefix(filter.sourcePrefix);
  if (folder !== '') must.push({ key: sourceFoldersField, match: { value: folder } });
  return must.length === 0 ? undefined : { must };
}

function status(error: unknown): number | undefined {
  const value = (error as { status?: unknown } | undefined)?.status;
  return typeof value === 'number' ? value : undefined;
}

function sleep(milliseconds: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, milliseconds));
}

/**
 * `KnowledgeStore` on Qdrant (the scale-out engine) through the `query` API: a named dense vector
 * (cosine) and a sparse lexical vector with the IDF modifier; hybrid = both as prefetches fused by
 * RRF; payload filters; batched upserts with `wait: true`; retries with backoff; point ids derived
 * from item ids, so re-upserting replaces.
 */
export class QdrantStore implements KnowledgeStore {
  readonly collection: string;
  private readonly client: QdrantClient;
  private readonly url: string;
  private readonly embedder: Embedder | undefined;
  private readonly batchSize: number;
  private readonly attempts: number;
  private dimension: number | undefined;
  private collectionReady = false;

  constructor(options: QdrantStoreOptions) {
    const env = options.env ?? process.env;
    this.collection = options.collection;
    this.embedder = options.embedder;
    this.batchSize = Math.max(1, options.batchSize ?? 256);
    this.attempts = Math.max(1, options.attempts ?? 4);
    const url = options.url ?? env.QDRANT_URL;
    if (options.client !== undefined) {
      this.client = options.client;
      this.url = url ?? 'the configured Qdrant client';
    } else {
      if (url === undefined || url.trim() === '') {
        throw new RootweaverError(
          'not-configured',
          'No Qdrant server is configured: set QDRANT_URL (e.g. http://127.0.0.1:6333), or use the embedded store.',
        );
      }
      const apiKey = options.apiKey ?? env.QDRANT_API_KEY;
      const qdrant = requireOptionalDependency<typeof import('@qdrant/js-client-rest')>(
        '@qdrant/js-client-rest',
        'QdrantStore',
      );
      this.client = new qdrant.QdrantClient({
        url,
        ...(apiKey === undefined ? {} : { apiKey }),
        checkCompatibility: false,
      });
      this.url = url;
    }
  }

  /** Runs a request, retrying network errors, 429 and 5xx with exponential backoff. */
  private async call<T>(what: string, request: () => Promise<T>, signal?: AbortSignal): Promise<T> {
    let lastError: unknown;
    for (let attempt = 0; attempt < this.attempts; attempt += 1) {
      throwIfAborted(signal);
      try {
        return await request();
      } catch (error) {
        lastError = error;
        const code = status(error);
        const retryable = code === undefined || code === 429 || code >= 500;
        if (!retryable || attempt === this.attempts - 1) break;
        await sleep(100 * 2 ** attempt);
      }
    }
    const code = status(lastError);
    const message = lastError instanceof Error ? lastError.message : String(lastError);
    if (code === 401 || code === 403) {
      throw new RootweaverError(
        'invalid-config',
        `Qdrant at ${this.url} refused ${what} (HTTP ${code}): its API key is missing or wrong. Set QDRANT_API_KEY (or the apiKey option) to a key of that server.`,
        { cause: lastError },
      );
    }
    if (code !== undefined && code < 500 && code !== 429) {
      throw new RootweaverError(
        'invalid-input',
        `Qdrant at ${this.url} rejected ${what} (HTTP ${code}): ${message}. Check the collection ${this.collection}'s configuration, or recreate it with \`rootweaver index build\`.`,
        { cause: lastError },
      );
    }
    throw new RootweaverError(
      'store-unavailable',
      `Qdrant at ${this.url} failed ${what} after ${this.attempts} attempts: ${message}. Start Qdrant or set QDRANT_URL to a running server.`,
      { cause: lastError },
    );
  }

  /** Creates the collection (dense vector only when a dimension is known) and payload indexes. */
  private async ensureCollection(dimension: number | undefined, signal?: AbortSignal): Promise<void> {
    if (await this.exists(signal)) return;
    await this.call(
      'creating the collection',
      () =>
        this.client.createCollection(this.collection, {
          ...(dimension === undefined
            ? {}
            : { vectors: { [denseName]: { size: dimension, distance: 'Cosine' } } }),
          sparse_vectors: { [lexicalName]: { modifier: 'idf' } },
        }),
      signal,
    );
    for (const field of ['document_id', 'kind', sourceFoldersField]) {
      await this.call(
        `indexing ${field}`,
        () =>
          this.client.createPayloadIndex(this.collection, {
            field_name: field,
            field_schema: 'keyword',
            wait: true,
          }),
        signal,
      );
    }
    this.dimension = dimension;
    this.collectionReady = true;
  }

  private async readCollection(signal?: AbortSignal): Promise<void> {
    const info = await this.call(
      'reading the collection',
      () => this.client.getCollection(this.collection),
      signal,
    );
    const vectors = info.config.params.vectors as
      | Record<string, { size?: number }>
      | { size?: number }
      | undefined;
    const named = (vectors as Record<string, { size?: number }> | undefined)?.[denseName];
    this.dimension = named?.size;
  }

  async upsert(options: UpsertOptions): Promise<{ upserted: number }> {
    throwIfAborted(options.signal);
    const items = options.items;
    if (items.length === 0) return { upserted: 0 };
    const vectors = await this.vectorsFor(items, options.signal);
    const firstVector = vectors.find((vector) => vector !== undefined);
    await this.ensureCollection(firstVector?.length ?? this.embedder?.dimension, options.signal);
    for (const vector of vectors) {
      if (vector === undefined) continue;
      if (this.dimension === undefined) {
        throw new RootweaverError(
          'dimension-mismatch',
          `The Qdrant collection ${this.collection} has no dense vector, but items carry vectors. Recreate it with \`rootweaver index build\` and an embedder.`,
        );
      }
      if (vector.length !== this.dimension) {
        throw new RootweaverError(
          'dimension-mismatch',
          `An item vector has dimension ${vector.length}, but the Qdrant collection ${this.collection} holds ${this.dimension}. Use the embedder the index was built with, or rebuild it with \`rootweaver index build\`.`,
          { details: { expected: this.dimension, actual: vector.length } },
        );
      }
    }
    const points: Schemas['PointStruct'][] = items.map((item, index) => {
      const vector = vectors[index];
      const payload: Record<string, unknown> = {
        item_id: item.id,
        document_id: item.documentId,
        kind: item.kind,
        title: item.title,
        text: item.text,
        passage: item.passage,
        has_vector: vector !== undefined,
      };
      if (item.question !== undefined) payload.question = item.question;
      if (item.answer !== undefined) payload.answer = item.answer;
      if (item.metadata !== undefined) payload.metadata = { ...item.metadata };
      const source = item.metadata?.[sourceMetadataKey];
      if (typeof source === 'string') payload[sourceFoldersField] = sourceFolders(source);
      return {
        id: pointIdFor(item.id),
        vector: {
          [lexicalName]: documentSparseVector(item.text),
          ...(vector === undefined ? {} : { [denseName]: Array.from(vector) }),
        },
        payload,
      };
    });
    for (let offset = 0; offset < points.length; offset += this.batchSize) {
      const batch = points.slice(offset, offset + this.batchSize);
      await this.call(
        'an upsert',
        () => this.client.upsert(this.collection, { wait: true, points: batch }),
        options.signal,
      );
    }
    return { upserted: items.length };
  }

  private async vectorsFor(
    items: readonly KnowledgeItem[],
    signal: AbortSignal | undefined,
  ): Promise<(Float32Array | undefined)[]> {
    const result: (Float32Array | undefined)[] = items.map((item) => item.vector);
    const missing = items.flatMap((item, index) => (item.vector === undefined ? [index] : []));
    if (this.embedder === undefined || missing.length === 0) return result;
    const embedded = await this.embedder.embed({
      values: missing.map((index) => items[index]?.text ?? ''),
      ...(signal === undefined ? {} : { signal }),
    });
    missing.forEach((itemIndex, position) => {
      result[itemIndex] = embedded.vectors[position];
    });
    return result;
  }

  async deleteByDocument(options: DeleteOptions): Promise<{ deleted: number }> {
    throwIfAborted(options.signal);
    if (options.documentIds.length === 0) return { deleted: 0 };
    if (!(await this.exists(options.signal))) return { deleted: 0 };
    const filter = qdrantFilter({ documentIds: options.documentIds });
    const counted = await this.call(
      'a count',
      () => this.client.count(this.collection, { ...(filter === undefined ? {} : { filter }), exact: true }),
      options.signal,
    );
    if (counted.count > 0 && filter !== undefined) {
      await this.call(
        'a delete',
        () => this.client.delete(this.collection, { wait: true, filter }),
        options.signal,
      );
    }
    return { deleted: counted.count };
  }

  private async exists(signal?: AbortSignal): Promise<boolean> {
    if (this.collectionReady) return true;
    const exists = await this.call(
      'a collection check',
      () => this.client.collectionExists(this.collection),
      signal,
    );
    if (exists.exists) {
      await this.readCollection(signal);
      this.collectionReady = true;
    }
    return exists.exists;
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    throwIfAborted(options.signal);
    const started = performance.now();
    const exists = await this.exists(options.signal);
    const hasDense = this.dimension !== undefined;
    const canEmbed = options.vector !== undefined || this.embedder !== undefined;
    // `hybrid` means "the best this store can do": without vectors it is a lexical search.
    const mode: SearchMode =
      options.mode === 'lexical' || options.mode === 'dense'
        ? options.mode
        : hasDense && canEmbed
          ? 'hybrid'
          : 'lexical';
    if (!exists || options.topK <= 0) return { hits: [], mode, latencyMs: performance.now() - started };
    const filter = qdrantFilter(options.filter);
    const limit = Math.floor(options.topK);
    const sparse = querySparseVector(options.query);
    let dense: number[] | undefined;
    if (mode !== 'lexical') {
      if (!canEmbed) {
        throw new RootweaverError(
          'not-configured',
          `A ${mode} search needs a query vector or an embedder; configure an embedder, or search with mode 'lexical'.`,
        );
      }
      const vector = options.vector ?? (await this.embedQuery(options.query, options.signal));
      if (this.dimension !== undefined && vector.length !== this.dimension) {
        throw new RootweaverError(
          'dimension-mismatch',
          `The query vector has dimension ${vector.length}, but the Qdrant collection ${this.collection} holds ${this.dimension}. Embed queries with the embedder the index was built with.`,
        );
      }
      dense = Array.from(vector);
    }
    const common = { limit, with_payload: true, ...(filter === undefined ? {} : { filter }) };
    let request: Parameters<QdrantClient['query']>[1];
    if (mode === 'lexical') {
      if (sparse.indices.length === 0) return { hits: [], mode, latencyMs: performance.now() - started };
      request = { ...common, query: sparse, using: lexicalName };
    } else if (mode === 'dense') {
      request = { ...common, query: dense ?? [], using: denseName };
    } else {
      const depth = Math.max(limit * 4, 40);
      const prefetch: Schemas['Prefetch'][] = [
        { query: dense ?? [], using: denseName, limit: depth, ...(filter === undefined ? {} : { filter }) },
      ];
      if (sparse.indices.length > 0) {
        prefetch.push({
          query: sparse,
          using: lexicalName,
          limit: depth,
          ...(filter === undefined ? {} : { filter }),
        });
      }
      request = { ...common, prefetch, query: { fusion: 'rrf' } };
    }
    const response = await this.call(
      'a query',
      () => this.client.query(this.collection, request),
      options.signal,
    );
    const hits: SearchHit[] = response.points.map((point, index) => {
      const payload = (point.payload ?? {}) as Record<string, unknown>;
      const text = (key: string): string =>
        typeof payload[key] === 'string' ? (payload[key] as string) : '';
      return {
        id: text('item_id'),
        documentId: text('document_id'),
        kind: text('kind') as KnowledgeItemKind,
        title: text('title'),
        text: text('text'),
        passage: text('passage'),
        ...(typeof payload.question === 'string' ? { question: payload.question } : {}),
        ...(typeof payload.answer === 'string' ? { answer: payload.answer } : {}),
        ...(typeof payload.metadata === 'object' && payload.metadata !== null
          ? { metadata: payload.metadata as Record<string, MetadataValue> }
          : {}),
        score: point.score,
        rank: index + 1,
      };
    });
    return { hits, mode, latencyMs: performance.now() - started };
  }

  private async embedQuery(query: string, signal: AbortSignal | undefined): Promise<Float32Array> {
    const embedder = this.embedder;
    if (embedder === undefined) throw new RootweaverError('not-configured', 'No embedder is configured.');
    const [vector] = (
      await embedder.embed({
        values: [query],
        // e5/bge-style encoders prefix a query differently from the passages it is matched against.
        purpose: 'query',
        ...(signal === undefined ? {} : { signal }),
      })
    ).vectors;
    if (vector === undefined)
      throw new RootweaverError('embedding-failed', `The embedder ${embedder.modelId} returned no vector.`);
    return vector;
  }

  async stats(): Promise<StoreStats> {
    if (!(await this.exists())) {
      return { items: 0, documents: 0, byKind: { qa: 0, passage: 0 }, vectors: 0, dimension: this.dimension };
    }
    const count = async (filter?: Schemas['Filter']): Promise<number> =>
      (
        await this.call('a count', () =>
          this.client.count(this.collection, { exact: true, ...(filter === undefined ? {} : { filter }) }),
        )
      ).count;
    const documents = new Set<string>();
    let offset: Schemas['ExtendedPointId'] | undefined | null;
    do {
      const page = await this.call('a scroll', () =>
        this.client.scroll(this.collection, {
          limit: 1000,
          with_payload: ['document_id'],
          with_vector: false,
          ...(offset === undefined || offset === null ? {} : { offset }),
        }),
      );
      for (const point of page.points) {
        const documentId = (point.payload as { document_id?: unknown } | null | undefined)?.document_id;
        if (typeof documentId === 'string') documents.add(documentId);
      }
      offset = page.next_page_offset as Schemas['ExtendedPointId'] | null | undefined;
    } while (offset !== undefined && offset !== null);
    return {
      items: await count(),
      documents: documents.size,
      byKind: {
        qa: await count({ must: [{ key: 'kind', match: { value: 'qa' } }] }),
        passage: await count({ must: [{ key: 'kind', match: { value: 'passage' } }] }),
      },
      vectors:
        this.dimension === undefined
          ? 0
          : await count({ must: [{ key: 'has_vector', match: { value: true } }] }),
      dimension: this.dimension,
    };
  }

  /** Deletes the whole collection (tests and `index build --force`). */
  async drop(): Promise<void> {
    if (await this.exists()) {
      await this.call('deleting the collection', () => this.client.deleteCollection(this.collection));
    }
    this.collectionReady = false;
    this.dimension = undefined;
  }

  async close(): Promise<void> {}
}
