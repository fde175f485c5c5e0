import { AsyncLocalStorage } from 'node:async_hooks';
import { Document } from '@langchain/core/documents';
import { BaseRetriever, type BaseRetrieverInput } from '@langchain/core/retrievers';
import type { RunnableConfig } from '@langchain/core/runnables';
import {
  type AskOptions,
  abortable,
  type MetadataValue,
  type QuestionAnsweringEngine,
  type RetrievedEvidence,
} from '@rootweaver/core';

export interface RootweaverRetrieverInput extends BaseRetrieverInput {
  /** `MultiHopRAG`, or `capability.asEngine()` for the flags of a `MultiHopCapability`. */
  readonly engine: QuestionAnsweringEngine;
  /** Options of every run (planner, deadline …); the call's `signal` is added. */
  readonly askOptions?: Omit<AskOptions, 'signal'>;
}

/** What each `Document`'s metadata holds besides the item's own metadata (which these keys override). */
export interface RootweaverDocumentMetadata {
  readonly [key: string]: MetadataValue | readonly number[] | undefined;
  readonly id: string;
  readonly documentId: string;
  readonly title: string;
  readonly kind: 'qa' | 'passage';
  readonly score: number;
  readonly rank: number;
  /** The item's `[N]` in the run's pool. */
  readonly marker: number;
  readonly subQuestion: string;
  readonly nodeId?: number;
  readonly evidenceFor: readonly number[];
  readonly question?: string;
  readonly answer?: string;
  /** The source passage the pair was read from. */
  readonly passage: string;
}

/**
 * A LangChain `BaseRetriever` over `engine.retrieve`: a multi-hop run's plan, grounding and retrieval with
 * no synthesis call, its evidence pool as `Document`s in pool order — `pageContent` the indexed text (an
 * atomic QA pair's `question answer`), `metadata` the score, sub-question, plan node and source passage
 * (`RootweaverDocumentMetadata`). `invoke(query, { signal })` cancels the run.
 */
export class RootweaverRetriever extends BaseRetriever<RootweaverDocumentMetadata> {
  static override lc_name(): string {
    return 'RootweaverRetriever';
  }
  override lc_namespace = ['rootweaver', 'retrievers'];
  private readonly engine: QuestionAnsweringEngine;
  private readonly askOptions: Omit<AskOptions, 'signal'>;
  /** LangChain passes no signal to `_getRelevantDocuments`: each `invoke`'s travels here. */
  private readonly callSignal = new AsyncLocalStorage<AbortSignal | undefined>();

  constructor(fields: RootweaverRetrieverInput) {
    super(fields);
    this.engine = fields.engine;
    this.askOptions = fields.askOptions ?? {};
  }

  override invoke(input: string, options?: RunnableConfig): Promise<Document<RootweaverDocumentMetadata>[]> {
    const signal = options?.signal;
    return this.callSignal.run(signal, () => abortable(super.invoke(input, options), signal));
  }

  override async _getRelevantDocuments(query: string): Promise<Document<RootweaverDocumentMetadata>[]> {
    const signal = this.callSignal.getStore();
    const result = await this.engine.retrieve(query, {
      ...this.askOptions,
      ...(signal === undefined ? {} : { signal }),
    });
    return result.evidence.map(toDocument);
  }
}

export function toDocument(item: RetrievedEvidence): Document<RootweaverDocumentMetadata> {
  const metadata: RootweaverDocumentMetadata = {
    ...item.metadata,
    id: item.id,
    documentId: item.documentId,
    title: item.title,
    kind: item.kind,
    score: item.score,
    rank: item.rank,
    marker: item.marker,
    subQuestion: item.subQuestion,
    ...(item.nodeId === undefined ? {} : { nodeId: item.nodeId }),
    evidenceFor: item.evidenceFor,
    ...(item.question === undefined ? {} : { question: item.question }),
    ...(item.answer === undefined ? {} : { answer: item.answer }),
    passage: item.passage,
  };
  return new Document({ id: item.id, pageContent: item.text, metadata });
}
