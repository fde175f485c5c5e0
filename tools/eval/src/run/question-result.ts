import type { QuestionRecord } from '../dataset/question-record.js';

export interface StageTokens {
  readonly input: number;
  readonly output: number;
}

/** One node of the plan as the engine resolved it. */
export interface NodeOutcome {
  readonly id: number;
  readonly question: string;
  readonly groundedQuestion: string;
  readonly answer: string;
  readonly confidence: number;
  readonly resolved: boolean;
  /** With a rewriter: `rewritten`, or `fallback: <reason>` when the rules grounded. */
  readonly rewrite?: string;
}

/** The rewriter slot's own account for one question (present when a rewriter is configured). */
export interface RewriteOutcome {
  readonly calls: number;
  readonly fallbacks: number;
  readonly inputTokens: number;
  readonly outputTokens: number;
  readonly latencyMs: number;
}

/** What the harness records for one question (one line of results.jsonl). */
export interface QuestionResult {
  readonly id: string;
  readonly dataset: string;
  readonly kind: string;
  readonly question: string;
  readonly gold: string;
  readonly prediction: string;
  /** 0 or 1. */
  readonly exactMatch: number;
  readonly f1: number;
  /** LLM calls this project made (a replayed decomposition counts as one); the rewriter's are in `rewrite`. */
  readonly llmCalls: number;
  readonly rewrite?: RewriteOutcome;
  readonly tokens: {
    readonly decompose: StageTokens;
    readonly decide: StageTokens;
    readonly synthesize: StageTokens;
    readonly total: number;
  };
  readonly synthesisMode: string;
  readonly synthesisReason: string;
  /** The engine asked for a synthesis call no real LLM could answer; the extractive fallback answered. */
  readonly neededSynthesis: boolean;
  /** Prompt tokens of that unanswered synthesis call (what it would have cost before any output); 0 otherwise. */
  readonly unansweredSynthesisPromptTokens: number;
  readonly refusal?: string;
  readonly planSource?: string;
  readonly planRepairs: readonly string[];
  readonly nodes: readonly NodeOutcome[];
  /** Lowest node confidence (the answer is only as sure as its weakest hop); 0 without nodes. */
  readonly answerConfidence: number;
  readonly nonLlmLatencyMs: number;
  /** `context_chars` of the synthesis context with compaction on / off (when run). */
  readonly contextChars: { readonly on?: number; readonly off?: number };
  /** Compaction both: did the hop trajectory stay identical (ADR-077's gate)? */
  readonly trajectoryIdentical?: boolean;
  /**
   * Whether the gold answer (SQuAD-normalised, whole words) occurs in the text of any retrieved
   * pool item: an upper bound for what extraction and composition could find.
   */
  readonly goldInPool: boolean;
  /** Cited document ids in citation order. */
  readonly citedDocuments: readonly string[];
  readonly error?: string;
  readonly reference?: QuestionRecord['reference'];
  readonly baselines: QuestionRecord['baselines'];
}
