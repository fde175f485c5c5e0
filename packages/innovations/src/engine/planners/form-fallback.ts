import type { NodeTrace, PoolItem } from '@rootweaver/core';
import type { FallbackEvidence } from '../../composition/index.js';
import { citationsForIds } from '../citations.js';
import type { RunContext } from '../run-context.js';
import type { SynthesisOutcome } from './planner.js';

/** The context pool as evidence for `composeFallbackAnswer`: each item's title, text and passage, and its pair. */
export function fallbackEvidence(items: readonly PoolItem[]): FallbackEvidence[] {
  return items.map((item) => ({
    id: item.id,
    text: `${item.title}. ${item.text} ${item.passage}`,
    ...(item.question === undefined ? {} : { question: item.question }),
    ...(item.answer === undefined ? {} : { answer: item.answer }),
  }));
}

export interface FormFallbackOptions {
  readonly iteration: number;
  readonly nodes: readonly NodeTrace[];
  /** The synthesis call did not fit the budget: the hop and the outcome say `forcedStop: 'budget'`. */
  readonly budgetStop: boolean;
  /** Why no synthesis call was made, for the trace note and `synthesis.reason`. */
  readonly why: string;
}

/**
 * When no synthesis call can be made, a choice or yes/no question still gets an answer of its form
 * (`composeFallbackAnswer`): adds the `compose` hop naming the rule and returns the outcome, or
 * undefined for any other form (the planner keeps its best span).
 */
export function formFallbackOutcome(
  run: RunContext,
  options: FormFallbackOptions,
): SynthesisOutcome | undefined {
  const { nodes, why } = options;
  const formed = run.ports.policy.fallback({
    question: run.question,
    nodes,
    evidence: fallbackEvidence(run.pool.items),
  });
  if (formed === undefined) return undefined;
  run.addHop({
    iteration: options.iteration,
    kind: 'compose',
    subQuestions: [],
    itemsAdded: 0,
    ...(options.budgetStop ? { forcedStop: 'budget' as const } : {}),
    note: `answered in the question's form (${formed.form}: ${formed.rule}) from nodes [${formed.usedNodeIds.join(', ')}] (${why})`,
  });
  const evidence = [
    ...nodes.filter((node) => formed.usedNodeIds.includes(node.id)).flatMap((node) => node.evidenceIds),
    ...(formed.evidenceIds ?? []),
  ];
  return {
    answer: formed.answer,
    citations: citationsForIds(evidence, run.pool.items),
    removedCitationMarkers: 0,
    synthesis: { mode: 'extractive', reason: `extractive-form: ${formed.form} (${formed.rule}); ${why}` },
    ...(options.budgetStop ? { forcedStop: 'budget' as const } : {}),
  };
}
