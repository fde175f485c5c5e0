import type { PlannerName } from '@rootweaver/core';

/** The Unleash flags the capability reads (ADR-077 naming). See docs/adr/0003-flag-semantics.md. */
export const multiHopFlagNames = {
  /** On: multi-hop answers. Off: single-pass answers. */
  enabled: 'eip.capabilities.retrieval.multi_hop.enabled',
  /** Pre-synthesis compaction; runs only with the YAML `compaction_enabled` and the capability flag. */
  compaction: 'eip.capabilities.retrieval.multi_hop.compaction',
  /** Variant flag: `compact` | `adaptive` | `keyterm` for a share of traffic; else the YAML planner. */
  planner: 'eip.capabilities.retrieval.multi_hop.planner',
} as const;

/**
 * What each flag means when its value is unknown (not defined on the server, source not ready, any failure):
 * the conservative choice — single-pass, no compaction, the YAML planner. "Nothing changes until you roll it out."
 */
export const multiHopFlagFallbacks = {
  enabled: false,
  compaction: false,
} as const;

export function isPlannerName(value: string): value is PlannerName {
  return value === 'compact' || value === 'adaptive' || value === 'keyterm';
}
