import type { LlmStage, StageUsage, UsageReport } from '@rootweaver/core';

/** Adds up LLM calls and tokens by stage, retrievals and wall time for one question. */
export class UsageTracker {
  private readonly stages = new Map<LlmStage, StageUsage>();
  private readonly started = performance.now();
  retrievals = 0;

  record(stage: LlmStage, usage: { inputTokens: number; outputTokens: number; latencyMs: number }): void {
    const current = this.stages.get(stage) ?? { calls: 0, inputTokens: 0, outputTokens: 0, latencyMs: 0 };
    this.stages.set(stage, {
      calls: current.calls + 1,
      inputTokens: current.inputTokens + usage.inputTokens,
      outputTokens: current.outputTokens + usage.outputTokens,
      latencyMs: current.latencyMs + usage.latencyMs,
    });
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
    return {
      llmCalls: this.llmCalls,
      inputTokens,
      outputTokens,
      byStage,
      retrievals: this.retrievals,
      nonLlmLatencyMs: Math.max(0, totalLatencyMs - llmLatencyMs),
      totalLatencyMs,
    };
  }
}
