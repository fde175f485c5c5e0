/** One sub-question of a decomposition. `refs` are ids of nodes whose answers it needs. */
export interface PlanNode {
  readonly id: number;
  readonly question: string;
  readonly refs: readonly number[];
}

/** Where a plan came from. `fallback` is the single-node plan used when decomposition failed. */
export type PlanSource = 'llm' | 'rules' | 'fallback';

/** A dependency graph of sub-questions (CompactRAG's decomposition). */
export interface Plan {
  readonly nodes: readonly PlanNode[];
  readonly source: PlanSource;
  /** What the parser had to repair to read the model's output (empty for clean output). */
  readonly repairs: readonly string[];
}
