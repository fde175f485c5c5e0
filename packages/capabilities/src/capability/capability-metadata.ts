import type { MultiHopAnswer, UsageReport } from '@rootweaver/core';
import type { MultiHopConfig } from '@rootweaver/innovations';
import type { FlagSnapshot } from '../flags/read-flag-snapshot.js';
import type { MultiHopMetadata } from './capability-types.js';

// `metadata.multi_hop` of a result, in the snake_case ADR-077 names it, from the engine's answer and usage.

/** Everything of `metadata.multi_hop` but the extractor and the rewriter, which the capability knows. */
export function toMetadata(
  answer: MultiHopAnswer,
  flags: FlagSnapshot,
  config: MultiHopConfig,
  compaction: boolean,
  latencyMs: number,
): Omit<MultiHopMetadata, 'extractor' | 'rewriter'> {
  return {
    enabled: flags.enabled,
    planner: flags.enabled ? answer.planner : 'single-pass',
    hops: answer.hops.filter((hop) => hop.kind === 'retrieve').length,
    ...usageMetadata(answer.usage),
    context_chars: answer.context.chars,
    context_chars_uncompacted: answer.context.uncompactedChars,
    compaction,
    forced_stop: answer.forcedStop ?? null,
    refusal: answer.refusal ?? null,
    latency_ms: roundTenth(latencyMs),
    flags: flagMetadata(flags, config),
  };
}

export function usageMetadata(
  usage: UsageReport,
): Pick<MultiHopMetadata, 'llm_calls' | 'tokens' | 'input_tokens' | 'output_tokens'> {
  return {
    llm_calls: usage.llmCalls,
    tokens: usage.inputTokens + usage.outputTokens,
    input_tokens: usage.inputTokens,
    output_tokens: usage.outputTokens,
  };
}

export function flagMetadata(flags: FlagSnapshot, config: MultiHopConfig): MultiHopMetadata['flags'] {
  return {
    enabled: flags.enabled,
    compaction: flags.compaction,
    compaction_yaml: config.compactionEnabled,
    planner_variant: flags.plannerVariantName ?? null,
  };
}

export function roundTenth(value: number): number {
  return Math.round(value * 10) / 10;
}

export function rewriterMetadata(id: string, usage: UsageReport): MultiHopMetadata['rewriter'] {
  const rewrite = usage.rewrite;
  if (rewrite === undefined) return null;
  return {
    model: id,
    calls: rewrite.calls,
    fallbacks: rewrite.fallbacks,
    input_tokens: rewrite.inputTokens,
    output_tokens: rewrite.outputTokens,
    latency_ms: roundTenth(rewrite.latencyMs),
  };
}
