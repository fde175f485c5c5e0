import type {
  ChatMessage,
  Citation,
  ForcedStop,
  MultiHopAnswer,
  MultiHopEvent,
  PlannerName,
  RefusalReason,
  RetrievalFilter,
  RetrievalResult,
  RetrievedEvidence,
} from '@rootweaver/core';

// What a platform team sends `MultiHopCapability` and what it gets back: the request, the result and its
// `metadata.multi_hop`, the streamed events and a retrieval.

export interface CapabilityUser {
  readonly id?: string;
  readonly tenant?: string;
}

export interface CapabilityRequest {
  readonly query: string;
  readonly user?: CapabilityUser;
  readonly history?: readonly ChatMessage[];
  readonly signal?: AbortSignal;
  /** This request's whole-run deadline (ms); the configured `deadline_ms` caps it. */
  readonly deadlineMs?: number;
  /** Retrieve only from items whose metadata meets it (`AskOptions.filter`); an unknown key is `invalid-input`. */
  readonly filter?: RetrievalFilter;
}

/** `metadata.multi_hop`, snake_case as ADR-077 names it. */
export interface MultiHopMetadata {
  /** The capability flag for this request. */
  readonly enabled: boolean;
  /** The planner that ran, or `single-pass`. */
  readonly planner: PlannerName | 'single-pass';
  /**
   * Retrieval hops: the rounds of retrieval the answer took (one per layer of the plan, so 1 for a one-step
   * plan and 2 for a two-step chain; 1 for single-pass). The whole trace, decomposition and synthesis steps
   * included, is `result.hops`.
   */
  readonly hops: number;
  readonly llm_calls: number;
  /** Input plus output tokens of all LLM calls. */
  readonly tokens: number;
  readonly input_tokens: number;
  readonly output_tokens: number;
  /** Characters of the final synthesis context (after compaction when it ran). */
  readonly context_chars: number;
  readonly context_chars_uncompacted: number;
  /** Whether compaction was switched on for this request (flag AND YAML AND capability flag). */
  readonly compaction: boolean;
  readonly forced_stop: ForcedStop | null;
  readonly refusal: RefusalReason | null;
  readonly latency_ms: number;
  /** The extractor that answered the sub-questions: `heuristic`, the trained reader, or an ONNX model. */
  readonly extractor: string;
  /**
   * The rewriter slot (`rewriter.kind: llm`): its model and its own calls, fallbacks to the rules and tokens,
   * none of which are in `llm_calls` or `tokens`; null when the rules ground.
   */
  readonly rewriter: {
    readonly model: string;
    readonly calls: number;
    readonly fallbacks: number;
    readonly input_tokens: number;
    readonly output_tokens: number;
    readonly latency_ms: number;
  } | null;
  /** The flag snapshot the request ran with. */
  readonly flags: {
    readonly enabled: boolean;
    readonly compaction: boolean;
    readonly compaction_yaml: boolean;
    readonly planner_variant: string | null;
  };
}

/**
 * What `MultiHopCapability.stream` yields: the engine's events, then `finished` with the capability's result
 * (the answer, citations, `metadata.multi_hop` and the engine's full answer).
 */
export type CapabilityEvent =
  | Exclude<MultiHopEvent, { readonly type: 'finished' }>
  | { readonly type: 'finished'; readonly result: CapabilityResult };

export interface CapabilityResult {
  readonly answer: string;
  readonly grounded: boolean;
  readonly citations: readonly Citation[];
  readonly metadata: { readonly multi_hop: MultiHopMetadata };
  /** The engine's full answer: hop trace, plan, pool, usage by stage. */
  readonly result: MultiHopAnswer;
}

/** `metadata.multi_hop` of a retrieval: what ran, with which flags, at what cost (no synthesis, so no context). */
export type RetrievalMetadata = Omit<
  MultiHopMetadata,
  'context_chars' | 'context_chars_uncompacted' | 'compaction'
> & {
  /** Pool items returned. */
  readonly evidence: number;
};

/** What `MultiHopCapability.retrieve` returns. */
export interface CapabilityRetrieval {
  /** The pool in order, each item with its score, metadata, sub-question, marker and plan node. */
  readonly evidence: readonly RetrievedEvidence[];
  readonly metadata: { readonly multi_hop: RetrievalMetadata };
  /** The engine's full retrieval: plan, node answers, hops, usage. */
  readonly result: RetrievalResult;
}
