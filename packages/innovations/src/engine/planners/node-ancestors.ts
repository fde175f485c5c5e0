import type { NodeTrace, PlanNode } from '@rootweaver/core';

/**
 * The nodes a node depends on, directly or through its parents: direct parents first (in the
 * order of its refs), then their ancestors breadth first, each once. An answer resting on a node rests
 * on all of them (`answerConfidence`).
 */
export function ancestorsOf(node: PlanNode, answers: ReadonlyMap<number, NodeTrace>): NodeTrace[] {
  const found: NodeTrace[] = [];
  const seen = new Set<number>([node.id]);
  let frontier: readonly number[] = node.refs;
  while (frontier.length > 0) {
    const next: number[] = [];
    for (const ref of frontier) {
      if (seen.has(ref)) continue;
      seen.add(ref);
      const trace = answers.get(ref);
      if (trace === undefined) continue;
      found.push(trace);
      next.push(...trace.refs);
    }
    frontier = next;
  }
  return found;
}

/**
 * The parents a node is grounded with: the nodes its refs name that have run, in the order the refs
 * name them. Only these: the plan states what a sub-question depends on, and an ancestor it does not
 * name offered an answer the grounding could put in the wrong place (ADR-0020, revision of 2026-12-05).
 */
export function parentsOf(node: PlanNode, answers: ReadonlyMap<number, NodeTrace>): NodeTrace[] {
  return [...new Set(node.refs)].flatMap((ref) => {
    const trace = ref === node.id ? undefined : answers.get(ref);
    return trace === undefined ? [] : [trace];
  });
}
