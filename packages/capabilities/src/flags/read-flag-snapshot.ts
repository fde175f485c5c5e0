import type { PlannerName } from '@rootweaver/core';
import { isPlannerName, multiHopFlagFallbacks, multiHopFlagNames } from './flag-names.js';
import type { FlagContext, FlagSource } from './flag-source.js';

/** The flag values one request runs with, read once at its start. */
export interface FlagSnapshot {
  /** The capability flag. */
  readonly enabled: boolean;
  /** The compaction flag's own value (compaction also needs the YAML switch and `enabled`). */
  readonly compaction: boolean;
  /** The planner variant's name when the variant flag is on and names a planner. */
  readonly plannerVariant?: PlannerName;
  /** The raw variant name, including unknown ones (reported, then ignored). */
  readonly plannerVariantName?: string;
}

/** Reads all three flags with the request's context. Never throws (a throwing source counts as fallback). */
export function readFlagSnapshot(source: FlagSource, context: FlagContext): FlagSnapshot {
  const enabled = safely(
    () => source.isEnabled(multiHopFlagNames.enabled, context, multiHopFlagFallbacks.enabled),
    multiHopFlagFallbacks.enabled,
  );
  const compaction = safely(
    () => source.isEnabled(multiHopFlagNames.compaction, context, multiHopFlagFallbacks.compaction),
    multiHopFlagFallbacks.compaction,
  );
  const variant = safely(() => source.variant(multiHopFlagNames.planner, context), undefined);
  if (variant === undefined || !variant.enabled) return { enabled, compaction };
  return isPlannerName(variant.name)
    ? { enabled, compaction, plannerVariant: variant.name, plannerVariantName: variant.name }
    : { enabled, compaction, plannerVariantName: variant.name };
}

function safely<T>(read: () => T, fallback: T): T {
  try {
    return read();
  } catch {
    return fallback;
  }
}
