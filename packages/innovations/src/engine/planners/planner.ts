import type { Citation, ForcedStop, NodeTrace, Plan, RefusalReason, SynthesisReport } from '@rootweaver/core';
import type { ContextBlock } from '../../compaction/index.js';
import type { RunContext } from '../run-context.js';

/** What a planner's loop found, before the (one) compaction and the synthesis. */
export interface Gathered {
  /** The full context as hop blocks: it drove every decision and is never compacted itself. */
  readonly blocks: readonly ContextBlock[];
  /** Sub-questions still open against the full context: the compactor keeps their lines first. */
  readonly openSubQueries: readonly string[];
  /** Every sub-question that was searched, in order. */
  readonly subQuestions: readonly string[];
  /** The dependency graph the run followed (compact planner). */
  readonly plan?: Plan;
  /** The plan nodes as they ran, in execution order (compact planner; keyterm's rule plan). */
  readonly nodes?: readonly NodeTrace[];
  /** The cap that ended the loop early. */
  readonly forcedStop?: ForcedStop;
  /** Set when the loop cannot lead to an answer (e.g. `decompose-failed`). */
  readonly refusal?: RefusalReason;
}

export interface SynthesisOutcome {
  readonly answer: string;
  readonly citations: readonly Citation[];
  readonly removedCitationMarkers: number;
  readonly synthesis: SynthesisReport;
  /** The cap that stopped the synthesis (the budget); it replaces the loop's own. */
  readonly forcedStop?: ForcedStop;
  readonly refusal?: RefusalReason;
}

/** The outcome when no answer can be given: `refusal` says why, `reason` is the synthesis report's. */
export function unansweredOutcome(
  reason: string,
  refusal: RefusalReason,
  forcedStop?: ForcedStop,
): SynthesisOutcome {
  return {
    answer: '',
    citations: [],
    removedCitationMarkers: 0,
    synthesis: { mode: 'none', reason },
    ...(forcedStop === undefined ? {} : { forcedStop }),
    refusal,
  };
}

/**
 * A planner decides what to ask next and how to answer; it returns what it found and the engine
 * decides the rest (validation, compaction, rendering, the answer object).
 */
export interface Planner {
  readonly promptTemplateVersion: string;
  gather(run: RunContext): Promise<Gathered>;
  /**
   * Answers from what was gathered. `context` is the synthesis context the engine rendered: the
   * compacted blocks when compaction is on, else the full context itself.
   */
  synthesize(run: RunContext, gathered: Gathered, context: string): Promise<SynthesisOutcome>;
}
