import type { SearchHit } from './knowledge-store.js';

export type AnswerType =
  | 'person'
  | 'date'
  | 'year'
  | 'place'
  | 'country'
  | 'nationality'
  | 'number'
  | 'organisation'
  | 'title'
  | 'yes-no'
  | 'other';

export interface ExtractOptions {
  /** The grounded sub-question. */
  readonly question: string;
  /** Retrieved evidence, best first. */
  readonly evidence: readonly SearchHit[];
  readonly signal?: AbortSignal;
}

export interface Extraction {
  /** The extracted span; empty when nothing was found. */
  readonly answer: string;
  /** Calibrated to [0, 1]. */
  readonly confidence: number;
  /** Ids of the evidence items the answer was taken from. */
  readonly evidenceIds: string[];
  readonly answerType?: AnswerType;
  /**
   * The confidence at or above which this answer counts as resolved, when the extractor states its
   * own; otherwise the engine's
   * `extractionConfidenceThreshold` applies.
   */
  readonly resolveThreshold?: number;
}

/**
 * Answers one sub-question from retrieved evidence, without an LLM.
 * Real adapters: `HeuristicExtractor` (innovations), `OnnxSpanExtractor` (providers).
 */
export interface AnswerExtractor {
  readonly id: string;
  extract(options: ExtractOptions): Promise<Extraction>;
}
