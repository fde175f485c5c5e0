/** The planners of the multi-hop engine. */
export type PlannerName = 'compact' | 'adaptive' | 'keyterm';
export const plannerNames: readonly PlannerName[] = ['compact', 'adaptive', 'keyterm'];

/** How the compact planner produces its final answer. */
export type SynthesisMode =
  /** Compose the answer without an LLM when the plan's form allows it, else call the LLM. */
  | 'auto'
  /** Always make the synthesis call. */
  | 'llm'
  /** Never call the LLM for synthesis: compose, or answer with the best extracted span. */
  | 'extractive';
