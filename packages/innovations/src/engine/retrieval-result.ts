import type { MultiHopSearchResult, NodeTrace, RetrievalResult, RetrievedEvidence } from '@rootweaver/core';

/**
 * The evidence view of a run without its answer: each pool item with its marker, the plan node whose
 * grounded sub-question retrieved it (matched by the hop and the grounded question the pool recorded)
 * and the nodes whose answers it supports. An empty pool is refusal `no-evidence`, as `ask`'s would be.
 */
export function toRetrievalResult(search: MultiHopSearchResult): RetrievalResult {
  const retrievingNode = new Map<string, number>();
  for (const hop of search.hops) {
    for (const node of hop.nodes ?? []) {
      const key = nodeKey(hop.iteration, node.groundedQuestion);
      if (!retrievingNode.has(key)) retrievingNode.set(key, node.id);
    }
  }
  const nodes: readonly NodeTrace[] = search.nodes ?? [];
  const supported = new Map<string, number[]>();
  for (const node of nodes) {
    for (const id of node.evidenceIds) supported.set(id, [...(supported.get(id) ?? []), node.id]);
  }
  const evidence = search.pool.map((item, index): RetrievedEvidence => {
    const nodeId = retrievingNode.get(nodeKey(item.iteration, item.subQuestion));
    return {
      ...item,
      marker: index + 1,
      ...(nodeId === undefined ? {} : { nodeId }),
      evidenceFor: supported.get(item.id) ?? [],
    };
  });
  const refusal = search.refusal ?? (evidence.length === 0 ? 'no-evidence' : undefined);
  return {
    question: search.question,
    planner: search.planner,
    evidence,
    subQuestions: search.subQuestions,
    ...(search.plan === undefined ? {} : { plan: search.plan }),
    nodes,
    hops: search.hops,
    usage: search.usage,
    ...(search.forcedStop === undefined ? {} : { forcedStop: search.forcedStop }),
    ...(refusal === undefined ? {} : { refusal }),
    promptTemplateVersion: search.promptTemplateVersion,
  };
}

function nodeKey(iteration: number, groundedQuestion: string): string {
  return `${iteration}\u0000${groundedQuestion}`;
}
