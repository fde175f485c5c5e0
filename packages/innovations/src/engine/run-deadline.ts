import type { HopTrace, NodeTrace } from '@rootweaver/core';
import { citationsForIds } from './citations.js';
import { type SynthesisOutcome, unansweredOutcome } from './planners/planner.js';
import type { RunContext } from './run-context.js';

/** The hop that records a run ended by its deadline. */
export function deadlineHop(run: RunContext): HopTrace {
  const iteration = run.hops.length === 0 ? 0 : (run.hops.at(-1)?.iteration ?? 0) + 1;
  return {
    iteration,
    kind: 'compose',
    subQuestions: [],
    itemsAdded: 0,
    forcedStop: 'deadline',
    note: `deadline of ${run.settings.deadlineMs} ms passed: answer from the nodes answered so far, no LLM`,
  };
}

/**
 * The answer of a run its deadline ended: the best node answered so far (no port is called: the
 * run's signal has fired), else a `budget-exhausted` refusal; `forcedStop` is `deadline` either way.
 */
export function deadlineOutcome(run: RunContext, nodes: readonly NodeTrace[]): SynthesisOutcome {
  if (run.hops.at(-1)?.forcedStop !== 'deadline') run.addHop(deadlineHop(run));
  const best = run.ports.policy.answeringNode({ question: run.question, nodes });
  if (best === undefined || best.answer.length === 0) {
    return unansweredOutcome('deadline', 'budget-exhausted', 'deadline');
  }
  return {
    answer: best.answer,
    citations: citationsForIds(best.evidenceIds, run.pool.items),
    removedCitationMarkers: 0,
    synthesis: { mode: 'extractive', reason: 'deadline' },
    forcedStop: 'deadline',
  };
}
