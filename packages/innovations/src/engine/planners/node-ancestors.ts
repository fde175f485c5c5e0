import type { NodeTrace, PlanNode } from '@rootweaver/core';

/**
 * The nodes a node depends on, directly or through its parents: direct parents first (in the
 * order of its refs), then their ancestors breadth first, each once. A child often refers to a
 * grandparent's answer ("the director" two hops up) that its direct parent does not repeat.
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
 * The same ancestors ordered for grounding, which reads its last parent as the nearest: farther
 * ancestors first (farthest first), the node's own parents last, in the order its refs name them.
 */
export function ancestorsNearestLast(node: PlanNode, answers: ReadonlyMap<number, NodeTrace>): NodeTrace[] {
  const ancestors = ancestorsOf(node, answers);
  const direct = new Set(node.refs);
  return [
    ...ancestors.filter((ancestor) => !direct.has(ancestor.id)).reverse(),
    ...ancestors.filter((ancestor) => direct.has(ancestor.id)),
  ];
}
