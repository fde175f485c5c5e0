import { RootweaverError } from '@rootweaver/core';
import { resolveCitations } from '../citations.js';
import type { RunContext } from '../run-context.js';
import { type SynthesisOutcome, unansweredOutcome } from './planner.js';

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
  const text = generated.text.trim();
  const { maxAnswerChars } = run.config;
  if (text.length > maxAnswerChars) {
    throw new RootweaverError(
      'llm-bad-response',
      `The LLM's answer is ${text.length} characters long; the cap is ${maxAnswerChars} (max_answer_chars). Check the model and its max_output_tokens, or raise max_answer_chars.`,
      { details: { upstream: true, answerChars: text.length, maxAnswerChars } },
    );
  }
  const resolved = resolveCitations(text, run.pool.items);
  const empty = !/[\p{L}\p{N}]/u.test(resolved.answer);
  run.addHop({
    iteration: options.iteration,
    kind: 'synthesize',
    subQuestions: [],
    itemsAdded: 0,
    llmLatencyMs: generated.latencyMs,
    tokens: generated.tokens,
    note: empty
      ? `the synthesis reply held no answer (${text.length} characters)`
      : (options.note ?? `${run.pool.size} pool items`),
  });
  if (empty) return unansweredOutcome('empty synthesis reply', 'empty-answer');
  return {
    answer: resolved.answer,
    citations: resolved.citations,
    removedCitationMarkers: resolved.removed,
    synthesis: { mode: 'llm', reason: options.reason },
  };
}
