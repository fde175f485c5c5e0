import { resolveCitations } from '../citations.js';
import type { RunContext } from '../run-context.js';
import type { SynthesisOutcome } from './planner.js';

export interface SynthesizeWithModelOptions {
  readonly iteration: number;
  readonly prompt: string;
  /** Why the synthesis call was made (the answer's `synthesis.reason`). */
  readonly reason: string;
  /** The hop's note; defaults to the pool size. */
  readonly note?: string;
}

/**
 * The synthesis LLM call every planner ends with: streams the answer, removes `[N]` markers that
 * resolve to no pool item, and records the `synthesize` hop. The caller emits `hop-started` and has
 * already checked the budget.
 */
export async function synthesizeWithModel(
  run: RunContext,
  options: SynthesizeWithModelOptions,
): Promise<SynthesisOutcome> {
  const generated = await run.generate({ stage: 'synthesize', prompt: options.prompt, stream: true });
  const resolved = resolveCitations(generated.text.trim(), run.pool.items);
  run.addHop({
    iteration: options.iteration,
    kind: 'synthesize',
    subQuestions: [],
    itemsAdded: 0,
    llmLatencyMs: generated.latencyMs,
    tokens: generated.tokens,
    note: options.note ?? `${run.pool.size} pool items`,
  });
  return {
    answer: resolved.answer,
    citations: resolved.citations,
    removedCitationMarkers: resolved.removed,
    synthesis: { mode: 'llm', reason: options.reason },
  };
}
