import type { Citation, RefusalReason, SynthesisReport } from '@rootweaver/core';
import type { RunContext } from '../run-context.js';

/** What a planner's loop gathered, before the (one) compaction and the synthesis. */
export interface Gathered {
  /** The full accumulated context: it drove every decision and is never compacted. */
  readonly fullContext: string;
  /** Sub-questions still open against the full context: the compactor keeps their lines first. */
  readonly openSubQueries: readonly string[];
  /** Every sub-question that was searched, in order. */
  readonly subQuestions: readonly string[];
  /** Set when the loop cannot lead to an answer (e.g. `decompose-failed`). */
  readonly refusal?: RefusalReason;
}

export interface SynthesisOutcome {
  readonly answer: string;
  readonly citations: readonly Citation[];
  readonly removedCitationMarkers: number;
  readonly synthesis: SynthesisReport;
  readonly refusal?: RefusalReason;
}

/** The outcome when no answer can be given: `refusal` says why, `reason` is the synthesis report's. */
export function unansweredOutcome(reason: string, refusal: RefusalReason): SynthesisOutcome {
  return {
    answer: '',
    citations: [],
    removedCitationMarkers: 0,
    synthesis: { mode: 'none', reason },
    refusal,
  };
}

/** A planner decides what to ask next; the engine owns validation, compaction and the answer object. */
export interface Planner {
  readonly promptTemplateVersion: string;
  gather(run: RunContext): Promise<Gathered>;
  /** `finalContext` is the compacted context when compaction is on, else `gathered.fullContext` itself. */
  synthesize(run: RunContext, gathered: Gathered, finalContext: string): Promise<SynthesisOutcome>;
}
