import type {
  AskOptions,
  ForcedStop,
  HopTrace,
  MultiHopAnswer,
  MultiHopEvent,
  NodeTrace,
  PoolItem,
  RefusalReason,
  UsageReport,
} from './answer.js';
import type { Plan } from './plan.js';
import type { PlannerName } from './planner.js';

/**
 * One piece of evidence a multi-hop run gathered: a pool item (the atomic QA pair or passage, its
 * score, rank and metadata) with the plan node whose retrieval brought it in.
 */
export interface RetrievedEvidence extends PoolItem {
  /** Its `[N]`: the 1-based position in the pool, the marker a synthesis call would cite it by. */
  readonly marker: number;
  /** The plan node whose (grounded) sub-question retrieved it; absent for planners without a plan. */
  readonly nodeId?: number;
  /** The plan nodes whose extracted answer came from this item (empty when none did). */
  readonly evidenceFor: readonly number[];
}

/**
 * What `MultiHopRAG.retrieve` returns: the evidence of a multi-hop run — its plan, the node answers
 * that grounded each later sub-question, and the pool — with the run's usage, and no answer: no
 * synthesis call is made.
 */
export interface RetrievalResult {
  readonly question: string;
  readonly planner: PlannerName | 'single-pass';
  /** The pool in order (`marker` 1, 2, …): every item retrieved for the run, deduplicated and capped. */
  readonly evidence: readonly RetrievedEvidence[];
  /** Every sub-question searched, in order (grounded ones for the compact planner). */
  readonly subQuestions: readonly string[];
  readonly plan?: Plan;
  /** The plan nodes with their extracted answers, confidence and evidence ids, in execution order. */
  readonly nodes: readonly NodeTrace[];
  readonly hops: readonly HopTrace[];
  readonly usage: UsageReport;
  readonly forcedStop?: ForcedStop;
  /** `aborted`, `decompose-failed`, or `no-evidence` when nothing was retrieved. */
  readonly refusal?: RefusalReason;
  readonly promptTemplateVersion: string;
}

/**
 * Options of `retrieve`: those of `ask` (the planner, signal, events, history, plan, deadline, and any
 * retrieval option `ask` gains); `synthesis` and `synthesisFallback` have nothing to act on.
 */
export type RetrieveOptions = AskOptions;

/**
 * What the framework adapters (`@rootweaver/langchain`, `@rootweaver/ai-sdk`, `@rootweaver/llamaindex`)
 * need of an engine: `MultiHopRAG` is one, and so is `MultiHopCapability.engine(request)`.
 */
export interface QuestionAnsweringEngine {
  ask(question: string, options?: AskOptions): Promise<MultiHopAnswer>;
  retrieve(question: string, options?: RetrieveOptions): Promise<RetrievalResult>;
  stream(question: string, options?: AskOptions): AsyncIterable<MultiHopEvent>;
}
