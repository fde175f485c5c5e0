import {
  type KnowledgeStore,
  type MultiHopConfig,
  type MultiHopConfigInput,
  type PlannerName,
  resolveMultiHopConfig,
} from '@rootweaver/innovations';

/**
 * The engine configuration for an opened index: the defaults with the given planner, and lexical
 * retrieval when the index holds no vectors (a rule-built index with no embedder).
 */
export async function engineConfigFor(
  store: KnowledgeStore,
  planner: PlannerName,
  overrides: MultiHopConfigInput = {},
): Promise<MultiHopConfig> {
  const stats = await store.stats();
  return resolveMultiHopConfig({
    planner,
    ...(stats.vectors === 0 ? { retrievalMode: 'lexical' as const } : {}),
    ...overrides,
  });
}
