import type { ChatMessage, TokenUsage } from '../spec/chat-model.js';
import type { SearchHit } from '../spec/knowledge-store.js';
import type { Plan } from './plan.js';
import type { PlannerName, SynthesisMode } from './planner.js';
import type { RetrievalFilter } from './retrieval-filter.js';

/** Why an answer could not be given. A refusal is a normal answer object, never an exception. */
export type RefusalReason =
  | 'decompose-failed'
  | 'no-evidence'
  | 'aborted'
  | 'budget-exhausted'
  /** The synthesis call answered nothing (an empty or unreadable reply). */
  | 'empty-answer';

/** Which cap ended the loop early; the answer is still synthesized from what was gathered. */
export type ForcedStop =
  | 'max-depth'
  | 'max-total-sub-queries'
  | 'max-pool-chunks'
  | 'max-hops'
  | 'budget'
  | 'decide-failed'
  /** The question's whole-run deadline (`deadline_ms`) passed: the answer is built from what was found. */
  | 'deadline';

export type HopKind = 'decompose' | 'retrieve' | 'decide' | 'select' | 'synthesize' | 'compose';

/**
 * How a dependent sub-question was grounded with its parents' answers: by the rules (`placeholder`,
 * `implicit`, `appended`, or `none` when nothing fitted) or by the configured `QuestionRewriter`.
 */
export type GroundingMethod = 'none' | 'placeholder' | 'implicit' | 'appended' | 'rewritten';

/** What the rewriter slot did for one node: its question was used, or the rules' because it failed. */
export interface RewriteTrace {
  readonly outcome: 'rewritten' | 'fallback';
  /** Why the rules' question was used: `timeout`, `error (<code>)`, `empty`, `implausible: …`. */
  readonly reason?: string;
  /** The rewriter's output (cleaned), when it gave one. */
  readonly rewriterQuestion?: string;
  /** What the rules made of the sub-question (the grounded question on a fallback). */
  readonly rulesQuestion: string;
  readonly modelId: string;
  readonly latencyMs: number;
  readonly tokens?: TokenUsage;
}

/** The compact planner's record of one plan node. */
export interface NodeTrace {
  readonly id: number;
  readonly question: string;
  readonly groundedQuestion: string;
  readonly groundingMethod: GroundingMethod;
  readonly refs: readonly number[];
  readonly answer: string;
  readonly confidence: number;
  /** Extracted with confidence at or above the extractor's own resolve threshold, else `extractionConfidenceThreshold`. */
  readonly resolved: boolean;
  readonly evidenceIds: readonly string[];
  readonly topItemId?: string;
  /** Present when a rewriter was asked to ground this node. */
  readonly rewrite?: RewriteTrace;
}

/** One step of the reasoning trajectory. */
export interface HopTrace {
  readonly iteration: number;
  readonly kind: HopKind;
  readonly subQuestions: readonly string[];
  readonly decision?: 'continue' | 'stop';
  readonly itemsAdded: number;
  readonly forcedStop?: ForcedStop;
  readonly llmLatencyMs?: number;
  readonly tokens?: TokenUsage;
  readonly nodes?: readonly NodeTrace[];
  readonly note?: string;
}

/** An item of the context pool: a retrieved hit and the sub-question that brought it in. */
export interface PoolItem extends SearchHit {
  readonly subQuestion: string;
  readonly iteration: number;
}

/** A `[N]` marker of the answer, always resolving to a pool item. */
export interface Citation {
  readonly marker: number;
  readonly itemId: string;
  readonly documentId: string;
  readonly title: string;
  readonly text: string;
}

export interface StageUsage {
  readonly calls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number;
}

export type LlmStage = 'decompose' | 'decide' | 'synthesize';

/**
 * The rewriter slot's own account, apart from the main LLM's: its calls and tokens are not in
 * `llmCalls`, `inputTokens`, `outputTokens` or `byStage`, and no budget counts them.
 */
export interface RewriteUsage extends StageUsage {
  /** Calls whose output was not used (failure, timeout, empty or implausible): the rules grounded. */
  readonly fallbacks: number;
}

export interface UsageReport {
  readonly llmCalls: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly byStage: Readonly<Partial<Record<LlmStage, StageUsage>>>;
  /** Present when a rewriter is configured (even if no node needed it). */
  readonly rewrite?: RewriteUsage;
  readonly retrievals: number;
  /** Wall time spent outside LLM and rewriter calls (retrieval, grounding, extraction, compaction). */
  readonly nonLlmLatencyMs: number;
  readonly totalLatencyMs: number;
}

export interface ContextReport {
  /** Characters of the final synthesis context (ADR-077's `context_chars`). */
  readonly chars: number;
  readonly uncompactedChars: number;
  readonly compacted: boolean;
  readonly keptLines?: number;
  readonly droppedLines?: number;
}

