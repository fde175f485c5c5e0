import type {
  DeleteOptions,
  KnowledgeItem,
  KnowledgeStore,
  SearchOptions,
  SearchResult,
  StoreStats,
  UpsertOptions,
} from '../spec/knowledge-store.js';
import { simulatedDelay } from './simulated-delay.js';

export interface InstrumentedStoreOptions {
  /** Simulated search latency in milliseconds (or per query); honours the request's AbortSignal. */
  readonly delayMs?: number | ((query: string) => number);
  /** When true, the search ignores its AbortSignal (a port that cannot be cancelled). */
  readonly ignoreSignal?: boolean;
}

/**
 * Wraps a `KnowledgeStore` to observe searches: how many run at once (`maxInFlight` proves that the
 * engine runs independent sub-questions concurrently), their start/end order, and a simulated
 * latency for cancellation tests.
 */
export class InstrumentedStore implements KnowledgeStore {
  inFlight = 0;
  maxInFlight = 0;
  readonly log: { readonly event: 'start' | 'end'; readonly query: string }[] = [];
  /** Resolves each time a search starts, with its query. */
  private startListeners: ((query: string) => void)[] = [];

  constructor(
    private readonly inner: KnowledgeStore,
    private readonly options: InstrumentedStoreOptions = {},
  ) {}

  /** A promise that settles when the next search starts. */
  nextSearchStarted(): Promise<string> {
    return new Promise((resolve) => this.startListeners.push(resolve));
  }

  async search(options: SearchOptions): Promise<SearchResult> {
    this.inFlight += 1;
    this.maxInFlight = Math.max(this.maxInFlight, this.inFlight);
    this.log.push({ event: 'start', query: options.query });
    const listeners = this.startListeners;
    this.startListeners = [];
    for (const listener of listeners) listener(options.query);
    try {
      const delayMs =
        typeof this.options.delayMs === 'function'
          ? this.options.delayMs(options.query)
          : this.options.delayMs;
      if (delayMs !== undefined && delayMs > 0) {
        await simulatedDelay(
          delayMs,
          this.options.ignoreSignal === true ? undefined : options.signal,
          'search',
        );
      }
      return await this.inner.search(options);
    } finally {
      this.inFlight -= 1;
      this.log.push({ event: 'end', query: options.query });
    }
  }

  upsert(options: UpsertOptions): Promise<{ readonly upserted: number }> {
    return this.inner.upsert(options);
  }

  deleteByDocument(options: DeleteOptions): Promise<{ readonly deleted: number }> {
    return this.inner.deleteByDocument(options);
  }

  stats(): Promise<StoreStats> {
    return this.inner.stats();
  }

  close(): Promise<void> {
    return this.inner.close();
  }
}

/** A QA pair as a `KnowledgeItem`: `text` is the `[q;a]` text `${question} ${answer}`. */
export function qaItem(options: {
  readonly id: string;
  readonly question: string;
  readonly answer: string;
  readonly title?: string;
  readonly documentId?: string;
}): KnowledgeItem {
  const title = options.title ?? options.id;
  return {
    id: options.id,
    documentId: options.documentId ?? title,
    kind: 'qa',
    text: `${options.question} ${options.answer}`,
    title,
    passage: `${options.question} ${options.answer}`,
    question: options.question,
    answer: options.answer,
  };
}
