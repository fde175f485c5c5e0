import type { PlannerName, SearchMode, SynthesisMode } from '@rootweaver/core';

/**
 * Every knob of the engine. `configs/retrieval/multi_hop.yaml` holds the same knobs in snake_case;
 * `@rootweaver/capabilities` validates the YAML and maps it here. Defaults are ADR-077's and the seeds'.
 */
export interface MultiHopConfig {
  readonly planner: PlannerName;
  /** keyterm planner: hop cap (ADR-077 `max_hops`). */
  readonly maxHops: number;
  /** keyterm planner and compaction: fraction of key terms that must occur for a sub-query to be answered. */
  readonly answerabilityThreshold: number;
  /** adaptive planner: decide rounds after the first retrieval. */
  readonly maxDepth: number;
  readonly maxSubQueriesPerIter: number;
  readonly maxTotalSubQueries: number;
  readonly maxPoolChunks: number;
  readonly topK: number;
  readonly retrievalMode: SearchMode;
  /** compact planner: below this extraction confidence a node stays unresolved. */
  readonly extractionConfidenceThreshold: number;
  readonly synthesis: SynthesisMode;
  readonly compactionEnabled: boolean;
  readonly compactionMaxChars: number;
  readonly temperature: number;
  readonly maxOutputTokens: number;
  readonly budgets: {
    /** LLM calls per question; reaching it ends the loop with `forcedStop: 'budget'`. */
    readonly maxLlmCalls: number;
    /** Input plus output tokens per question. */
    readonly maxTokens: number;
  };
}

export const defaultMultiHopConfig: MultiHopConfig = {
  planner: 'compact',
  maxHops: 5,
  answerabilityThreshold: 0.6,
  maxDepth: 3,
  maxSubQueriesPerIter: 5,
  maxTotalSubQueries: 12,
  maxPoolChunks: 30,
  topK: 5,
  retrievalMode: 'hybrid',
  extractionConfidenceThreshold: 0.3,
  synthesis: 'auto',
  compactionEnabled: false,
  compactionMaxChars: 2000,
  temperature: 0,
  maxOutputTokens: 512,
  budgets: { maxLlmCalls: 8, maxTokens: 24_000 },
};

export type MultiHopConfigInput = Partial<Omit<MultiHopConfig, 'budgets'>> & {
  readonly budgets?: Partial<MultiHopConfig['budgets']>;
};

/** Fills unset knobs with defaults. Validation of user input happens at the edges (YAML, CLI). */
export function resolveMultiHopConfig(input: MultiHopConfigInput = {}): MultiHopConfig {
  return {
    ...defaultMultiHopConfig,
    ...input,
    budgets: { ...defaultMultiHopConfig.budgets, ...input.budgets },
  };
}
