import type { LlmStage, RewriteUsage, StageUsage, UsageReport } from '@rootweaver/core';

type Usage = { inputTokens: number; outputTokens: number; latencyMs: number };

function added(current: StageUsage, usage: Usage): StageUsage {
  return {
    calls: current.calls + 1,
    inputTokens: current.inputTokens + usage.inputTokens,
    outputTokens: current.outputTokens + usage.outputTokens,
    latencyMs: current.latencyMs + usage.latencyMs,
  };
}

/**
 * Adds up LLM calls and tokens by stage, retrievals and wall time for one question; the rewriter's
 * calls in an account of their own, outside the LLM's totals and budgets.
 */
export class UsageTracker {
  private readonly stages = new Map<LlmStage, StageUsage>();
  private readonly started = performance.now();
  private rewrites: RewriteUsage | undefined;
  retrievals = 0;

  constructor(options: { readonly rewriter?: boolean } = {}) {
    if (options.rewriter === true)
      this.rewrites = { calls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0, fallbacks: 0 };
  }

  /** One rewriter call (its tokens, when reported, and latency). */
  recordRewrite(usage: Usage): void {
    const current = this.rewrites ?? {
      calls: 0,
      inputTokens: 0,
      outputTokens: 0,
      latencyMs: 0,
      fallbacks: 0,
    };
    this.rewrites = { ...added(current, usage), fallbacks: current.fallbacks };
  }

  /** A rewrite that was not used: the rules grounded the sub-question. */
  recordRewriteFallback(): void {
    if (this.rewrites !== undefined)
      this.rewrites = { ...this.rewrites, fallbacks: this.rewrites.fallbacks + 1 };
  }

  record(stage: LlmStage, usage: Usage): void {
    const current = this.stages.get(stage) ?? { calls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 };
    this.stages.set(stage, added(current, usage));
  }

  get llmCalls(): number {
    let calls = 0;
    for (const stage of this.stages.values()) calls += stage.calls;
    return calls;
  }

  get tokens(): number {
    let tokens = 0;
    for (const stage of this.stages.values()) tokens += stage.inputTokens + stage.outputTokens;
    return tokens;
  }

  report(): UsageReport {
    const byStage: Partial<Record<LlmStage, StageUsage>> = {};
    let inputTokens = 0;
    let outputTokens = 0;
    let llmLatencyMs = 0;
    for (const [stage, usage] of this.stages) {
      byStage[stage] = usage;
      inputTokens += usage.inputTokens;
      outputTokens += usage.outputTokens;
      llmLatencyMs += usage.latencyMs;
    }
    const totalLatencyMs = performance.now() - this.started;
    const rewriteLatencyMs = this.rewrites?.latencyMs ?? 0;
    return {
      llmCalls: this.llmCalls,
      inputTokens,
      outputTokens,
      byStage,
      ...(this.rewrites === undefined ? {} : { rewrite: this.rewrites }),
      retrievals: this.retrievals,
      nonLlmLatencyMs: Math.max(0, totalLatencyMs - llmLatencyMs - rewriteLatencyMs),
      totalLatencyMs,
    };
  }
}
