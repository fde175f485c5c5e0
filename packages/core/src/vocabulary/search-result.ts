import type {
  ContextReport,
  ForcedStop,
  HopTrace,
  NodeTrace,
  PoolItem,
  RefusalReason,
  UsageReport,
} from './answer.js';
import type { Plan } from './plan.js';
import type { PlannerName } from './planner.js';

/** What `MultiHopRAG.multiHopSearch` returns: the reasoning chain, without the final answer. */
export interface MultiHopSearchResult {
  readonly question: string;
  readonly planner: PlannerName | 'single-pass';
  /** Every sub-question searched, in order (grounded ones for the compact planner). */
  readonly subQuestions: readonly string[];
  readonly hops: readonly HopTrace[];
  readonly pool: readonly PoolItem[];
  readonly plan?: Plan;
  readonly nodes?: readonly NodeTrace[];
  /** The full accumulated context that drove every decision. */
  readonly fullContext: string;
  /** The synthesis context: `fullContext` compacted once when compaction is on, else `fullContext` itself. */
  readonly finalContext: string;
  /** Sub-questions still open against the full context when the loop ended. */
  readonly openSubQueries: readonly string[];
  readonly context: ContextReport;
  readonly usage: UsageReport;
  readonly forcedStop?: ForcedStop;
  readonly refusal?: RefusalReason;
  readonly promptTemplateVersion: string;
}
