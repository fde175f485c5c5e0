/** One sub-question of a recorded decomposition, as the reference run parsed it. */
export interface RecordedPlanNode {
  readonly index: number;
  readonly question: string;
  readonly refs: readonly number[];
}

export interface RecordedStageTokens {
  readonly input: number;
  readonly output: number;
}

/** The reference CompactRAG run on one question (LLaMA-3-8B online). */
export interface ReferenceRun {
  readonly prediction: string;
  readonly exactMatch: boolean;
  readonly f1: number;
  readonly llmCalls: number;
  readonly tokens: {
    readonly decompose?: RecordedStageTokens;
    readonly synthesize?: RecordedStageTokens;
    readonly total: number;
  };
}

/** An iterative baseline of the same run (Iter-RetGen, Self-Ask, IRCoT); fields may be missing. */
export interface BaselineRun {
  readonly prediction?: string;
  readonly exactMatch?: boolean;
  readonly f1?: number;
  readonly tokens?: number | null;
}

/** One line of `questions.dev.jsonl`. */
export interface QuestionRecord {
  readonly id: string;
  /** The dataset the record belongs to (`2wiki`, `hotpotqa`, `musique`, …). */
  readonly dataset: string;
  readonly question: string;
  readonly answer: string;
  readonly kind: string;
  /** The recorded decomposition; null when the reference run's parser produced garbage. */
  readonly plan: readonly RecordedPlanNode[] | null;
  /** What the reference run's parser produced when `plan` is null: real malformed LLM output. */
  readonly planRaw?: unknown;
  readonly reference?: ReferenceRun;
  readonly baselines: Readonly<Record<string, BaselineRun>>;
}