export interface SynthesisReport {
  /** `llm`: the synthesis call; `composed`: built from node answers; `extractive`: best span, no LLM. */
  readonly mode: 'llm' | 'composed' | 'extractive' | 'none';
  /** Why this mode, e.g. `chain`, `comparison`, `yes-no`, `low-confidence`, `forced-llm`. */
  readonly reason: string;
  /**
   * The probability that a `composed` or `extractive` answer is right: the product of the calibrated
   * confidences of the plan nodes it rests on and their ancestors. Absent for the synthesis call's
   * answer, which the engine cannot judge.
   */
  readonly confidence?: number;
}

/** What `MultiHopRAG.ask` returns. */
export interface MultiHopAnswer {
  readonly question: string;
  readonly answer: string;
  readonly grounded: boolean;
  readonly refusal?: RefusalReason;
  readonly forcedStop?: ForcedStop;
  readonly planner: PlannerName | 'single-pass';
  readonly citations: readonly Citation[];
  /** `[N]` markers the model wrote that resolved to no pool item; removed from `answer`. */
  readonly removedCitationMarkers: number;
  readonly hops: readonly HopTrace[];
  readonly plan?: Plan;
  readonly pool: readonly PoolItem[];
  readonly usage: UsageReport;
  readonly context: ContextReport;
  readonly synthesis: SynthesisReport;
  readonly promptTemplateVersion: string;
}

/**
 * Typed events of a multi-hop run, in the order they happen: `onEvent` receives them and
 * `MultiHopRAG.stream` yields them. `finished` is always the last and carries the same answer as `ask`.
 */
export type MultiHopEvent =
  | { readonly type: 'hop-started'; readonly iteration: number; readonly kind: HopKind }
  /** The compact planner's dependency graph, once it is fixed (given, decomposed, or by rules). */
  | { readonly type: 'plan'; readonly plan: Plan }
  /** A plan node begins: grounded with its parents' answers, about to be retrieved. */
  | {
      readonly type: 'node-started';
      readonly iteration: number;
      readonly nodeId: number;
      readonly question: string;
      readonly groundedQuestion: string;
    }
  /** A plan node's extracted answer, its confidence and the evidence it came from. */
  | { readonly type: 'node-answered'; readonly iteration: number; readonly node: NodeTrace }
  | {
      readonly type: 'retrieved';
      readonly iteration: number;
      readonly subQuestion: string;
      readonly itemIds: readonly string[];
      readonly itemsAdded: number;
    }
  | {
      readonly type: 'decided';
      readonly iteration: number;
      readonly decision: 'continue' | 'stop';
      readonly subQuestions: readonly string[];
      readonly forcedStop?: ForcedStop;
    }
  | { readonly type: 'compacted'; readonly chars: number; readonly uncompactedChars: number }
  | { readonly type: 'answer-delta'; readonly delta: string }
  | { readonly type: 'finished'; readonly answer: MultiHopAnswer };

/** Per-request options. Every field may be left out or passed as `undefined` (same meaning). */
export interface AskOptions {
  readonly planner?: PlannerName | undefined;
  readonly signal?: AbortSignal | undefined;
  readonly onEvent?: ((event: MultiHopEvent) => void) | undefined;
  /** Earlier turns of the conversation; passed to the LLM calls as context. */
  readonly history?: readonly ChatMessage[] | undefined;
  /** Overrides the config's `compactionEnabled` for this request (the capability's flag snapshot). */
  readonly compaction?: boolean | undefined;
  /** Overrides the config's `synthesis` for this request. */
  readonly synthesis?: SynthesisMode | undefined;
  /**
   * What a refused synthesis call becomes: the chat model threw `not-configured` for it (no LLM can make
   * it, e.g. a replay of recorded decompositions with no LLM behind it). Unset, the error is thrown;
   * `'extractive'` answers from what the run gathered as `synthesis: 'extractive'` would, without
   * running the question again.
   */
  readonly synthesisFallback?: 'extractive' | undefined;
  /**
   * compact planner only: a decomposition to use instead of LLM call 1 (e.g. a recorded plan replayed
   * by the evaluation harness). It is validated like a parsed one; an invalid plan falls back to
   * single-hop retrieval, traced.
   */
  readonly plan?: Plan | undefined;
  /**
   * This request's whole-run deadline in milliseconds; the config's `deadlineMs` caps it (a larger
   * value is the configured one). Past it the run ends with `forcedStop: 'deadline'`.
   */
  readonly deadlineMs?: number | undefined;
  /**
   * Retrieve only items whose metadata meets every condition (`{ metadata: { lang: 'en', version:
   * { in: ['2', '3'] } } }`) and whose `source` lies under `sourcePrefix`. A key no item of the index
   * has is an `invalid-input` error, not an empty answer (when the store can list its keys).
   */
  readonly filter?: RetrievalFilter | undefined;
}
