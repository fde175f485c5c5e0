import type { NodeTrace } from '@rootweaver/core';

/**
 * A node of a run's trace for the composition tests: grounded as asked, cited by one evidence id of its
 * own, resolved at confidence 0.9 (unresolved at 0.1).
 */
export function node(
  id: number,
  question: string,
  answer: string,
  refs: number[] = [],
  resolved = true,
): NodeTrace {
  return {
    id,
    question,
    groundedQuestion: question,
    groundingMethod: 'none',
    refs,
    answer,
    confidence: resolved ? 0.9 : 0.1,
    resolved,
    evidenceIds: [`e${id}`],
  };
}

/** A node the run did not resolve (confidence 0.1): the fallback composer's input. */
export function unresolvedNode(id: number, question: string, answer: string, refs: number[] = []): NodeTrace {
  return node(id, question, answer, refs, false);
}
