import type { QueryBundle } from '@llamaindex/core/query-engine';
import { BaseRetriever } from '@llamaindex/core/retriever';
import { type Metadata, type NodeWithScore, TextNode } from '@llamaindex/core/schema';
import { extractText } from '@llamaindex/core/utils';
import type { AskOptions, Citation, QuestionAnsweringEngine, RetrievedEvidence } from '@rootweaver/core';

export interface RootweaverRetrieverOptions {
  /** `MultiHopRAG`, or `capability.asEngine()` for the flags of a `MultiHopCapability`. */
  readonly engine: QuestionAnsweringEngine;
  /** Options of every run (planner, deadline, signal …). */
  readonly askOptions?: AskOptions;
}

/**
 * A LlamaIndex.TS `BaseRetriever` over `engine.retrieve`: a multi-hop run's plan, grounding and retrieval
 * with no synthesis call; its evidence pool as `NodeWithScore`s (a `TextNode` of the indexed text, the
 * store's score, and in `metadata` the sub-question, plan node, marker, title and source passage). Any
 * LlamaIndex query engine can use it (`new RetrieverQueryEngine(retriever)`).
 */
export class RootweaverRetriever extends BaseRetriever {
  private readonly engine: QuestionAnsweringEngine;
  private readonly askOptions: AskOptions;

  constructor(options: RootweaverRetrieverOptions) {
    super();
    this.engine = options.engine;
    this.askOptions = options.askOptions ?? {};
  }

  async _retrieve(params: QueryBundle): Promise<NodeWithScore[]> {
    const result = await this.engine.retrieve(extractText(params.query), this.askOptions);
    return result.evidence.map(toNodeWithScore);
  }
}

export function toNodeWithScore(item: RetrievedEvidence): NodeWithScore {
  const metadata: Metadata = {
    ...item.metadata,
    documentId: item.documentId,
    title: item.title,
    kind: item.kind,
    rank: item.rank,
    marker: item.marker,
    subQuestion: item.subQuestion,
    ...(item.nodeId === undefined ? {} : { nodeId: item.nodeId }),
    evidenceFor: [...item.evidenceFor],
    ...(item.question === undefined ? {} : { question: item.question }),
    ...(item.answer === undefined ? {} : { answer: item.answer }),
    passage: item.passage,
  };
  return {
    node: new TextNode({
      id_: item.id,
      text: item.text,
      metadata,
      excludedLlmMetadataKeys: ['passage', 'evidenceFor'],
    }),
    score: item.score,
  };
}

/** A citation of an answer as a source node (the cited text; its marker in the metadata). */
export function citationNode(citation: Citation): NodeWithScore {
  return {
    node: new TextNode({
      id_: citation.itemId,
      text: citation.text,
      metadata: { documentId: citation.documentId, title: citation.title, marker: citation.marker },
    }),
  };
}
