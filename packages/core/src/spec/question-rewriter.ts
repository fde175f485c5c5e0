import type { TokenUsage } from './chat-model.js';

/** An earlier plan node's answer, which a dependent sub-question may refer to. */
export interface RewriteParent {
  readonly id: number;
  /** The parent's own (grounded) sub-question. */
  readonly question: string;
  readonly answer: string;
}

export interface RewriteOptions {
  /** The dependent sub-question as planned, e.g. "Where was the director of Harbour Lights born?". */
  readonly question: string;
  /** The answers of the nodes its refs name, in the plan's order; never empty. */
  readonly parents: readonly RewriteParent[];
  readonly signal?: AbortSignal;
}

export interface RewriteResult {
  /** The sub-question with the parents' answers put in; the engine checks it before using it. */
  readonly text: string;
  /** Tokens the rewrite cost, when a model made it. */
  readonly usage?: TokenUsage;
  readonly latencyMs: number;
  readonly modelId: string;
  /**
   * Set when the rewriter chose not to rewrite (e.g. not confident where the answer goes): why. The
   * engine's rules then ground the sub-question and the node's trace records this reason.
   */
  readonly declined?: string;
}

/**
 * Grounds a dependent sub-question with its parents' answers — CompactRAG's rewriter slot. The engine's
 * rules (`groundQuestion`) do this with no model and stay the default; a rewriter is asked first when one
 * is configured, and the rules answer whenever it fails or writes something implausible. Real adapter:
 * `ModelQuestionRewriter` (innovations) over any `ChatModel`.
 */
export interface QuestionRewriter {
  readonly id: string;
  rewrite(options: RewriteOptions): Promise<RewriteResult>;
}
